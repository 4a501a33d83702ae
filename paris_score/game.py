"""A game as it is played, move by move (G1-G12): an immutable state, its legal moves, its referee.

>>> from paris_score.generate import random_setup
>>> game = GameState.start(random_setup(1))
>>> game.phase, str(game.turn), len(game.legal_moves())  # 16 areas x 4 turns, 12 pieces to take
(1, 'blue', 76)
>>> game = game.play("tile A1 90")
>>> str(game.turn), game.hand(game.turn)
('orange', ('lb', 'ob'))

:meth:`GameState.play` returns the next state, or raises
:class:`~paris_score.errors.IllegalMoveError` naming the one rule the move
breaks, checked in a fixed order (the docs' "Refereeing a move"): the
notation (G3), the phase, the ids, what the player holds, the shape, free
spaces (W1), the options (P3, P7), the ground.  :meth:`GameState.legal_moves`
lists exactly the moves ``play`` accepts.  From the end of phase 1 on,
:meth:`GameState.position` is the board as a :class:`~paris_score.Position`,
which :func:`paris_score.check` and :func:`paris_score.score` judge.

Sets of spaces are bitboards; each pool piece's placements (every rotation,
never turned over, B3) are laid out once per shape and shared by every state
of every game.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Iterator
from typing import Any, ClassVar, Final, NamedTuple, Self, TypeVar

import attrs

from paris_score import placement
from paris_score.errors import IllegalMoveError, SetupError
from paris_score.model import (
    _BLUE,
    _ORANGE,
    ACTION_TOKENS,
    FACINGS,
    JARDIN_SIZE,
    MAX_BUILDINGS,
    THE_ANNEX,
    THE_PIECE,
    Building,
    Facing,
    Ground,
    Pattern,
    Pieces,
    Player,
    PlayerLike,
    Position,
    Postcards,
    Reserve,
    Statue,
    as_player,
)
from paris_score.moves import (
    AREAS,
    PIECE_CARDS,
    ROTATIONS,
    Activate,
    Build,
    BuildJardin,
    Levitate,
    Move,
    Pass,
    PlaceAnnex,
    PlaceFountain,
    PlacePiece,
    PlaceStatue,
    PlaceTile,
    Take,
)
from paris_score.placement import Room, card_spaces, fits, layout, room_of
from paris_score.postcards import FOUNTAIN, STATUE, Piece, Postcard
from paris_score.problems import (
    AREA_TAKEN,
    CARD_NOT_THERE,
    CARD_TAKEN,
    NO_ANNEX_BUILDING,
    NO_CHIMNEY,
    NO_SUCH_PIECE,
    NO_TILE,
    NO_TOKEN,
    NOT_A_DOMINO,
    NOT_FREE,
    NOT_FREE_HERE,
    NOT_FREE_JARDIN,
    NOT_IN_RESERVE_BUILD,
    NOT_IN_RESERVE_GIVE,
    NOT_THE_SHAPE,
    NOT_YOUR_BUILDING,
    OVER,
    PASS_CAN_ACTIVATE,
    PASS_CAN_BUILD,
    PASS_HOLDING_TILE,
    TAKEN,
    WRONG_PHASE_BUILD,
    WRONG_PHASE_CARD,
    WRONG_PHASE_TAKE,
    WRONG_PHASE_TILE,
    Wording,
)
from paris_score.scoring import (
    NO_GROUPS,
    Board,
    Entry,
    Groups,
    Light,
    Totals,
    _make,
    board_from,
    board_with,
    board_with_piece,
    groups_with,
    lamp_points,
    large_seen,
    large_seen_after,
    seen_points,
    totals,
    totals_from,
)
from paris_score.scoring import _light as light_from
from paris_score.setups import (
    JARDIN_ID,
    TILES_PER_PLAYER,
    Setup,
    Tile,
    is_good,
    setup_problems,
    turn_tile,
)
from paris_score.shapes import Shape, orientations, shape_of
from paris_score.squares import (
    BB_ALL,
    BB_TILES,
    SQUARES,
    Bitboard,
    Square,
    names_text,
    scan,
    square_name,
)

_AREA_INDEX: Final = {sq: i for i, sq in enumerate(AREAS)}
_NOT_H: Final = BB_ALL & ~0x8080808080808080
_NOT_ROW_8: Final = BB_ALL >> 8
_GROUND_INDEX: Final = {"o": 0, "b": 1, "m": 2, "l": 3}

Faces = tuple[Bitboard, Bitboard, Bitboard, Bitboard]
"""Orange, blue, mixed and streetlight spaces (B2)."""
Layout = tuple[Bitboard, tuple[int, ...], Bitboard]
Cards = tuple[tuple[Postcard, ...], tuple[Postcard, ...]]
"""The postcards carrying orange's tokens, then blue's, in the order they were put there."""


_Side = tuple[Groups, int, tuple[Bitboard, ...], int]
"""What :meth:`GameState.outcome` needs of one side's buildings: its groups (S2,
:func:`~paris_score.scoring.groups_with`), its lit buildings' points by the normal lamps (S1a,
:func:`~paris_score.scoring.lamp_points`), the spaces the large streetlight lights of each building
(:func:`~paris_score.scoring.large_seen`, empty while it is not on the board) and their points (S1b)."""


class _Tally(NamedTuple):
    """What :meth:`GameState.outcome` needs of a state's board, kept move by move in phase 2 so that it makes none
    of it again: the scorer's shared bitboards and light, and each side's buildings' lines (S1, S2).  Made by
    :data:`~paris_score.scoring._make`, one at every build or piece."""

    buildings: tuple[Building, ...]
    """The buildings it was made from: a state changed by hand (``attrs.evolve``) is scored from its own fields."""
    pieces: Pieces
    """The pieces it was made from."""
    board: Board
    light: Light
    orange: _Side
    blue: _Side

    def points(self) -> tuple[int, int]:
        """Each side's points of its buildings (S1, S2)."""
        o, b = self.orange, self.blue
        return o[0][0] + o[1] + o[3], b[0][0] + b[1] + b[3]


