"""The placement engine: where a building, the Jardin des Plantes, a piece or the annex may go, and why not
(P1-P13, B4).

The game engine (the first refusal of a move), the position referee (every
problem of a board), :func:`legal_placements` and :func:`placement_problems`
all ask this module; the end of it makes every ground refusal and problem
(a build's ground is one decision for a move and a position).

A placement is legal for ``player`` when (P1) every space is free (W1) and of
the player's colour or mixed (the laid Chartier space counts as mixed), the
spaces are connected, and the player still has a chimney (B4: at most 7
buildings).  Two postcards stretch P1 for one build:

- **Métropolitain (P3)**: the building may cover exactly one free streetlight space.
- **Chartier (P7)**: the player lays the mixed space on one free space of the
  opponent's colour and builds over it at once, so the building may cover
  exactly one space of the opponent's colour.

**[ruling] What the position can tell.**  A position records who put a token
on a card, not whether the card was flipped, and a card may be activated only
to deny it (F3).  So by default a card's build counts as still open when its
user has left no trace of it on the board: Métropolitain when none of the
player's buildings covers a streetlight space, Chartier when the Chartier
space is not on the board.  Pass ``metropolitain=`` / ``chartier=`` to decide
otherwise.  Both may serve the same building (one streetlight and one
opponent's space).

Shapes are :data:`~paris_score.shapes.Shape` offset tuples, or a bitboard of
the spaces the shape draws anywhere on the board.
"""

from __future__ import annotations

import functools
from typing import Final, NamedTuple

import attrs

from paris_score.codes import (
    ANNEX_APART,
    ANNEX_APART_MOVE,
    ANNEX_OFF_OWN,
    ANNEX_OFF_OWN_MOVE,
    CHARTIER_NOT_FOUNTAIN,
    CHARTIER_NOT_OPPONENT,
    CHARTIER_NOT_YOURS,
    CHARTIER_OFF_OPPONENT,
    CHARTIER_OFF_OPPONENT_MOVE,
    FACES_OFF,
    FRONT_COVERED,
    JARDIN_ON_LIGHT,
    JARDIN_ON_LIGHT_METRO,
    JARDIN_ON_LIGHT_MOVE,
    JARDIN_ON_OPPONENT,
    JARDIN_ON_OPPONENT_CHARTIER,
    METRO_NOT_COVERED,
    METRO_NOT_HELD,
    METRO_TOO_MANY,
    METRO_TOO_MANY_PLACEMENT,
    NO_CHIMNEY_TO_BUILD,
    NOT_CONNECTED_PLACEMENT,
    NOT_FREE,
    NOT_FREE_IN_FRONT,
    NOTHING_TO_PLACE,
    OFF_OWN,
    OFF_OWN_MOVE,
    OFF_OWN_OR_MIXED,
    OFF_OWN_OR_MIXED_CHARTIER,
    OFF_OWN_OR_MIXED_MOVE,
    OFF_STREETLIGHT,
    OFF_STREETLIGHT_MOVE,
    ON_OPPONENT,
    ON_OPPONENT_CHARTIER_USED,
    ON_OPPONENT_NAME_CHARTIER,
    ON_OPPONENT_NO_CHARTIER,
    ON_OPPONENT_ONE_CHARTIER,
    ON_OPPONENT_PLACEMENT,
    ON_OPPONENT_TOO_MANY,
    ON_STREETLIGHT,
    ON_STREETLIGHT_METRO_USED,
    ON_STREETLIGHT_NAME_METRO,
    ON_STREETLIGHT_NO_METRO,
    ON_STREETLIGHT_ONE_METRO,
    ON_STREETLIGHT_PLACEMENT,
    STANDING_ON,
    WOULD_FACE_OFF,
    Wording,
)
from paris_score.errors import IllegalMoveError, Problem
from paris_score.i18n import Template, Text
from paris_score.model import (
    FACING_WORDS,
    FACINGS,
    FRONT,
    JARDIN,
    MAX_BUILDINGS,
    PLAYERS,
    Building,
    Facing,
    Player,
    PlayerLike,
    Position,
    Statue,
    as_player,
    building_name,
)
from paris_score.postcards import FOUNTAIN, Allowed, Piece, Postcard
from paris_score.shapes import (
    Shape,
    is_shape,
    normalise,
    orientations,
    shape_bitboard,
    shape_of,
)
from paris_score.squares import (
    BB_ADJACENT,
    BB_ALL,
    SIZE,
    SQUARES,
    Bitboard,
    Square,
    adjacent,
    is_connected,
    names,
    names_text,
    scan,
    square_name,
)

