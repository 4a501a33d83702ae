"""Deprecated (0.2.0): the old path of :class:`paris_score.game.View`, for type checkers (paris_score._moved)."""

from paris_score.game.state import Stacks as Stacks
from paris_score.game.state import View as View
from paris_score.game.state import view_of as view_of
