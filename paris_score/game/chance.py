"""Games with the tile stacks face down: each draw is an explicit chance event (docs' "For bot authors").

A :class:`SetupChance` deals a random fictional setup as
:func:`~paris_score.game.generate.random_setup` does, one chance event at a
time, each outcome with its exact probability.  A :class:`ChanceGame` knows
which 8 tiles each stack holds, not their order: before a player holds a
tile, the tile is drawn (:meth:`ChanceGame.draw`),
each distinct tile left with the probability of its copies among the tiles
left (:meth:`ChanceGame.chance_outcomes`).  The draws come when the rules
fill a hand (G1, G4): both hands at the start, the first player's first, then
a player's next tile after each tile they put down.  Drawing the tiles in
a setup's stack order replays a record exactly as :class:`GameState` does.

>>> from paris_score.game.generate import random_setup
>>> game = ChanceGame.start(random_setup(1))
>>> str(game.drawing), len(game.chance_outcomes()), sum(p for _, p in game.chance_outcomes())
('blue', 7, Fraction(1, 1))
>>> deal = SetupChance()
>>> deal.stage, len(deal.chance_outcomes()), deal.chance_outcomes()[0]
('postcards', 495, (0, Fraction(1, 495)))
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from fractions import Fraction
from typing import Final

import attrs

from paris_score.game._speed import evolver
from paris_score.game.generate import BOX, SETUP_IDS, stack_spaces
from paris_score.game.moves import Move
from paris_score.game.setups import POOL_SIZE, TILES_PER_PLAYER, PoolPiece, Setup, Tile
from paris_score.game.state import GameState, Result, Stacks, View
from paris_score.game.strings import CARD_ORDER
from paris_score.model import PATTERN_NAMES, PLAYERS, PatternName, Player, PlayerLike, Rules, as_player
from paris_score.postcards import Postcard
from paris_score.shapes import Shape, fixed_polyominoes


@functools.lru_cache(maxsize=256)
def _stacked(setup: Setup, stacks: Stacks) -> Setup:
    """``setup`` with these stacks: one value (checked once) for the same stacks, draw after draw."""
    return attrs.evolve(setup, tiles=stacks)


@functools.lru_cache(maxsize=1024)
def _odds(left: tuple[Tile, ...]) -> tuple[tuple[Tile, Fraction], ...]:
    """Each distinct tile of ``left`` (sorted) and the chance of drawing it from them."""
    return tuple((tile, Fraction(n, len(left))) for tile, n in sorted(Counter(left).items()))


@attrs.frozen
class ChanceGame:
    """A game whose stacks are face down: ``game`` is the engine's state, the tiles drawn so far on top of each
    stack and the others below them in sorted order (they are not chosen until drawn)."""

    setup: Setup
    """The setup: its pieces and postcards, and which tiles each stack holds (its order is not used)."""
    drawn: Stacks
    """The tiles each player has drawn, in order: those put down, then the one in hand."""
    game: GameState

    @classmethod
    def start(cls, setup: Setup) -> ChanceGame:
        """The game before the first draw; :class:`~paris_score.errors.SetupError` as ``GameState.start``."""
        return cls(setup, ((), ()), GameState.start(_stacked(setup, (_sorted(setup, 0), _sorted(setup, 1)))))

    @property
    def drawing(self) -> Player | None:
        """Who draws now (their hand is empty and tiles are left), or ``None`` when a player is to move."""
        first = self.setup.first
        for player in (first, first.other):
            side = player is Player.BLUE
            if len(self.drawn[side]) == self.game.placed[side] < TILES_PER_PLAYER:
                return player
        return None

    def chance_outcomes(self) -> list[tuple[Tile, Fraction]]:
        """Each distinct tile the drawing player may draw (sorted) and its exact probability."""
        player = self.drawing
        if player is None:
            raise ValueError(f"no tile is drawn now: {self.game.turn} is to move")
        return list(_odds(self._left(player is Player.BLUE)))

    def _left(self, side: int) -> tuple[Tile, ...]:
        """The tiles of a stack not drawn yet, sorted: those of the engine's stack below the tiles drawn."""
        return self.game.setup.tiles[side][len(self.drawn[side]) :]

    def draw(self, tile: Tile) -> ChanceGame:
        """The game once the drawing player has drawn ``tile``; ``ValueError`` if no tile is drawn now or none of
        that kind is left."""
        player = self.drawing
        if player is None:
            raise ValueError(f"no tile is drawn now: {self.game.turn} is to move")
        side = player is Player.BLUE
        left = self._left(side)
        if tile not in left:
            raise ValueError(f"{player}'s stack has no {tile} left to draw")
        drawn, full = list(self.drawn), list(self.game.setup.tiles)
        drawn[side] = (*drawn[side], tile)
        k = left.index(tile)
        full[side] = drawn[side] + left[:k] + left[k + 1 :]
        # The same state on stacks that differ only in the order of tiles nobody holds yet: the same multisets,
        # so the setup stays good and every other part of the state stays consistent with it.
        game = attrs.evolve(self.game, setup=_stacked(self.setup, (full[0], full[1])))
        return ChanceGame(self.setup, (drawn[0], drawn[1]), game)

    def legal_moves(self) -> list[Move]:
        """The side to move's legal moves; none while a tile is drawn."""
        return [] if self.drawing is not None else self.game.legal_moves()

    def play(self, move: Move | str) -> ChanceGame:
        """The game after the side to move's ``move`` (refused as ``GameState.play`` refuses it)."""
        if self.drawing is not None:
            raise ValueError(f"{self.drawing} draws a tile first")
        return attrs.evolve(self, game=self.game.play(move))

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def result(self) -> Result | None:
        """As :meth:`GameState.result`."""
        return self.game.result()

    def view(self, player: PlayerLike) -> View:
        """What ``player`` knows: as :meth:`GameState.view`, a hand not drawn yet being no hand."""
        player = as_player(player)
        side = player is Player.BLUE
        view = self.game.view(player)
        return view.without_hand() if len(self.drawn[side]) == self.game.placed[side] else view

    def replay(self, moves: list[str] | tuple[str, ...], stacks: Stacks) -> ChanceGame:
        """The game after ``moves``, each tile drawn as ``stacks`` (a setup's stack order) give them."""
        game = self
        for move in moves:
            game = game.draw_from(stacks).play(move)
        return game.draw_from(stacks)

    def draw_from(self, stacks: Stacks) -> ChanceGame:
        """Every tile due now (none, one, or both hands at the start) drawn as ``stacks`` order them."""
        game = self
        while (player := game.drawing) is not None:
            side = player is Player.BLUE
            game = game.draw(stacks[side][len(game.drawn[side])])
        return game


