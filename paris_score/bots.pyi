"""Deprecated (0.2.0): the old path of :mod:`paris_score.game.bots`, for type checkers (paris_score._moved)."""

from paris_score.game.bots import *  # noqa: F403
