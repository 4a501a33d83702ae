"""Deprecated name of :mod:`paris_score.setups` (a module named ``setup.py`` misleads tools and readers).

Importing it still works and gives the same objects, with a :class:`DeprecationWarning`.
"""

from __future__ import annotations

import warnings

from paris_score.setups import (
    JARDIN_ID,
    POOL_SIZE,
    ROTATIONS,
    TILES_PER_PLAYER,
    PoolPiece,
    Setup,
    Tile,
    is_good,
    pool_problems,
    postcard_problems,
    setup_problems,
    stack_problems,
    turn_tile,
)

__all__ = [
    "JARDIN_ID",
    "POOL_SIZE",
    "ROTATIONS",
    "TILES_PER_PLAYER",
    "PoolPiece",
    "Setup",
    "Tile",
    "is_good",
    "pool_problems",
    "postcard_problems",
    "setup_problems",
    "stack_problems",
    "turn_tile",
]

warnings.warn(
    "paris_score.setup is deprecated: import from paris_score.setups instead", DeprecationWarning, stacklevel=2
)