_TALLY: Final = functools.partial(_make, _Tally)


def _tally_of(buildings: tuple[Building, ...], pieces: Pieces, streetlight: Bitboard, pattern: Pattern) -> _Tally:
    """The tally of a board, made from scratch."""
    board = board_from(buildings, pieces, streetlight)
    light = light_from(pattern, board)
    return _TALLY(
        (buildings, pieces, board, light, _side_of(board.orange, board, light), _side_of(board.blue, board, light))
    )


def _side_of(entries: tuple[Entry, ...], board: Board, light: Light) -> _Side:
    normal, _, table = light
    groups = groups_with(NO_GROUPS, entries)
    if table is None:
        return groups, lamp_points(entries, normal), (), 0
    seen = large_seen(entries, board.built, table)
    return groups, lamp_points(entries, normal), seen, seen_points(entries, seen)


def _lit_after(side: _Side, entries: tuple[Entry, ...], before: _Tally, board: Board, light: Light) -> _Side:
    """``side`` (its buildings ``entries``) once the board ``before`` is ``board``, lit by ``light``: lamps covered
    by a build (P3) or put down, the large streetlight put down, or a building (not the side's) in its light."""
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


def _with_building(side: _Side, new: tuple[Entry, ...], board: Board, light: Light) -> _Side:
    """``side`` with its ``new`` building (the last of ``board``'s), lit by ``light``."""
    groups, lamps, seen, large = side
    normal, _, table = light
    if table is None:
        return groups_with(groups, new), lamps + lamp_points(new, normal), seen, large
    lit = large_seen(new, board.built, table)
    return groups_with(groups, new), lamps + lamp_points(new, normal), seen + lit, large + seen_points(new, lit)


class _Tables(NamedTuple):
    """What a setup fixes for the whole game, computed once per set of pieces and ground tiles."""

    ids: tuple[str, ...]
    """The pool pieces' ids, in setup order; piece ``i`` is bit ``i`` of the pool and reserve masks."""
    by_id: dict[str, int]
    """Upper-case id -> piece index."""
    layouts: tuple[tuple[Layout, ...], ...]
    """Each piece's rotations, laid out from A1 (base, offsets, anchors where it fits)."""
    rotations: tuple[frozenset[Shape], ...]
    """Each piece's rotations, never turned over (the shape check, G9)."""
    takes: tuple[Take, ...]
    """``take`` of each piece."""
    moves: dict[tuple[object, ...], Move]
    """Build and Lévitation moves made so far in games with these pieces: the same few recur move after move."""
    faces: tuple[tuple[tuple[Faces, ...], ...], tuple[tuple[Faces, ...], ...]]
    """faces[player][k][r]: tile ``k`` of the player's stack, turned ``ROTATIONS[r]``, laid on area A1."""


@functools.lru_cache(maxsize=1024)
def _faces(tile: Tile) -> Faces:
    found = [0, 0, 0, 0]
    for r, row in enumerate(tile):
        for c, ch in enumerate(row):
            found[_GROUND_INDEX[ch.lower()]] |= 1 << (r * 8 + c)
    return found[0], found[1], found[2], found[3]


@functools.lru_cache(maxsize=1024)
def _turned_faces(tile: Tile) -> tuple[Faces, ...]:
    """A tile's faces in each rotation (G2)."""
    return tuple(_faces(turn_tile(tile, rotation)) for rotation in ROTATIONS)


def _tables(setup: Setup) -> _Tables:
    """The setup's tables: the last setup's, or one of the last :data:`_RECENT_SIZE` setups', by identity (games
    played side by side, a server replaying records in turn), else made from the tables of its pieces (a cache of
    16 sets of pieces) and of its tiles (one per tile), so that a setup whose hidden tiles are dealt again (a bot
    guessing them) or a record read anew rebuilds nothing but the tuple of faces."""
    global _last_tables
    last = _last_tables
    if last is not None and last[0] is setup:
        return last[1]
    last = _recent.get(id(setup))
    if last is None or last[0] is not setup:  # (a setup kept here stays alive: its id is not another's)
        orange, blue = setup.tiles
        faces = (tuple(map(_turned_faces, orange)), tuple(map(_turned_faces, blue)))
        pool = setup.pool
        tables = _piece_tables(tuple([p.id for p in pool]), tuple([p.shape for p in pool]))
        last = (setup, tables._replace(faces=faces))
        if len(_recent) >= _RECENT_SIZE:
            del _recent[next(iter(_recent))]  # the oldest
        _recent[id(setup)] = last
    _last_tables = last
    return last[1]


_RECENT_SIZE: Final = 32
_recent: dict[int, tuple[Setup, _Tables]] = {}
_last_tables: tuple[Setup, _Tables] | None = None


@functools.lru_cache(maxsize=16)
def _piece_tables(ids: tuple[str, ...], pool: tuple[Shape, ...]) -> _Tables:
    """The tables of a setup's pool pieces, by their ids and shapes (its faces left empty): keyed by plain tuples,
    whose hash and equality cost a fraction of the pieces' own (a record read again is a new setup)."""
    layouts, rotations = zip(*map(_shape_tables, pool), strict=True)
    upper = list(map(str.upper, ids))
    by_id = dict(zip(upper, range(len(ids)), strict=True))
    return _make(_Tables, (ids, by_id, layouts, rotations, tuple(map(_take, upper)), {}, ((), ())))


@functools.lru_cache(maxsize=512)
def _shape_tables(shape: Shape) -> tuple[tuple[Layout, ...], frozenset[Shape]]:
    """A piece's rotations laid out from A1 and the set of its rotations (never turned over, G9): a piece's
    tables depend on its shape only, and there are 304 shapes of 3 to 6 spaces, so a pool new to the engine
    (a record of fictional pieces) makes only the shapes it has not seen."""
    turned = orientations(shape)
    return tuple(layout(t) for t in turned), frozenset(turned)


