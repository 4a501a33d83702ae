"""A slow, plain referee of moves, written from the rules alone: sets of (column, row) pairs and dicts.

It shares no rule code with :mod:`paris_score.game`: it reads a state's
public facts (ground, pieces, reserves, cards, holders of Métropolitain and
Chartier), lists candidate move texts (every tile, take, build of every
piece in every rotation *and reflection* and translation with every option,
every card with every target ...) and, for each, every rule the move breaks
in the referee's order.  The tests compare its legal set with
``legal_moves()`` and its first broken rule with the one ``play()`` names.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from paris_score.game import GameState
from paris_score.game.moves import Move
from paris_score.model import Player
from paris_score.postcards import Postcard

Cell = tuple[int, int]
COLS = "ABCDEFGH"
AREA_NAMES = [f"{COLS[c]}{r + 1}" for r in range(0, 8, 2) for c in range(0, 8, 2)]
FACES = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
NO_ACTION = {Postcard.METROPOLITAIN, Postcard.CHARTIER, Postcard.SACRE_COEUR}
ONE_SPACE = {
    Postcard.LE_PEINTRE: "P6",
    Postcard.MOULIN_ROUGE: "P10",
    Postcard.LAMPADAIRE: "P9",
    Postcard.LA_GRANDE_LUMIERE: "P13",
}


def name(cell: Cell) -> str:
    return f"{COLS[cell[0]]}{cell[1] + 1}"


def cell(text: str) -> Cell:
    return COLS.index(text[0].upper()), int(text[1]) - 1


def cells_of(bb: int) -> set[Cell]:
    return {(sq % 8, sq // 8) for sq in range(64) if bb >> sq & 1}


def on_board(c: Cell) -> bool:
    return 0 <= c[0] < 8 and 0 <= c[1] < 8


@functools.cache
def normal(shape: frozenset[Cell]) -> frozenset[Cell]:
    c0 = min(c for c, _ in shape)
    r0 = min(r for _, r in shape)
    return frozenset((c - c0, r - r0) for c, r in shape)


@functools.cache
def turns(shape: frozenset[Cell], mirror: bool = False) -> frozenset[frozenset[Cell]]:
    """The shape turned a quarter turn 0-3 times (turned over first with ``mirror``), normalised."""
    found = set()
    start = {(-c, r) for c, r in shape} if mirror else set(shape)
    for _ in range(4):
        start = {(-r, c) for c, r in start}
        found.add(normal(frozenset(start)))
    return frozenset(found)


def adjacent(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def connected(cells: set[Cell]) -> bool:
    if not cells:
        return False
    seen = {next(iter(cells))}
    todo = list(seen)
    while todo:
        c = todo.pop()
        for d in FACES.values():
            n = (c[0] + d[0], c[1] + d[1])
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == cells


class Facts:
    """What the referee reads off a state, as sets and dicts."""

    def __init__(self, state: GameState, player: Player | None = None) -> None:
        self.state = state
        self.phase = state.phase
        self.player = player or state.turn
        self.over = player is None and state.phase == 2 and _over(state)
        g = state.ground
        self.colour: dict[Cell, str] = {}
        for code, bb in zip("obml", g, strict=True):
            for c in cells_of(bb):
                self.colour[c] = code
        self.taken: set[Cell] = set()
        self.mine: dict[str, set[Cell]] = {}
        self.theirs: dict[str, set[Cell]] = {}
        count = {Player.ORANGE: 0, Player.BLUE: 0}
        for b in state.buildings:
            spaces = cells_of(b.cells) | ({(b.annex % 8, b.annex // 8)} if b.annex is not None else set())
            self.taken |= spaces
            (self.mine if b.owner is self.player else self.theirs)[b.id.upper()] = spaces
            count[b.owner] += 1
        for sq in state.pieces.placed().values():
            self.taken.add((sq % 8, sq // 8))
        self.chimneys = 7 - count[self.player]
        self.used = dict.fromkeys(state.cards[0], Player.ORANGE) | dict.fromkeys(state.cards[1], Player.BLUE)
        self.tokens = 4 - sum(1 for p in self.used.values() if p is self.player)
        self.in_play = set(state.setup.postcards)
        self.reserve = {pid.upper() for pid in state.reserve(self.player)}
        self.pool = {pid.upper() for pid in state.pool_ids()}
        self.shapes = {p.id.upper(): frozenset(p.shape) for p in state.setup.pool}
        self.hand = state.hand(self.player)
        self.tiled = {AREA_NAMES[i] for i in range(16) if state.areas >> i & 1}
        self.metro = state.metro is self.player
        self.chartier = state.chartier is self.player
        own, opp = ("o", "b") if self.player is Player.ORANGE else ("b", "o")
        self.own = {c for c, k in self.colour.items() if k == own}
        self.opp = {c for c, k in self.colour.items() if k == opp}
        self.mixed = {c for c, k in self.colour.items() if k == "m"}
        self.light = {c for c, k in self.colour.items() if k == "l"}
        self.free = {(c, r) for c in range(8) for r in range(8)} - self.taken

    def could_build(self) -> bool:
        if self.chimneys <= 0:
            return False
        for pid in self.reserve:
            for cells in placements(self.shapes[pid]):
                for metro, chartier in self.options(cells):
                    if not self.build_breaches(pid, cells, metro, chartier, "G9"):
                        return True
        return False

    def options(self, cells: frozenset[Cell]) -> Iterator[tuple[Cell | None, Cell | None]]:
        lights = [None, *sorted(cells & self.light)]
        opps = [None, *sorted(cells & self.opp)]
        for m in lights:
            for c in opps:
                yield m, c

    @functools.cache  # noqa: B019 -- one Facts object per state in the tests
    def build_breaches(
        self, pid: str, cells: frozenset[Cell], metro: Cell | None, chartier: Cell | None, shape_rule: str
    ) -> tuple[str, ...]:
        """Steps 5-8 for a build of ``pid`` on ``cells``."""
        out = []
        if normal(cells) not in turns(self.shapes[pid]) or len(cells) != len(self.shapes[pid]):
            out.append(shape_rule)
        if cells & self.taken:
            out.append("P1")
        if metro is not None and not (self.metro and metro in cells and metro in self.light):
            out.append("P3")
        if chartier is not None and not (self.chartier and chartier in cells and chartier in self.opp):
            out.append("P7")
        if (cells & self.light) - {metro} or (cells & self.opp) - {chartier}:
            out.append("P1")
        return tuple(out)


def _over(state: GameState) -> bool:
    """G12: all 8 tokens on postcards and neither player could build."""
    if len(state.cards[0]) + len(state.cards[1]) < 8:
        return False
    return not any(Facts(state, player).could_build() for player in (Player.ORANGE, Player.BLUE))


@functools.cache
def placements(shape: frozenset[Cell], mirror: bool = False) -> list[frozenset[Cell]]:
    """Every translation of every rotation (and reflection with ``mirror``) of ``shape`` on the board."""
    found = []
    for turned in turns(shape) | (turns(shape, True) if mirror else set()):
        for dc in range(8):
            for dr in range(8):
                cells = frozenset((c + dc, r + dr) for c, r in turned)
                if all(on_board(c) for c in cells):
                    found.append(cells)
    return found


@functools.cache
def _spaces_text(cells: frozenset[Cell]) -> str:
    return " ".join(name(c) for c in sorted(cells, key=lambda c: (c[1], c[0])))


def _opts_text(metro: Cell | None, chartier: Cell | None) -> str:
    return (f" metro={name(metro)}" if metro else "") + (f" chartier={name(chartier)}" if chartier else "")


def candidates(facts: Facts) -> Iterator[str]:
    """A superset of the legal moves' texts: everything a player might try."""
    for area in AREA_NAMES:
        for rot in (0, 90, 180, 270):
            yield f"tile {area} {rot}"
    ids = sorted(facts.shapes)
    for pid in ids:
        yield f"take {pid}"
    yield "pass"
    everywhere = [(c, r) for r in range(8) for c in range(8)]
    for card in Postcard:
        yield f"card {card.value}"
        if card in ONE_SPACE:
            yield from (f"card {card.value} {name(c)}" for c in everywhere)
        elif card is Postcard.LE_PENSEUR:
            yield from (f"card le-penseur {name(c)} {f}" for c in everywhere for f in FACES)
        elif card is Postcard.FONTAINE_DES_MERS:
            for c in everywhere:
                yield f"card fontaine-des-mers {name(c)}"
                yield f"card fontaine-des-mers {name(c)} chartier={name(c)}"
        elif card is Postcard.BOUQUINISTES:
            for bid in sorted(facts.mine) + sorted(facts.theirs):
                yield from (f"card bouquinistes {name(c)} {bid}" for c in everywhere)
        elif card is Postcard.JARDIN_DES_PLANTES:
            for c, r in everywhere:
                for d in ((1, 0), (0, 1), (1, 1)):
                    other = (c + d[0], r + d[1])
                    if on_board(other):
                        yield f"card jardin-des-plantes {_spaces_text(frozenset({(c, r), other}))}"


