"""The errors a user can cause: one family, all subclasses of :class:`ValueError`.

Each carries *where* the trouble is (a key path such as ``buildings[1].cells[0]``,
``line 5, col 9``, or spaces) and a one-line message, so ``except ValueError``
keeps working and programs can read the fields::

    ParisScoreError (ValueError)      anything bad input can cause
    +-- PositionFormatError           unreadable input; .errors: Located(where, message)
    |   +-- CatalogueFormatError      an unreadable paris-pieces/1 catalogue
    |   +-- GameFormatError           an unreadable paris-game/1 record
    |   +-- SetupError                a game setup the box does not allow (G1)
    |   +-- Paris2020FormatError      an unreadable or unscorable paris2020-final/1 end of game (K1-K3)
    |   +-- StateStringError          an unreadable paris-state/1 string, or parts that contradict each other
    +-- IllegalPositionError          read, but breaks rules; .problems: Problem(code, rule, ...)
    +-- UnwritableError               a position the text grid cannot draw; .spaces
    +-- NotAPlayerError               a player that is not orange or blue (also a KeyError)
    +-- BatchError                    one item of a batch call failed; .index, .path, .error
    +-- IllegalMoveError              a refused move: .code, .rule, .message, .spaces
        +-- MoveNotationError         a move text that does not parse (code bad-notation)

docs/robustness.md lists them with the limits the readers enforce.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Literal

import attrs

from paris_score.documents import ProblemCode, ProblemDict
from paris_score.i18n import Text, render
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


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless ``n`` is 1; every count in a message is written with it.

    >>> counted(1, "move"), counted(0, "move"), counted(2, "space")
    ('1 move', '0 moves', '2 spaces')
    """
    return f"{n} {noun}{'s' * (n != 1)}"


def _clip_where(text: str) -> str:
    return clip(text, MAX_WHERE)


def _clip_message(text: str | Text) -> str | Text:
    return clip(text, MAX_MESSAGE) if type(text) is str else text


@attrs.frozen
class Located:
    """One thing wrong with the input text: where it is and what was expected.

    Both texts are clipped in the middle (:func:`clip`) when they run long, so
    hostile input cannot make an error message huge.  The message may be given
    as a :class:`~paris_score.i18n.Text` (:attr:`message_text`), to be said in any language.
    """

    where: str = attrs.field(converter=_clip_where)
    _message: str | Text = attrs.field(converter=_clip_message, alias="message")

    @property
    def message(self) -> str:
        """The message in English."""
        said = self._message
        return said if type(said) is str else clip(str(said), MAX_MESSAGE)

    @property
    def message_text(self) -> Text | None:
        """The message as a template and its arguments, when it was given so."""
        said = self._message
        return said if type(said) is Text else None

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class Worded:
    """What a refereed rule says: its ``rule``, its ``code``, its message (a :class:`~paris_score.i18n.Text`, said
    in English only when :attr:`message` is read, or a string) and the ``spaces`` involved."""

    __slots__ = ()
    rule: str
    code: str
    _message: str | Text
    spaces: tuple[Square, ...]

    @property
    def message(self) -> str:
        """The message in English."""
        return str(self._message)

    @property
    def message_text(self) -> Text | None:
        """The message as a template and its arguments (:mod:`paris_score.i18n`), to be said in any language."""
        said = self._message
        return said if type(said) is Text else None

    def said(self, lang: str = "en") -> str:
        """``P1 building-on-wrong-colour: ... [C3 C4]``, the message in ``lang``."""
        where = " ".join(square_name(sq) for sq in self.spaces)
        return f"{self.rule} {self.code}: {render(self._message, lang)}" + (f" [{where}]" if where else "")


Severity = Literal["error", "warning"]
"""An ``error`` makes a position illegal; a ``warning`` is what the box cannot confirm."""