@functools.lru_cache(maxsize=1024)
def _take(piece: str) -> Take:
    return Take(piece)


def _bits(bb: Bitboard) -> Iterator[Bitboard]:
    while bb:
        low = bb & -bb
        yield low
        bb ^= low


_T = TypeVar("_T", bound=attrs.AttrsInstance)


def _evolver(cls: type[_T]) -> Callable[[_T, dict[str, Any]], _T]:
    """``attrs.evolve`` for ``cls`` made positionally (twice as quick): its ``__init__`` fields read in order, those
    ``changes`` names (by their ``__init__`` names) replaced, the value made by position."""
    init = [a for a in attrs.fields(cls) if a.init]
    index = {a.alias: i for i, a in enumerate(init)}
    fields = operator.attrgetter(*(a.name for a in init))

    def evolve(value: _T, changes: dict[str, Any]) -> _T:
        values = list(fields(value))
        for name, new in changes.items():
            values[index[name]] = new
        return cls(*values)

    return evolve


def _two(players: tuple[int, int], player: Player, value: int) -> tuple[int, int]:
    return (value, players[1]) if player is _ORANGE else (players[0], value)


Outcome = Totals
"""A game's score without its lines: each side's total, free own-colour spaces and the winner (S1-S5)."""


@attrs.frozen(cache_hash=True)
class GameState:
    """A game between two moves: immutable, hashable, picklable; :meth:`play` gives the next one.

    Make the first with :meth:`start`.  Pieces are named by their index in
    ``setup.pool`` in the bitmasks ``pool`` and ``reserves``.
    """

    setup: Setup = attrs.field(repr=False)
    phase: int = 1
    turn: Player = _ORANGE
    placed: tuple[int, int] = (0, 0)
    """Tiles each player has put down (G4); the tile in hand is the next of the stack."""
    areas: int = 0
    """The areas with a tile (bit ``i`` for ``AREAS[i]``, G2)."""
    ground: Faces = (0, 0, 0, 0)
    """The printed ground of the tiles down so far: orange, blue, mixed, streetlight (G7)."""
    first_done: Player | None = None
    """Who put down their 8th tile first (G8)."""
    pool: int = 0
    reserves: tuple[int, int] = (0, 0)
    chimneys: tuple[int, int] = (MAX_BUILDINGS, MAX_BUILDINGS)
    cards: Cards = ((), ())
    """The postcards carrying orange's and blue's tokens, in the order they were put there (G10)."""
    metro: Player | None = None
    """Who holds an unused Métropolitain build (P3)."""
    chartier: Player | None = None
    """Who holds the Chartier space, not laid yet (P7)."""
    buildings: tuple[Building, ...] = ()
    pieces: Pieces = attrs.field(factory=Pieces)
    occupied: Bitboard = 0
    """Every space with a piece on it (W1)."""
    _tally: _Tally | None = attrs.field(default=None, eq=False, repr=False, alias="tally")
    """What :meth:`outcome` needs of the board (:class:`_Tally`), kept move by move (not part of the state's value:
    no equality, hash or string); ``None`` in phase 1, and in a replay's last state until its first
    :meth:`outcome`."""
    _board: Position | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """:meth:`position`, made on first use: a state is immutable, so is its position."""
    _KEEPS_TALLY: ClassVar[bool] = True
    """Whether :meth:`play` keeps the tally move by move (not in a replay's private referee)."""

    # -- making and reading states -------------------------------------------------------------------------------

    @classmethod
    def start(cls, setup: Setup) -> Self:
        """The game before its first move (G1, F1); :class:`SetupError` if the setup is not one the box allows."""
        if not is_good(setup):
            raise SetupError(setup_problems(setup))
        return cls(setup, turn=setup.first, pool=(1 << len(setup.pool)) - 1)

    def _evolve(self, **changes: object) -> GameState:
        """The next state: this one with ``changes`` (fields by their ``__init__`` names); every move makes its
        state here."""
        return _EVOLVE_STATE(self, changes)

    def hand(self, player: PlayerLike) -> Tile | None:
        """The tile in the player's hand (G4), or ``None`` once all 8 are down."""
        player = as_player(player)
        k = self.placed[player is _BLUE]
        return self.setup.stack(player)[k] if k < TILES_PER_PLAYER else None

    def tiles_left(self, player: PlayerLike) -> int:
        """The player's tiles not on the board yet, the one in hand included."""
        player = as_player(player)
        return TILES_PER_PLAYER - self.placed[player is _BLUE]

    def tokens(self, player: PlayerLike) -> int:
        """The player's action tokens not on a postcard yet (B5)."""
        player = as_player(player)
        return ACTION_TOKENS - len(self.cards[player is _BLUE])

    def reserve(self, player: PlayerLike) -> tuple[str, ...]:
        """The ids of the pieces in the player's reserve, in setup order."""
        player = as_player(player)
        ids = self.setup.pool
        return tuple(ids[i].id for i in scan(self.reserves[player is _BLUE]))

    def pool_ids(self) -> tuple[str, ...]:
        """The ids of the pieces still in the pool, in setup order."""
        return tuple(self.setup.pool[i].id for i in scan(self.pool))

    def card_user(self, card: Postcard) -> Player | None:
        """Who put a token on ``card``, or ``None``."""
        if card in self.cards[0]:
            return _ORANGE
        if card in self.cards[1]:
            return _BLUE
        return None

    def view(self, player: PlayerLike | None = None) -> View:
        """What ``player`` (default: the side to move) may know: its own hand, never the opponent's, nor the order
        of either stack below the hands (:class:`~paris_score.views.View`)."""
        return views.view_of(self, player)

    # -- the end (G12) ----------------------------------------------------------------------------------------

    def can_build(self, player: PlayerLike) -> bool:
        """Whether ``player`` has a chimney and a reserve piece with a legal placement (G11, G12).

        Placements that use an unused Métropolitain or a held Chartier space count.
        """
        player = as_player(player)
        if self.phase != 2 or not self.chimneys[player is _BLUE]:
            return False
        tables = _tables(self.setup)
        room = self._room(player)
        for i in scan(self.reserves[player is _BLUE]):
            for _, offsets, anchors in tables.layouts[i]:
                if fits(offsets, anchors, room):
                    return True
        return False

    @property
    def is_over(self) -> bool:
        """G12 (F4): all 8 tokens are on postcards and neither player could build; no move is legal after it."""
        return (
            self.phase == 2
            and len(self.cards[0]) + len(self.cards[1]) == 2 * ACTION_TOKENS
            and not self.can_build(_ORANGE)
            and not self.can_build(_BLUE)
        )

    def _room(self, player: Player) -> Room:
        """Where ``player`` may build now (P1), and the spaces a held card's build adds (P3, P7)."""
        orange, blue, mixed, light = self.ground
        own, opp = (orange, blue) if player is _ORANGE else (blue, orange)
        return room_of(BB_ALL & ~self.occupied, own, opp, mixed, light, self.metro is player, self.chartier is player)

    # -- the board as a position ----------------------------------------------------------------------------

    def position(self) -> Position:
        """The board as a :class:`Position` (section "The final position"): from the end of phase 1 on.

        The Jardin des Plantes is building ``J``; reserves carry sizes and
        shapes; each postcard with a token lists under its user.  Raises
        :class:`ValueError` in phase 1, when some areas have no ground yet.
        """
        if self.phase == 1:
            raise ValueError("the ground is complete only at the end of phase 1 (G7): no position before")
        position = self._board
        if position is None:
            position = self._make_position()
            object.__setattr__(self, "_board", position)
        return position

    def _make_position(self) -> Position:
        pool = self.setup.pool
        orange, blue = ([pool[i] for i in scan(mask)] for mask in self.reserves)
        return Position(
            Ground(*self.ground),
            self.buildings,
            Reserve(
                tuple(p.size for p in orange),
                tuple(p.size for p in blue),
                tuple(p.shape for p in orange),
                tuple(p.shape for p in blue),
            ),
            Postcards(self.setup.postcards, self.cards[0], self.cards[1]),
            self.pieces,
            self.setup.rules,
        )

    def outcome(self) -> Outcome:
        """Each side's total and the winner (S1-S5) of the position now, without the explanations of a report.

        Computed from the state's own fields, as :func:`~paris_score.scoring.totals` of :meth:`position` would.
        Raises :class:`ValueError` in phase 1 (no position yet); :meth:`result` never raises.
        """
        if self.phase == 1:
            return totals(self.position())  # ValueError: no position yet
        orange, blue, _, light = self.ground
        tally = self._tally
        if tally is None or not (tally.buildings is self.buildings and tally.pieces is self.pieces):
            # Made from the fields (a replay's last state, a state changed by hand) and kept: the next states too
            # keep it move by move.
            tally = _tally_of(self.buildings, self.pieces, light, self.setup.rules.large_streetlight_pattern)
            _SET_TALLY(self, tally)
        return totals_from(
            tally.board,
            self.pieces,
            (orange, blue),
            light,
            self.cards,
            (self.reserves[0].bit_count(), self.reserves[1].bit_count()),
            self.setup.rules.large_streetlight_pattern,
            tally.points(),
        )

    # -- for bots (docs' "For bot authors"): results, keys, state strings ---------------------------------------

    def result(self) -> Result | None:
        """``None`` until the game is over (G12), then each side's return (+1, -1 or 0), totals and winner."""
        return states.result(self)

    def key(self) -> str:
        """Equal for the same game situation whatever the order of the moves that led there (transpositions)."""
        return states.key(self)

    def to_string(self) -> str:
        """The state as one ``paris-state/1`` line; :meth:`from_string` reads it back to an equal state."""
        return states.to_string(self)

    @staticmethod
    def from_string(text: str) -> GameState:
        """The state a ``paris-state/1`` line writes, checked (:class:`~paris_score.errors.StateStringError`)."""
        return states.from_string(text)

    # -- moves ----------------------------------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every move the side to move may play now, each once, in a fixed order; empty once the game is over.

        Depends only on what the side to move may know (:meth:`view`).
        """
        if self.phase == 1:
            return self._phase_one_moves()
        if self.is_over:
            return []
        return self._phase_two_moves()

    def _phase_one_moves(self) -> list[Move]:
        moves: list[Move] = []
        if self.placed[self.turn is _BLUE] < TILES_PER_PLAYER:
            for i in scan(~self.areas & 0xFFFF):
                moves += _TILE_MOVES[i]
        else:
            moves.append(_PASS)
        takes = _tables(self.setup).takes
        moves += [takes[i] for i in scan(self.pool)]
        return moves

    def _builds(self, piece: int, where: Room) -> list[tuple[int, Bitboard, Square | None, Square | None]]:
        """Every legal placement of pool piece ``piece`` in ``where``: (piece, cells, metro space, chartier space)."""
        found: list[tuple[int, Bitboard, Square | None, Square | None]] = []
        plain = not (where.extra_light or where.extra_other)
        for base, offsets, anchors in _tables(self.setup).layouts[piece]:
            at = fits(offsets, anchors, where)
            if plain:
                found += [(piece, base << (low.bit_length() - 1), None, None) for low in _bits(at)]
                continue
            for low in _bits(at):
                cells = base << (low.bit_length() - 1)
                found.append((piece, cells, *card_spaces(cells, where)))
        return found

    def _phase_two_moves(self) -> list[Move]:
        player = self.turn
        side = player is _BLUE
        tables = _tables(self.setup)
        moves: list[Move] = []
        room = self._room(player)
        chimney = self.chimneys[side] > 0
        reserve = self.reserves[side]
        if chimney:
            known = tables.moves
            for i in scan(reserve):
                for key in self._builds(i, room):
                    move = known.get(key)
                    if move is None:
                        move = known[key] = Build(tables.takes[i].piece, key[1], key[2], key[3])
                    moves.append(move)
        can_build = bool(moves)
        if self.tokens(player):
            used = self.cards[0] + self.cards[1]
            for card in self.setup.postcards:
                if card not in used:
                    moves.append(_ACTIVATE[card])
                    self._card_moves(moves, card, player, room, chimney, reserve)
        elif not can_build:
            moves.append(_PASS)
        return moves

    def _card_moves(
        self,
        moves: list[Move],
        card: Postcard,
        player: Player,
        room: Room,
        chimney: bool,
        reserve: int,
    ) -> None:
        """Add to ``moves`` those that activate ``card`` and do its action (G10), the bare activation apart."""
        free = BB_ALL & ~self.occupied
        orange, blue, _, _ = self.ground
        own = orange if player is _ORANGE else blue
        if card is Postcard.LEVITATION:
            if chimney:
                tables = _tables(self.setup)
                known = tables.moves
                ids = tables.takes
                for take in scan(self.pool):
                    placements = self._builds(take, room)
                    for give in scan(reserve):
                        for _, cells, m, c in placements:
                            key = (give, take, cells, m, c)
                            move = known.get(key)
                            if move is None:
                                move = known[key] = Levitate(ids[give].piece, ids[take].piece, cells, m, c)
                            moves.append(move)
        elif card is Postcard.JARDIN_DES_PLANTES:
            if chimney:
                good = room[0]
                moves += [_JARDIN_ACROSS[sq] for sq in scan(good & (good >> 1) & _NOT_H)]
                moves += [_JARDIN_DOWN[sq] for sq in scan(good & (good >> 8))]
        elif card in PIECE_CARDS:
            table = _PLACE_PIECE[card]
            moves += [table[sq] for sq in scan(free & self._allowed(card.piece, player))]  # type: ignore[arg-type]
        elif card is Postcard.LE_PENSEUR:
            spots, taken = free & self._allowed(STATUE, player), self.occupied
            moves += [_STATUES[sq][facing] for sq in scan(spots) for facing in placement.statue_facings(sq, taken)]
        elif card is Postcard.FONTAINE_DES_MERS:
            moves += [_FOUNTAINS[sq] for sq in scan(free & self._allowed(FOUNTAIN, player))]
            opp = blue if player is _ORANGE else orange
            on_chartier = placement.fountain_on_chartier(opp, self.chartier is player)
            moves += [_FOUNTAINS_ON_CHARTIER[sq] for sq in scan(free & on_chartier)]
        elif card is Postcard.BOUQUINISTES:
            mine, near = [], 0
            for b in self.buildings:
                if b.owner is player:
                    spaces = placement.annex_spaces(b.cells, free & own)
                    mine.append((b.id.upper(), spaces))
                    near |= spaces
            for sq in scan(near):
                moves += [PlaceAnnex(sq, bid) for bid, spaces in mine if spaces >> sq & 1]

    def play(self, move: Move | str) -> GameState:
        """The state after ``move`` (a :class:`Move` or its text); :class:`IllegalMoveError` if it is refused.

        The error names one rule, the first that fails in the docs' order:
        notation, phase, ids, what the player holds, shape, free spaces,
        options, ground.  A refused move changes nothing (G3).
        """
        if isinstance(move, str):
            move = Move.parse(move)
        build = type(move) is Build
        if self.phase == 2 and not build and self.is_over:
            raise _over(move)
        referee = _REFEREES.get(type(move))
        if referee is None:
            raise TypeError(f"not a move: {move!r}")
        if not build:
            return referee(self, move)
        # A build its referee accepts shows that the game is not over (G12: its player can build), so the end is
        # asked about only when it is refused (late in a game, asking costs both players' every placement).
        try:
            return referee(self, move)
        except IllegalMoveError:
            if self.phase == 2 and self.is_over:
                raise _over(move) from None
            raise

    # -- phase 1 ------------------------------------------------------------------------------------------------

    def _tile(self, move: PlaceTile) -> GameState:
        """G4: the tile in hand laid on an empty area (phase 1, F2); the 16th ends phase 1 (G7, G8)."""
        player = self.turn
        if self.phase != 1:
            raise WRONG_PHASE_TILE.refuse(rule="G4")
        side = player is _BLUE
        k = self.placed[side]
        if k >= TILES_PER_PLAYER:
            raise NO_TILE.refuse(player=player)
        i = _AREA_INDEX[move.area]
        if self.areas >> i & 1:
            raise AREA_TAKEN.refuse(tuple(scan(BB_TILES[i])), area=square_name(move.area))
        o, b, m, light = _tables(self.setup).faces[side][k][move.rotation // 90]
        sq = move.area
        go, gb, gm, gl = self.ground
        ground = (go | o << sq, gb | b << sq, gm | m << sq, gl | light << sq)
        placed = _two(self.placed, player, k + 1)
        first_done = self.first_done
        if k + 1 == TILES_PER_PLAYER and first_done is None:
            first_done = player
        if sum(placed) == 2 * TILES_PER_PLAYER:  # G7: the 16th tile ends phase 1; G8 names who begins phase 2
            return self._evolve(
                phase=2,
                turn=first_done,
                placed=placed,
                areas=self.areas | 1 << i,
                ground=ground,
                first_done=first_done,
                tally=_tally_of(self.buildings, self.pieces, ground[3], self.setup.rules.large_streetlight_pattern)
                if self._KEEPS_TALLY
                else None,
            )
        return self._evolve(
            turn=player.other, placed=placed, areas=self.areas | 1 << i, ground=ground, first_done=first_done
        )

    def _take(self, move: Take) -> GameState:
        if self.phase != 1:
            raise WRONG_PHASE_TAKE.refuse(rule="G5")
        i = self._pool_piece(move.piece, "G5")
        player = self.turn
        side = player is _BLUE
        return self._evolve(
            turn=player.other,
            pool=self.pool & ~(1 << i),
            reserves=_two(self.reserves, player, self.reserves[side] | 1 << i),
        )

    def _pool_piece(self, piece: str, rule: str) -> int:
        i = _tables(self.setup).by_id.get(piece)
        if i is None:
            raise NO_SUCH_PIECE.refuse(rule=rule, piece=piece)
        if not self.pool >> i & 1:
            raise TAKEN.refuse(rule=rule, piece=piece)
        return i

    def _pass(self, _: Pass) -> GameState:
        player = self.turn
        if self.phase == 1:
            if self.hand(player) is not None:
                raise PASS_HOLDING_TILE.refuse(rule="G6", player=player)
        elif self.can_build(player):
            raise PASS_CAN_BUILD.refuse(rule="G11", player=player)
        elif self.tokens(player):
            raise PASS_CAN_ACTIVATE.refuse(rule="G11", player=player)
        return self._evolve(turn=player.other)

    # -- phase 2: builds --------------------------------------------------------------------------------------

    def _reserve_piece(self, piece: str, rule: str, wording: Wording) -> int:
        side = self.turn is _BLUE
        i = _tables(self.setup).by_id.get(piece)
        if i is None or not self.reserves[side] >> i & 1:
            raise wording.refuse(rule=rule, piece=piece, player=self.turn)
        return i

    def _need_chimney(self) -> None:
        """B4: every building, the Jardin des Plantes included, takes one of the player's 7 chimneys."""
        if not self.chimneys[self.turn is _BLUE]:
            raise NO_CHIMNEY.refuse(player=self.turn, n=MAX_BUILDINGS)

    def _build_move(self, move: Build) -> GameState:
        if self.phase != 2:
            raise WRONG_PHASE_BUILD.refuse(rule="G9")
        i = self._reserve_piece(move.piece, "G9", NOT_IN_RESERVE_BUILD)
        self._need_chimney()
        self._check_build(i, move.cells, move.metro, move.chartier, "G9")
        return self._after_build(i, move.cells, move.metro, move.chartier, self)

    def _check_build(self, i: int, cells: Bitboard, metro: Square | None, chartier: Square | None, rule: str) -> None:
        """Steps 5-8 of refereeing a build of pool piece ``i``: shape, free spaces, options, ground."""
        player = self.turn
        pid = self.setup.pool[i].id
        if shape_of(cells) not in _tables(self.setup).rotations[i]:
            raise NOT_THE_SHAPE.refuse(tuple(scan(cells)), rule=rule, spaces=names_text(cells), piece=pid)
        taken = cells & self.occupied
        if taken:
            raise NOT_FREE.refuse(tuple(scan(taken)), rule="P1", spaces=names_text(taken))
        orange, blue, _, light = self.ground
        opp = blue if player is _ORANGE else orange
        refusal = placement.build_refusal(
            player, cells, light, opp, metro, chartier, self.metro is player, self.chartier is player
        )
        if refusal is not None:
            raise refusal

    def _after_build(
        self, i: int, cells: Bitboard, metro: Square | None, chartier: Square | None, base: GameState
    ) -> GameState:
        """``base`` with piece ``i`` built on ``cells`` by the side to move of ``self``, the turn passed on."""
        player = self.turn
        side = player is _BLUE
        building = Building(self.setup.pool[i].id, player, cells)
        pieces = base.pieces if chartier is None else _EVOLVE_PIECES(base.pieces, {"chartier": chartier})
        buildings = (*base.buildings, building)
        return base._evolve(
            turn=player.other,
            reserves=_two(base.reserves, player, base.reserves[side] & ~(1 << i)),
            chimneys=_two(base.chimneys, player, base.chimneys[side] - 1),
            metro=None if metro is not None else base.metro,
            chartier=None if chartier is not None else base.chartier,
            buildings=buildings,
            pieces=pieces,
            occupied=base.occupied | cells,
            tally=_built(base._tally, buildings, pieces, building, self.setup.rules.large_streetlight_pattern),
        )

    # -- phase 2: postcards -------------------------------------------------------------------------------------

    def _card(self, move: Move) -> GameState:
        """G10: a token on a free postcard in play (B5: while the player has one), its action done at once or
        declined (F3); Lévitation (P2)."""
        card = move.card
        assert card is not None
        if self.phase != 2:
            raise WRONG_PHASE_CARD.refuse(rule="G10")
        if card not in self.setup.postcards:
            raise CARD_NOT_THERE.refuse(card=card)
        user = self.card_user(card)
        if user is not None:
            raise CARD_TAKEN.refuse(card=card, user=user)
        player = self.turn
        side = player is _BLUE
        kind = type(move)
        give = take = 0
        if kind is Levitate:
            take = self._pool_piece(move.take, "P2")  # type: ignore[attr-defined]
            give = self._reserve_piece(move.give, "P2", NOT_IN_RESERVE_GIVE)  # type: ignore[attr-defined]
        elif kind is PlaceAnnex:
            target = self._annex_building(move.building)  # type: ignore[attr-defined]
        if kind is Levitate or kind is BuildJardin:
            self._need_chimney()
        if not self.tokens(player):
            raise NO_TOKEN.refuse(player=player, n=ACTION_TOKENS)
        cards = _two_cards(self.cards, player, card)
        if kind is Activate:
            return self._evolve(
                turn=player.other,
                cards=cards,
                metro=player if card is Postcard.METROPOLITAIN else self.metro,
                chartier=player if card is Postcard.CHARTIER else self.chartier,
            )
        if kind is Levitate:
            cells, metro, chartier = move.cells, move.metro, move.chartier  # type: ignore[attr-defined]
            self._check_build(take, cells, metro, chartier, "P2")
            swapped = self._evolve(
                cards=cards,
                pool=self.pool & ~(1 << take) | 1 << give,
                reserves=_two(self.reserves, player, self.reserves[side] & ~(1 << give) | 1 << take),
            )
            return self._after_build(take, cells, metro, chartier, swapped)
        if kind is BuildJardin:
            return self._jardin(move.cells, cards)  # type: ignore[attr-defined]
        if kind is PlaceAnnex:
            return self._annex(move.at, target, cards)  # type: ignore[attr-defined]
        if kind is PlaceStatue:
            return self._statue(move.at, move.facing, cards)  # type: ignore[attr-defined]
        if kind is PlaceFountain:
            return self._fountain(move.at, move.chartier, cards)  # type: ignore[attr-defined]
        return self._piece(card, move.at, cards)  # type: ignore[attr-defined]

    def _own(self, player: Player) -> Bitboard:
        return self.ground[player is _BLUE]

    def _allowed(self, piece: Piece, player: Player) -> Bitboard:
        """The spaces, free or not, where ``player`` may put ``piece`` (its ground, P6 P9-P13)."""
        orange, blue, mixed, light = self.ground
        own, opp = (orange, blue) if player is _ORANGE else (blue, orange)
        return piece.allowed.spaces(own, mixed, light, opp)

    def _need_ground(self, piece: Piece, sq: Square) -> None:
        refusal = placement.piece_refusal(piece, self.turn, sq, self._allowed(piece, self.turn))
        if refusal is not None:
            raise refusal

    def _need_free(self, sq: Square, rule: str, piece: Piece | None = None) -> None:
        """W1: ``sq`` free for ``piece`` (``None``: the annex), said so only when it is not."""
        if self.occupied >> sq & 1:
            what = THE_ANNEX if piece is None else THE_PIECE(piece=piece)
            raise NOT_FREE_HERE.refuse((sq,), rule=rule, thing=what, space=square_name(sq))

    def _placed(self, cards: Cards, piece: Piece, sq: Square, **pieces: object) -> GameState:
        """The state with ``piece`` put on ``sq`` (``pieces``: its ``Pieces`` fields), the token on its card."""
        placed = _EVOLVE_PIECES(self.pieces, pieces)
        return self._evolve(
            turn=self.turn.other,
            cards=cards,
            pieces=placed,
            occupied=self.occupied | 1 << sq,
            chartier=None if "chartier" in pieces else self.chartier,
            tally=_with_piece_tally(self._tally, placed, piece, sq, self.setup.rules.large_streetlight_pattern),
        )

    def _jardin(self, cells: Bitboard, cards: Cards) -> GameState:
        player = self.turn
        low = cells & -cells
        if cells.bit_count() != JARDIN_SIZE or not (
            cells == low | low << 8 or (cells == low | low << 1 and low & _NOT_H)
        ):
            raise NOT_A_DOMINO.refuse(spaces=names_text(cells))
        taken = cells & self.occupied
        if taken:
            raise NOT_FREE_JARDIN.refuse(tuple(scan(taken)), rule="P4", spaces=names_text(taken))
        orange, blue, _, light = self.ground
        opp = blue if player is _ORANGE else orange
        refusal = placement.jardin_refusal(player, cells, light, opp, self.metro is player, self.chartier is player)
        if refusal is not None:
            raise refusal
        side = player is _BLUE
        jardin = Building(JARDIN_ID, player, cells, jardin=True)
        buildings = (*self.buildings, jardin)
        return self._evolve(
            turn=player.other,
            cards=cards,
            chimneys=_two(self.chimneys, player, self.chimneys[side] - 1),
            buildings=buildings,
            occupied=self.occupied | cells,
            tally=_built(self._tally, buildings, self.pieces, jardin, self.setup.rules.large_streetlight_pattern),
        )

    def _annex_building(self, building: str) -> int:
        """P8: the index of the player's own building the annex extends, named by its id."""
        for k, b in enumerate(self.buildings):
            if b.id.upper() == building:
                if b.owner is not self.turn:
                    raise NOT_YOUR_BUILDING.refuse(id=b.id, owner=b.owner)
                return k
        raise NO_ANNEX_BUILDING.refuse(id=building)

    def _annex(self, sq: Square, k: int, cards: Cards) -> GameState:
        player = self.turn
        self._need_free(sq, "P8")
        b = self.buildings[k]
        refusal = placement.annex_refusal(player, sq, b, self._own(player))
        if refusal is not None:
            raise refusal
        extended = attrs.evolve(b, annex=sq)
        buildings = (*self.buildings[:k], extended, *self.buildings[k + 1 :])
        return self._evolve(
            turn=player.other,
            cards=cards,
            buildings=buildings,
            occupied=self.occupied | 1 << sq,
            tally=_tally_of(buildings, self.pieces, self.ground[3], self.setup.rules.large_streetlight_pattern)
            if self._tally is not None
            else None,
        )

    def _statue(self, sq: Square, facing: Facing, cards: Cards) -> GameState:
        self._need_free(sq, "P11", STATUE)
        refusal = placement.statue_refusal(sq, facing, self.occupied)
        if refusal is not None:
            raise refusal
        self._need_ground(STATUE, sq)
        return self._placed(cards, STATUE, sq, statue=Statue(sq, facing))

    def _fountain(self, sq: Square, chartier: Square | None, cards: Cards) -> GameState:
        player = self.turn
        self._need_free(sq, "P12", FOUNTAIN)
        opp = self.ground[player is _ORANGE]
        allowed = self._allowed(FOUNTAIN, player)
        refusal = placement.fountain_refusal(player, sq, chartier, allowed, opp, self.chartier is player)
        if refusal is not None:
            raise refusal
        if chartier is not None:
            return self._placed(cards, FOUNTAIN, sq, fountain=sq, chartier=sq)
        return self._placed(cards, FOUNTAIN, sq, fountain=sq)

    def _piece(self, card: Postcard, sq: Square, cards: Cards) -> GameState:
        piece = card.piece
        assert piece is not None, card  # only the one-space cards reach here (PIECE_CARDS)
        self._need_free(sq, piece.rule, piece)
        self._need_ground(piece, sq)
        return self._placed(cards, piece, sq, **{piece.key: sq})


