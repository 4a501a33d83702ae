"""A game as it is played, move by move (G1-G12): an immutable state, its legal moves, its referee.

>>> from paris_score.game.generate import random_setup
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

What a player may know of a state is its :class:`View` (hidden
information: the order of the stacks, the opponent's hand); a finished
game's :class:`Result` is each side's return.  Sets of spaces are bitboards;
what is kept to make a move quick (each setup's tables, a positional evolve,
the in-place twin of a replay) lives in :mod:`paris_score.game._speed`.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import ClassVar, Final, Self

import attrs

from paris_score import placement
from paris_score.codes import (
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
from paris_score.errors import IllegalMoveError, SetupError, StateStringError
from paris_score.game import _speed, strings
from paris_score.game.moves import (
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
from paris_score.game.setups import (
    JARDIN_ID,
    POOL_SIZE,
    TILES_PER_PLAYER,
    PoolPiece,
    Setup,
    Tile,
    is_good,
    setup_problems,
)
from paris_score.game.strings import Cards, Faces
from paris_score.model import (
    ACTION_TOKENS,
    FACINGS,
    JARDIN_SIZE,
    MAX_BUILDINGS,
    THE_ANNEX,
    THE_PIECE,
    Building,
    Ground,
    Pieces,
    Player,
    PlayerLike,
    Position,
    Postcards,
    Reserve,
    Rules,
    Statue,
    as_player,
)
from paris_score.placement import Room, card_spaces, fits, room_of
from paris_score.postcards import FOUNTAIN, STATUE, Piece, Postcard
from paris_score.report import Winner
from paris_score.scoring import Tally, Totals, tally_built, tally_of, tally_placed, totals, totals_from
from paris_score.shapes import shape_of
from paris_score.squares import BB_ALL, BB_TILES, SQUARES, Bitboard, Square, names_text, scan, square_name

_ORANGE: Final = Player.ORANGE
_BLUE: Final = Player.BLUE
_AREA_INDEX: Final = {sq: i for i, sq in enumerate(AREAS)}
_NOT_H: Final = BB_ALL & ~0x8080808080808080
Stacks = tuple[tuple[Tile, ...], tuple[Tile, ...]]
"""Tiles of orange, then of blue."""


def _bits(bb: Bitboard) -> Iterator[Bitboard]:
    while bb:
        low = bb & -bb
        yield low
        bb ^= low


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
    _tally: Tally | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """S1 and S2 of the board (:class:`~paris_score.scoring.Tally`), kept move by move from the start of phase 2 so
    that :meth:`outcome` makes none of it again; made at the first :meth:`outcome` of a state that has none (one
    read from a string or changed by ``attrs.evolve``, a replay's last).  A cache, no part of the state's value:
    no equality, hash or string, and ``attrs.evolve`` leaves it behind."""
    _board: Position | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """:meth:`position`, made on first use: a state is immutable, so is its position."""
    _KEEPS_TALLY: ClassVar[bool] = True
    """Whether :meth:`play` keeps the tally move by move (not in a replay's in-place twin, :mod:`._speed`)."""

    # -- making and reading states -------------------------------------------------------------------------------

    @classmethod
    def start(cls, setup: Setup) -> Self:
        """The game before its first move (G1, F1); :class:`SetupError` if the setup is not one the box allows."""
        if not is_good(setup):
            raise SetupError(setup_problems(setup))
        return cls(setup, turn=setup.first, pool=(1 << len(setup.pool)) - 1)

    def _evolve(self, **changes: object) -> GameState:
        """The next state: this one with ``changes`` (fields by their ``__init__`` names, and ``tally``); every
        move makes its state here."""
        return _EVOLVE(self, changes)

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
        of either stack below the hands (:class:`View`)."""
        return view_of(self, player)

    # -- the end (G12) ----------------------------------------------------------------------------------------

    def can_build(self, player: PlayerLike) -> bool:
        """Whether ``player`` has a chimney and a reserve piece with a legal placement (G11, G12).

        Placements that use an unused Métropolitain or a held Chartier space count.
        """
        player = as_player(player)
        if self.phase != 2 or not self.chimneys[player is _BLUE]:
            return False
        tables = _speed.tables(self.setup)
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
        if tally is None:  # made from the fields and kept: the next states too keep it move by move
            tally = self._new_tally(self.buildings, self.pieces)
            object.__setattr__(self, "_tally", tally)
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
        """``None`` until the game is over (G12), then each side's return (+1, -1 or 0), totals and winner (S5)."""
        if not self.is_over:
            return None
        totals = self.outcome()
        winner: Winner = totals.winner
        scores = (totals.orange, totals.blue)
        if winner == "tie":
            return Result((0, 0), scores, None)
        return Result((1, -1) if winner is _ORANGE else (-1, 1), scores, Player(winner))

    def key(self) -> str:
        """Equal for the same game situation whatever the order of the moves that led there (transpositions)."""
        return strings.key(self)

    def to_string(self) -> str:
        """The state as one ``paris-state/1`` line; :meth:`from_string` reads it back to an equal state."""
        return strings.to_string(self)

    @staticmethod
    def from_string(text: str) -> GameState:
        """The state a ``paris-state/1`` line writes, checked (:class:`~paris_score.errors.StateStringError`,
        :class:`~paris_score.errors.SetupError`)."""
        setup, parts = strings.read(text)
        return checked_state(setup, **parts)

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
        takes = _speed.tables(self.setup).takes
        moves += [takes[i] for i in scan(self.pool)]
        return moves

    def _builds(self, piece: int, where: Room) -> list[tuple[int, Bitboard, Square | None, Square | None]]:
        """Every legal placement of pool piece ``piece`` in ``where``: (piece, cells, metro space, chartier space)."""
        found: list[tuple[int, Bitboard, Square | None, Square | None]] = []
        plain = not (where.extra_light or where.extra_other)
        for base, offsets, anchors in _speed.tables(self.setup).layouts[piece]:
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
        tables = _speed.tables(self.setup)
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
                tables = _speed.tables(self.setup)
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
            known = _speed.tables(self.setup).moves
            for sq in scan(near):
                for bid, spaces in mine:
                    if spaces >> sq & 1:
                        move = known.get((sq, bid))
                        if move is None:
                            move = known[sq, bid] = PlaceAnnex(sq, bid)
                        moves.append(move)

    def play(self, move: Move | str) -> GameState:
        """The state after ``move`` (a :class:`Move` or its text); :class:`IllegalMoveError` if it is refused.

        The error names one rule, the first that fails in the docs' order:
        notation, phase, ids, what the player holds, shape, free spaces,
        options, ground.  A refused move changes nothing (G3).  Each kind of
        move has its referee, below; each asks first whether the game is over
        (G12: no move is legal after it), where it asks for the phase.
        """
        if isinstance(move, str):
            move = Move.parse(move)
        match move:
            case PlaceTile():
                return self._tile(move)
            case Take():
                return self._take(move)
            case Build():
                # A build its referee accepts shows that the game is not over (G12: its player can build), so the
                # end is asked about only when it is refused (late in a game, asking costs both players' every
                # placement).
                try:
                    return self._build(move)
                except IllegalMoveError:
                    if self.phase == 2 and self.is_over:
                        raise _over(move) from None
                    raise
            case Activate():
                return self._activate(move)
            case PlacePiece():
                return self._place_piece(move)
            case Pass():
                return self._pass(move)
            case Levitate():
                return self._levitate(move)
            case BuildJardin():
                return self._jardin(move)
            case PlaceStatue():
                return self._statue(move)
            case PlaceFountain():
                return self._fountain(move)
            case PlaceAnnex():
                return self._annex(move)
        raise TypeError(f"not a move: {move!r}")

    # -- phase 1 ------------------------------------------------------------------------------------------------

    def _tile(self, move: PlaceTile) -> GameState:
        """G4: the tile in hand laid on an empty area (phase 1, F2); the 16th ends phase 1 (G7, G8)."""
        player = self.turn
        if self.phase != 1:
            raise _over(move) if self.is_over else WRONG_PHASE_TILE.refuse(rule="G4")
        side = player is _BLUE
        k = self.placed[side]
        if k >= TILES_PER_PLAYER:
            raise NO_TILE.refuse(player=player)
        i = _AREA_INDEX[move.area]
        if self.areas >> i & 1:
            raise AREA_TAKEN.refuse(tuple(scan(BB_TILES[i])), area=square_name(move.area))
        o, b, m, light = _speed.tables(self.setup).faces[side][k][move.rotation // 90]
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
                tally=tally_of(self.buildings, self.pieces, ground[3], self.setup.rules.large_streetlight_pattern)
                if self._KEEPS_TALLY
                else None,
            )
        return self._evolve(
            turn=player.other, placed=placed, areas=self.areas | 1 << i, ground=ground, first_done=first_done
        )

    def _take(self, move: Take) -> GameState:
        if self.phase != 1:
            raise _over(move) if self.is_over else WRONG_PHASE_TAKE.refuse(rule="G5")
        i = self._pool_piece(move.piece, "G5")
        player = self.turn
        side = player is _BLUE
        return self._evolve(
            turn=player.other,
            pool=self.pool & ~(1 << i),
            reserves=_two(self.reserves, player, self.reserves[side] | 1 << i),
        )

    def _pool_piece(self, piece: str, rule: str) -> int:
        i = _speed.tables(self.setup).by_id.get(piece)
        if i is None:
            raise NO_SUCH_PIECE.refuse(rule=rule, piece=piece)
        if not self.pool >> i & 1:
            raise TAKEN.refuse(rule=rule, piece=piece)
        return i

    def _pass(self, move: Pass) -> GameState:
        """G6, G11: a player passes only with nothing else to do."""
        player = self.turn
        if self.phase == 1:
            if self.hand(player) is not None:
                raise PASS_HOLDING_TILE.refuse(rule="G6", player=player)
        elif self.is_over:
            raise _over(move)
        elif self.can_build(player):
            raise PASS_CAN_BUILD.refuse(rule="G11", player=player)
        elif self.tokens(player):
            raise PASS_CAN_ACTIVATE.refuse(rule="G11", player=player)
        return self._evolve(turn=player.other)

    # -- phase 2: builds --------------------------------------------------------------------------------------

    def _reserve_piece(self, piece: str, rule: str, wording: Wording) -> int:
        side = self.turn is _BLUE
        i = _speed.tables(self.setup).by_id.get(piece)
        if i is None or not self.reserves[side] >> i & 1:
            raise wording.refuse(rule=rule, piece=piece, player=self.turn)
        return i

    def _need_chimney(self) -> None:
        """B4: every building, the Jardin des Plantes included, takes one of the player's 7 chimneys."""
        if not self.chimneys[self.turn is _BLUE]:
            raise NO_CHIMNEY.refuse(player=self.turn, n=MAX_BUILDINGS)

    def _build(self, move: Build) -> GameState:
        """G9: a piece of the player's reserve built (P1), taking a chimney (B4)."""
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
        if shape_of(cells) not in _speed.tables(self.setup).rotations[i]:
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
        tally = base._tally  # (a Chartier space laid is ground: it changes no line of the tally, W1)
        if tally is not None:
            tally = tally_built(tally, building, self.setup.rules.large_streetlight_pattern)
        return base._evolve(
            turn=player.other,
            reserves=_two(base.reserves, player, base.reserves[side] & ~(1 << i)),
            chimneys=_two(base.chimneys, player, base.chimneys[side] - 1),
            metro=None if metro is not None else base.metro,
            chartier=None if chartier is not None else base.chartier,
            buildings=(*base.buildings, building),
            pieces=pieces,
            occupied=base.occupied | cells,
            tally=tally,
        )

    # -- phase 2: postcards (G10): the token first, then the card's action ----------------------------------------

    def _card_free(
        self, move: Activate | Levitate | BuildJardin | PlacePiece | PlaceStatue | PlaceFountain | PlaceAnnex
    ) -> None:
        """G10: a postcard in play that carries no token yet, in phase 2 while the game is not over (G12)."""
        card = move.card
        if self.phase != 2:
            raise WRONG_PHASE_CARD.refuse(rule="G10")
        if self.is_over:
            raise _over(move)
        if card not in self.setup.postcards:
            raise CARD_NOT_THERE.refuse(card=card)
        user = self.card_user(card)
        if user is not None:
            raise CARD_TAKEN.refuse(card=card, user=user)

    def _token(self, card: Postcard) -> Cards:
        """B5: the player's token put on ``card``: the tokens then, if the player has one left."""
        player = self.turn
        if not self.tokens(player):
            raise NO_TOKEN.refuse(player=player, n=ACTION_TOKENS)
        return _two_cards(self.cards, player, card)

    def _activate(self, move: Activate) -> GameState:
        """G10 with no action: a card declined (F3), or Métropolitain and Chartier held for later (P3, P7)."""
        card = move.card
        self._card_free(move)
        cards = self._token(card)
        player = self.turn
        return self._evolve(
            turn=player.other,
            cards=cards,
            metro=player if card is Postcard.METROPOLITAIN else self.metro,
            chartier=player if card is Postcard.CHARTIER else self.chartier,
        )

    def _levitate(self, move: Levitate) -> GameState:
        """P2: a reserve piece given back to the pool, a pool piece taken and built at once."""
        self._card_free(move)
        take = self._pool_piece(move.take, "P2")
        give = self._reserve_piece(move.give, "P2", NOT_IN_RESERVE_GIVE)
        self._need_chimney()
        cards = self._token(move.card)
        player = self.turn
        side = player is _BLUE
        self._check_build(take, move.cells, move.metro, move.chartier, "P2")
        swapped = self._evolve(
            cards=cards,
            pool=self.pool & ~(1 << take) | 1 << give,
            reserves=_two(self.reserves, player, self.reserves[side] & ~(1 << give) | 1 << take),
        )
        return self._after_build(take, move.cells, move.metro, move.chartier, swapped)

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
        tally = self._tally
        return self._evolve(
            turn=self.turn.other,
            cards=cards,
            pieces=placed,
            occupied=self.occupied | 1 << sq,
            chartier=None if "chartier" in pieces else self.chartier,
            tally=None if tally is None else tally_placed(tally, piece, sq, self.setup.rules.large_streetlight_pattern),
        )

    def _jardin(self, move: BuildJardin) -> GameState:
        """P4: the Jardin des Plantes, a domino built on free spaces, taking a chimney (B4)."""
        self._card_free(move)
        self._need_chimney()
        cards = self._token(move.card)
        player = self.turn
        cells = move.cells
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
        tally = self._tally
        return self._evolve(
            turn=player.other,
            cards=cards,
            chimneys=_two(self.chimneys, player, self.chimneys[side] - 1),
            buildings=(*self.buildings, jardin),
            occupied=self.occupied | cells,
            tally=None if tally is None else tally_built(tally, jardin, self.setup.rules.large_streetlight_pattern),
        )

    def _annex_building(self, building: str) -> int:
        """P8: the index of the player's own building the annex extends, named by its id."""
        for k, b in enumerate(self.buildings):
            if b.id.upper() == building:
                if b.owner is not self.turn:
                    raise NOT_YOUR_BUILDING.refuse(id=b.id, owner=b.owner)
                return k
        raise NO_ANNEX_BUILDING.refuse(id=building)

    def _annex(self, move: PlaceAnnex) -> GameState:
        """P8: the annex on a free space beside one of the player's buildings, which it extends."""
        self._card_free(move)
        k = self._annex_building(move.building)
        cards = self._token(move.card)
        player = self.turn
        sq = move.at
        self._need_free(sq, "P8")
        b = self.buildings[k]
        refusal = placement.annex_refusal(player, sq, b, self._own(player))
        if refusal is not None:
            raise refusal
        buildings = (*self.buildings[:k], attrs.evolve(b, annex=sq), *self.buildings[k + 1 :])
        return self._evolve(
            turn=player.other,
            cards=cards,
            buildings=buildings,
            occupied=self.occupied | 1 << sq,
            tally=None if self._tally is None else self._new_tally(buildings, self.pieces),
        )

    def _statue(self, move: PlaceStatue) -> GameState:
        """P11: the statue on a free space of its ground, facing a space on the board."""
        self._card_free(move)
        cards = self._token(move.card)
        sq = move.at
        self._need_free(sq, "P11", STATUE)
        refusal = placement.statue_refusal(sq, move.facing, self.occupied)
        if refusal is not None:
            raise refusal
        self._need_ground(STATUE, sq)
        return self._placed(cards, STATUE, sq, statue=Statue(sq, move.facing))

    def _fountain(self, move: PlaceFountain) -> GameState:
        """P12: the fountain on a free space of its ground, or on the player's Chartier space laid there (P7)."""
        self._card_free(move)
        cards = self._token(move.card)
        player = self.turn
        sq, chartier = move.at, move.chartier
        self._need_free(sq, "P12", FOUNTAIN)
        opp = self.ground[player is _ORANGE]
        allowed = self._allowed(FOUNTAIN, player)
        refusal = placement.fountain_refusal(player, sq, chartier, allowed, opp, self.chartier is player)
        if refusal is not None:
            raise refusal
        if chartier is not None:
            return self._placed(cards, FOUNTAIN, sq, fountain=sq, chartier=sq)
        return self._placed(cards, FOUNTAIN, sq, fountain=sq)

    def _place_piece(self, move: PlacePiece) -> GameState:
        """P6, P9, P10, P13: the card's one piece on a free space of its ground."""
        card = move.card
        self._card_free(move)
        cards = self._token(card)
        piece = card.piece
        assert piece is not None, card  # the one-space cards (PIECE_CARDS) each have their piece
        sq = move.at
        self._need_free(sq, piece.rule, piece)
        self._need_ground(piece, sq)
        return self._placed(cards, piece, sq, **{piece.key: sq})

    def _new_tally(self, buildings: tuple[Building, ...], pieces: Pieces) -> Tally:
        """The tally of this state's ground with ``buildings`` and ``pieces``, made from scratch."""
        return tally_of(buildings, pieces, self.ground[3], self.setup.rules.large_streetlight_pattern)


def _over(move: Move) -> IllegalMoveError:
    """G12: the refusal of any move once the game is over."""
    return OVER.refuse(move=str(move))


_EVOLVE: Final = _speed.evolver(GameState, late="tally")
_EVOLVE_PIECES: Final = _speed.evolver(Pieces)


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


def _two_cards(cards: Cards, player: Player, card: Postcard) -> Cards:
    if player is _ORANGE:
        return (*cards[0], card), cards[1]
    return cards[0], (*cards[1], card)


# -- what a player knows (hidden information) --------------------------------------------------------------------


@attrs.frozen
class View:
    """Exactly what ``player`` knows of a game (an information set); see the docs' "For bot authors".

    Two states give equal views for a player when they differ only in what
    that player cannot see.
    """

    player: Player
    """Whose view this is."""
    hand: Tile | None
    """The tile in the viewer's hand, ``None`` once its 8 are down."""
    down: Stacks
    """The tiles each player has put down, in the order they went down."""
    unseen: Stacks
    """Each player's tiles the viewer has not seen, sorted: a multiset, not an order."""
    turn: Player
    phase: int
    postcards: tuple[Postcard, ...]
    pool_pieces: tuple[PoolPiece, ...]
    """The setup's 12 pieces; piece ``i`` is bit ``i`` of ``pool`` and ``reserves``."""
    first: Player
    rules: Rules
    areas: int
    ground: Faces
    first_done: Player | None
    pool: int
    reserves: tuple[int, int]
    chimneys: tuple[int, int]
    cards: Cards
    metro: Player | None
    chartier: Player | None
    buildings: tuple[Building, ...]
    pieces: Pieces
    occupied: Bitboard
    _known: Setup | None = attrs.field(default=None, eq=False, repr=False, kw_only=True)
    """The setup itself once the viewer has seen every tile (nothing left to deal): reused, not made anew."""

    @property
    def tiles_left(self) -> tuple[int, int]:
        """Tiles still off the board, hands included: orange's, blue's."""
        return (TILES_PER_PLAYER - len(self.down[0]), TILES_PER_PLAYER - len(self.down[1]))

    def sample(self, rng: random.Random | int) -> GameState:
        """A full state consistent with this view: the unseen tiles of each stack dealt again at random.

        ``rng`` is a ``random.Random`` or a seed.  The setup is checked as
        ``GameState.start`` checks one (:func:`checked_state`).
        """
        return checked_state(
            self._known or self._deal(rng),
            phase=self.phase,
            turn=self.turn,
            placed=(len(self.down[0]), len(self.down[1])),
            areas=self.areas,
            ground=self.ground,
            first_done=self.first_done,
            pool=self.pool,
            reserves=self.reserves,
            chimneys=self.chimneys,
            cards=self.cards,
            metro=self.metro,
            chartier=self.chartier,
            buildings=self.buildings,
            pieces=self.pieces,
        )

    def _deal(self, rng: random.Random | int) -> Setup:
        """A setup whose stacks hold the tiles seen where they were seen, the unseen ones shuffled."""
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        stacks = []
        for side, player in enumerate((Player.ORANGE, Player.BLUE)):
            rest = list(self.unseen[side])
            rng.shuffle(rest)
            held = (self.hand,) if player is self.player and self.hand is not None else ()
            stacks.append((*self.down[side], *held, *rest))
        return Setup(self.postcards, self.pool_pieces, (tuple(stacks[0]), tuple(stacks[1])), self.first, self.rules)

    def without_hand(self) -> View:
        """The view with the viewer's hand counted among its unseen tiles: what it knows before drawing it, or
        what the table sees of it."""
        if self.hand is None:
            return self
        side = self.player is Player.BLUE
        unseen = list(self.unseen)
        unseen[side] = tuple(sorted((*unseen[side], self.hand)))
        return attrs.evolve(self, hand=None, unseen=(unseen[0], unseen[1]), known=None)

    def legal_moves(self) -> list[Move]:
        """The side to move's legal moves (the same in every state with this view of the side to move)."""
        if self.turn is not self.player:
            raise ValueError(f"{self.player}'s view: it is {self.turn}'s turn, whose moves depend on its own hand")
        return self.sample(0).legal_moves()


def view_of(state: GameState, player: PlayerLike | None = None) -> View:
    """What ``player`` (default: the side to move) knows of ``state``."""
    player = state.turn if player is None else as_player(player)
    setup = state.setup
    down = (setup.tiles[0][: state.placed[0]], setup.tiles[1][: state.placed[1]])
    unseen = []
    for side, stack in enumerate(setup.tiles):
        start = state.placed[side] + (side == (player is Player.BLUE))
        unseen.append(tuple(sorted(stack[start:])))
    return View(
        player,
        state.hand(player),
        down,
        (unseen[0], unseen[1]),
        state.turn,
        state.phase,
        setup.postcards,
        setup.pool,
        setup.first,
        setup.rules,
        state.areas,
        state.ground,
        state.first_done,
        state.pool,
        state.reserves,
        state.chimneys,
        state.cards,
        state.metro,
        state.chartier,
        state.buildings,
        state.pieces,
        state.occupied,
        known=None if unseen[0] or unseen[1] else setup,
    )


# -- the end ---------------------------------------------------------------------------------------------------


@attrs.frozen
class Result:
    """A finished game's result (G12, S5): returns +1 / -1 / 0 each, orange's then blue's, the totals, the winner."""

    returns: tuple[int, int]
    scores: tuple[int, int]
    winner: Player | None
    """``None`` for a shared victory (S5)."""

    def value(self, player: PlayerLike) -> int:
        """The player's return: +1 won, -1 lost, 0 shared."""
        return self.returns[as_player(player) is _BLUE]


# -- a state from its parts ------------------------------------------------------------------------------------


def checked_state(
    setup: Setup,
    *,
    phase: int = 1,
    turn: Player | None = None,
    placed: tuple[int, int] = (0, 0),
    areas: int = 0,
    ground: Faces = (0, 0, 0, 0),
    first_done: Player | None = None,
    pool: int | None = None,
    reserves: tuple[int, int] = (0, 0),
    chimneys: tuple[int, int] = (MAX_BUILDINGS, MAX_BUILDINGS),
    cards: Cards = ((), ()),
    metro: Player | None = None,
    chartier: Player | None = None,
    buildings: tuple[Building, ...] = (),
    pieces: Pieces | None = None,
) -> GameState:
    """A state from its parts, the one way to make one besides :meth:`GameState.start` and :meth:`GameState.play`:
    :class:`SetupError` for a setup the box does not allow (G1), as ``GameState.start``; :class:`StateStringError`
    naming each part that contradicts another (:func:`~paris_score.game.strings.part_problems`).  With the
    defaults, the game's start."""
    if not is_good(setup):
        raise SetupError(setup_problems(setup))
    pool = (1 << POOL_SIZE) - 1 if pool is None else pool
    pieces = Pieces() if pieces is None else pieces
    problems = strings.part_problems(setup, phase, placed, areas, ground, pool, reserves, chimneys, cards, buildings)
    if problems:
        raise StateStringError(problems)
    return GameState(
        setup,
        phase,
        setup.first if turn is None else turn,
        placed,
        areas,
        ground,
        first_done,
        pool,
        reserves,
        chimneys,
        cards,
        metro,
        chartier,
        buildings,
        pieces,
        strings.occupied(buildings, pieces),
    )
