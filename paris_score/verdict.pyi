"""Deprecated (0.2.0): the old path of :mod:`paris_score.check_report`, for type checkers (paris_score._moved)."""

from paris_score.check_report import *  # noqa: F403
