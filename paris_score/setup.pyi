"""Deprecated (0.2.0): the old path of :mod:`paris_score.game.setups`, for type checkers (paris_score._moved)."""

from paris_score.game.setups import *  # noqa: F403
