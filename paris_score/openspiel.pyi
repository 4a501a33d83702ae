"""Deprecated (0.2.0): the old path of :mod:`paris_score.game.openspiel`, for type checkers (paris_score._moved)."""

from paris_score.game.openspiel import *  # noqa: F403