def _sorted(setup: Setup, side: int) -> tuple[Tile, ...]:
    return tuple(sorted(setup.tiles[side]))


# -- the setup, dealt by chance --------------------------------------------------------------------------------

_IN_PLAY: Final = tuple(itertools.combinations(range(len(CARD_ORDER)), 8))
"""Every set of 8 postcards (``Postcard`` order): 495, each as likely."""
_CODES: Final = "blmo"
"""The ground codes in sorted order: a stack is dealt as its tiles sorted."""
_SPACES: Final = tuple(Counter(stack_spaces(Player.ORANGE))[code] for code in _CODES)
"""The spaces of each code on a random setup's 8 tiles, the same for either player (12 own, 12 other, 4, 4)."""
_ROOT: Final = (("", TILES_PER_PLAYER),)
"""A stack's first split: all 8 tiles, by their first space."""


@functools.lru_cache(maxsize=16)
def _compositions(n: int) -> tuple[tuple[int, ...], ...]:
    """Every way to split ``n`` into 4 counts (one a code of :data:`_CODES`), in lexicographic order."""
    return tuple(c for c in itertools.product(range(n + 1), repeat=4) if sum(c) == n)


MAX_SETUP_EVENTS: Final = 1 + POOL_SIZE + 2 * sum(min(len(_CODES) ** d, TILES_PER_PLAYER) for d in range(4)) + 2
"""The most events a :class:`SetupChance` has: 57 (a stack's splits: 1 of all its tiles, then at most 4, 8 and 8
groups of tiles that share their first 1, 2 and 3 spaces)."""
MAX_OUTCOMES: Final = max(
    len(_IN_PLAY),
    *(len(fixed_polyominoes(size)) for size in BOX),
    len(_compositions(TILES_PER_PLAYER)),
    len(PATTERN_NAMES),
    TILES_PER_PLAYER,
)
"""The most outcomes a chance event has, a setup's or a draw's: 495."""


