"""Random legal positions, built by legal moves only: for benchmarks and property tests.

:func:`random_position` plays a random game as a referee would accept it:
a random ground with the 8 streetlight spaces a full board is reported to
have (B2), 8 random postcards in play (B6), the box's 12 pieces (B3) given
random *fictional* shapes of the right sizes (the real shapes are unknown,
docs/unknowns.md), each built through :func:`~paris_score.legal_placements`
(so Métropolitain P3 and Chartier P7 builds happen) or kept in reserve, then
the Jardin des Plantes (P4), the annex (P8) and every special piece of a used
card on a space its rule allows, the statue last so that its front is free
(P11).  The large streetlight's pattern is a random preset or a random list
of custom offsets (S1c).

``finished=True`` makes a finished game (F4): all 8 action tokens are on
postcards, every piece is built wherever it fits, and what stays in reserve
fits nowhere, not even with an open card's build.  Every reserve building of
a finished position carries its shape, so the F4 test is exact.  Such a
position passes ``check(position, final=True)`` without any problem.

The tests wrap this generator as the hypothesis strategy
``tests.strategies.legal_positions()``; ``benchmarks/run.py`` draws its corpus
from it.  The same ``rng`` state gives the same position.
"""

from __future__ import annotations

import random
from typing import Any, Final

import attrs

from paris_score.game.records import GameRecord
from paris_score.game.setups import PoolPiece, Setup
from paris_score.game.state import GameState
from paris_score.model import (
    FACINGS,
    PATTERN_NAMES,
    PLAYERS,
    Building,
    Ground,
    Pattern,
    Player,
    Position,
    Postcards,
    Reserve,
    Rules,
    Statue,
)
from paris_score.placement import legal_placements
from paris_score.postcards import DANCER, FOUNTAIN, LARGE_STREETLIGHT, PAINTER, STATUE, STREETLIGHT, Postcard
from paris_score.shapes import Shape, fixed_polyominoes
from paris_score.squares import BB_ADJACENT, BB_ALL, Bitboard, scan

BOX: Final = (3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6)
"""The sizes of the box's 12 pieces (B3)."""
IDS: Final = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
STREETLIGHTS: Final = 8
SKIP_PIECE: Final = 0.2
"""How often a used card's piece stays off the board (a card may be used only to deny it, F3)."""

_AT_RANDOM: Final = (PAINTER, DANCER, STREETLIGHT, FOUNTAIN, LARGE_STREETLIGHT)
"""The pieces placed on any allowed free space, in the order that keeps earlier corpora (the statue comes last)."""


def random_pattern(rng: random.Random) -> Pattern:
    """A large streetlight pattern (S1c): one of the 4 presets, or 1-12 custom offsets."""
    choice = rng.randrange(len(PATTERN_NAMES) + 1)
    if choice < len(PATTERN_NAMES):
        return PATTERN_NAMES[choice]
    offsets: list[tuple[int, int]] = []
    for _ in range(rng.randint(1, 12)):
        item = (rng.randint(-7, 7), rng.randint(-7, 7))
        if item != (0, 0) and item not in offsets:
            offsets.append(item)
    return tuple(offsets) or ((1, 0),)


def random_ground(rng: random.Random) -> Ground:
    """Orange, blue and mixed spaces at random, and exactly 8 streetlight spaces (B2)."""
    codes = [rng.choice("oobbm") for _ in range(64)]
    for sq in rng.sample(range(64), STREETLIGHTS):
        codes[sq] = "l"
    return Ground.from_rows(["".join(codes[r * 8 : r * 8 + 8]) for r in range(8)])


def _pick(rng: random.Random, bb: Bitboard) -> int | None:
    """A random space of ``bb``, or ``None`` when it is empty."""
    spaces = list(scan(bb))
    return rng.choice(spaces) if spaces else None


def _build(
    rng: random.Random, position: Position, player: Player, shape: Shape, *, jardin: bool = False
) -> Position | None:
    """``position`` with ``shape`` built at a random legal placement (P1, P3, P7), or ``None``.

    The Jardin des Plantes uses neither Métropolitain nor Chartier (P4 ruling).
    """
    cards = {"metropolitain": False, "chartier": False} if jardin else {}
    options = legal_placements(position, player, shape, **cards)
    if not options:
        return None
    choice = rng.choice(options)
    building = Building(IDS[len(position.buildings)], player, choice.cells, jardin=jardin)
    pieces = position.pieces
    if choice.chartier is not None:
        pieces = attrs.evolve(pieces, chartier=choice.chartier)
    return attrs.evolve(position, buildings=(*position.buildings, building), pieces=pieces)


def _buildings(rng: random.Random, position: Position, finished: bool) -> Position:
    """The 12 pieces taken in turn: built where they fit, else kept in reserve (B3, P1, S3)."""
    pool = list(BOX)
    rng.shuffle(pool)
    reserve: dict[Player, list[tuple[int, Shape | None]]] = {p: [] for p in PLAYERS}
    taken = len(pool) if finished else rng.randint(0, len(pool))
    for turn in range(taken):
        player = PLAYERS[turn % 2]
        size = pool.pop()
        shape = rng.choice(fixed_polyominoes(size))
        skip = not finished and rng.random() < 0.2
        built = None if skip else _build(rng, position, player, shape)
        if built is None:
            known = finished or rng.random() < 0.5
            reserve[player].append((size, shape if known else None))
        else:
            position = built
    o, b = reserve[Player.ORANGE], reserve[Player.BLUE]
    return attrs.evolve(
        position,
        reserve=Reserve([n for n, _ in o], [n for n, _ in b], [s for _, s in o], [s for _, s in b]),
    )


