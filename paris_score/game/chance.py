"""Games with the tile stacks face down: each draw is an explicit chance event (docs' "For bot authors").

A :class:`ChanceGame` knows which 8 tiles each stack holds, not their order:
before a player holds a tile, the tile is drawn (:meth:`ChanceGame.draw`),
each distinct tile left with the probability of its copies among the tiles
left (:meth:`ChanceGame.chance_outcomes`).  The draws come when the rules
fill a hand (G1, G4): both hands at the start, the first player's first, then
a player's next tile after each tile they put down.  Drawing the tiles in
a setup's stack order replays a record exactly as :class:`GameState` does.

>>> from paris_score.game.generate import random_setup
>>> game = ChanceGame.start(random_setup(1))
>>> str(game.drawing), len(game.chance_outcomes()), sum(p for _, p in game.chance_outcomes())
('blue', 7, Fraction(1, 1))
"""

from __future__ import annotations

import functools
from collections import Counter
from fractions import Fraction

import attrs

from paris_score.game.moves import Move
from paris_score.game.setups import TILES_PER_PLAYER, Setup, Tile
from paris_score.game.state import GameState, Result, Stacks, View, checked_state
from paris_score.model import Player, PlayerLike, as_player


@functools.lru_cache(maxsize=256)
def _stacked(setup: Setup, stacks: Stacks) -> Setup:
    """``setup`` with these stacks: one value (checked once) for the same stacks, draw after draw."""
    return attrs.evolve(setup, tiles=stacks)


def _left(setup: Setup, drawn: Stacks, side: int) -> list[Tile]:
    """The tiles of a stack not drawn yet, sorted."""
    left = Counter(setup.tiles[side])
    left.subtract(drawn[side])
    return sorted(left.elements())


@attrs.frozen
class ChanceGame:
    """A game whose stacks are face down: ``game`` is the engine's state, the tiles drawn so far on top of each
    stack and the others below them in sorted order (they are not chosen until drawn)."""

    setup: Setup
    """The setup: its pieces and postcards, and which tiles each stack holds (its order is not used)."""
    drawn: Stacks
    """The tiles each player has drawn, in order: those put down, then the one in hand."""
    game: GameState

    @classmethod
    def start(cls, setup: Setup) -> ChanceGame:
        """The game before the first draw; :class:`~paris_score.errors.SetupError` as ``GameState.start``."""
        return cls(setup, ((), ()), GameState.start(_stacked(setup, (_sorted(setup, 0), _sorted(setup, 1)))))

    @property
    def drawing(self) -> Player | None:
        """Who draws now (their hand is empty and tiles are left), or ``None`` when a player is to move."""
        first = self.setup.first
        for player in (first, first.other):
            side = player is Player.BLUE
            if len(self.drawn[side]) == self.game.placed[side] < TILES_PER_PLAYER:
                return player
        return None

    def chance_outcomes(self) -> list[tuple[Tile, Fraction]]:
        """Each distinct tile the drawing player may draw (sorted) and its exact probability."""
        player = self.drawing
        if player is None:
            raise ValueError(f"no tile is drawn now: {self.game.turn} is to move")
        left = Counter(_left(self.setup, self.drawn, player is Player.BLUE))
        total = left.total()
        return [(tile, Fraction(n, total)) for tile, n in sorted(left.items())]

    def draw(self, tile: Tile) -> ChanceGame:
        """The game once the drawing player has drawn ``tile``; ``ValueError`` if no tile is drawn now or none of
        that kind is left."""
        player = self.drawing
        if player is None:
            raise ValueError(f"no tile is drawn now: {self.game.turn} is to move")
        side = player is Player.BLUE
        if tile not in _left(self.setup, self.drawn, side):
            raise ValueError(f"{player}'s stack has no {tile} left to draw")
        drawn = list(self.drawn)
        drawn[side] = (*drawn[side], tile)
        stacks = (drawn[0], drawn[1])
        full = tuple(stacks[s] + tuple(_left(self.setup, stacks, s)) for s in (0, 1))
        state = self.game
        game = checked_state(
            _stacked(self.setup, (full[0], full[1])),
            phase=state.phase,
            turn=state.turn,
            placed=state.placed,
            areas=state.areas,
            ground=state.ground,
            first_done=state.first_done,
            pool=state.pool,
            reserves=state.reserves,
            chimneys=state.chimneys,
            cards=state.cards,
            metro=state.metro,
            chartier=state.chartier,
            buildings=state.buildings,
            pieces=state.pieces,
        )
        return ChanceGame(self.setup, stacks, game)

    def legal_moves(self) -> list[Move]:
        """The side to move's legal moves; none while a tile is drawn."""
        return [] if self.drawing is not None else self.game.legal_moves()

    def play(self, move: Move | str) -> ChanceGame:
        """The game after the side to move's ``move`` (refused as ``GameState.play`` refuses it)."""
        if self.drawing is not None:
            raise ValueError(f"{self.drawing} draws a tile first")
        return attrs.evolve(self, game=self.game.play(move))

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def result(self) -> Result | None:
        """As :meth:`GameState.result`."""
        return self.game.result()

    def view(self, player: PlayerLike) -> View:
        """What ``player`` knows: as :meth:`GameState.view`, a hand not drawn yet being no hand."""
        player = as_player(player)
        side = player is Player.BLUE
        view = self.game.view(player)
        return view.without_hand() if len(self.drawn[side]) == self.game.placed[side] else view

    def replay(self, moves: list[str] | tuple[str, ...], stacks: Stacks) -> ChanceGame:
        """The game after ``moves``, each tile drawn as ``stacks`` (a setup's stack order) give them."""
        game = self
        for move in moves:
            game = game.draw_from(stacks).play(move)
        return game.draw_from(stacks)

    def draw_from(self, stacks: Stacks) -> ChanceGame:
        """Every tile due now (none, one, or both hands at the start) drawn as ``stacks`` order them."""
        game = self
        while (player := game.drawing) is not None:
            side = player is Player.BLUE
            game = game.draw(stacks[side][len(game.drawn[side])])
        return game


def _sorted(setup: Setup, side: int) -> tuple[Tile, ...]:
    return tuple(sorted(setup.tiles[side]))
