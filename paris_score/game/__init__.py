"""The game as it is played, for players and bot authors (docs' "For bot authors"): a face that hands names on.

>>> from paris_score.game import GameState, random_setup
>>> GameState.start(random_setup(1)).play("tile A1 90").turn
<Player.ORANGE: 'orange'>
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING

from paris_score.game import state
from paris_score.game.chance import ChanceGame
from paris_score.game.generate import random_game, random_setup
from paris_score.game.moves import (
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
from paris_score.game.setups import Setup
from paris_score.game.state import GameState, Outcome
from paris_score.game.states import Result
from paris_score.game.views import View
from paris_score.replaying import replay

# fmt: off
__all__ = [
    "Activate", "Build", "BuildJardin", "ChanceGame", "GameState", "Levitate", "Move", "Outcome", "Pass",
    "PlaceAnnex", "PlaceFountain", "PlacePiece", "PlaceStatue", "PlaceTile", "Result", "Setup", "Take", "View",
    "random_game", "random_setup", "replay",
]
# fmt: on

if not TYPE_CHECKING:  # hidden from type checkers, so that a misspelt name stays an error there

    def __getattr__(name: str) -> object:
        """The other names of the old module ``paris_score.game``, now :mod:`paris_score.game.state` (they warn)."""
        if name.startswith("__") or not hasattr(state, name):
            raise AttributeError(f"module 'paris_score.game' has no attribute {name!r}")
        message = f"paris_score.game.{name} is deprecated: import it from paris_score.game.state"
        warnings.warn(message, DeprecationWarning, stacklevel=2)
        return getattr(state, name)
