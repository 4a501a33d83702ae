"""Hypothesis strategies for positions (one place for all of them, as attrs does)."""

from __future__ import annotations

import string

from hypothesis import strategies as st

from paris_score.game import GameState
from paris_score.game.generate import random_position
from paris_score.game.moves import Move
from paris_score.model import (
    BOX_SIZES,
    FACINGS,
    PATTERN_NAMES,
    PLAYERS,
    Building,
    Ground,
    Pattern,
    Pieces,
    Position,
    Postcards,
    Reserve,
    Rules,
    Statue,
)
from paris_score.paris2020.model import District, EndOfGame, Investor, Property
from paris_score.postcards import Postcard
from paris_score.squares import bitboard

BUILDING_ID_CHARS = string.ascii_letters + string.digits

building_ids = st.text(BUILDING_ID_CHARS, min_size=1, max_size=2)
"""Any id paris-position/1 allows: 1-2 letters or digits (``a`` and ``A`` are different ids)."""

offsets = st.tuples(st.integers(-7, 7), st.integers(-7, 7)).filter(lambda o: o != (0, 0))

patterns: st.SearchStrategy[Pattern] = st.one_of(
    st.sampled_from(PATTERN_NAMES),
    st.lists(offsets, min_size=1, max_size=12, unique=True).map(tuple),
)
"""A large streetlight pattern (S1c): a preset or a list of custom offsets."""


@st.composite
def polyominoes(draw: st.DrawFn, size: int) -> tuple[tuple[int, int], ...]:
    """A connected shape of ``size`` spaces, grown one edge neighbour at a time (not normalised)."""
    cells = [(0, 0)]
    while len(cells) < size:
        frontier = sorted(
            {(c + dc, r + dr) for c, r in cells for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))} - set(cells)
        )
        cells.append(draw(st.sampled_from(frontier)))
    return tuple(cells)