__all__ = [
    "Placement",
    "chartier_open",
    "first_placement",
    "legal_placements",
    "metropolitain_open",
    "placement_problems",
    "what_stands_on",
]


@attrs.frozen
class Placement:
    """One legal way to build: the spaces covered, and the cards the build uses."""

    cells: Bitboard
    streetlight: Square | None = None
    """The streetlight space covered under Métropolitain (P3), if any."""
    chartier: Square | None = None
    """The opponent's space the Chartier space is laid on (P7), if any."""

    @property
    def shape(self) -> Shape:
        return shape_of(self.cells)

    def __str__(self) -> str:
        return str(self.text)

    @property
    def text(self) -> Text:
        """``C3 D3 D4``, and the card builds it uses (``(Métropolitain: D4)``), said in any language."""
        spaces = " ".join(names(self.cells))
        uses = [
            (card, sq)
            for card, sq in ((Postcard.METROPOLITAIN, self.streetlight), (Postcard.CHARTIER, self.chartier))
            if sq is not None
        ]
        if not uses:
            return PLACED(spaces=spaces)
        if len(uses) == 1:
            return PLACED_WITH_CARD(spaces=spaces, card=uses[0][0], space=square_name(uses[0][1]))
        return PLACED_WITH_CARDS(
            spaces=spaces,
            card=uses[0][0],
            space=square_name(uses[0][1]),
            card2=uses[1][0],
            space2=square_name(uses[1][1]),
        )


PLACED: Final = Template("placement", "{spaces}")
PLACED_WITH_CARD: Final = Template("placement.card", "{spaces} ({card}: {space})")
PLACED_WITH_CARDS: Final = Template("placement.cards", "{spaces} ({card}: {space}) ({card2}: {space2})")
"""A placement: its spaces, and the spaces the card builds it uses cover (Métropolitain, then Chartier)."""


def metropolitain_open(position: Position, player: PlayerLike) -> bool:
    """P3 [ruling]: the player used Métropolitain and none of their buildings covers a streetlight."""
    player = as_player(player)
    if Postcard.METROPOLITAIN not in position.postcards.used(player):
        return False
    covered = 0
    for b in position.buildings_of(player):
        covered |= b.cells
    return not covered & position.ground.streetlight


def chartier_open(position: Position, player: PlayerLike) -> bool:
    """P7 [ruling]: the player used Chartier and the Chartier space is not on the board yet."""
    player = as_player(player)
    return Postcard.CHARTIER in position.postcards.used(player) and position.pieces.chartier is None


def _as_shape(shape: Shape | Bitboard) -> Shape:
    found = shape_of(shape) if isinstance(shape, int) else normalise(shape)
    if not isinstance(shape, int) and len(found) != len(shape):
        raise ValueError(f"{shape!r} is not a shape: an offset is listed twice")
    if not is_shape(found):
        raise ValueError(f"{shape!r} is not a shape: expected edge-connected (dc, dr) offsets that fit the board")
    return found


def legal_placements(
    position: Position,
    player: PlayerLike,
    shape: Shape | Bitboard,
    *,
    reflections: bool = False,
    metropolitain: bool | None = None,
    chartier: bool | None = None,
) -> list[Placement]:
    """Every legal placement of ``shape`` for ``player``, in every rotation (P1, P3, P7, B4).

    Reflections are off by default: the box's pieces are not turned over
    (docs/unknowns.md).  ``metropolitain`` / ``chartier``: whether that
    card's build is open; ``None`` infers it from the position (see the
    module's ruling).  Placements come in board order of their first space;
    a symmetric shape's equal placements are listed once.
    """
    player = as_player(player)
    shape = _as_shape(shape)
    where = _room(position, player, metropolitain, chartier)
    if where is None:
        return []
    found: dict[Bitboard, Placement] = {}
    for turned in orientations(shape, reflections):
        base, offsets, anchors = layout(turned)
        at = fits(offsets, anchors, where)
        while at:
            low = at & -at
            at ^= low
            bb = base << (low.bit_length() - 1)
            if bb not in found:
                found[bb] = Placement(bb, *card_spaces(bb, where))
    return sorted(found.values(), key=lambda p: _board_order(p.cells))


