"""Deprecated (0.2.0): the old path of names now in paris_score.game.state and .strings, for type checkers."""

from paris_score.game._states import *  # noqa: F403