def _over(move: Move) -> IllegalMoveError:
    """G12: the refusal of any move once the game is over."""
    return OVER.refuse(move=str(move))


_REFEREES: Final[dict[type[Move], Callable[[GameState, Any], GameState]]] = {
    PlaceTile: GameState._tile,
    Take: GameState._take,
    Pass: GameState._pass,
    Build: GameState._build_move,
    **dict.fromkeys(
        (Activate, Levitate, BuildJardin, PlacePiece, PlaceStatue, PlaceFountain, PlaceAnnex), GameState._card
    ),
}
"""The check and the making of each kind of move's next state (:meth:`GameState.play`)."""
_EVOLVE_STATE: Final = _evolver(GameState)
_EVOLVE_PIECES: Final = _evolver(Pieces)
_INIT: Final = tuple(a for a in attrs.fields(GameState) if a.init)
_VALUES: Final = operator.attrgetter(*(a.name for a in _INIT))
"""A state's fields in ``__init__`` order: :meth:`_Referee.state` passes them by position."""
_SETTERS: Final = {a.alias: vars(GameState)[a.name].__set__ for a in _INIT}
"""Each field's slot setter, by its ``__init__`` name: :class:`_Referee` changes its fields in place."""
_SET_BOARD: Final = vars(GameState)["_board"].__set__
_SET_TALLY: Final = vars(GameState)["_tally"].__set__