class Room(NamedTuple):
    """Where a player may build now: the spaces P1 allows, and those a card's build adds (P3, P7)."""

    good: Bitboard
    """Free spaces of the player's colour or mixed (P1)."""
    extra_light: Bitboard
    """Free streetlight spaces, when Métropolitain's build is open (P3); one per building."""
    extra_other: Bitboard
    """Free spaces of the opponent's colour, when Chartier's build is open (P7); one per building."""
    lights: Bitboard
    """Every streetlight space (P1)."""
    opponents: Bitboard
    """Every space of the opponent's colour (P1)."""


def room_of(
    free: Bitboard, own: Bitboard, opponents: Bitboard, mixed: Bitboard, lights: Bitboard, metro: bool, chartier: bool
) -> Room:
    """P1, P3, P7: the :class:`Room` of a player with the ``free`` spaces and this ground; ``metro`` / ``chartier``:
    whether that card's build is open to them."""
    return Room(
        free & (own | mixed), free & lights if metro else 0, free & opponents if chartier else 0, lights, opponents
    )


def fits(offsets: tuple[int, ...], anchors: Bitboard, where: Room) -> Bitboard:
    """The anchors where a shape laid out as ``offsets`` fits ``where``: on good spaces, with at most one space that
    each open card adds (P1, P3, P7).  The one fit check of the game engine (G9) and :func:`legal_placements`."""
    good, extra_light, extra_other, _, _ = where
    found = anchors_within(offsets, anchors, good | extra_light | extra_other)
    if extra_light and found:
        found &= ~anchors_twice(offsets, extra_light)
    if extra_other and found:
        found &= ~anchors_twice(offsets, extra_other)
    return found


def card_spaces(cells: Bitboard, where: Room) -> tuple[Square | None, Square | None]:
    """The streetlight space (P3) and the opponent's space (P7) a fitting placement covers, or ``None``."""
    light = cells & where.extra_light
    other = cells & where.extra_other
    return (light.bit_length() - 1 if light else None, other.bit_length() - 1 if other else None)


_ROOMS: dict[tuple[int, Player, bool | None, bool | None], tuple[Position, Room | None]] = {}
"""The last few rooms computed: the F4 test asks about one position many times, shape after shape."""


def _room(position: Position, player: Player, metropolitain: bool | None, chartier: bool | None) -> Room | None:
    """The player's :class:`Room` in ``position``, or ``None`` without a chimney left (B4)."""
    key = (id(position), player, metropolitain, chartier)
    known = _ROOMS.get(key)
    if known is not None and known[0] is position:  # the very same (immutable) position
        return known[1]
    found = None
    if len(position.buildings_of(player)) < MAX_BUILDINGS:
        met = metropolitain_open(position, player) if metropolitain is None else metropolitain
        cha = chartier_open(position, player) if chartier is None else chartier
        c = position.colours
        free = BB_ALL & ~position.occupied
        found = room_of(free, c.own(player), c.own(player.other), c.mixed, c.streetlight, met, cha)
    if len(_ROOMS) >= 8:
        _ROOMS.clear()
    _ROOMS[key] = (position, found)
    return found


@functools.lru_cache(maxsize=4096)
def layout(shape: Shape) -> tuple[Bitboard, tuple[int, ...], Bitboard]:
    """The shape drawn from A1, the offsets of its spaces from A1, and every anchor where it fits the board.

    An anchor is the square A1 moves to: the shape laid at anchor ``a`` is ``base << a``.
    """
    base = shape_bitboard(shape)
    width = max(dc for dc, _ in shape) + 1
    height = max(dr for _, dr in shape) + 1
    anchors = 0
    for r in range(SIZE - height + 1):
        for c in range(SIZE - width + 1):
            anchors |= 1 << (r * SIZE + c)
    return base, tuple(scan(base)), anchors


def anchors_within(offsets: tuple[int, ...], anchors: Bitboard, spaces: Bitboard) -> Bitboard:
    """The anchors where every space of the shape lies in ``spaces`` (shift-and-mask, all anchors at once)."""
    for k in offsets:
        anchors &= spaces >> k
    return anchors


