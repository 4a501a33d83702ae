"""What one player knows of a game (hidden information), and full states dealt consistently with it.

A player sees the table, the setup's pieces and postcards, which 8 tiles each
stack holds (not their order), the tiles put down so far, and the tile in its
own hand; not the opponent's hand nor either stack below the hands (G1, G4).

>>> from paris_score.game import GameState
>>> from paris_score.game.generate import random_setup
>>> from paris_score.model import Player
>>> state = GameState.start(random_setup(1)).play("tile A1 90")
>>> view = state.view(Player.BLUE)
>>> view.hand == state.hand(Player.BLUE), len(view.unseen[0]), len(view.unseen[1])
(True, 8, 6)
>>> sampled = view.sample(7)
>>> sampled.view(Player.BLUE) == view, sampled.legal_moves() == state.legal_moves()
(True, True)
"""

from __future__ import annotations

import random

import attrs

from paris_score.game.moves import Move
from paris_score.game.setups import TILES_PER_PLAYER, PoolPiece, Setup, Tile
from paris_score.game.state import Cards, Faces, GameState
from paris_score.game.states import checked_state
from paris_score.model import Building, Pieces, Player, PlayerLike, Rules, as_player
from paris_score.postcards import Postcard
from paris_score.squares import Bitboard

Stacks = tuple[tuple[Tile, ...], tuple[Tile, ...]]
"""Tiles of orange, then of blue."""


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
        ``GameState.start`` checks one (:func:`paris_score.game.states.checked_state`).
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
