"""A naive referee of whole games, written straight from the rules of play with sets and dicts.

The benchmark's yardstick for ``paris_score.replay``: spaces are ``(col, row)``
tuples, sets of spaces are Python sets, every rule is checked by looking at
each space in turn, and "can this player still build?" (G11, G12) tries every
reserve piece, turned every way, at every space of the board.  It replays a
``paris-game/1`` record's moves from its setup and says whether each is
legal; it names a rule for a refused move but does not promise the engine's
choice among several (the engine follows the documented checking order).
``benchmarks/game.py`` checks that it accepts every move of its corpus, as the
engine does, and ends every game where the engine ends it.
"""

from __future__ import annotations

from typing import Any

Space = tuple[int, int]
PLAYERS = ("orange", "blue")
CODE = {"orange": "o", "blue": "b"}
COLUMNS = "ABCDEFGH"
AREAS = {f"{COLUMNS[c]}{r + 1}": (c, r) for r in range(0, 8, 2) for c in range(0, 8, 2)}
PIECE_CARDS = {"le-peintre": "painter", "moulin-rouge": "dancer", "lampadaire": "streetlight"}
DIRECTIONS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


class IllegalMoveError(Exception):
    """A refused move: the rule it breaks and why."""

    def __init__(self, rule: str, why: str) -> None:
        super().__init__(f"{rule}: {why}")
        self.rule = rule


def space(word: str) -> Space:
    word = word.upper()
    if len(word) != 2 or word[0] not in COLUMNS or word[1] not in "12345678":
        raise IllegalMoveError("G3", f"{word!r} is not a space")
    return COLUMNS.index(word[0]), int(word[1]) - 1


def cells_of(names: list[str]) -> set[Space]:
    return {(COLUMNS.index(n[0]), int(n[1]) - 1) for n in names}


def normal(cells: set[Space]) -> frozenset[Space]:
    c0 = min(c for c, _ in cells)
    r0 = min(r for _, r in cells)
    return frozenset((c - c0, r - r0) for c, r in cells)


def turns(shape: frozenset[Space]) -> set[frozenset[Space]]:
    """The shape turned 0, 90, 180 and 270 degrees (never turned over)."""
    found = set()
    for _ in range(4):
        found.add(shape)
        shape = normal({(-r, c) for c, r in shape})
    return found


def connected(cells: set[Space]) -> bool:
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        c, r = todo.pop()
        for n in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


