"""What the readers accept at most (docs/robustness.md).

Every bound is far above anything a real game holds, and each exists so that
hostile input costs a bounded amount of time and memory: the box has 12 building
pieces, a board 64 spaces, a pattern at most 224 offsets.
"""

from __future__ import annotations

from typing import Final

MAX_INPUT_BYTES: Final = 1 << 20
"""Inputs larger than 1 MiB are refused before parsing: no real position comes close."""

MAX_ITEMS: Final = 64
"""Any list of a position or catalogue (buildings, cells, a reserve, a postcard list, pieces): one item per space."""

MAX_OFFSETS: Final = 15 * 15 - 1
"""A custom large streetlight pattern: every offset within -7..7 except (0, 0) (S1c)."""

MAX_DIGITS: Final = 100
"""A JSON number with more digits is refused (Python refuses to read ints of over 4300 digits at all)."""

MAX_VALUES: Final = 20_000
"""Values (numbers, strings, lists, objects) a JSON document holds at most: the largest position holds about 6,000,
and Python's decoder builds every value of a document before anything is checked (1 MiB of ``[]``: 25 MB)."""

MAX_LINES: Final = 10_000
"""Lines a text (a text grid, the text of a *Paris* (2020) end of game) holds at most: a filled-in grid about 30."""
TOO_MANY_LINES: Final = f"over {MAX_LINES} lines; a text holds at most {MAX_LINES} (docs/robustness.md)"
"""What a reader says of a text over :data:`MAX_LINES` lines."""
_LINE_BREAKS: Final = ("\n", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")
"""Every line break :meth:`str.splitlines` breaks at (and CRLF, one); the text grid breaks at LF, CRLF and CR only."""


def too_many_lines(text: str) -> bool:
    """Whether a text has over :data:`MAX_LINES` lines, asked before its lines are split (a million blank lines
    would be a million strings); counted, which costs no memory."""
    return sum(map(text.count, _LINE_BREAKS)) - text.count("\r\n") > MAX_LINES


MAX_ERRORS: Final = 100
"""Errors a reader lists at most; then it says ``stopped after 100 errors``."""

MAX_MOVES: Final = 1000
"""Moves of a ``paris-game/1`` record: a whole game has well under 100."""

MAX_MOVE_CHARS: Final = 200
"""Characters of one move's text: the longest legal move is under 80."""

MAX_PROBLEMS: Final = 100
"""Problems listed at most in ``paris-check/1``, the text outputs and annotations, and a replay's checks: the first
100, then how many were left out (the counts keep every one).  The problems overlay draws each space once."""
