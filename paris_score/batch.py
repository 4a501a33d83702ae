"""Batch calls for archives and bots: read, referee or score many positions, and name the one that fails.

Each takes ``errors=``:

- ``"raise"`` (the default): the first item that fails raises
  :class:`~paris_score.errors.BatchError`, whose message names its index (and
  file); ``.error`` is the original error;
- ``"skip"``: the items that fail are left out of the result;
- ``"collect"``: the result is as long as the input, with a
  :class:`~paris_score.errors.BatchError` in the place of each item that failed.

Only the library's errors (:class:`~paris_score.errors.ParisScoreError`) and,
for files, :class:`OSError` count as an item failing; anything else is a bug
and propagates.  To use every core, give chunks of paths to worker processes
(docs/performance.md).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Literal, TypeVar, overload

from paris_score.catalogue import Catalogue
from paris_score.errors import BatchError, ParisScoreError, Problem
from paris_score.formats import Format, load, loads
from paris_score.model import Position
from paris_score.referee import check
from paris_score.report import Report
from paris_score.scoring import score

__all__ = ["OnError", "check_many", "load_many", "loads_many", "score_many"]

OnError = Literal["raise", "skip", "collect"]
"""What a batch call does when an item fails (see the module's text)."""

T = TypeVar("T")
R = TypeVar("R")
_ON_ERROR = ("raise", "skip", "collect")


def _run(
    fn: Callable[[T], R],
    items: Iterable[T],
    errors: OnError,
    name: Callable[[T], str | None] = lambda _: None,
    caught: tuple[type[Exception], ...] = (ParisScoreError,),
) -> list[R | BatchError]:
    if errors not in _ON_ERROR:
        raise ValueError(f"errors: expected 'raise', 'skip' or 'collect', got {errors!r}")
    if isinstance(items, (str, bytes, os.PathLike)):  # an Iterable[str] to a type checker, one item to its author
        raise TypeError(f"expected a list of them, got one {type(items).__name__}: put it in a list")
    out: list[R | BatchError] = []
    for index, item in enumerate(items):
        try:
            out.append(fn(item))
        except caught as e:
            failure = BatchError(index, e, name(item))
            if errors == "raise":
                raise failure from e
            if errors == "collect":
                out.append(failure)
    return out


@overload
def load_many(
    paths: Iterable[str | os.PathLike[str]], *, errors: Literal["raise", "skip"] = "raise"
) -> list[Position]: ...
@overload
def load_many(
    paths: Iterable[str | os.PathLike[str]], *, errors: Literal["collect"]
) -> list[Position | BatchError]: ...
def load_many(
    paths: Iterable[str | os.PathLike[str]], *, errors: OnError = "raise"
) -> list[Position] | list[Position | BatchError]:
    """:func:`~paris_score.load` of each file (JSON or text grid, by its name, else detected).

    A file that cannot be read (:class:`OSError`) fails as an unreadable one
    does; the :class:`~paris_score.errors.BatchError` names the path.
    """
    return _run(load, paths, errors, lambda path: os.fspath(path), (ParisScoreError, OSError))


@overload
def loads_many(
    texts: Iterable[str | bytes], format: Format | None = None, *, errors: Literal["raise", "skip"] = "raise"
) -> list[Position]: ...
@overload
def loads_many(
    texts: Iterable[str | bytes], format: Format | None = None, *, errors: Literal["collect"]
) -> list[Position | BatchError]: ...
def loads_many(
    texts: Iterable[str | bytes], format: Format | None = None, *, errors: OnError = "raise"
) -> list[Position] | list[Position | BatchError]:
    """:func:`~paris_score.loads` of each text (``format`` ``None``: detected for each)."""
    return _run(lambda text: loads(text, format), texts, errors)


@overload
def check_many(
    positions: Iterable[Position],
    *,
    final: bool = False,
    catalogue: Catalogue | None = None,
    errors: Literal["raise", "skip"] = "raise",
) -> list[list[Problem]]: ...
@overload
def check_many(
    positions: Iterable[Position],
    *,
    final: bool = False,
    catalogue: Catalogue | None = None,
    errors: Literal["collect"],
) -> list[list[Problem] | BatchError]: ...
def check_many(
    positions: Iterable[Position], *, final: bool = False, catalogue: Catalogue | None = None, errors: OnError = "raise"
) -> list[list[Problem]] | list[list[Problem] | BatchError]:
    """:func:`~paris_score.check` of each position: one list of problems each, empty when legal.

    :func:`~paris_score.check` reports what is wrong instead of raising, so an
    item fails only when it is not a :class:`~paris_score.Position`.
    """
    return _run(lambda position: check(_position(position), final=final, catalogue=catalogue), positions, errors)


@overload
def score_many(positions: Iterable[Position], *, errors: Literal["raise", "skip"] = "raise") -> list[Report]: ...
@overload
def score_many(positions: Iterable[Position], *, errors: Literal["collect"]) -> list[Report | BatchError]: ...
def score_many(positions: Iterable[Position], *, errors: OnError = "raise") -> list[Report] | list[Report | BatchError]:
    """:func:`~paris_score.score` of each position, in order.

    A position whose pieces overlap has no score: its ``BatchError.error`` is
    the :class:`~paris_score.errors.IllegalPositionError`.  For an archive too
    large to hold its reports, ``map(score, positions)`` streams them.
    """
    return _run(lambda position: score(_position(position)), positions, errors)


def _position(value: object) -> Position:
    if not isinstance(value, Position):
        raise ParisScoreError(f"expected a Position, got {type(value).__name__}")
    return value