def levitation_moves(facts: Facts) -> Iterator[str]:
    """The legal Lévitation swap-and-build moves, found piece by piece (its candidates are too many to list)."""
    if facts.phase != 2 or facts.over or Postcard.LEVITATION not in facts.in_play:
        return
    if Postcard.LEVITATION in facts.used or facts.chimneys <= 0 or facts.tokens <= 0:
        return
    for take in sorted(facts.pool):
        for cells in placements(facts.shapes[take], True):
            for metro, chartier in facts.options(cells):
                if not facts.build_breaches(take, cells, metro, chartier, "P2"):
                    for give in sorted(facts.reserve):
                        yield f"card levitation {give} {take} {_spaces_text(cells)}{_opts_text(metro, chartier)}"


def build_breaches(
    facts: Facts, pid: str, cells: frozenset[Cell], metro: Cell | None, chartier: Cell | None
) -> list[str]:
    """Every rule ``build PID CELLS [metro=] [chartier=]`` breaks, in order."""
    if facts.over:
        return ["G12"]
    out = [] if facts.phase == 2 else ["G9"]
    if pid not in facts.reserve:
        return [*out, "G9"]
    if facts.chimneys <= 0:
        out.append("B4")
    return out + list(facts.build_breaches(pid, cells, metro, chartier, "G9"))


