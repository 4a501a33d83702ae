"""The errors a user can cause, all subclasses of :class:`ValueError`.

Each carries *where* the trouble is (a key path such as ``buildings[1].cells[0]``,
``line 5, col 9``, or spaces) and a one-line message, so ``except ValueError``
keeps working and programs can read the fields.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from paris_score.squares import Square, square_name


@attrs.frozen
class Located:
    """One thing wrong with the input text: where it is and what was expected."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


@attrs.frozen
class Problem:
    """One rule a position breaks (or, as a warning, cannot be confirmed).

    ``code`` is stable for programs, ``rule`` is the id in RULES.md, ``spaces``
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


class IllegalPositionError(ParisScoreError):
    """The position breaks rules that make scoring it meaningless; ``problems`` lists them."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))
