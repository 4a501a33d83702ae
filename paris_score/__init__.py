"""paris-score: referee and score *Paris: La Cité de la Lumière* positions.

>>> import paris_score
>>> report = paris_score.score(paris_score.rulebook_example())
>>> report.orange.total, report.blue.total, report.winner
(48, 57, <Player.BLUE: 'blue'>)
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING

from paris_score._moved import FINDER, MOVED, old_path
from paris_score.batch import check_many, load_many, loads_many, score_many
from paris_score.catalogue import Catalogue, CataloguePiece
from paris_score.check_report import check_document
from paris_score.errors import (
    BatchError,
    CatalogueFormatError,
    GameFormatError,
    IllegalMoveError,
    IllegalPositionError,
    Located,
    MoveNotationError,
    NotAPlayerError,
    ParisScoreError,
    PositionFormatError,
    Problem,
    SetupError,
    Severity,
    UnwritableError,
)
from paris_score.example import rulebook_example
from paris_score.formats import dumps, load, loads, position_from_dict, position_to_dict
from paris_score.formats.catalogue_json import load_catalogue, loads_catalogue
from paris_score.game.moves import Move
from paris_score.game.replaying import IllegalMove, Replay, replay
from paris_score.game.setups import PoolPiece, Setup, setup_problems
from paris_score.model import (
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
from paris_score.placement import Placement, legal_placements, placement_problems
from paris_score.postcards import Postcard
from paris_score.referee import check
from paris_score.report import Report, Winner
from paris_score.scoring import score
from paris_score.shapes import Shape

__version__ = "0.2.0"

if FINDER not in sys.meta_path:
    sys.meta_path.append(FINDER)  # the old paths of the modules that moved (paris_score.moves, ...): they warn

__all__ = [
    "BatchError",
    "Building",
    "Catalogue",
    "CatalogueFormatError",
    "CataloguePiece",
    "GameFormatError",
    "Ground",
    "IllegalMove",
    "IllegalMoveError",
    "IllegalPositionError",
    "Located",
    "Move",
    "MoveNotationError",
    "NotAPlayerError",
    "ParisScoreError",
    "Pieces",
    "Placement",
    "Player",
    "PlayerLike",
    "PoolPiece",
    "Position",
    "PositionFormatError",
    "Postcard",
    "Postcards",
    "Problem",
    "Replay",
    "Report",
    "Reserve",
    "Rules",
    "Setup",
    "SetupError",
    "Severity",
    "Shape",
    "Statue",
    "UnwritableError",
    "Winner",
    "as_player",
    "check",
    "check_document",
    "check_many",
    "dumps",
    "legal_placements",
    "load",
    "load_catalogue",
    "load_many",
    "loads",
    "loads_catalogue",
    "loads_many",
    "placement_problems",
    "position_from_dict",
    "position_to_dict",
    "replay",
    "rulebook_example",
    "score",
    "score_many",
    "setup_problems",
]

if not TYPE_CHECKING:  # hidden from type checkers, so that a misspelt name stays an error there

    def __getattr__(name: str) -> object:
        """The modules that moved (``paris_score.setup``, ``paris_score.moves``, ...) at their old paths (they warn)."""
        if name in MOVED:
            # ``from paris_score import moves`` asks twice, the import system first (whether the name is there), then
            # the statement itself: only the statement's question warns, once.
            if sys._getframe(1).f_code.co_name == "_handle_fromlist":
                return importlib.import_module(MOVED[name])
            return old_path(name)
        raise AttributeError(f"module 'paris_score' has no attribute {name!r}")