@st.composite
def reserves(draw: st.DrawFn) -> Reserve:
    """Up to 6 reserve buildings a player, each with its shape or without (paris-position/1 allows both)."""
    entries = {
        player: [(n, draw(st.none() | polyominoes(n))) for n in draw(st.lists(st.sampled_from(BOX_SIZES), max_size=6))]
        for player in PLAYERS
    }
    orange, blue = entries[PLAYERS[0]], entries[PLAYERS[1]]
    return Reserve([n for n, _ in orange], [n for n, _ in blue], [s for _, s in orange], [s for _, s in blue])


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Any position paris-position/1 can hold whose pieces do not overlap.

    Structural, not legal: ground, buildings (any cells, connected or not, random
    owners, ids, annexes, Jardin flags), pieces, postcards, reserves (shapes known
    or not) and patterns
    are each valid values, but the rules (P1-P13, box counts) are not followed.
    Spaces are handed out from one shuffled order, so nothing shares a space;
    the Chartier space is ground (W1) and may lie under anything.
    """
    ground = Ground.from_rows(draw(st.lists(st.text("obml", min_size=8, max_size=8), min_size=8, max_size=8)))
    spaces = iter(draw(st.permutations(range(64))))
    buildings = []
    for id_ in draw(st.lists(building_ids, unique=True, max_size=8)):
        cells = bitboard([next(spaces) for _ in range(draw(st.integers(1, 6)))])
        annex = next(spaces) if draw(st.booleans()) else None
        owner = draw(st.sampled_from(PLAYERS))
        buildings.append(Building(id_, owner, cells, annex, jardin=draw(st.booleans())))

    def maybe() -> int | None:
        return next(spaces) if draw(st.booleans()) else None

    painter, dancer, fountain, streetlight, large = maybe(), maybe(), maybe(), maybe(), maybe()
    statue_at = maybe()
    pieces = Pieces(
        painter=painter,
        dancer=dancer,
        statue=None if statue_at is None else Statue(statue_at, draw(st.sampled_from(FACINGS))),
        fountain=fountain,
        streetlight=streetlight,
        large_streetlight=large,
        chartier=draw(st.none() | st.integers(0, 63)),
    )
    cards = st.lists(st.sampled_from(list(Postcard)), max_size=8)
    return Position(
        ground,
        tuple(buildings),
        draw(reserves()),
        Postcards(draw(cards), draw(cards), draw(cards)),
        pieces,
        Rules(draw(patterns)),
    )


# -- legal_positions(): random legal positions built by legal moves only -----------------


def legal_positions(finished: bool | None = None) -> st.SearchStrategy[Position]:
    """A random legal position from :func:`paris_score.game.generate.random_position` (one generator).

    Hypothesis drives the generator's random choices (``st.randoms(use_true_random=False)``),
    so failures shrink and replay.  ``finished``: ``True`` a finished game (F4),
    ``False`` a game in progress, ``None`` either.
    """
    flags = st.booleans() if finished is None else st.just(finished)
    return st.tuples(st.randoms(use_true_random=False), flags).map(
        lambda drawn: random_position(drawn[0], finished=drawn[1])
    )


# -- accepted(): anything the public constructors accept ----------------------------------


@st.composite
def accepted(draw: st.DrawFn) -> Position:
    """Any position the public constructors accept, however meaningless.

    Unlike :func:`positions`, pieces may share spaces, owners are written as
    ``Player`` or as names in any case, postcards as members or slugs and
    listed any number of times, up to 14 buildings of any cells, reserve
    shapes of any connected polyomino up to 6 spaces.
    """
    square = st.integers(0, 63)
    ground = Ground.from_rows(draw(st.lists(st.text("obmlOBML", min_size=8, max_size=8), min_size=8, max_size=8)))
    owners = st.sampled_from([*PLAYERS, "orange", "BLUE", "Orange", "blue"])
    buildings = []
    for id_ in draw(st.lists(building_ids, unique=True, max_size=14)):
        cells = draw(st.integers(1, 2**64 - 1))
        annex = draw(st.none() | square.filter(lambda sq, cells=cells: not cells >> sq & 1))
        buildings.append(Building(id_, draw(owners), cells, annex, draw(st.booleans())))
    spot = st.none() | square
    pieces = Pieces(
        painter=draw(spot),
        dancer=draw(spot),
        statue=draw(st.none() | st.builds(Statue, square, st.sampled_from(FACINGS))),
        fountain=draw(spot),
        streetlight=draw(spot),
        large_streetlight=draw(spot),
        chartier=draw(spot),
    )
    cards = st.lists(st.sampled_from([*Postcard, *(c.value for c in Postcard)]), max_size=12)
    sizes = st.lists(st.sampled_from(BOX_SIZES), max_size=9)
    orange, blue = draw(sizes), draw(sizes)
    shapes = {
        "orange_shapes": draw(st.just(()) | st.tuples(*(st.none() | polyominoes(n) for n in orange))),
        "blue_shapes": draw(st.just(()) | st.tuples(*(st.none() | polyominoes(n) for n in blue))),
    }
    return Position(
        ground,
        tuple(buildings),
        Reserve(orange, blue, **shapes),
        Postcards(draw(cards), draw(cards), draw(cards)),
        pieces,
        Rules(draw(patterns)),
    )


# -- games (paris_score.game) ---------------------------------------------------------------------------------------

squares = st.integers(0, 63)
move_ids = st.text(BUILDING_ID_CHARS, min_size=1, max_size=2).map(str.upper)
building_cells = st.integers(1, (1 << 64) - 1)
options = st.none() | squares


@st.composite
def moves(draw: st.DrawFn) -> Move:
    """Any move the notation can write, legal or not."""
    from paris_score.game import moves as m

    return draw(
        st.one_of(
            st.builds(m.PlaceTile, st.sampled_from(m.AREAS), st.sampled_from(m.ROTATIONS)),
            st.builds(m.Take, move_ids),
            st.just(m.Pass()),
            st.builds(m.Build, move_ids, building_cells, options, options),
            st.builds(m.Activate, st.sampled_from(list(Postcard))),
            st.builds(m.Levitate, move_ids, move_ids, building_cells, options, options),
            st.builds(m.BuildJardin, st.lists(squares, min_size=2, max_size=2, unique=True).map(bitboard)),
            st.builds(m.PlacePiece, st.sampled_from(m.PIECE_CARDS), squares),
            st.builds(m.PlaceStatue, squares, st.sampled_from(FACINGS)),
            st.builds(m.PlaceFountain, squares, options),
            st.builds(m.PlaceAnnex, squares, move_ids | st.just("J")),
        )
    )


@st.composite
def game_states(draw: st.DrawFn) -> GameState:
    """A state of a uniformly random game of a random fictional setup (:func:`~paris_score.game.random_setup`)."""
    import random

    from paris_score.game.generate import random_setup

    seed = draw(st.integers(0, 10_000))
    length = draw(st.integers(0, 120))
    rng = random.Random(seed)
    state = GameState.start(random_setup(seed))
    for _ in range(length):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    return state


# -- Paris (2020): an end of game (docs/paris2020.md) ---------------------------------------------

PARIS2020_NAMES = ("Ula", "Marysia", "Piotr", "Marek", "Zofia", "Jan")


@st.composite
def paris2020_games(draw: st.DrawFn) -> EndOfGame:
    """Any end of game the referee accepts: 2-4 players, up to 6 districts, small values (K1-K3)."""
    names = draw(st.lists(st.sampled_from(PARIS2020_NAMES), min_size=2, max_size=4, unique=True))
    players = tuple(
        Investor(name, draw(st.integers(0, 120)), draw(st.integers(0, 30)), draw(st.booleans())) for name in names
    )
    owners = st.one_of(
        st.tuples(st.sampled_from(names)),
        st.lists(st.sampled_from(names), min_size=2, max_size=2).map(tuple),  # two players, or one twice
    )
    properties = st.lists(st.builds(Property, st.integers(0, 20), owners), max_size=8).map(tuple)
    tiles = st.lists(st.integers(0, 30), max_size=5).map(lambda values: tuple(sorted(values, reverse=True)))
    districts = tuple(
        District(f"district {i + 1}", draw(tiles), draw(properties)) for i in range(draw(st.integers(0, 6)))
    )
    return EndOfGame(players, districts)
