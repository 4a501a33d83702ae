"""Scoring at the end of the game (docs/rules.md, Scoring): S1-S5 as pure functions over bitboards.

:func:`score` computes the bitboards every line shares once, a :class:`Board`
(each building's spaces and the spaces beside it, what is built, what is
occupied, the lamps), and hands it to each line's function.  Each function
also works alone: without a board it computes one.  :func:`score_many` scores
a sequence of positions.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import Final, NamedTuple

from paris_score.errors import IllegalPositionError
from paris_score.light import lit_spaces, pattern_label, sight
from paris_score.model import Building, Pattern, Player, Position, occupancy
from paris_score.postcards import PIECE, STAMPED, Postcard
from paris_score.referee import reserve_not_given, structure_problems
from paris_score.report import (
    CardScore,
    CardScores,
    LargestGroup,
    LitBuilding,
    LitBuildings,
    PlayerScore,
    Report,
    Unbuilt,
)
from paris_score.squares import (
    BB_ADJACENT,
    BB_ALL,
    BB_DIAGONAL,
    Bitboard,
    Square,
    adjacent,
    flood,
    names_text,
    scan,
    square_name,
)

UNBUILT_PENALTY = -3
PAINTER_POINTS_PER_LAMP = 2
STATUE_POINTS_ADJACENT = 2
STATUE_POINTS_DIAGONAL = 1
FOUNTAIN_POINTS_PER_BUILDING = 3

Entry = tuple[Building, Bitboard, Bitboard, int]
"""A building, its spaces (the annex included, P8 ruling), the spaces adjacent to it (W2), its size (W3)."""


class Board(NamedTuple):
    """The bitboards every scoring line shares, computed once per position by :func:`board_of`."""

    orange: tuple[Entry, ...]
    """Orange's buildings, in the position's order."""
    blue: tuple[Entry, ...]
    """Blue's buildings, in the position's order."""
    built: Bitboard
    """Every building space."""
    occupied: Bitboard
    """Every space with a piece on it (W1)."""
    lamps: Bitboard
    """Every lamp (W4)."""
    large: Square | None
    """The large streetlight's space."""
    overlap: bool
    """True when two pieces share a space: such a board has no score."""


def board_of(position: Position) -> Board:
    """The shared bitboards of ``position``: each building's halo (W2), and its :func:`~paris_score.model.occupancy`."""
    orange: list[Entry] = []
    blue: list[Entry] = []
    built = 0
    count = 0
    orange_player = Player.ORANGE
    for b in position.buildings:
        s = b.spaces
        size = s.bit_count()
        (orange if b.owner is orange_player else blue).append((b, s, adjacent(s), size))
        built |= s
        count += size
    _, occupied, lamps, overlap = occupancy(position, built, count)
    return Board(tuple(orange), tuple(blue), built, occupied, lamps, position.pieces.large_streetlight, overlap)


def lit_buildings(position: Position, player: Player, board: Board | None = None) -> LitBuildings:
    """S1: size x lamps for each of the player's buildings, in position order.

    A normal lamp lights a building beside it (S1a); the large streetlight one
    with a space in its pattern and a clear line to it (S1b).  Each line keeps
    the spaces each lamp lights (``LitBuilding.reached``), for pictures.
    """
    bd = board or board_of(position)
    normal = bd.lamps
    table = None
    large = reach = 0
    if bd.large is not None:
        large = 1 << bd.large
        normal &= ~large
        table = sight(position.rules.large_streetlight_pattern, bd.large)
        reach = table.reach  # the pattern's spaces on the board
    lines = []
    total = 0
    for b, s, halo, size in bd.orange if player is Player.ORANGE else bd.blue:
        hit = normal & halo
        seen = 0  # the spaces the large streetlight lights
        if s & reach and table is not None:
            seen = lit_spaces(table, s, bd.built & ~s)
            if seen:
                hit |= large
        # Most buildings have no lamp or one: those need no loop.
        if not hit:
            lamps: tuple[Square, ...] = ()
            reached: tuple[Bitboard, ...] = ()
        elif hit & (hit - 1):
            lamps = tuple(scan(hit))
            reached = tuple(seen if lamp == bd.large else BB_ADJACENT[lamp] & s for lamp in lamps)
        else:
            lamps = (hit.bit_length() - 1,)
            reached = (seen if hit == large else BB_ADJACENT[lamps[0]] & s,)
        points = size * len(lamps)
        total += points
        lines.append(LitBuilding(b.id, size, lamps, points, b.annex is not None, b.jardin, reached))
    return LitBuildings(total, tuple(lines))