def anchors_twice(offsets: tuple[int, ...], spaces: Bitboard) -> Bitboard:
    """The anchors where two spaces or more of the shape lie in ``spaces`` (a bitwise counter: once, twice)."""
    once = twice = 0
    for k in offsets:
        hit = spaces >> k
        twice |= once & hit
        once |= hit
    return twice


_REVERSED_BITS = bytes(int(f"{byte:08b}"[::-1], 2) for byte in range(256))


def _board_order(cells: Bitboard) -> int:
    """A sort key: placements of one shape come in the board order of their spaces, first space first.

    For two sets of the same size, the one holding the lowest space of their
    difference comes first; with the bits reversed (space ``x`` at bit ``63 - x``)
    that is the larger number, hence the minus.
    """
    return -int.from_bytes(cells.to_bytes(8, "little").translate(_REVERSED_BITS), "big")


def what_stands_on(position: Position, sq: Square) -> str | None:
    """A name for the piece on ``sq`` (``"building D"``, ``"the painter"``), or ``None``."""
    name = _thing_on(position, sq)
    return None if name is None else str(name)


def _thing_on(position: Position, sq: Square) -> Text | None:
    """:func:`what_stands_on`, said in any language."""
    for name, spaces in position.named_things():
        if spaces >> sq & 1:
            return name
    return None


def placement_problems(
    position: Position,
    player: PlayerLike,
    cells: Bitboard,
    *,
    metropolitain: bool | None = None,
    chartier: bool | None = None,
) -> list[Problem]:
    """Why ``player`` may not build on exactly ``cells`` now; empty when the build is legal.

    Uses the same rules and rulings as :func:`legal_placements`: a chimney
    left (B4), free spaces (W1), connected, and the ground (P1, P3, P7), an
    open card's build allowing any one space (a build move must name it:
    ``metro=``, ``chartier=``); the problem codes are those of
    :func:`paris_score.check`.
    """
    player = as_player(player)
    if not cells:
        return [NOTHING_TO_PLACE.problem()]
    problems = []
    count = len(position.buildings_of(player))
    if count >= MAX_BUILDINGS:
        problems.append(NO_CHIMNEY_TO_BUILD.problem(player=player, n=count, most=MAX_BUILDINGS))
    if not is_connected(cells):
        problems.append(NOT_CONNECTED_PLACEMENT.problem(scan(cells)))
    taken = cells & position.occupied
    if taken:
        what = [STANDING_ON(space=square_name(sq), thing=_thing_on(position, sq)) for sq in scan(taken)]
        problems.append(NOT_FREE.problem(scan(taken), spaces=what))
    colours = position.colours
    holds_metro = metropolitain_open(position, player) if metropolitain is None else metropolitain
    holds_chartier = chartier_open(position, player) if chartier is None else chartier
    for wording, message, spaces in _ground_faults(
        player,
        cells,
        colours.streetlight,
        colours.own(player.other),
        None,
        None,
        holds_metro,
        holds_chartier,
        move=False,
    ):
        problems.append(wording.kind(message, scan(spaces)))
    return problems


def first_placement(
    position: Position,
    player: PlayerLike,
    shape: Shape,
    *,
    metropolitain: bool | None = None,
    chartier: bool | None = None,
) -> Placement | None:
    """The first legal placement of ``shape`` (rotations only), or ``None`` when it fits nowhere."""
    player = as_player(player)
    found = legal_placements(position, player, shape, metropolitain=metropolitain, chartier=chartier)
    return found[0] if found else None


# -- Why not: the ground rules of a build, the Jardin des Plantes, a piece and the annex, for moves and positions --
#
# The game engine asks for the first refusal (docs/replaying.md's order of the checks: options, then ground);
# the position referee and placement_problems for every problem.  The codes building-on-streetlight,
# building-on-wrong-colour, metropolitain-more-than-one-streetlight, jardin-on-streetlight, piece-on-wrong-colour,
# chartier-not-under-fountain, statue-front-off-board, statue-front-not-free, annex-on-wrong-colour and
# annex-not-adjacent are made here only.


