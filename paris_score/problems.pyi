"""Deprecated (0.2.0): the old path of :mod:`paris_score.codes`, for type checkers (paris_score._moved)."""

from paris_score.codes import *  # noqa: F403