def _annex(rng: random.Random, position: Position, player: Player) -> Position:
    """P8: the annex on a free space of the player's colour beside one of their buildings."""
    free = BB_ALL & ~position.occupied
    own = position.colours.own(player)
    spots = []
    for b in position.buildings_of(player):
        beside = 0
        for sq in scan(b.cells):
            beside |= BB_ADJACENT[sq]
        spots += [(b, sq) for sq in scan(own & free & beside & ~b.cells)]
    if not spots:
        return position
    target, at = rng.choice(spots)
    buildings = tuple(attrs.evolve(b, annex=at) if b is target else b for b in position.buildings)
    return attrs.evolve(position, buildings=buildings)


def _pieces(rng: random.Random, position: Position) -> Position:
    """P6, P9, P10, P12, P13: each used card's piece on a free space its rule allows."""
    free = BB_ALL & ~position.occupied
    placed: dict[str, Any] = {}
    for piece in _AT_RANDOM:
        owner = position.postcards.user(piece.card)
        if owner is None or rng.random() < SKIP_PIECE:
            continue
        sq = _pick(rng, position.allowed(piece.allowed, owner) & free)
        if sq is not None:
            placed[piece.key] = sq
            free &= ~(1 << sq)
    return attrs.evolve(position, pieces=attrs.evolve(position.pieces, **placed))


def _statue(rng: random.Random, position: Position, player: Player) -> Position:
    """P11: the statue on a free space of the player's colour, its front on the board and free."""
    occupied = position.occupied
    room = position.allowed(STATUE.allowed, player) & ~occupied & BB_ALL
    options = [
        statue
        for sq in scan(room)
        for facing in FACINGS
        if (front := (statue := Statue(sq, facing)).front) is not None and not occupied >> front & 1
    ]
    if not options:
        return position
    return attrs.evolve(position, pieces=attrs.evolve(position.pieces, statue=rng.choice(options)))


def random_position(rng: random.Random, *, finished: bool = True) -> Position:
    """A random legal position (see the module); ``finished=True``: a finished game (F4)."""
    ground = random_ground(rng)
    in_play = rng.sample(list(Postcard), 8)
    tokens = rng.sample(in_play, 8)
    n_orange, n_blue = (4, 4) if finished else (rng.randint(0, 4), rng.randint(0, 4))
    cards = Postcards(in_play, tokens[:n_orange], tokens[n_orange : n_orange + n_blue])
    position = Position(ground, postcards=cards, rules=Rules(random_pattern(rng)))
    position = _buildings(rng, position, finished)
    user = position.postcards.user

    jardin_user = user(Postcard.JARDIN_DES_PLANTES)
    if jardin_user is not None:
        position = _build(rng, position, jardin_user, ((0, 0), (1, 0)), jardin=True) or position
    annex_user = user(Postcard.BOUQUINISTES)
    if annex_user is not None:
        position = _annex(rng, position, annex_user)
    position = _pieces(rng, position)
    statue_user = user(STATUE.card)
    if statue_user is not None and rng.random() >= SKIP_PIECE:
        position = _statue(rng, position, statue_user)
    return position


def corpus(n: int, seed: int = 0, *, finished: bool = True) -> list[Position]:
    """``n`` random legal positions from one seed: the same list every time."""
    rng = random.Random(seed)
    return [random_position(rng, finished=finished) for _ in range(n)]


SETUP_IDS: Final = "ABCDEFGHKLMN"
"""Ids of a random setup's pool pieces, in pool order (never ``J``, the Jardin des Plantes' id); piece ``i`` has
size ``BOX[i]``."""


def stack_spaces(player: Player) -> str:
    """The 32 spaces of a random setup's tiles for ``player``: 12 of its own colour, 12 of the other's, 4 mixed
    and 4 streetlights (so a full board has 8, as one review reports, B2)."""
    own, other = ("o", "b") if player is Player.ORANGE else ("b", "o")
    return own * 12 + other * 12 + "m" * 4 + "l" * 4


def random_setup(seed: int | random.Random = 0) -> Setup:
    """A random game setup (G1) with FICTIONAL tiles and piece shapes: the real ones are unknown.

    The 12 pool pieces have the box's sizes (B3) and random shapes; each
    player's 8 tiles hold, in random order, the spaces of :func:`stack_spaces`.
    The 8 postcards in play, the first player and the large streetlight's
    preset are random too.  The same seed gives the same setup.
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    cards = rng.sample(list(Postcard), 8)
    pool = [PoolPiece(pid, rng.choice(fixed_polyominoes(size))) for pid, size in zip(SETUP_IDS, BOX, strict=True)]
    stacks = []
    for player in PLAYERS:
        spaces = list(stack_spaces(player))
        rng.shuffle(spaces)
        stacks.append(tuple((spaces[k] + spaces[k + 1], spaces[k + 2] + spaces[k + 3]) for k in range(0, 32, 4)))
    first = rng.choice(PLAYERS)
    return Setup(cards, pool, (stacks[0], stacks[1]), first, Rules(rng.choice(PATTERN_NAMES)))


def random_game(seed: int) -> GameRecord:
    """A finished game of :func:`random_setup` (fictional), each move drawn uniformly from the legal moves; the
    record's result is the final position's totals.  The same seed gives the same record."""
    rng = random.Random(seed)
    setup = random_setup(seed)
    state = GameState.start(setup)
    moves = []
    while not state.is_over:
        move = rng.choice(state.legal_moves())
        moves.append(str(move))
        state = state.play(move)
    outcome = state.outcome()
    return GameRecord(setup, tuple(moves), (outcome.orange, outcome.blue))