def largest_group(position: Position, player: Player, board: Board | None = None) -> LargestGroup:
    """S2: the largest edge-connected group of the player's buildings, by total size.

    Ties go to the group holding the first building id in string order.
    """
    bd = board or board_of(position)
    left = list(bd.orange if player is Player.ORANGE else bd.blue)
    best_points = 0
    best_ids: tuple[str, ...] = ()
    while left:
        first, _, reach, size = left.pop()
        members = [first.id]
        i = 0
        while i < len(left):  # add every building beside the group, rescanning after each addition
            other, s, halo, n = left[i]
            if s & reach:
                members.append(other.id)
                size += n
                reach |= halo
                del left[i]
                i = 0
            else:
                i += 1
        ids = tuple(sorted(members))
        if size > best_points or (size == best_points and ids[0] < best_ids[0]):
            best_points, best_ids = size, ids
    return LargestGroup(best_points, best_ids)


def unbuilt(position: Position, player: Player) -> Unbuilt:
    """S3: -3 a building left in reserve, waived by Sacré-Cœur."""
    sizes = position.reserve.of(player)
    given = player not in position.reserve.not_given
    count = len(sizes)
    if Postcard.SACRE_COEUR in position.postcards.used(player):
        return Unbuilt(count, 0, Postcard.SACRE_COEUR if count else None, sizes, given)
    return Unbuilt(count, UNBUILT_PENALTY * count, None, sizes, given)


def painter(position: Position, board: Board | None = None) -> CardScore:
    """S4a: +2 a lamp in the painter's area (bounded by buildings and the edge only)."""
    sq = position.pieces.painter
    if sq is None:
        return CardScore(Postcard.LE_PEINTRE, 0, "the painter is not on the board")
    bd = board or board_of(position)
    area = flood(1 << sq, BB_ALL & ~bd.built)
    lamps = bd.lamps & area
    n = lamps.bit_count()
    return CardScore(
        Postcard.LE_PEINTRE,
        PAINTER_POINTS_PER_LAMP * n,
        f"{n} lamp{'s' * (n != 1)} in the painter's area: {names_text(lamps) or 'none'}",
        area,
    )


def dancer(position: Position, board: Board | None = None) -> CardScore:
    """S4b: +1 a space of the dancer's area: free spaces that are not lamps, reachable from the dancer by edges.

    A space lit by a lamp is in the area; lamps, buildings and pieces bound it.
    """
    sq = position.pieces.dancer
    if sq is None:
        return CardScore(Postcard.MOULIN_ROUGE, 0, "the dancer is not on the board")
    bd = board or board_of(position)
    # Lamps are uncovered streetlight spaces or pieces, so this excludes them all.
    open_ground = BB_ALL & ~bd.occupied & ~position.ground.streetlight
    area = flood(1 << sq, open_ground | 1 << sq)
    n = area.bit_count()
    return CardScore(
        Postcard.MOULIN_ROUGE,
        n,
        f"{n} space{'s' * (n != 1)} in the dancer's area: {names_text(area)}",
        area,
    )


def statue(position: Position, board: Board | None = None) -> CardScore:
    """S4c: with a free front, +2 a free adjacent space and +1 a free diagonal one."""
    piece = position.pieces.statue
    if piece is None:
        return CardScore(Postcard.LE_PENSEUR, 0, "the statue is not on the board")
    bd = board or board_of(position)
    free = BB_ALL & ~bd.occupied
    front = piece.front
    if front is None:
        return CardScore(Postcard.LE_PENSEUR, 0, "the space in front of the statue is off the board")
    if not free >> front & 1:
        return CardScore(Postcard.LE_PENSEUR, 0, f"the space in front ({square_name(front)}) is not free")
    near = BB_ADJACENT[piece.at] & free
    corner = BB_DIAGONAL[piece.at] & free
    points = STATUE_POINTS_ADJACENT * near.bit_count() + STATUE_POINTS_DIAGONAL * corner.bit_count()
    detail = (
        f"front {square_name(front)} free; {near.bit_count()} free adjacent "
        f"({names_text(near)}) x 2 + {corner.bit_count()} free diagonal "
        f"({names_text(corner) or 'none'}) x 1"
    )
    return CardScore(Postcard.LE_PENSEUR, points, detail, near | corner)


def fountain(position: Position, player: Player, board: Board | None = None) -> CardScore:
    """S4d: +3 for each of the player's buildings adjacent to the fountain."""
    sq = position.pieces.fountain
    if sq is None:
        return CardScore(Postcard.FONTAINE_DES_MERS, 0, "the fountain is not on the board")
    bd = board or board_of(position)
    near = BB_ADJACENT[sq]
    ids = [b.id for b, s, _, _ in (bd.orange if player is Player.ORANGE else bd.blue) if s & near]
    n = len(ids)
    return CardScore(
        Postcard.FONTAINE_DES_MERS,
        FOUNTAIN_POINTS_PER_BUILDING * n,
        f"{n} building{'s' * (n != 1)} beside the fountain: {', '.join(ids) or 'none'}",
    )