def _rest_codes(outcome: int, length: int) -> str:
    """The codes of a tile's last ``length`` spaces that outcome ``outcome`` of its event deals."""
    return "".join(_CODES[outcome >> 2 * (length - 1 - i) & 3] for i in range(length))


def _rest_counts(outcome: int, length: int) -> tuple[int, ...]:
    codes = _rest_codes(outcome, length)
    return tuple(codes.count(code) for code in _CODES)


_Outcomes = tuple[tuple[tuple[int, Fraction], ...], tuple[tuple[int, float], ...], frozenset[int]]
"""An event's outcomes with their exact probabilities, the same as floats, and the outcomes alone."""


def _outcomes(exact: tuple[tuple[int, Fraction], ...]) -> _Outcomes:
    return exact, tuple((k, float(p)) for k, p in exact), frozenset(k for k, _ in exact)


@functools.lru_cache(maxsize=64)
def _uniform(n: int) -> _Outcomes:
    return _outcomes(tuple((k, Fraction(1, n)) for k in range(n)))


@functools.lru_cache(maxsize=4096)
def _rest(left: tuple[int, ...], length: int) -> _Outcomes:
    """The chance of each code of a tile's last ``length`` spaces, drawn one after the other from ``left``."""
    found = []
    for outcome in range(4**length):
        p, taken = Fraction(1), [0] * len(_CODES)
        for i, code in enumerate(_rest_codes(outcome, length)):
            x = _CODES.index(code)
            p *= Fraction(left[x] - taken[x], sum(left) - i)
            taken[x] += 1
        if p:
            found.append((outcome, p))
    return _outcomes(tuple(found))


@functools.lru_cache(maxsize=4096)
def _split(left: tuple[int, ...], n: int) -> _Outcomes:
    """The chance of each split of ``n`` spaces drawn from ``left`` (multivariate hypergeometric)."""
    total = math.comb(sum(left), n)
    return _outcomes(
        tuple(
            (k, Fraction(math.prod(map(math.comb, left, c)), total))
            for k, c in enumerate(_compositions(n))
            if all(x <= y for x, y in zip(c, left, strict=True))
        )
    )