class NaiveGame:
    """One game, played move by move with :meth:`play`; :class:`IllegalMoveError` for a refused move."""

    def __init__(self, setup: dict[str, Any]) -> None:
        self.cards: list[str] = list(setup["postcards"])
        self.pool: dict[str, frozenset[Space]] = {p["id"].upper(): normal(cells_of(p["shape"])) for p in setup["pool"]}
        self.stacks: dict[str, list[list[str]]] = {p: [list(t) for t in setup["tiles"][p]] for p in PLAYERS}
        self.turn: str = setup.get("first", "orange")
        self.drawn = dict.fromkeys(PLAYERS, 1)  # tiles drawn so far; the last drawn is in hand until put down
        self.tiles_down = dict.fromkeys(PLAYERS, 0)
        self.ground: dict[Space, str] = {}
        self.reserve: dict[str, dict[str, frozenset[Space]]] = {p: {} for p in PLAYERS}
        self.chimneys = dict.fromkeys(PLAYERS, 7)
        self.tokens = dict.fromkeys(PLAYERS, 4)
        self.token_on: dict[str, str] = {}
        self.metro = dict.fromkeys(PLAYERS, False)
        self.chartier = dict.fromkeys(PLAYERS, False)
        self.taken: dict[Space, str] = {}  # every space a piece stands on -> what
        self.buildings: dict[str, tuple[str, set[Space]]] = {}
        self.annexed: set[str] = set()
        self.phase = 1
        self.over = False

    # -- what a player holds and may do ------------------------------------------------

    def in_hand(self, player: str) -> bool:
        return self.tiles_down[player] < self.drawn[player]

    def free(self, sq: Space) -> bool:
        return 0 <= sq[0] < 8 and 0 <= sq[1] < 8 and sq not in self.taken

    def own(self, player: str, sq: Space) -> bool:
        return self.ground.get(sq) == CODE[player]

    def fits(self, player: str, cells: set[Space], metro: bool, chartier: bool) -> bool:
        """P1 with the optional Métropolitain and Chartier spaces (P3, P7)."""
        lamps = opponent = 0
        for sq in cells:
            if not self.free(sq):
                return False
            g = self.ground[sq]
            if g == "l":
                lamps += 1
            elif g not in (CODE[player], "m"):
                opponent += 1
        return lamps <= metro and opponent <= chartier

    def can_build(self, player: str) -> bool:
        if not self.chimneys[player]:
            return False
        metro, chartier = self.metro[player], self.chartier[player]
        for shape in self.reserve[player].values():
            for turned in turns(shape):
                for c in range(8):
                    for r in range(8):
                        if self.fits(player, {(c + dc, r + dr) for dc, dr in turned}, metro, chartier):
                            return True
        return False

    def can_activate(self, player: str) -> bool:
        return self.tokens[player] > 0 and len(self.token_on) < len(self.cards)

    # -- moves --------------------------------------------------------------------------

    def play(self, text: str) -> None:
        words = text.split()
        if not words:
            raise IllegalMoveError("G3", "an empty move")
        kind = words[0].lower()
        if self.over:
            raise IllegalMoveError("G12", "the game is over")
        if kind == "tile":
            self._tile(words)
        elif kind == "take":
            self._take(words)
        elif kind == "pass":
            self._pass()
        elif kind == "build":
            self._build(words)
        elif kind == "card":
            self._card(words)
        else:
            raise IllegalMoveError("G3", f"unknown move {kind!r}")
        self.turn = "blue" if self.turn == "orange" else "orange"
        if self.phase == 2:
            self.over = (
                len(self.token_on) == len(self.cards) and not self.can_build("orange") and not self.can_build("blue")
            )

    def _tile(self, words: list[str]) -> None:
        if self.phase != 1:
            raise IllegalMoveError("G4", "phase 2")
        area, rotation = words[1].upper(), int(words[2])
        if area not in AREAS or rotation not in (0, 90, 180, 270):
            raise IllegalMoveError("G3", "no such area or rotation")
        player = self.turn
        if not self.in_hand(player):
            raise IllegalMoveError("G4", "no tile in hand")
        c0, r0 = AREAS[area]
        if (c0, r0) in self.ground:
            raise IllegalMoveError("G4", "the area has a tile")
        (a, b), (c, d) = self.stacks[player][self.tiles_down[player]]
        for _ in range(rotation // 90):
            (a, b), (c, d) = (c, a), (d, b)
        self.ground.update({(c0, r0): a, (c0 + 1, r0): b, (c0, r0 + 1): c, (c0 + 1, r0 + 1): d})
        self.tiles_down[player] += 1
        self.drawn[player] = min(8, self.drawn[player] + 1)
        if len(self.ground) == 64:
            self.phase = 2

    def _take(self, words: list[str]) -> None:
        if self.phase != 1:
            raise IllegalMoveError("G5", "phase 2")
        piece = words[1].upper()
        if piece not in self.pool:
            raise IllegalMoveError("G5", "not in the pool")
        self.reserve[self.turn][piece] = self.pool.pop(piece)

    def _pass(self) -> None:
        player = self.turn
        if self.phase == 1:
            if self.in_hand(player):
                raise IllegalMoveError("G6", "a tile in hand")
        elif self.can_build(player) or self.can_activate(player):
            raise IllegalMoveError("G11", "the player can build or activate a postcard")

    def _options(self, words: list[str]) -> tuple[list[str], Space | None, Space | None]:
        rest, metro, chartier = [], None, None
        for word in words:
            low = word.lower()
            if low.startswith("metro="):
                metro = space(word[6:])
            elif low.startswith("chartier="):
                chartier = space(word[9:])
            else:
                rest.append(word.upper())
        return rest, metro, chartier

    def _put_building(
        self, shape: frozenset[Space], names: list[str], metro: Space | None, chartier: Space | None, bid: str
    ) -> None:
        player = self.turn
        cells = {space(n) for n in names}
        if len(cells) != len(names) or normal(cells) not in turns(shape):
            raise IllegalMoveError("G9", "not the piece's shape")
        if not self.chimneys[player]:
            raise IllegalMoveError("B4", "no chimney left")
        if any(not self.free(sq) for sq in cells):
            raise IllegalMoveError("P1", "a space is not free")
        if metro is not None and (not self.metro[player] or metro not in cells or self.ground[metro] != "l"):
            raise IllegalMoveError("P3", "no Métropolitain build for this space")
        if chartier is not None and (
            not self.chartier[player]
            or chartier not in cells
            or self.ground[chartier] not in PLAYERS_CODES - {CODE[player]}
        ):
            raise IllegalMoveError("P7", "no Chartier space for this space")
        for sq in cells:
            g = self.ground[sq]
            if (g == "l" and sq != metro) or (g not in ("l", "m", CODE[player]) and sq != chartier):
                raise IllegalMoveError("P1", "a space of the wrong ground")
        if metro is not None:
            self.metro[player] = False
        if chartier is not None:
            self.chartier[player] = False
            self.ground[chartier] = "m"
        self.chimneys[player] -= 1
        self.buildings[bid] = (player, cells)
        self.taken.update(dict.fromkeys(cells, bid))

    def _build(self, words: list[str]) -> None:
        if self.phase != 2:
            raise IllegalMoveError("G9", "phase 1")
        rest, metro, chartier = self._options(words[1:])
        piece = rest[0]
        shape = self.reserve[self.turn].get(piece)
        if shape is None:
            raise IllegalMoveError("G9", "not in the reserve")
        self._put_building(shape, rest[1:], metro, chartier, piece)
        del self.reserve[self.turn][piece]

    def _card(self, words: list[str]) -> None:
        if self.phase != 2:
            raise IllegalMoveError("G10", "phase 1")
        player, card = self.turn, words[1].lower()
        if card not in self.cards or card in self.token_on:
            raise IllegalMoveError("G10", "not in play, or taken")
        if not self.tokens[player]:
            raise IllegalMoveError("B5", "no token left")
        args = words[2:]
        if args:
            self._action(player, card, args)
        elif card == "metropolitain":
            self.metro[player] = True
        elif card == "chartier":
            self.chartier[player] = True
        self.tokens[player] -= 1
        self.token_on[card] = player

    def _place(self, what: str, sq: Space, ok: bool, rule: str) -> None:
        if not self.free(sq) or not ok:
            raise IllegalMoveError(rule, f"the {what} cannot stand there")
        self.taken[sq] = what

    def _action(self, player: str, card: str, args: list[str]) -> None:
        if card == "levitation":
            rest, metro, chartier = self._options(args)
            give, take = rest[0], rest[1]
            if give not in self.reserve[player] or take not in self.pool:
                raise IllegalMoveError("P2", "not in the reserve, or not in the pool")
            self.pool[give] = self.reserve[player].pop(give)
            shape = self.pool.pop(take)
            self._put_building(shape, rest[2:], metro, chartier, take)
        elif card == "jardin-des-plantes":
            cells = {space(a) for a in args}
            if len(cells) != 2 or normal(cells) not in turns(frozenset({(0, 0), (1, 0)})):
                raise IllegalMoveError("P4", "not a domino")
            if not self.chimneys[player]:
                raise IllegalMoveError("B4", "no chimney left")
            if not self.fits(player, cells, False, False):
                raise IllegalMoveError("P4", "not free, or not the player's colour or mixed")
            self.chimneys[player] -= 1
            self.buildings["J"] = (player, cells)
            self.taken.update(dict.fromkeys(cells, "J"))
        elif card in PIECE_CARDS:
            sq = space(args[0])
            self._place(
                PIECE_CARDS[card], sq, self.own(player, sq), {"le-peintre": "P6", "moulin-rouge": "P10"}.get(card, "P9")
            )
        elif card == "la-grande-lumiere":
            sq = space(args[0])
            self._place("large streetlight", sq, self.ground.get(sq) == "l", "P13")
        elif card == "le-penseur":
            sq = space(args[0])
            dc, dr = DIRECTIONS[args[1].lower()]
            self._place("statue", sq, self.own(player, sq) and self.free((sq[0] + dc, sq[1] + dr)), "P11")
        elif card == "fontaine-des-mers":
            rest, _, chartier = self._options(args)
            sq = space(rest[0])
            if chartier is not None:
                if (
                    not self.chartier[player]
                    or chartier != sq
                    or self.ground.get(sq) not in PLAYERS_CODES - {CODE[player]}
                ):
                    raise IllegalMoveError("P7", "no Chartier space for this space")
                self.chartier[player] = False
                self.ground[sq] = "m"
            self._place("fountain", sq, self.ground.get(sq) in (CODE[player], "m"), "P12")
        elif card == "bouquinistes":
            sq, bid = space(args[0]), args[1].upper()
            owner, cells = self.buildings.get(bid, ("", set()))
            if owner != player:
                raise IllegalMoveError("P8", "not your building")
            touches = any((sq[0] + dc, sq[1] + dr) in cells for dc, dr in DIRECTIONS.values())
            self._place("annex", sq, self.own(player, sq) and touches, "P8")
            cells.add(sq)
        else:
            raise IllegalMoveError("G3", f"card {card} takes no arguments")


PLAYERS_CODES = {"o", "b"}


def replay(record: dict[str, Any]) -> tuple[int, bool]:
    """Moves played before the first refused one, and whether the game is over."""
    game = NaiveGame(record["setup"])
    for number, text in enumerate(record["moves"]):
        try:
            game.play(text)
        except (IllegalMoveError, IndexError, KeyError, ValueError):
            return number, game.over
    return len(record["moves"]), game.over
