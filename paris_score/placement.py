"""Where a building may go: every legal placement of a shape, and why one fails (P1, P3, P7, B4).

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
from typing import NamedTuple

import attrs

from paris_score.errors import Problem
from paris_score.model import MAX_BUILDINGS, Player, PlayerLike, Position, as_player
from paris_score.postcards import Postcard
from paris_score.problems import (
    BUILDING_NOT_CONNECTED,
    BUILDING_ON_STREETLIGHT,
    BUILDING_ON_WRONG_COLOUR,
    METROPOLITAIN_MORE_THAN_ONE_STREETLIGHT,
    PLACEMENT_EMPTY,
    SPACE_NOT_FREE,
    TOO_MANY_BUILDINGS,
)
from paris_score.shapes import (
    Shape,
    canonical,
    is_shape,
    normalise,
    orientations,
    shape_bitboard,
    shape_of,
)
from paris_score.squares import BB_ALL, SIZE, Bitboard, Square, is_connected, names, scan, square_name

__all__ = [
    "Placement",
    "Shape",
    "canonical",
    "chartier_open",
    "first_placement",
    "legal_placements",
    "metropolitain_open",
    "normalise",
    "orientations",
    "placement_problems",
    "shape_bitboard",
    "shape_of",
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
        text = " ".join(names(self.cells))
        if self.streetlight is not None:
            text += f" (Métropolitain: {square_name(self.streetlight)})"
        if self.chartier is not None:
            text += f" (Chartier: {square_name(self.chartier)})"
        return text


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
    each open card adds (P1, P3, P7).  The one fit check of the game engine and :func:`legal_placements`."""
    good, extra_light, extra_other = where[:3]
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


@functools.cache
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
    for name, spaces in position.things():
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

    Uses the same rules and rulings as :func:`legal_placements`; the problem
    codes are those of :func:`paris_score.check`.
    """
    player = as_player(player)
    if not cells:
        return [PLACEMENT_EMPTY("a building covers at least one space")]
    problems = []
    count = len(position.buildings_of(player))
    if count >= MAX_BUILDINGS:
        problems.append(
            TOO_MANY_BUILDINGS(
                f"{player} has built {count} buildings and has no chimney left (at most {MAX_BUILDINGS})",
            )
        )
    if not is_connected(cells):
        problems.append(BUILDING_NOT_CONNECTED("the spaces are not connected edge to edge", scan(cells)))
    taken = cells & position.occupied
    if taken:
        what = ", ".join(f"{square_name(sq)} ({what_stands_on(position, sq)})" for sq in scan(taken))
        problems.append(SPACE_NOT_FREE(f"not free: {what}", scan(taken)))
    colours = position.colours
    other = cells & colours.own(player.other)
    cha = chartier_open(position, player) if chartier is None else chartier
    if other and not (cha and other.bit_count() == 1):
        if cha:
            problems.append(
                BUILDING_ON_WRONG_COLOUR(
                    f"covers {other.bit_count()} spaces of {player.other}'s colour; "
                    "Chartier makes only one of them mixed",
                    scan(other),
                )
            )
        else:
            problems.append(
                BUILDING_ON_WRONG_COLOUR(
                    f"covers {player.other}'s colour",
                    scan(other),
                )
            )
    light = cells & colours.streetlight
    met = metropolitain_open(position, player) if metropolitain is None else metropolitain
    if light and not (met and light.bit_count() == 1):
        if met:
            problems.append(
                METROPOLITAIN_MORE_THAN_ONE_STREETLIGHT(
                    f"covers {light.bit_count()} streetlight spaces; Métropolitain allows exactly one",
                    scan(light),
                )
            )
        else:
            problems.append(
                BUILDING_ON_STREETLIGHT(
                    "covers a streetlight space without an open Métropolitain (P3)",
                    scan(light),
                )
            )
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
