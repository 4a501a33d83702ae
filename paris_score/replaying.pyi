"""Deprecated (0.2.0): the old path of :mod:`paris_score.game.replaying`, for type checkers (paris_score._moved)."""

from paris_score.game.replaying import *  # noqa: F403
