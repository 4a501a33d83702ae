"""The names of the module ``states`` (0.1.0) for its old paths only (``paris_score.states``, deprecated): the
state strings live in :mod:`paris_score.game.strings`, the rest in :mod:`paris_score.game.state`."""

from __future__ import annotations

from paris_score.game.state import GameState, Result, checked_state
from paris_score.game.strings import VERSION, key, to_string

__all__ = ["VERSION", "Result", "checked_state", "from_string", "key", "result", "to_string"]


def result(state: GameState) -> Result | None:
    """:meth:`GameState.result <paris_score.game.GameState.result>`."""
    return state.result()


def from_string(text: str) -> GameState:
    """:meth:`GameState.from_string <paris_score.game.GameState.from_string>`."""
    return GameState.from_string(text)