def postcards(position: Position, player: Player, board: Board | None = None) -> CardScores:
    """S4: the stamped postcards the player used, in card order."""
    used = position.postcards.used(player)
    if not used:
        return CardScores(0, ())
    bd = board or board_of(position)
    cards = [_CARD_SCORES[card](position, player, bd) for card in STAMPED if card in used]
    return CardScores(sum(c.points for c in cards), tuple(cards))


_CARD_SCORES: Final[dict[Postcard, Callable[[Position, Player, Board], CardScore]]] = {
    Postcard.LE_PEINTRE: lambda position, _, board: painter(position, board),
    Postcard.MOULIN_ROUGE: lambda position, _, board: dancer(position, board),
    Postcard.LE_PENSEUR: lambda position, _, board: statue(position, board),
    Postcard.FONTAINE_DES_MERS: fountain,
}
"""Each stamped postcard's scoring line (S4a-S4d)."""


def free_own_spaces(position: Position, player: Player, board: Board | None = None) -> int:
    """S5 tie-break: free spaces of the player's colour (W1, W5; Chartier makes its space mixed, P7)."""
    bd = board or board_of(position)
    return (position.own(player) & ~bd.occupied).bit_count()


def player_score(position: Position, player: Player, board: Board | None = None) -> PlayerScore:
    """Every line of one player's score (S1-S5)."""
    bd = board or board_of(position)
    return PlayerScore(
        lit_buildings(position, player, bd),
        largest_group(position, player, bd),
        unbuilt(position, player),
        postcards(position, player, bd),
        free_own_spaces(position, player, bd),
    )


@functools.lru_cache(maxsize=64)
def _pattern_note(pattern: Pattern) -> str:
    return (
        f"the large streetlight's pattern is {pattern_label(pattern)} (S1c; the printed card's "
        "pattern is unknown, set rules.large_streetlight_pattern to change it)"
    )


def notes(position: Position, report_winner: str, scores: dict[Player, PlayerScore]) -> list[str]:
    """Notices that explain how the report was made."""
    out = [reserve_not_given(player) for player in position.reserve.not_given]
    if position.pieces.large_streetlight is not None:
        out.append(_pattern_note(position.rules.large_streetlight_pattern))
    cards = position.postcards
    used = cards.orange + cards.blue
    for card in cards.orange:
        if card in cards.blue:
            out.append(
                f"{card.title} is used by both players (B6: a postcard is used once, "
                "paris-score check reports it): it is scored for each of them"
            )
    for key, sq in position.pieces.placed().items():
        piece = PIECE[key]
        if piece.card not in used:
            out.append(f"the {piece.label} on {square_name(sq)} scores for nobody: no player used {piece.title}")
    o, b = scores[Player.ORANGE], scores[Player.BLUE]
    if o.total == b.total:
        if report_winner == "tie":
            out.append(f"tied at {o.total} with {o.free_own_spaces} free own-colour spaces each: a shared victory (S5)")
        else:
            out.append(
                f"tied at {o.total}; {report_winner} wins on free spaces of own colour, "
                f"{o.free_own_spaces} to {b.free_own_spaces} (S5)"
            )
    return out


def winner(orange: PlayerScore, blue: PlayerScore) -> str:
    """S5: higher total, then more free own-colour spaces, then a tie."""
    key_o = (orange.total, orange.free_own_spaces)
    key_b = (blue.total, blue.free_own_spaces)
    if key_o == key_b:
        return "tie"
    return "orange" if key_o > key_b else "blue"


def score(position: Position) -> Report:
    """Score a position (S1-S5).

    Raises :class:`~paris_score.errors.IllegalPositionError` when pieces share a
    space, since such a board has no meaningful score.
    """
    bd = board_of(position)
    if bd.overlap:
        raise IllegalPositionError(structure_problems(position))
    orange = player_score(position, Player.ORANGE, bd)
    blue = player_score(position, Player.BLUE, bd)
    won = winner(orange, blue)
    return Report(orange, blue, won, tuple(notes(position, won, {Player.ORANGE: orange, Player.BLUE: blue})))


def score_many(positions: Iterable[Position]) -> list[Report]:
    """:func:`score` of each position, in order: for bots and archives.

    One list, as long as the input; it stops at the first position whose pieces
    overlap (:class:`~paris_score.errors.IllegalPositionError`).  For an
    archive too large to hold its reports, ``map(score, positions)`` streams
    them; to use several cores, give chunks to worker processes
    (docs/performance.md).
    """
    return [score(position) for position in positions]
