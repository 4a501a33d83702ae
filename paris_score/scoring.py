"""Scoring at the end of the game (docs/rules.md, Scoring): S1-S5 as pure functions over bitboards.

:func:`score` computes the bitboards every line shares once, a :class:`Board`
(each building's spaces and the spaces beside it, what is built, what is
occupied, the lamps), and hands it to each line's function.  Each function
also works alone: without a board it computes one.  :func:`paris_score.score_many`
(:mod:`paris_score.batch`) scores a sequence of positions.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterable
from typing import Final, Literal, NamedTuple

from paris_score.codes import NO_RESERVE
from paris_score.errors import IllegalPositionError
from paris_score.i18n import NONE, TEMPLATE_KEY, Template, Text, word
from paris_score.light import Sight, lit_spaces, pattern_label, sight
from paris_score.model import (
    _BLUE,
    _ORANGE,
    Building,
    Pattern,
    Pieces,
    Player,
    PlayerLike,
    Position,
    Statue,
    as_player,
    own_spaces,
    pieces_occupancy,
)
from paris_score.postcards import (
    DANCER,
    FOUNTAIN,
    LARGE_STREETLIGHT,
    PAINTER,
    STAMPED,
    STANDING,
    STATUE,
    Piece,
    Postcard,
)
from paris_score.referee import structure_problems
from paris_score.report import (
    CardScore,
    CardScores,
    LargestGroup,
    LitBuilding,
    LitBuildings,
    PlayerScore,
    Report,
    Unbuilt,
    Winner,
    as_winner,
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
    square_name,
    squares_of,
)

_SACRE_COEUR: Final = Postcard.SACRE_COEUR
"""Read once, as the players (``model._ORANGE``): S3 asks for it twice a player (the stamped cards are read as
their pieces' ``card``, e.g. ``PAINTER.card``, for the same reason)."""

_make: Final = tuple.__new__
"""``_make(LitBuilding, (id, size, ...))``, every field given in order: the value ``LitBuilding(id, size, ...)``
gives, equal to it in every way, for less than half the cost.  Calling a named tuple's class runs its
``__new__``, written in Python: about 2 k of the 3.6 k instructions a line of nine fields costs in Python 3.11,
and a score makes some twenty lines.  Nothing checks the fields' count or types here: the tests compare each
line with the one its class makes and every line with the slow reference scorer's."""

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
    return board_from(position.buildings, position.pieces, position.ground.streetlight)


def board_from(buildings: tuple[Building, ...], pieces: Pieces, streetlight: Bitboard) -> Board:
    """:func:`board_of` from a position's fields: its buildings, its special pieces and its streetlight spaces."""
    orange: list[Entry] = []
    blue: list[Entry] = []
    built = 0
    count = 0
    for b in buildings:
        s = b.spaces
        size = s.bit_count()
        (orange if b.owner is _ORANGE else blue).append((b, s, adjacent(s), size))
        built |= s
        count += size
    occupied, lamps, overlap = pieces_occupancy(pieces, streetlight, built, count)
    return _make(Board, (tuple(orange), tuple(blue), built, occupied, lamps, pieces.large_streetlight, overlap))


def board_with(board: Board, building: Building, replacing: Building | None = None) -> Board:
    """``board`` with ``building`` built on free spaces (or in place of ``replacing``, the same building before its
    annex, P8): what :func:`board_from` gives with it, without going over the other buildings again (the game
    engine's states keep their board move by move).  A lamp it covers no longer lights (W4)."""
    s = building.spaces
    entry = (building, s, adjacent(s), s.bit_count())
    orange, blue = board.orange, board.blue
    if building.owner is _ORANGE:
        orange = _put(orange, entry, replacing)
    else:
        blue = _put(blue, entry, replacing)
    overlap = board.overlap or bool(board.occupied & s & ~(0 if replacing is None else replacing.spaces))
    return _make(Board, (orange, blue, board.built | s, board.occupied | s, board.lamps & ~s, board.large, overlap))


def _put(entries: tuple[Entry, ...], entry: Entry, replacing: Building | None) -> tuple[Entry, ...]:
    if replacing is None:
        return (*entries, entry)
    return tuple(entry if e[0] is replacing else e for e in entries)


def board_with_piece(board: Board, piece: Piece, sq: Square) -> Board:
    """``board`` with the special ``piece`` put on the free space ``sq``: it occupies it unless it is ground (the
    Chartier space, W1), and it lights if it is a lamp (W4), as in :func:`board_from`."""
    if not piece.stands:
        return board
    bit = 1 << sq
    return _make(
        Board,
        (
            board.orange,
            board.blue,
            board.built,
            board.occupied | bit,
            board.lamps | bit if piece.lamp else board.lamps,
            sq if piece is LARGE_STREETLIGHT else board.large,
            board.overlap or bool(board.occupied & bit),
        ),
    )


def _entries(board: Board, player: Player) -> tuple[Entry, ...]:
    """``player``'s buildings on ``board``."""
    return board.orange if player is _ORANGE else board.blue


Light = tuple[Bitboard, Bitboard, Sight | None]
"""What lights buildings on a board (S1): every lamp but the large streetlight (S1a), the large streetlight's
space as a bitboard or 0, and its sight table (S1b).  A plain tuple, made twice a score: cheaper than a class."""


def light_of(position: Position, board: Board) -> Light:
    """The lamps of ``board`` split into normal ones and the large streetlight, with its sight table."""
    return _light(position.rules.large_streetlight_pattern, board)


def _light(pattern: Pattern, board: Board) -> Light:
    if board.large is None:
        return board.lamps, 0, None
    large = 1 << board.large
    return board.lamps & ~large, large, sight(pattern, board.large)


def lit_buildings(position: Position, player: PlayerLike, board: Board | None = None) -> LitBuildings:
    """S1: size x lamps for each of the player's buildings, in position order.

    A normal lamp lights a building beside it (S1a); the large streetlight one
    with a space in its pattern and a clear line to it (S1b).  Each line keeps
    what pictures need to draw the spaces each lamp lights (``LitBuilding.reached``).
    """
    bd = board or board_of(position)
    return _lit_buildings(as_player(player), bd, light_of(position, bd))


def _lit_buildings(player: Player, bd: Board, light: Light) -> LitBuildings:
    return _lit_lines(_entries(bd, player), bd, light)


def _large_lights(s: Bitboard, built: Bitboard, table: Sight | None) -> Bitboard:
    """S1b: the spaces the large streetlight lights of the building on ``s`` (0: it does not light it)."""
    return lit_spaces(table, s, built & ~s) if table is not None and s & table.reach else 0


def lamp_points(entries: tuple[Entry, ...], lamps: Bitboard) -> int:
    """S1a as a number: each building's size times the lamps of ``lamps`` beside it.

    A sum over buildings and over lamps, so that the game engine keeps it move by move, adding and taking away only
    the buildings and lamps a move changes."""
    total = 0
    for _, _, halo, size in entries:  # a loop: a list given to sum() costs more for the one building of a move
        total += size * (lamps & halo).bit_count()
    return total


def large_seen(entries: tuple[Entry, ...], built: Bitboard, table: Sight | None) -> tuple[Bitboard, ...]:
    """S1b: the spaces of each building of ``entries`` the large streetlight lights, 0 for a building it does not
    light (every one without the large streetlight)."""
    if table is None:
        return (0,) * len(entries)
    reach = table.reach
    return tuple([_large_lights(s, built, table) if s & reach else 0 for _, s, _, _ in entries])


def large_seen_after(seen: tuple[Bitboard, ...], table: Sight, blockers: Bitboard) -> tuple[Bitboard, ...]:
    """S1b: :func:`large_seen` once new building spaces ``blockers`` are built: a lit space stays lit unless one of
    them is on its line of sight (the game engine's states keep what the large streetlight lights move by move)."""
    lit = functools.reduce(operator.or_, seen, 0)
    still = lit_spaces(table, lit, blockers)
    return seen if still == lit else tuple([s & still for s in seen])


def seen_points(entries: tuple[Entry, ...], seen: tuple[Bitboard, ...]) -> int:
    """S1b as a number: the size of each building the large streetlight lights (``seen``: :func:`large_seen`)."""
    total = 0
    for k, lit in enumerate(seen):
        if lit:
            total += entries[k][3]
    return total


def _lit_lines(entries: tuple[Entry, ...], bd: Board, light: Light) -> LitBuildings:
    lines = []
    total = 0
    built = bd.built
    normal, large, table = light
    reach = 0 if table is None else table.reach
    large_at = bd.large  # the large streetlight's space, kept on each line for pictures
    for b, s, halo, size in entries:
        hit = normal & halo  # S1a
        seen = _large_lights(s, built, table) if s & reach else 0  # S1b, asked where the pattern reaches only
        if seen:
            hit |= large
        # Most buildings have no lamp or one: those need no loop.
        lamps = tuple(squares_of(hit)) if hit & (hit - 1) else (hit.bit_length() - 1,) if hit else ()
        points = size * len(lamps)
        total += points
        lines.append(_make(LitBuilding, (b.id, size, lamps, points, b.annex is not None, b.jardin, s, seen, large_at)))
    return _make(LitBuildings, (total, tuple(lines)))


def largest_group(position: Position, player: PlayerLike, board: Board | None = None) -> LargestGroup:
    """S2: the largest edge-connected group of the player's buildings, by total size.

    Ties go to the group holding the first building id in string order.
    """
    return _largest_group(_entries(board or board_of(position), as_player(player)))


Group = tuple[Bitboard, int, tuple[Building, ...]]
"""S2: an edge-connected group of one player's buildings: the spaces beside its buildings (their halos' union),
its total size and its buildings."""
Groups = tuple[int, tuple[Group, ...]]
"""S2: one player's groups, after the largest one's size (the line's points)."""
NO_GROUPS: Final[Groups] = (0, ())


def groups_with(groups: Groups, entries: tuple[Entry, ...]) -> Groups:
    """S2: ``groups`` once the buildings of ``entries`` are added, in turn: each joins every group it touches.

    The one place the groups are decided: :func:`largest_group` adds every building to :data:`NO_GROUPS`, the
    game engine one building at a time as it is built (buildings never go, so groups only merge and grow)."""
    largest = groups[0]
    found: Iterable[Group] = groups[1]
    for building, s, reach, size in entries:
        members: tuple[Building, ...] = (building,)
        kept = []
        for group in found:
            if group[0] & s:
                reach |= group[0]
                size += group[1]
                members += group[2]
            else:
                kept.append(group)
        kept.append((reach, size, members))
        found = kept
        if size > largest:
            largest = size
    return largest, tuple(found)


def _largest_group(entries: tuple[Entry, ...]) -> LargestGroup:
    best_points = 0
    best: tuple[Building, ...] = ()
    for _, size, members in groups_with(NO_GROUPS, entries)[1]:  # ids compared on a tie only, sorted for the best
        if size > best_points or (size == best_points and min([b.id for b in members]) < min([b.id for b in best])):
            best_points, best = size, members
    return LargestGroup(best_points, tuple(sorted([b.id for b in best])))


def unbuilt(position: Position, player: PlayerLike) -> Unbuilt:
    """S3: -3 a building left in reserve, waived by Sacré-Cœur (P5; the line of :func:`_unbuilt_points`)."""
    player = as_player(player)
    return _unbuilt(position, player, position.postcards.used(player))


def _unbuilt(position: Position, player: Player, used: tuple[Postcard, ...]) -> Unbuilt:
    reserve = position.reserve
    sizes = reserve.orange if player is _ORANGE else reserve.blue
    points = _unbuilt_points(len(sizes), used)
    waived = _SACRE_COEUR if sizes and not points else None
    return _make(Unbuilt, (len(sizes), points, waived, sizes, player not in reserve.not_given))


def _unbuilt_points(count: int, used: tuple[Postcard, ...]) -> int:
    """S3 as a number: -3 each of ``count`` buildings left in reserve, 0 with Sacré-Cœur among the ``used`` cards."""
    if _SACRE_COEUR in used:
        return 0
    return UNBUILT_PENALTY * count


def painter_area(sq: Square, board: Board) -> tuple[Bitboard, Bitboard]:
    """S4a: the painter's area (bounded by buildings and the edge only) and the lamps in it."""
    area = flood(1 << sq, BB_ALL & ~board.built)
    return area, board.lamps & area


# What each stamped postcard counted (S4a-S4d), said in any language (paris_score.i18n).
NOT_ON_BOARD: Final = Template("card.not-on-board", "the {piece} is not on the board")
PAINTER_COUNTED: Final = Template(
    "card.painter", ("{n} lamp in the painter's area: {spaces}", "{n} lamps in the painter's area: {spaces}")
)
DANCER_COUNTED: Final = Template(
    "card.dancer", ("{n} space in the dancer's area: {spaces}", "{n} spaces in the dancer's area: {spaces}")
)
FRONT_OFF_BOARD: Final = Template("card.statue.off-board", "the space in front of the statue is off the board")
FRONT_NOT_FREE: Final = Template("card.statue.front-taken", "the space in front ({space}) is not free")
STATUE_COUNTED: Final = Template(
    "card.statue",
    "front {space} free; {near} free adjacent ({adjacent}) x {near_points} + {corner} free diagonal ({diagonal}) x"
    " {corner_points}",
)
FOUNTAIN_COUNTED: Final = Template(
    "card.fountain", ("{n} building beside the fountain: {ids}", "{n} buildings beside the fountain: {ids}")
)
_NONE: Final = word(NONE)
_PAINTER_OFF: Final = NOT_ON_BOARD(piece=PAINTER)
_DANCER_OFF: Final = NOT_ON_BOARD(piece=DANCER)
_STATUE_OFF: Final = NOT_ON_BOARD(piece=STATUE)
_FOUNTAIN_OFF: Final = NOT_ON_BOARD(piece=FOUNTAIN)
_FRONT_OFF_BOARD: Final = FRONT_OFF_BOARD()
# The texts below are made as Text({TEMPLATE_KEY: ...}): as cheap as the f-strings they replace (a score makes them).


def painter(position: Position, board: Board | None = None) -> CardScore:
    """S4a: +2 a lamp in the painter's area (bounded by buildings and the edge only)."""
    sq = position.pieces.painter
    if sq is None:
        return _make(CardScore, (PAINTER.card, 0, _PAINTER_OFF, 0))
    area, lamps = painter_area(sq, board or board_of(position))
    n = lamps.bit_count()
    return _make(
        CardScore,
        (
            PAINTER.card,
            PAINTER_POINTS_PER_LAMP * n,
            Text({TEMPLATE_KEY: PAINTER_COUNTED, "n": n, "spaces": names_text(lamps) or _NONE}),
            area,
        ),
    )


def dancer_area(position: Position, sq: Square, board: Board) -> Bitboard:
    """S4b: the dancer's area, its own space included: free, unlit spaces reachable from it."""
    return _dancer_area(position.ground.streetlight, sq, board)


def _dancer_area(streetlight: Bitboard, sq: Square, board: Board) -> Bitboard:
    # Lamps are uncovered streetlight spaces or pieces, so this excludes them all.
    return flood(1 << sq, BB_ALL & ~board.occupied & ~streetlight | 1 << sq)


def dancer(position: Position, board: Board | None = None) -> CardScore:
    """S4b: +1 a space of the dancer's area: free spaces that are not lamps, reachable from the dancer by edges.

    A space lit by a lamp is in the area; lamps, buildings and pieces bound it.
    """
    sq = position.pieces.dancer
    if sq is None:
        return _make(CardScore, (DANCER.card, 0, _DANCER_OFF, 0))
    area = dancer_area(position, sq, board or board_of(position))
    n = area.bit_count()
    detail = Text({TEMPLATE_KEY: DANCER_COUNTED, "n": n, "spaces": names_text(area)})
    return _make(CardScore, (DANCER.card, n, detail, area))


def statue_view(piece: Statue, board: Board) -> tuple[Square | None, Bitboard, Bitboard, int]:
    """S4c: the space in front of the statue (``None`` off the board), the free spaces adjacent and diagonal
    to it, and the points: 0 unless the front space is free."""
    free = BB_ALL & ~board.occupied
    front, near, corner = piece.front, BB_ADJACENT[piece.at] & free, BB_DIAGONAL[piece.at] & free
    if front is None or not near >> front & 1:
        return front, near, corner, 0
    return front, near, corner, STATUE_POINTS_ADJACENT * near.bit_count() + STATUE_POINTS_DIAGONAL * corner.bit_count()


def statue(position: Position, board: Board | None = None) -> CardScore:
    """S4c: with a free front, +2 a free adjacent space and +1 a free diagonal one."""
    piece = position.pieces.statue
    if piece is None:
        return _make(CardScore, (STATUE.card, 0, _STATUE_OFF, 0))
    front, near, corner, points = statue_view(piece, board or board_of(position))
    if front is None:
        return _make(CardScore, (STATUE.card, 0, _FRONT_OFF_BOARD, 0))
    if not points:
        return _make(CardScore, (STATUE.card, 0, Text({TEMPLATE_KEY: FRONT_NOT_FREE, "space": square_name(front)}), 0))
    detail = Text(
        {
            TEMPLATE_KEY: STATUE_COUNTED,
            "space": square_name(front),
            "near": near.bit_count(),
            "adjacent": names_text(near),
            "near_points": STATUE_POINTS_ADJACENT,
            "corner": corner.bit_count(),
            "diagonal": names_text(corner) or _NONE,
            "corner_points": STATUE_POINTS_DIAGONAL,
        }
    )
    return _make(CardScore, (STATUE.card, points, detail, near | corner))


def fountain_buildings(sq: Square, player: PlayerLike, board: Board) -> list[Building]:
    """S4d: the player's buildings adjacent to the fountain on ``sq``."""
    near = BB_ADJACENT[sq]
    return [b for b, s, _, _ in _entries(board, as_player(player)) if s & near]


def fountain(position: Position, player: PlayerLike, board: Board | None = None) -> CardScore:
    """S4d: +3 for each of the player's buildings adjacent to the fountain."""
    return _fountain(position, as_player(player), board or board_of(position))


def _fountain(position: Position, player: Player, board: Board) -> CardScore:
    sq = position.pieces.fountain
    if sq is None:
        return _make(CardScore, (FOUNTAIN.card, 0, _FOUNTAIN_OFF, 0))
    ids = [b.id for b in fountain_buildings(sq, player, board)]
    n = len(ids)
    return _make(
        CardScore,
        (
            FOUNTAIN.card,
            FOUNTAIN_POINTS_PER_BUILDING * n,
            Text({TEMPLATE_KEY: FOUNTAIN_COUNTED, "n": n, "ids": ids or _NONE}),
            0,
        ),
    )


def postcards(position: Position, player: PlayerLike, board: Board | None = None) -> CardScores:
    """S4: the stamped postcards the player used, in card order."""
    player = as_player(player)
    return _postcards(position, player, board or board_of(position), position.postcards.used(player))


def _postcards(position: Position, player: Player, bd: Board, used: tuple[Postcard, ...]) -> CardScores:
    if not used:
        return _make(CardScores, (0, ()))
    cards = [_CARD_SCORES[card](position, player, bd) for card in STAMPED if card in used]
    return _make(CardScores, (sum([c.points for c in cards]), tuple(cards)))


_CARD_SCORES: Final[dict[Postcard, Callable[[Position, Player, Board], CardScore]]] = {
    Postcard.LE_PEINTRE: lambda position, _, board: painter(position, board),
    Postcard.MOULIN_ROUGE: lambda position, _, board: dancer(position, board),
    Postcard.LE_PENSEUR: lambda position, _, board: statue(position, board),
    Postcard.FONTAINE_DES_MERS: _fountain,
}
"""Each stamped postcard's scoring line (S4a-S4d)."""


def _postcard_points(
    pieces: Pieces, streetlight: Bitboard, player: Player, board: Board, used: tuple[Postcard, ...]
) -> int:
    """S4 as a number only: :func:`postcards`' total without the cards' details (``used``: the player's postcards)."""
    if not used:
        return 0
    points = 0
    if PAINTER.card in used and pieces.painter is not None:
        points += PAINTER_POINTS_PER_LAMP * painter_area(pieces.painter, board)[1].bit_count()
    if DANCER.card in used and pieces.dancer is not None:
        points += _dancer_area(streetlight, pieces.dancer, board).bit_count()
    if STATUE.card in used and pieces.statue is not None:
        points += statue_view(pieces.statue, board)[3]
    if FOUNTAIN.card in used and pieces.fountain is not None:
        points += FOUNTAIN_POINTS_PER_BUILDING * len(fountain_buildings(pieces.fountain, player, board))
    return points


def free_own_spaces(position: Position, player: PlayerLike, board: Board | None = None) -> int:
    """S5 tie-break: free spaces of the player's colour (W1, W5; Chartier makes its space mixed, P7)."""
    bd = board or board_of(position)
    return _free_own_spaces(position, as_player(player), bd)


def _free_own_spaces(position: Position, player: Player, bd: Board) -> int:
    ground = position.ground
    own = ground.orange if player is _ORANGE else ground.blue
    return (own_spaces(own, position.pieces.chartier) & ~bd.occupied).bit_count()


def player_score(position: Position, player: PlayerLike, board: Board | None = None) -> PlayerScore:
    """Every line of one player's score (S1-S5)."""
    bd = board or board_of(position)
    return _player_score(position, as_player(player), bd, light_of(position, bd))


def _player_score(position: Position, player: Player, bd: Board, light: Light) -> PlayerScore:
    if player is _ORANGE:
        used, entries = position.postcards.orange, bd.orange
    else:
        used, entries = position.postcards.blue, bd.blue
    return _make(
        PlayerScore,
        (
            _lit_lines(entries, bd, light),
            _largest_group(entries),
            _unbuilt(position, player, used),
            _postcards(position, player, bd, used),
            _free_own_spaces(position, player, bd),
        ),
    )


# The notes of a report (paris_score.i18n).
PATTERN_NOTE: Final = Template(
    "note.pattern",
    "the large streetlight's pattern is {pattern} (S1c; the printed card's pattern is unknown, set"
    " rules.large_streetlight_pattern to change it)",
)
USED_BY_BOTH: Final = Template(
    "note.used-by-both",
    "{card} is used by both players (B6: a postcard is used once, paris-score check reports it): it is scored for"
    " each of them",
)
SCORES_FOR_NOBODY: Final = Template("note.nobody", "the {piece} on {space} scores for nobody: no player used {card}")
SHARED_VICTORY: Final = Template(
    "note.tie", "tied at {total} with {free} free own-colour spaces each: a shared victory (S5)"
)
TIE_BROKEN: Final = Template(
    "note.tie-break", "tied at {total}; {winner} wins on free spaces of own colour, {free} to {free2} (S5)"
)


@functools.lru_cache(maxsize=64)
def _pattern_note(pattern: Pattern) -> Text:
    return PATTERN_NOTE(pattern=pattern_label(pattern))


def notes(position: Position, report_winner: Winner, scores: dict[Player, PlayerScore]) -> list[Text]:
    """Notices that explain how the report was made."""
    not_given = position.reserve.not_given
    out = [NO_RESERVE(player=player) for player in not_given] if not_given else []
    if position.pieces.large_streetlight is not None:
        out.append(_pattern_note(position.rules.large_streetlight_pattern))
    cards = position.postcards
    used = cards.orange + cards.blue
    for card in cards.orange:
        if card in cards.blue:
            out.append(USED_BY_BOTH(card=card))
    for piece in STANDING:
        if piece.card not in used:
            sq = position.pieces.at(piece)
            if sq is not None:
                out.append(SCORES_FOR_NOBODY(piece=piece, space=square_name(sq), card=piece.card))
    tie = tie_note(report_winner, scores[_ORANGE], scores[_BLUE])
    return out if tie is None else [*out, tie]


def tie_note(winner: PlayerLike | Literal["tie"], orange: PlayerScore, blue: PlayerScore) -> Text | None:
    """The note that says how a tie on the totals was settled (S5), or ``None`` when the totals differ."""
    won = as_winner(winner)
    if orange.total != blue.total:
        return None
    if won == "tie":
        return SHARED_VICTORY(total=orange.total, free=orange.free_own_spaces)
    return TIE_BROKEN(total=orange.total, winner=won, free=orange.free_own_spaces, free2=blue.free_own_spaces)


def winner(orange: PlayerScore, blue: PlayerScore) -> Winner:
    """S5: higher total, then more free own-colour spaces, then a tie."""
    return winner_of((orange.total, orange.free_own_spaces), (blue.total, blue.free_own_spaces))


def winner_of(orange: tuple[int, int], blue: tuple[int, int]) -> Winner:
    """S5 on (total, free own-colour spaces) pairs: a :class:`Player` or ``"tie"``."""
    if orange == blue:
        return "tie"
    return _ORANGE if orange > blue else _BLUE


class Totals(NamedTuple):
    """Each side's total (S1-S4) and free own-colour spaces (S5), and the winner: a score without its lines."""

    orange: int
    blue: int
    winner: Winner
    orange_free: int
    blue_free: int

    def lead(self, player: PlayerLike) -> int:
        """The player's total minus the opponent's."""
        player = as_player(player)
        return self.orange - self.blue if player is _ORANGE else self.blue - self.orange


def totals(position: Position, board: Board | None = None) -> Totals:
    """The totals and the winner of :func:`score`, computed by the same rules without building a report.

    For bots and searches that only need the numbers.  Like :func:`score`, it
    raises :class:`~paris_score.errors.IllegalPositionError` when pieces overlap.
    """
    bd = board or board_of(position)
    if bd.overlap:
        raise IllegalPositionError(structure_problems(position))
    cards, reserve, pieces = position.postcards, position.reserve, position.pieces
    return totals_from(
        bd,
        pieces,
        (position.ground.orange, position.ground.blue),
        position.ground.streetlight,
        (cards.orange, cards.blue),
        (len(reserve.orange), len(reserve.blue)),
        position.rules.large_streetlight_pattern,
    )


def totals_from(
    board: Board,
    pieces: Pieces,
    colours: tuple[Bitboard, Bitboard],
    streetlight: Bitboard,
    cards: tuple[tuple[Postcard, ...], tuple[Postcard, ...]],
    unbuilt: tuple[int, int],
    pattern: Pattern,
    buildings: tuple[int, int] | None = None,
) -> Totals:
    """:func:`totals` from a position's fields (the game engine's :meth:`~paris_score.game.GameState.outcome`):
    its :class:`Board`, special pieces, printed colours (orange's, blue's), streetlight spaces, postcards used
    (orange's, blue's), reserve counts (orange's, blue's), the large streetlight's pattern and, when the caller
    keeps them, the points of each side's buildings (S1 and S2: :func:`lamp_points`, :func:`seen_points`,
    :func:`groups_with`)."""
    orange, blue = board.orange, board.blue
    if buildings is None:
        normal, _, table = _light(pattern, board)
        built = board.built
        buildings = (
            lamp_points(orange, normal)
            + seen_points(orange, large_seen(orange, built, table))
            + groups_with(NO_GROUPS, orange)[0],
            lamp_points(blue, normal)
            + seen_points(blue, large_seen(blue, built, table))
            + groups_with(NO_GROUPS, blue)[0],
        )
    o_used, b_used = cards
    o_total = (
        buildings[0]  # S1, S2
        + _unbuilt_points(unbuilt[0], o_used)  # S3
        + _postcard_points(pieces, streetlight, _ORANGE, board, o_used)  # S4
    )
    b_total = (
        buildings[1] + _unbuilt_points(unbuilt[1], b_used) + _postcard_points(pieces, streetlight, _BLUE, board, b_used)
    )
    free = own_spaces(~board.occupied, pieces.chartier)  # S5: free spaces, the laid Chartier space mixed (W5, P7)
    o_free = (colours[0] & free).bit_count()
    b_free = (colours[1] & free).bit_count()
    return _make(Totals, (o_total, b_total, winner_of((o_total, o_free), (b_total, b_free)), o_free, b_free))


def score(position: Position) -> Report:
    """Score a position (S1-S5).

    Raises :class:`~paris_score.errors.IllegalPositionError` when pieces share a
    space, since such a board has no meaningful score.
    """
    bd = board_of(position)
    if bd.overlap:
        raise IllegalPositionError(structure_problems(position))
    light = _light(position.rules.large_streetlight_pattern, bd)
    orange = _player_score(position, _ORANGE, bd, light)
    blue = _player_score(position, _BLUE, bd, light)
    won = winner(orange, blue)
    return Report(orange, blue, won, tuple(notes(position, won, {_ORANGE: orange, _BLUE: blue})))


# -- S1 and S2 kept move by move (the game engine) ---------------------------------------------------------------

Side = tuple[Groups, int, tuple[Bitboard, ...], int]
"""What S1 and S2 give one side's buildings: its groups (S2, :func:`groups_with`), the points of its buildings by
the normal lamps (S1a, :func:`lamp_points`), the spaces the large streetlight lights of each building
(:func:`large_seen`, empty while it is not on the board) and their points (S1b, :func:`seen_points`)."""


class Tally(NamedTuple):
    """S1 and S2 of a board, kept move by move: each build or special piece changes only what it touches.

    The game engine keeps one in each state of phase 2, so that :meth:`~paris_score.game.GameState.outcome`
    makes none of it again: :func:`tally_of` makes it from scratch, :func:`tally_built` and :func:`tally_placed`
    from the one before, each equal to :func:`tally_of` the board after (the tests check it move after move).
    """

    board: Board
    light: Light
    orange: Side
    blue: Side

    def points(self) -> tuple[int, int]:
        """Each side's points of its buildings (S1, S2)."""
        o, b = self.orange, self.blue
        return o[0][0] + o[1] + o[3], b[0][0] + b[1] + b[3]


def tally_of(buildings: tuple[Building, ...], pieces: Pieces, streetlight: Bitboard, pattern: Pattern) -> Tally:
    """The tally of a board (its buildings, special pieces, streetlight spaces and large streetlight's pattern)."""
    board = board_from(buildings, pieces, streetlight)
    light = _light(pattern, board)
    return _make(Tally, (board, light, _side(board.orange, board, light), _side(board.blue, board, light)))


def _side(entries: tuple[Entry, ...], board: Board, light: Light) -> Side:
    """A side's tally: its buildings added to nothing, as :func:`_with_building` adds one."""
    return _with_building((NO_GROUPS, 0, (), 0), entries, board, light)


def tally_built(before: Tally, building: Building, pattern: Pattern) -> Tally:
    """``before`` once ``building`` is built on free spaces (P1): a lamp it covers no longer lights (P3), and it
    may stand in the large streetlight's light of another building."""
    old = before.board
    board = board_with(old, building)
    light = before.light if board.lamps == old.lamps else _light(pattern, board)
    orange, blue = before.orange, before.blue
    if light is not before.light or light[2] is not None:  # the light of the buildings there before changes
        orange = _lit_after(orange, old.orange, before, board, light)
        blue = _lit_after(blue, old.blue, before, board, light)
    if building.owner is _ORANGE:
        orange = _with_building(orange, board.orange[-1:], board, light)
    else:
        blue = _with_building(blue, board.blue[-1:], board, light)
    return _make(Tally, (board, light, orange, blue))


def tally_placed(before: Tally, piece: Piece, sq: Square, pattern: Pattern) -> Tally:
    """``before`` once the special ``piece`` is put on ``sq``: a lamp lights the buildings beside it (S1a), the
    large streetlight those it sees (S1b)."""
    board = board_with_piece(before.board, piece, sq)
    if not piece.lamp:
        return _make(Tally, (board, before.light, before.orange, before.blue))
    light = _light(pattern, board)
    orange = _lit_after(before.orange, board.orange, before, board, light)
    blue = _lit_after(before.blue, board.blue, before, board, light)
    return _make(Tally, (board, light, orange, blue))


def _lit_after(side: Side, entries: tuple[Entry, ...], before: Tally, board: Board, light: Light) -> Side:
    """``side`` (its buildings ``entries``) once the board of ``before`` is ``board``, lit by ``light``: lamps
    covered by a build (P3) or put down, the large streetlight put down, or a building (not the side's) in its
    light."""
    groups, lamps, seen, large = side
    was, normal = before.light[0], light[0]
    if was != normal:
        lamps += lamp_points(entries, normal & ~was) - lamp_points(entries, was & ~normal)
    table = light[2]
    if table is not None:
        if before.light[2] is None:  # the large streetlight is put down: S1b from here on
            seen = large_seen(entries, board.built, table)
            large = seen_points(entries, seen)
        elif board.built != before.board.built:
            after = large_seen_after(seen, table, board.built & ~before.board.built)
            if after is not seen:
                seen, large = after, seen_points(entries, after)
    return groups, lamps, seen, large


def _with_building(side: Side, new: tuple[Entry, ...], board: Board, light: Light) -> Side:
    """``side`` with its ``new`` building (the last of ``board``'s), lit by ``light``."""
    groups, lamps, seen, large = side
    normal, _, table = light
    if table is None:
        return groups_with(groups, new), lamps + lamp_points(new, normal), seen, large
    lit = large_seen(new, board.built, table)
    return groups_with(groups, new), lamps + lamp_points(new, normal), seen + lit, large + seen_points(new, lit)
