"""paris-score: referee and score *Paris: La Cité de la Lumière* positions.

>>> import paris_score
>>> report = paris_score.score(paris_score.rulebook_example())
>>> report.orange.total, report.blue.total, report.winner
(48, 57, 'blue')
"""

from __future__ import annotations

from paris_score.catalogue import Catalogue, CataloguePiece
from paris_score.errors import (
    CatalogueFormatError,
    GameFormatError,
    IllegalMoveError,
    IllegalPositionError,
    Located,
    MoveNotationError,
    ParisScoreError,
    PositionFormatError,
    Problem,
    SetupError,
    UnwritableError,
)
from paris_score.example import rulebook_example
from paris_score.formats import dumps, load, loads
from paris_score.formats.catalogue_json import load_catalogue, loads_catalogue
from paris_score.model import (
    Building,
    Ground,
    Pieces,
    Player,
    Position,
    Postcards,
    Reserve,
    Rules,
    Statue,
)
from paris_score.moves import Move
from paris_score.placement import Placement, legal_placements, placement_problems
from paris_score.postcards import Postcard
from paris_score.referee import check
from paris_score.replaying import IllegalMove, Replay, replay
from paris_score.report import Report
from paris_score.scoring import score, score_many
from paris_score.setup import PoolPiece, Setup, setup_problems

__version__ = "0.1.0"

__all__ = [
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
    "ParisScoreError",
    "Pieces",
    "Placement",
    "Player",
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
    "Statue",
    "UnwritableError",
    "check",
    "dumps",
    "legal_placements",
    "load",
    "load_catalogue",
    "loads",
    "loads_catalogue",
    "placement_problems",
    "replay",
    "rulebook_example",
    "score",
    "score_many",
    "setup_problems",
]