class _CardGround(NamedTuple):
    """A ground P1 keeps a building off, of which one card's build allows one space (P3, P7), and the wordings of
    a building covering more of it: a refused move's when the option was named, when the card is not held, when
    one space is left to name, when more are; then a position's when the card is not open, and when the building
    covers more than one space."""

    used: Wording
    not_held: Wording
    name_it: Wording
    one: Wording
    closed: Wording
    too_many: Wording


_LIGHT: Final = _CardGround(
    ON_STREETLIGHT_METRO_USED,
    ON_STREETLIGHT_NO_METRO,
    ON_STREETLIGHT_NAME_METRO,
    ON_STREETLIGHT_ONE_METRO,
    ON_STREETLIGHT_PLACEMENT,
    METRO_TOO_MANY_PLACEMENT,
)
_COLOUR: Final = _CardGround(
    ON_OPPONENT_CHARTIER_USED,
    ON_OPPONENT_NO_CHARTIER,
    ON_OPPONENT_NAME_CHARTIER,
    ON_OPPONENT_ONE_CHARTIER,
    ON_OPPONENT_PLACEMENT,
    ON_OPPONENT_TOO_MANY,
)


def _ground_faults(
    player: Player,
    cells: Bitboard,
    lights: Bitboard,
    opponents: Bitboard,
    metro: Square | None,
    chartier: Square | None,
    holds_metro: bool,
    holds_chartier: bool,
    *,
    move: bool,
) -> list[tuple[Wording, Text, Bitboard]]:
    """The ground of a building on ``cells`` (P1, P3, P7): the spaces of a streetlight or of the opponent's colour
    it covers beyond the one each card's build allows, as (wording, message, spaces).

    For a ``move``, a held card (``holds_*``) allows the space its option names (``metro`` / ``chartier``); the
    first fault only, the streetlight first (docs/replaying.md's order).  For a position, an open card allows any
    one space; every fault, the colour first, as :func:`paris_score.check` lists them.
    """
    faults: list[tuple[Wording, Text, Bitboard]] = []
    grounds = ((_LIGHT, lights, metro, holds_metro), (_COLOUR, opponents, chartier, holds_chartier))
    for words, spaces, named, held in grounds if move else grounds[::-1]:
        covered = cells & spaces
        if not covered:
            continue
        if not move:  # an open card allows any one space
            if held and covered.bit_count() == 1:
                continue
            wording = words.too_many if held else words.closed
            beyond = covered
        else:
            beyond = covered & ~(0 if named is None else 1 << named)
            if not beyond:
                continue
            if named is not None:
                wording = words.used
            elif not held:
                wording = words.not_held
            else:
                wording = words.name_it if beyond.bit_count() == 1 else words.one
        message = wording(player=player, other=player.other, n=covered.bit_count(), spaces=names_text(beyond))
        faults.append((wording, message, beyond))
        if move:
            break
    return faults


def build_refusal(
    player: Player,
    cells: Bitboard,
    lights: Bitboard,
    opponents: Bitboard,
    metro: Square | None,
    chartier: Square | None,
    holds_metro: bool,
    holds_chartier: bool,
) -> IllegalMoveError | None:
    """Steps 7 and 8 of a build move (P1, P3, P7): the options it names, then its ground; ``None`` when both hold.

    ``metro`` / ``chartier``: the spaces the move names; ``holds_*``: whether the player holds that card's build.
    """
    if metro is not None:
        if not holds_metro:
            return METRO_NOT_HELD.refuse((metro,), player=player)
        if not (cells & lights) >> metro & 1:
            return METRO_NOT_COVERED.refuse((metro,), space=square_name(metro))
    if chartier is not None:
        if not holds_chartier:
            return CHARTIER_NOT_YOURS.refuse((chartier,), player=player)
        if not (cells & opponents) >> chartier & 1:
            return CHARTIER_NOT_OPPONENT.refuse((chartier,), space=square_name(chartier), other=player.other)
    if not cells & (lights | opponents):
        return None
    faults = _ground_faults(player, cells, lights, opponents, metro, chartier, holds_metro, holds_chartier, move=True)
    if not faults:
        return None
    wording, message, spaces = faults[0]
    return wording.kind.refuse(message, tuple(scan(spaces)))


