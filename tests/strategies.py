"""Hypothesis strategies for positions (one place for all of them, as attrs does)."""

from __future__ import annotations

import random
import string

import attrs
from hypothesis import strategies as st

from paris_score import Player, legal_placements
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
from paris_score.postcards import Postcard
from paris_score.shapes import Shape, fixed_polyominoes
from paris_score.squares import BB_ADJACENT, BB_ALL, bitboard, scan

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
def positions(draw: st.DrawFn) -> Position:
    """Any position paris-position/1 can hold whose pieces do not overlap.

    Structural, not legal: ground, buildings (any cells, connected or not, random
    owners, ids, annexes, Jardin flags), pieces, postcards, reserves and patterns
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
    sizes = st.lists(st.sampled_from(BOX_SIZES), max_size=6)
    return Position(
        ground,
        tuple(buildings),
        Reserve(orange=draw(sizes), blue=draw(sizes)),
        Postcards(draw(cards), draw(cards), draw(cards)),
        pieces,
        Rules(draw(patterns)),
    )


# -- legal_positions(): random legal positions built by legal moves only (issue 3) -------
# Self-contained on purpose: it shares no helper with the other strategies of this file.

_LEGAL_BOX = (3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6)
_LEGAL_IDS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _legal_pick(rng: random.Random, bb: int) -> int | None:
    """A random space of ``bb``, or ``None`` when it is empty."""
    spaces = list(scan(bb))
    return rng.choice(spaces) if spaces else None


def _legal_add(position: Position, building: Building) -> Position:
    return attrs.evolve(position, buildings=(*position.buildings, building))


def _legal_build(
    rng: random.Random, position: Position, player: Player, shape: Shape, *, jardin: bool = False
) -> Position | None:
    """``position`` with ``shape`` built at a random legal placement, or ``None`` if it fits nowhere.

    The Jardin des Plantes uses neither Métropolitain nor Chartier (P4 ruling).
    """
    cards = {"metropolitain": False, "chartier": False} if jardin else {}
    options = legal_placements(position, player, shape, **cards)
    if not options:
        return None
    choice = rng.choice(options)
    building = Building(_LEGAL_IDS[len(position.buildings)], player, choice.cells)
    position = _legal_add(position, building)
    if choice.chartier is not None:
        position = attrs.evolve(position, pieces=attrs.evolve(position.pieces, chartier=choice.chartier))
    return position


@st.composite
def legal_positions(draw: st.DrawFn) -> Position:
    """A random legal position reached by legal moves only.

    Random ground with exactly 8 streetlight spaces; 8 random postcards in
    play, up to 4 used by each player; buildings taken from the box's 12
    pieces (random shapes of the right sizes) built alternately through
    :func:`paris_score.legal_placements` (Métropolitain and Chartier included),
    the rest left in reserve with or without their shapes; then the Jardin
    des Plantes, the annex and every special piece of a used card on a space
    its rule allows, the statue last so that its front stays free.
    """
    codes = draw(st.lists(st.sampled_from("oobbm"), min_size=64, max_size=64))
    lights = draw(st.permutations(range(64)))[:8]
    rows = ["".join("l" if r * 8 + c in lights else codes[r * 8 + c] for c in range(8)) for r in range(8)]
    in_play = draw(st.permutations(list(Postcard)))[:8]
    tokens = draw(st.permutations(in_play))
    n_orange = draw(st.integers(0, 4))
    n_blue = draw(st.integers(0, 4))
    used = {Player.ORANGE: tuple(tokens[:n_orange]), Player.BLUE: tuple(tokens[n_orange : n_orange + n_blue])}
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    position = Position(
        Ground.from_rows(rows),
        postcards=Postcards(in_play, used[Player.ORANGE], used[Player.BLUE]),
    )

    pool = list(_LEGAL_BOX)
    rng.shuffle(pool)
    reserve: dict[Player, list[tuple[int, Shape | None]]] = {p: [] for p in PLAYERS}
    turns = draw(st.integers(0, len(pool)))
    for turn in range(turns):
        player = PLAYERS[turn % 2]
        size = pool.pop()
        shape = rng.choice(fixed_polyominoes(size))
        built = None if rng.random() < 0.2 else _legal_build(rng, position, player, shape)
        if built is None:
            reserve[player].append((size, shape if rng.random() < 0.5 else None))
        else:
            position = built
    position = attrs.evolve(
        position,
        reserve=Reserve(
            [n for n, _ in reserve[Player.ORANGE]],
            [n for n, _ in reserve[Player.BLUE]],
            [s for _, s in reserve[Player.ORANGE]],
            [s for _, s in reserve[Player.BLUE]],
        ),
    )

    def user(card: Postcard) -> Player | None:
        return position.postcards.user(card)

    jardin_user = user(Postcard.JARDIN_DES_PLANTES)
    if jardin_user is not None:
        domino = ((0, 0), (1, 0))
        built = _legal_build(rng, position, jardin_user, domino, jardin=True)
        if built is not None:
            last = built.buildings[-1]
            position = attrs.evolve(built, buildings=(*built.buildings[:-1], attrs.evolve(last, jardin=True)))

    annex_user = user(Postcard.BOUQUINISTES)
    if annex_user is not None:
        empty = ~position.occupied & BB_ALL
        own = position.colours.own(annex_user)
        mine = [b for b in position.buildings if b.owner is annex_user]
        spots = [(b, sq) for b in mine for sq in scan(own & empty & _legal_adjacent_to(b.cells))]
        if spots:
            target, at = rng.choice(spots)
            buildings = tuple(attrs.evolve(b, annex=at) if b is target else b for b in position.buildings)
            position = attrs.evolve(position, buildings=buildings)

    pieces: dict[str, object] = {}

    def free() -> int:
        bb = ~position.occupied & BB_ALL
        for sq in pieces.values():
            if isinstance(sq, int):
                bb &= ~(1 << sq)
        return bb

    colours = position.colours
    for name, card in (
        ("painter", Postcard.LE_PEINTRE),
        ("dancer", Postcard.MOULIN_ROUGE),
        ("streetlight", Postcard.LAMPADAIRE),
        ("fountain", Postcard.FONTAINE_DES_MERS),
        ("large_streetlight", Postcard.LA_GRANDE_LUMIERE),
    ):
        owner = user(card)
        if owner is None or rng.random() < 0.2:
            continue
        if name == "fountain":
            allowed = colours.own(owner) | colours.mixed
        elif name == "large_streetlight":
            allowed = position.ground.streetlight
        else:
            allowed = colours.own(owner)
        sq = _legal_pick(rng, allowed & free())
        if sq is not None:
            pieces[name] = sq
    position = attrs.evolve(position, pieces=attrs.evolve(position.pieces, **pieces))

    owner = user(Postcard.LE_PENSEUR)
    if owner is not None:
        room = position.colours.own(owner) & ~position.occupied & BB_ALL
        options = [
            Statue(sq, facing)
            for sq in scan(room)
            for facing in FACINGS
            if (front := Statue(sq, facing).front) is not None and not position.occupied >> front & 1
        ]
        if options:
            position = attrs.evolve(position, pieces=attrs.evolve(position.pieces, statue=rng.choice(options)))
    return position


def _legal_adjacent_to(bb: int) -> int:
    out = 0
    for sq in scan(bb):
        out |= BB_ADJACENT[sq]
    return out & ~bb
