"""Deprecated (0.2.0): the old path of :mod:`paris_score.game.chance`, for type checkers (paris_score._moved)."""

from paris_score.game.chance import *  # noqa: F403