class _Referee(GameState):
    """A game state that :meth:`~GameState.play` changes in place, for :func:`paris_score.replay`: every rule is
    :class:`GameState`'s own (this class only makes the next state by changing itself), and a replay makes one
    object instead of one a move.  Private: it is neither immutable nor hashable; :meth:`state` is the game as an
    immutable :class:`GameState`.  A refused move changes nothing, as every check comes before the change."""

    __slots__ = ()

    _KEEPS_TALLY: ClassVar[bool] = False
    """A replay asks no outcome of the states it goes through: its last state makes the tally at its first
    :meth:`~GameState.outcome`."""

    def _evolve(self, **changes: object) -> GameState:
        setters = _SETTERS
        for field, value in changes.items():
            setters[field](self, value)
        _SET_BOARD(self, None)  # the position made of the fields before
        return self

    def state(self) -> GameState:
        """The game now, as an immutable :class:`GameState`."""
        return GameState(*_VALUES(self))


# Moves are immutable values: those that do not depend on the setup are made once, here.
_PASS: Final = Pass()
_TILE_MOVES: Final = tuple(tuple(PlaceTile(area, rotation) for rotation in ROTATIONS) for area in AREAS)
_ACTIVATE: Final = {card: Activate(card) for card in Postcard}
_PLACE_PIECE: Final = {card: tuple(PlacePiece(card, sq) for sq in SQUARES) for card in PIECE_CARDS}
_STATUES: Final = tuple({facing: PlaceStatue(sq, facing) for facing in FACINGS} for sq in SQUARES)
"""Each space's statue moves by facing (which may be played: :func:`~paris_score.placement.statue_facings`)."""
_FOUNTAINS: Final = tuple(PlaceFountain(sq) for sq in SQUARES)
_FOUNTAINS_ON_CHARTIER: Final = tuple(PlaceFountain(sq, sq) for sq in SQUARES)
_JARDIN_ACROSS: Final = {sq: BuildJardin(3 << sq) for sq in SQUARES if sq & 7 != 7}
_JARDIN_DOWN: Final = {sq: BuildJardin(0x101 << sq) for sq in SQUARES[:-8]}