def jardin_refusal(
    player: Player, cells: Bitboard, lights: Bitboard, opponents: Bitboard, holds_metro: bool, holds_chartier: bool
) -> IllegalMoveError | None:
    """The ground of the Jardin des Plantes (P4): never a streetlight space, never the opponent's colour (P1) [ruling:
    Métropolitain and Chartier serve the 12 building pieces only]; ``None`` when it may go on ``cells``."""
    if cells & lights:
        wording = JARDIN_ON_LIGHT_METRO if holds_metro else JARDIN_ON_LIGHT_MOVE
        return wording.refuse(tuple(scan(cells & lights)), spaces=names_text(cells & lights))
    if cells & opponents:
        wording = JARDIN_ON_OPPONENT_CHARTIER if holds_chartier else JARDIN_ON_OPPONENT
        return wording.refuse(
            tuple(scan(cells & opponents)), player=player, other=player.other, spaces=names_text(cells & opponents)
        )
    return None


_PIECE_GROUND: Final[dict[Allowed, tuple[Wording, Wording]]] = {
    Allowed.OWN: (OFF_OWN_MOVE, OFF_OWN),
    Allowed.OWN_OR_MIXED: (OFF_OWN_OR_MIXED_MOVE, OFF_OWN_OR_MIXED),
    Allowed.STREETLIGHT: (OFF_STREETLIGHT_MOVE, OFF_STREETLIGHT),
    Allowed.OPPONENT: (CHARTIER_OFF_OPPONENT_MOVE, CHARTIER_OFF_OPPONENT),
}
"""For each ground a piece may need (:class:`~paris_score.postcards.Allowed`): the wording of a move putting a piece
off it, and of a position's piece standing off it."""


def piece_refusal(
    piece: Piece, player: Player, sq: Square, allowed: Bitboard, wording: Wording | None = None
) -> IllegalMoveError | None:
    """A move putting ``piece`` on ``sq`` off its ground (``allowed``: :meth:`Allowed.spaces`), or ``None``
    (P6, P9, P10, P11, P12, P13); ``wording``: another than the ground's."""
    if allowed >> sq & 1:
        return None
    wording = wording or _PIECE_GROUND[piece.allowed][0]
    return wording.refuse((sq,), rule=piece.rule, piece=piece, user=player, other=player.other, space=square_name(sq))


def piece_ground_problem(piece: Piece, user: Player, sq: Square, allowed: Bitboard) -> Problem | None:
    """A position's ``piece`` of ``user`` standing on ``sq`` off its ground (``allowed``), or ``None``."""
    if allowed >> sq & 1:
        return None
    return _PIECE_GROUND[piece.allowed][1].problem(
        (sq,), rule=piece.rule, piece=piece, user=user, other=user.other, space=square_name(sq)
    )


def fountain_on_chartier(opponents: Bitboard, holds_chartier: bool) -> Bitboard:
    """Where the fountain may go with the held Chartier space laid under it: the opponent's colour (P7, P12)."""
    return opponents if holds_chartier else 0


def fountain_refusal(
    player: Player, sq: Square, chartier: Square | None, allowed: Bitboard, opponents: Bitboard, holds_chartier: bool
) -> IllegalMoveError | None:
    """The option and the ground of a move putting the fountain on ``sq`` (P12; ``allowed``: its ground), or
    ``None``: with ``chartier=``, on the held Chartier space laid on the opponent's colour (P7, its space named)."""
    on_chartier = fountain_on_chartier(opponents, holds_chartier) >> sq & 1
    if chartier is None:
        return piece_refusal(FOUNTAIN, player, sq, allowed, OFF_OWN_OR_MIXED_CHARTIER if on_chartier else None)
    if not holds_chartier:
        return CHARTIER_NOT_YOURS.refuse((chartier,), player=player)
    if chartier != sq or not on_chartier:
        return CHARTIER_NOT_FOUNTAIN.refuse((chartier,), space=square_name(chartier), other=player.other)
    return None


_FRONTS: Final = tuple(
    tuple((front, facing) for facing in FACINGS if (front := FRONT[facing][sq]) is not None) for sq in SQUARES
)
"""Each space's facings whose front space is on the board, with that space."""


def statue_facings(sq: Square, occupied: Bitboard) -> list[Facing]:
    """The facings a statue on ``sq`` may take (the game engine's moves): its front space on the board [ruling] and
    free (P11), as :func:`statue_refusal` asks of one."""
    return [facing for front, facing in _FRONTS[sq] if not occupied >> front & 1]


