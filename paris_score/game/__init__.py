"""The game as it is played, for players and bots (docs/bots.md): a face that hands on the names they need.

>>> from paris_score.game import GameState, random_setup
>>> str(GameState.start(random_setup(1)).play("tile A1 90").turn)
'orange'
"""

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
from paris_score.game.replaying import replay
from paris_score.game.setups import Setup
from paris_score.game.state import GameState, Outcome, Result, View

# fmt: off
__all__ = [
    "Activate", "Build", "BuildJardin", "ChanceGame", "GameState", "Levitate", "Move", "Outcome", "Pass",
    "PlaceAnnex", "PlaceFountain", "PlacePiece", "PlaceStatue", "PlaceTile", "Result", "Setup", "Take", "View",
    "random_game", "random_setup", "replay",
]
# fmt: on