@attrs.frozen
class Problem(Worded):
    """One rule a position breaks (or, as a warning, cannot be confirmed).

    ``code`` is stable for programs, ``rule`` is the id in docs/rules.md, ``spaces``
    are the spaces involved in board order.
    """

    code: ProblemCode
    rule: str
    _message: str | Text = attrs.field(alias="message")
    """Its message: a :class:`~paris_score.i18n.Text` (said in English when :attr:`message` is read), or a string."""
    spaces: tuple[Square, ...] = ()
    severity: Severity = "error"

    def __str__(self) -> str:
        return self.said()

    def to_dict(self) -> ProblemDict:
        """The problem as ``paris-check/1`` lists it (``message_i18n``: the message as a template id and arguments)."""
        found: ProblemDict = {
            "code": self.code,
            "rule": self.rule,
            "severity": self.severity,
            "spaces": [square_name(sq) for sq in self.spaces],
            "message": self.message,
        }
        if type(self._message) is Text:
            found["message_i18n"] = self._message.to_dict()
        return found


class ParisScoreError(ValueError):
    """Base of every error that bad input can cause."""


class NotAPlayerError(ParisScoreError, KeyError):
    """A player that is neither ``Player.ORANGE``/``Player.BLUE`` nor ``"orange"``/``"blue"`` (any case).

    Also a :class:`KeyError`, so that ``report["green"]`` fails as a mapping does.
    The message names the argument.
    """

    __str__ = ValueError.__str__  # KeyError's would quote the message


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


class BatchError(ParisScoreError):
    """One item of a batch call (``load_many``, ``check_many``, ``score_many``) failed.

    ``index`` is its place in the batch, ``path`` the file it was read from (or
    ``None``), ``error`` what went wrong (the :class:`ParisScoreError`, or the
    :class:`OSError` of a file that cannot be read); the message names the item.
    """

    def __init__(self, index: int, error: Exception, path: str | None = None) -> None:
        self.index = index
        self.path = path
        self.error = error
        where = f"item {index}" + (f" ({path})" if path is not None else "")
        detail = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        lines = detail.splitlines() or [type(error).__name__]
        super().__init__("\n".join(f"{where}: {line}" for line in lines))


class IllegalMoveError(ParisScoreError, Worded):
    """A refused move (its checks run in a fixed order: one rule): ``code``, ``rule``, ``message``, ``spaces``.

    The fields are those of a :class:`Problem` (:attr:`problem` gives one), so a
    refused move reads like a rule a position breaks.  The engine makes each from
    the table of codes (:meth:`paris_score.codes.Kind.refuse`), which gives every
    code its rules and meaning; :attr:`message_text` is the message as a template and
    its arguments, said in English only when asked for (a bot trying moves
    never words them).
    """

    code: ProblemCode

    def __init__(self, code: ProblemCode, rule: str, message: str | Text, spaces: Iterable[Square] = ()) -> None:
        self.code = code
        self.rule = rule
        self._message = message
        self.spaces = tuple(spaces)
        super().__init__()

    def __str__(self) -> str:
        return f"{self.rule} {self.code}: {self.message}"

    @property
    def problem(self) -> Problem:
        return Problem(self.code, self.rule, self._message, self.spaces)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self.code, self.rule, self._message, self.spaces))


class MoveNotationError(IllegalMoveError):
    """A move's text does not parse (G3; G2 for an area off the board); ``code`` is ``bad-notation``."""

    def __init__(self, message: str | Text, rule: str = "G3") -> None:
        super().__init__("bad-notation", rule, message)

    def __reduce__(self) -> tuple[object, ...]:
        return (type(self), (self._message, self.rule))


class SetupError(PositionFormatError):
    """A game setup the box does not allow (G1); ``errors`` names every problem by key path."""


class Paris2020FormatError(PositionFormatError):
    """An end of game of *Paris* (2020) that cannot be read or scored (K1-K3); ``errors`` as for positions.

    A subclass of :class:`PositionFormatError` as every reader's error is, though it is no position.
    """


class StateStringError(PositionFormatError):
    """A ``paris-state/1`` string that cannot be read, or state parts that contradict each other; ``errors`` names
    each field (docs' "For bot authors")."""
