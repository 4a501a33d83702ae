"""Deprecated (0.2.0): the old path of :mod:`paris_score.game.records`, for type checkers (paris_score._moved)."""

from paris_score.game.records import *  # noqa: F403