@attrs.frozen
class SetupChance:
    """A random fictional setup dealt one chance event at a time, each outcome with the probability
    :func:`~paris_score.game.generate.random_setup` gives it.

    The events (:attr:`stage`), in order: the 8 postcards in play (one of
    the 495 sets); each pool piece's shape (piece ``i`` of size ``BOX[i]``
    is one of the fixed polyominoes of its size); which 8 tiles orange's
    stack holds, then blue's; the first player; the large streetlight's
    preset.  A stack is dealt as its tiles sorted, one space of every tile
    at a time: the first event splits the 8 tiles by their first space's
    code (``b l m o``), the next splits the tiles of each code found so far
    by their second space, and so on (depth first), each split as likely as
    drawing those spaces from the spaces left (the 32 spaces of
    :func:`~paris_score.game.generate.stack_spaces` dealt at random); a
    group of one tile gets the rest of its spaces in one event.  The
    probabilities of a setup's events multiply to the probability that
    ``random_setup`` deals that setup, its stacks in any order and its
    postcards in any order.
    """

    postcards: tuple[Postcard, ...] = ()
    shapes: tuple[Shape, ...] = ()
    stacks: tuple[tuple[Tile, ...], ...] = ()
    """The stacks dealt, sorted: orange's, then blue's."""
    tiles: tuple[Tile, ...] = ()
    """The stack being dealt: its tiles so far."""
    left: tuple[int, ...] = _SPACES
    """The stack's spaces not dealt yet, by code (:data:`_CODES`)."""
    pending: tuple[tuple[str, int], ...] = _ROOT
    """The splits to come: the first codes of some tiles and how many tiles have them (the last one next)."""
    first: Player | None = None
    pattern: PatternName | None = None

    @property
    def stage(self) -> str:
        """What the next event deals: ``postcards``, ``pool``, ``orange``, ``blue``, ``first``, ``pattern``, or
        ``done``."""
        if not self.postcards:
            return "postcards"
        if len(self.shapes) < POOL_SIZE:
            return "pool"
        if len(self.stacks) < 2:
            return str(PLAYERS[len(self.stacks)])
        if self.first is None:
            return "first"
        return "pattern" if self.pattern is None else "done"

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        """Each outcome of the next event (an index, see :meth:`draw`) with its exact probability."""
        return list(self._outcomes()[0])

    def probabilities(self) -> list[tuple[int, float]]:
        """:meth:`chance_outcomes` with each probability as the nearest float (made once for each event)."""
        return list(self._outcomes()[1])

    def _outcomes(self, stage: str | None = None) -> _Outcomes:
        stage = stage or self.stage
        if stage in ("orange", "blue"):
            prefix, n = self.pending[-1]
            return _rest(self.left, 4 - len(prefix)) if n == 1 else _split(self.left, n)
        if stage == "done":
            raise ValueError("the setup is dealt: no chance event is left")
        return _uniform(self._options(stage))

    def _options(self, stage: str) -> int:
        """How many outcomes, each as likely, the event ``stage`` has."""
        if stage == "postcards":
            return len(_IN_PLAY)
        if stage == "pool":
            return len(fixed_polyominoes(BOX[len(self.shapes)]))
        return len(PLAYERS) if stage == "first" else len(PATTERN_NAMES)

    def draw(self, outcome: int) -> SetupChance:
        """The deal after ``outcome`` of the next event: the index of the set of postcards (in
        ``itertools.combinations`` order), of the piece's shape in ``fixed_polyominoes(size)``, of the split
        (4 counts of ``b l m o`` in lexicographic order), of a tile's last spaces (their codes as the digits
        0-3 of a number in base 4, the first the highest), of the first player (orange, blue) or of the preset
        (``PATTERN_NAMES``); ``ValueError`` for an outcome that cannot come."""
        stage = self.stage
        if type(outcome) is not int or outcome not in self._outcomes(stage)[2]:
            raise ValueError(f"{outcome!r} is not an outcome of the {stage} event")
        if stage == "postcards":
            return self._with(postcards=tuple(CARD_ORDER[i] for i in _IN_PLAY[outcome]))
        if stage == "pool":
            return self._with(shapes=(*self.shapes, fixed_polyominoes(BOX[len(self.shapes)])[outcome]))
        if stage == "first":
            return self._with(first=PLAYERS[outcome])
        if stage == "pattern":
            return self._with(pattern=PATTERN_NAMES[outcome])
        prefix, n = self.pending[-1]
        if n == 1:
            return self._split(_rest_counts(outcome, 4 - len(prefix)), _rest_codes(outcome, 4 - len(prefix)))
        return self._split(_compositions(n)[outcome])

    def _with(self, **changes: object) -> SetupChance:
        """The deal with ``changes``: as ``attrs.evolve``, in a fraction of its time (a deal has 40-odd events)."""
        return _EVOLVE(self, changes)

    def _split(self, counts: tuple[int, ...], rest: str = "") -> SetupChance:
        """The deal once the group next has been split: ``counts`` of its tiles go on with each code; or, for a
        group of one tile, its spaces go on with ``rest`` (``counts`` the codes' counts in it)."""
        prefix, _ = self.pending[-1]
        found = (
            [(prefix + rest, 1)] if rest else [(prefix + code, n) for code, n in zip(_CODES, counts, strict=True) if n]
        )
        left = tuple(x - n for x, n in zip(self.left, counts, strict=True))
        tiles, pending = self.tiles, self.pending[:-1]
        if len(found[0][0]) == 4:  # the last space: whole tiles
            tiles += tuple((text[:2], text[2:]) for text, n in found for _ in range(n))
        else:
            pending += tuple(reversed(found))
        if pending:
            return self._with(tiles=tiles, left=left, pending=pending)
        return self._with(stacks=(*self.stacks, tiles), tiles=(), left=_SPACES, pending=_ROOT)

    @staticmethod
    def dealing(setup: Setup) -> list[int]:
        """The outcomes that deal ``setup`` (its stacks in any order), from the first event; ``ValueError`` for a
        setup that ``random_setup`` cannot deal (other ids, sizes or tiles)."""
        deal, found = SetupChance(), []
        cards = tuple(sorted(CARD_ORDER.index(card) for card in setup.postcards))
        want = {
            "postcards": lambda: _IN_PLAY.index(cards),
            "pool": lambda: fixed_polyominoes(BOX[len(deal.shapes)]).index(setup.pool[len(deal.shapes)].shape),
            "first": lambda: PLAYERS.index(setup.first),
            "pattern": lambda: PATTERN_NAMES.index(setup.rules.large_streetlight_pattern),
        }
        try:
            if [piece.id for piece in setup.pool] != list(SETUP_IDS):
                raise ValueError(f"the pieces' ids are not {SETUP_IDS}")
            while (stage := deal.stage) != "done":
                if stage in want:
                    outcome = want[stage]()
                else:
                    prefix, n = deal.pending[-1]
                    texts = ["".join(tile).lower() for tile in setup.stack(Player(stage))]
                    if n == 1:
                        (text,) = [t for t in texts if t.startswith(prefix)]
                        outcome = int("".join(str(_CODES.index(code)) for code in text[len(prefix) :]), 4)
                    else:
                        counts = tuple(sum(t.startswith(prefix + code) for t in texts) for code in _CODES)
                        outcome = _compositions(n).index(counts)
                found.append(outcome)
                deal = deal.draw(outcome)
        except (ValueError, IndexError) as error:
            raise ValueError(f"random_setup cannot deal this setup: {error}") from None
        return found

    def describe(self, outcome: int) -> str:
        """The outcome of the next event in words (OpenSpiel's chance actions)."""
        stage = self.stage
        dealt = self.draw(outcome)
        if stage == "postcards":
            return "postcards " + " ".join(card.value for card in dealt.postcards)
        if stage == "pool":
            shape = dealt.shapes[-1]
            return f"piece {SETUP_IDS[len(self.shapes)]} " + " ".join(f"{dc},{dr}" for dc, dr in shape)
        if stage == "first":
            return f"{dealt.first} plays first"
        if stage == "pattern":
            return f"large streetlight {dealt.pattern}"
        prefix, n = self.pending[-1]
        if n == 1:
            text = prefix + _rest_codes(outcome, 4 - len(prefix))
            return f"{stage}'s tile {prefix}{'.' * (4 - len(prefix))}: {text[:2]}/{text[2:]}"
        counts = _compositions(n)[outcome]
        split = ", ".join(f"{k} {prefix}{code}" for code, k in zip(_CODES, counts, strict=True) if k)
        return f"{stage}'s tiles {prefix}{'.' * (4 - len(prefix))}: {split}"

    @property
    def setup(self) -> Setup:
        """The setup dealt, its stacks sorted (``ValueError`` before the last event)."""
        if self.stage != "done":
            raise ValueError(f"the setup is not dealt yet: the {self.stage} event is next")
        assert self.first is not None
        assert self.pattern is not None
        pool = [PoolPiece(pid, shape) for pid, shape in zip(SETUP_IDS, self.shapes, strict=True)]
        return Setup(self.postcards, pool, (self.stacks[0], self.stacks[1]), self.first, Rules(self.pattern))


_EVOLVE: Final = evolver(SetupChance)
