"""The errors a user can cause: one family, all subclasses of :class:`ValueError`.

Each carries *where* the trouble is (a key path such as ``buildings[1].cells[0]``,
``line 5, col 9``, or spaces) and a one-line message, so ``except ValueError``
keeps working and programs can read the fields::

    ParisScoreError (ValueError)      anything bad input can cause
    +-- PositionFormatError           unreadable input; .errors: Located(where, message)
    |   +-- CatalogueFormatError      an unreadable paris-pieces/1 catalogue
    |   +-- GameFormatError           an unreadable paris-game/1 record
    |   +-- SetupError                a game setup the box does not allow (G1)
    +-- IllegalPositionError          read, but breaks rules; .problems: Problem(code, rule, ...)
    +-- UnwritableError               a position the text grid cannot draw; .spaces
    +-- IllegalMoveError              a refused move: .code, .rule, .message, .spaces
        +-- MoveNotationError         a move text that does not parse (code bad-notation)

docs/robustness.md lists them with the limits the readers enforce.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import attrs

from paris_score.squares import Square, square_name

MAX_WHERE: Final = 120
MAX_MESSAGE: Final = 400
"""Longer texts in a :class:`Located` lose their middle: a 1 MiB key or value is not worth printing."""


def clip(text: str, limit: int) -> str:
    """``text`` with its middle replaced by `` ... `` when it is longer than ``limit`` characters."""
    if len(text) <= limit:
        return text
    keep = (limit - 5) // 2
    return f"{text[:keep]} ... {text[len(text) - keep :]}"


def _clip_where(text: str) -> str:
    return clip(text, MAX_WHERE)


def _clip_message(text: str) -> str:
    return clip(text, MAX_MESSAGE)


@attrs.frozen
class Located:
    """One thing wrong with the input text: where it is and what was expected.

    Both texts are clipped in the middle (:func:`clip`) when they run long, so
    hostile input cannot make an error message huge.
    """

    where: str = attrs.field(converter=_clip_where)
    message: str = attrs.field(converter=_clip_message)

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


@attrs.frozen
class Problem:
    """One rule a position breaks (or, as a warning, cannot be confirmed).

    ``code`` is stable for programs, ``rule`` is the id in docs/rules.md, ``spaces``
    are the spaces involved in board order.
    """

    code: str
    rule: str
    message: str
    spaces: tuple[Square, ...] = ()
    severity: str = "error"

    def __str__(self) -> str:
        where = " ".join(square_name(sq) for sq in self.spaces)
        return f"{self.rule} {self.code}: {self.message}" + (f" [{where}]" if where else "")

    def to_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "rule": self.rule,
            "severity": self.severity,
            "spaces": [square_name(sq) for sq in self.spaces],
            "message": self.message,
        }


class ParisScoreError(ValueError):
    """Base of every error that bad input can cause."""


class PositionFormatError(ParisScoreError):
    """The input is not a readable position; ``errors`` lists every place that failed."""

    def __init__(self, errors: Iterable[Located]) -> None:
        self.errors = tuple(errors)
        super().__init__("\n".join(str(e) for e in self.errors))


class CatalogueFormatError(PositionFormatError):
    """The input is not a readable ``paris-pieces/1`` catalogue; ``errors`` as for positions.

    A subclass of :class:`PositionFormatError`, which catalogue errors were before
    it existed, so ``except PositionFormatError`` still catches them.
    """


class GameFormatError(PositionFormatError):
    """The input is not a readable ``paris-game/1`` record (its setup included); ``errors`` as for positions."""


class IllegalPositionError(ParisScoreError):
    """The position breaks rules that make scoring it meaningless; ``problems`` lists them."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class UnwritableError(ParisScoreError):
    """The position cannot be written in the asked format; ``spaces`` are where (board order).

    The text grid draws one thing per space, so a position whose pieces share a
    space has no text grid (keep it as JSON).
    """

    def __init__(self, message: str, spaces: Iterable[Square] = ()) -> None:
        self.spaces = tuple(spaces)
        super().__init__(message)


class IllegalMoveError(ParisScoreError):
    """A refused move (its checks run in a fixed order: one rule): ``code``, ``rule``, ``message``, ``spaces``.

    The fields are those of a :class:`Problem` (:attr:`problem` gives one), so a
    refused move reads like a rule a position breaks.
    """

    def __init__(self, code: str, rule: str, message: str, spaces: Iterable[Square] = ()) -> None:
        self.code = code
        self.rule = rule
        self.message = message
        self.spaces = tuple(spaces)
        super().__init__(f"{rule} {code}: {message}")

    @property
    def problem(self) -> Problem:
        return Problem(self.code, self.rule, self.message, self.spaces)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.code, self.rule, self.message, self.spaces))


class MoveNotationError(IllegalMoveError):
    """A move's text does not parse (G3; G2 for an area off the board); ``code`` is ``bad-notation``."""

    def __init__(self, message: str, rule: str = "G3") -> None:
        super().__init__("bad-notation", rule, message)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.message, self.rule))


class SetupError(PositionFormatError):
    """A game setup the box does not allow (G1); ``errors`` names every problem by key path."""