def _built(
    tally: _Tally | None, buildings: tuple[Building, ...], pieces: Pieces, building: Building, pattern: Pattern
) -> _Tally | None:
    """``tally`` once ``building`` is built on free spaces (the last of the new ``buildings``)."""
    if tally is None:
        return None
    before = tally.board
    board = board_with(before, building)
    light = tally.light if board.lamps == before.lamps else light_from(pattern, board)  # a lamp covered (P3)
    orange, blue = tally.orange, tally.blue
    if light is not tally.light or light[2] is not None:  # the light of the buildings there before changes
        orange = _lit_after(orange, before.orange, tally, board, light)
        blue = _lit_after(blue, before.blue, tally, board, light)
    if building.owner is _ORANGE:
        orange = _with_building(orange, board.orange[-1:], board, light)
    else:
        blue = _with_building(blue, board.blue[-1:], board, light)
    return _TALLY((buildings, pieces, board, light, orange, blue))


def _with_piece_tally(
    tally: _Tally | None, pieces: Pieces, piece: Piece, sq: Square, pattern: Pattern
) -> _Tally | None:
    """``tally`` once the special ``piece`` is put on ``sq``: a lamp lights the buildings beside it (S1a), the large
    streetlight those it sees (S1b)."""
    if tally is None:
        return None
    board = board_with_piece(tally.board, piece, sq)
    if not piece.lamp:
        return _TALLY((tally.buildings, pieces, board, tally.light, tally.orange, tally.blue))
    light = light_from(pattern, board)
    orange = _lit_after(tally.orange, board.orange, tally, board, light)
    blue = _lit_after(tally.blue, board.blue, tally, board, light)
    return _TALLY((tally.buildings, pieces, board, light, orange, blue))


def _two_cards(cards: Cards, player: Player, card: Postcard) -> Cards:
    if player is _ORANGE:
        return (*cards[0], card), cards[1]
    return cards[0], (*cards[1], card)


# What bots need (docs' "For bot authors") lives in modules built on GameState: imported once it exists.
from paris_score import states, views  # noqa: E402
from paris_score.states import Result  # noqa: E402
from paris_score.views import View  # noqa: E402