def build_moves(facts: Facts) -> Iterator[str]:
    """The legal builds, tried on every rotation and reflection and translation of the reserve's pieces and of
    one piece that is not in the reserve (the others fail the same way, G9), with every option."""
    outside = [pid for pid in sorted(facts.shapes) if pid not in facts.reserve][:1]
    for pid in sorted(facts.reserve) + outside:
        for cells in placements(facts.shapes[pid], True):
            for metro, chartier in facts.options(cells):
                if not build_breaches(facts, pid, cells, metro, chartier):
                    yield f"build {pid} {_spaces_text(cells)}{_opts_text(metro, chartier)}"


def breaches(facts: Facts, text: str) -> list[str]:
    """Every rule the move ``text`` breaks, in the referee's order (step 2 on: the text must parse)."""
    words = text.split()
    verb = words[0]
    if facts.over:
        return ["G12"]
    out: list[str] = []
    phase_rule = {"tile": "G4", "take": "G5", "build": "G9", "card": "G10"}.get(verb)
    if phase_rule and facts.phase != (1 if verb in ("tile", "take") else 2):
        out.append(phase_rule)
    if verb == "tile":
        if facts.hand is None:
            out.append("G4")
        if words[1] in facts.tiled:
            out.append("G4")
        return out
    if verb == "take":
        if words[1] not in facts.pool:
            out.append("G5")
        return out
    if verb == "pass":
        if facts.phase == 1:
            return ["G6"] if facts.hand is not None else []
        can_card = facts.tokens > 0 and bool(facts.in_play - set(facts.used))
        return ["G11"] if facts.could_build() or can_card else []
    if verb == "build":
        return build_breaches(facts, words[1], *_build_words(words[2:]))
    card = Postcard(words[1])
    if card not in facts.in_play or card in facts.used:
        return [*out, "G10"]
    args = words[2:]
    if card is Postcard.LEVITATION and args:
        give, take = args[0], args[1]
        if take not in facts.pool or give not in facts.reserve:
            return [*out, "P2"]
        if facts.chimneys <= 0:
            out.append("B4")
        if facts.tokens <= 0:
            out.append("B5")
        cells, metro, chartier = _build_words(args[2:])
        return out + list(facts.build_breaches(take, cells, metro, chartier, "P2"))
    if card is Postcard.BOUQUINISTES and args:
        bid = args[1]
        if bid not in facts.mine:
            return [*out, "P8"]
    if card is Postcard.JARDIN_DES_PLANTES and args and facts.chimneys <= 0:
        out.append("B4")
    if facts.tokens <= 0:
        out.append("B5")
    if not args:
        return out
    if card is Postcard.JARDIN_DES_PLANTES:
        cells = {cell(w) for w in args}
        if len(cells) != 2 or not adjacent(*cells):
            out.append("P4")
        if cells & facts.taken:
            out.append("P4")
        if cells & facts.light:
            out.append("P4")
        if cells & facts.opp:
            out.append("P1")
        return out
    at = cell(args[0])
    if card in ONE_SPACE:
        rule = ONE_SPACE[card]
        if at in facts.taken:
            out.append(rule)
        ok = facts.light if card is Postcard.LA_GRANDE_LUMIERE else facts.own
        if at not in ok:
            out.append(rule)
        return out
    if card is Postcard.LE_PENSEUR:
        d = FACES[args[1]]
        front = (at[0] + d[0], at[1] + d[1])
        if at in facts.taken or not on_board(front) or front in facts.taken:
            out.append("P11")
        if at not in facts.own:
            out.append("P11")
        return out
    if card is Postcard.FONTAINE_DES_MERS:
        chartier = cell(args[1].split("=")[1]) if len(args) > 1 else None
        if at in facts.taken:
            out.append("P12")
        if chartier is not None and not (facts.chartier and chartier == at and at in facts.opp):
            out.append("P7")
        if chartier is None and at not in facts.own | facts.mixed:
            out.append("P12")
        return out
    # Bouquinistes
    if at in facts.taken:
        out.append("P8")
    if at not in facts.own or not any(adjacent(at, c) for c in facts.mine[args[1]]):
        out.append("P8")
    return out


def _build_words(words: list[str]) -> tuple[frozenset[Cell], Cell | None, Cell | None]:
    cells = set()
    metro = chartier = None
    for w in words:
        if w.startswith("metro="):
            metro = cell(w[6:])
        elif w.startswith("chartier="):
            chartier = cell(w[9:])
        else:
            cells.add(cell(w))
    return frozenset(cells), metro, chartier


def legal_texts(state: GameState) -> set[str]:
    """Every legal move's text, by brute force."""
    facts = Facts(state)
    found = {text for text in candidates(facts) if not breaches(facts, text)}
    return found | set(build_moves(facts)) | set(levitation_moves(facts))


def first_rule(state: GameState, text: str) -> str | None:
    """The rule the referee should name for ``text`` (``None`` when legal); the text must parse."""
    Move.parse(text)
    found = breaches(Facts(state), text)
    return found[0] if found else None


def all_rules(state: GameState, text: str) -> list[str]:
    """Every rule ``text`` breaks, in order."""
    return breaches(Facts(state), text)