def statue_refusal(sq: Square, facing: Facing, occupied: Bitboard) -> IllegalMoveError | None:
    """A move putting the statue on ``sq`` facing ``facing`` whose front space is off the board [ruling] or not
    free (P11), or ``None``."""
    front = FRONT[facing][sq]
    if front is None:
        return WOULD_FACE_OFF.refuse((sq,), space=square_name(sq), facing=FACING_WORDS[facing])
    if occupied >> front & 1:
        return NOT_FREE_IN_FRONT.refuse((front,), rule="P11", facing=FACING_WORDS[facing], space=square_name(front))
    return None


def statue_front_problems(statue: Statue, occupied: Bitboard) -> list[Problem]:
    """A position's statue facing off the board [ruling], or its front space covered (P11: free when the statue was
    placed; a later piece may cover it, S4c)."""
    front = statue.front
    if front is None:
        return [FACES_OFF.problem((statue.at,), space=square_name(statue.at), facing=FACING_WORDS[statue.facing])]
    if occupied >> front & 1:
        return [FRONT_COVERED.problem((front,), space=square_name(front))]
    return []


def annex_spaces(cells: Bitboard, own: Bitboard) -> Bitboard:
    """Where the annex of the building on ``cells`` may stand, free or not (P8): its owner's colour (``own``),
    touching the building along an edge."""
    return own & adjacent(cells) & ~cells


def annex_refusal(player: Player, sq: Square, building: Building, own: Bitboard) -> IllegalMoveError | None:
    """A move putting the annex of ``building`` on ``sq`` off its ground (P8; ``own``: the player's colour), or
    ``None``."""
    if annex_spaces(building.cells, own) >> sq & 1:
        return None
    if not own >> sq & 1:
        return ANNEX_OFF_OWN_MOVE.refuse((sq,), player=player, space=square_name(sq))
    return ANNEX_APART_MOVE.refuse((sq,), space=square_name(sq), id=building.id)


def annex_ground_problems(building: Building, own: Bitboard) -> list[Problem]:
    """A position's annex of ``building`` off its ground (P8; ``own``: its owner's colour): not on that colour, not
    touching the building along an edge."""
    at = building.annex
    if at is None:
        return []
    problems = []
    if not own >> at & 1:
        problems.append(ANNEX_OFF_OWN.problem((at,), id=building.id, space=square_name(at), owner=building.owner))
    if not BB_ADJACENT[at] & building.cells:
        problems.append(ANNEX_APART.problem((at,), id=building.id, space=square_name(at)))
    return problems


def building_ground_problems(building: Building, opponents: Bitboard, lights: Bitboard) -> list[Problem]:
    """A position's building on the opponent's colour (P1; the laid Chartier space is mixed) or the Jardin des
    Plantes on a streetlight space (P4 ruling); the other streetlight spaces: :func:`streetlight_problems`."""
    problems = []
    wrong = building.cells & opponents
    if wrong:
        owner = building.owner
        problems.append(ON_OPPONENT.problem(scan(wrong), thing=building_name(building), owner=owner, other=owner.other))
    if building.jardin and building.cells & lights:
        problems.append(JARDIN_ON_LIGHT.problem(scan(building.cells & lights), thing=JARDIN(id=building.id)))
    return problems


def streetlight_problems(position: Position, lights: Bitboard) -> list[Problem]:
    """A position's building pieces on streetlight spaces (P1): one in all for a player who used Métropolitain
    (P3), none for the other."""
    problems = []
    for player in PLAYERS:
        covering = [b for b in position.buildings if b.owner is player and not b.jardin and b.cells & lights]
        if not covering:
            continue
        if Postcard.METROPOLITAIN in position.postcards.used(player):
            covered = 0
            for b in covering:
                covered |= b.cells & lights
            if covered.bit_count() > 1:
                problems.append(
                    METRO_TOO_MANY.problem(
                        scan(covered), player=player, ids=[b.id for b in covering], n=covered.bit_count()
                    )
                )
            continue
        problems += [ON_STREETLIGHT.problem(scan(b.cells & lights), id=b.id, player=player) for b in covering]
    return problems
