"""Light: which lamps light which building (S1a, S1b, S1c).

A normal lamp lights the 4 adjacent spaces (S1a): one shift-and-mask of a
building's spaces finds every normal lamp beside it (done in
:func:`paris_score.scoring.lit_buildings`, which uses the tables below).

The large streetlight (S1b) needs a :class:`Sight` per pattern and lamp
space: the bitboard of the pattern's spaces on the board, and for every
target space the bitboard of the spaces whose *inside* the straight segment
between the two centres crosses (its blockers).  A building is then lit when
one of its own spaces in the pattern has no blocker covered by another
building (:func:`lit_spaces`, the one place that decides S1b), so a check
scans only the building's spaces in the pattern.  Each
offset's crossed spaces are computed once (there are at most 224 offsets),
each (pattern, lamp) table on first use, in a bounded cache: a custom
pattern costs a few microseconds, not a table for all 64 lamp spaces.
"""

from __future__ import annotations

import functools
from typing import Final, NamedTuple

from paris_score.model import MAX_OFFSET, PATTERN_NAMES, Offsets, Pattern
from paris_score.squares import (
    BB_ALL,
    Bitboard,
    Square,
    offset,
)

_SIGHT_CACHE: Final = 1024
"""(pattern, lamp) tables kept: all 256 of the presets and the most recently used custom ones."""


def pattern_offsets(pattern: Pattern) -> Offsets:
    """The (dc, dr) offsets of a pattern (S1c), in a fixed order."""
    if not isinstance(pattern, str):
        return pattern
    if pattern not in PATTERN_NAMES:
        raise ValueError(f"unknown large streetlight pattern {pattern!r}")
    span = range(-MAX_OFFSET, MAX_OFFSET + 1)
    return tuple((dc, dr) for dr in span for dc in span if (dc, dr) != (0, 0) and _in_preset(pattern, dc, dr))


def _in_preset(name: str, dc: int, dr: int) -> bool:
    """S1c: is offset (dc, dr) in the named preset?"""
    if name == "square2":
        return max(abs(dc), abs(dr)) <= 2
    if name == "diamond2":
        return abs(dc) + abs(dr) <= 2
    if name == "rays4":
        return dc == 0 or dr == 0
    return dc == 0 or dr == 0 or abs(dc) == abs(dr)  # rays8


def pattern_label(pattern: Pattern) -> str:
    """A short name for a pattern: its preset name, or its offsets."""
    if isinstance(pattern, str):
        return pattern
    return "custom " + " ".join(f"({dc},{dr})" for dc, dr in pattern)


def crossed(dc: int, dr: int) -> list[tuple[int, int]]:
    """Offsets of the spaces whose inside the segment from (0, 0) to (dc, dr) crosses (S1b).

    The endpoints' own spaces are excluded.  A space (qc, qr) is crossed when
    some point ``t * (dc, dr)``, 0 <= t <= 1, lies strictly inside it:
    ``|t*dc - qc| < 1/2`` and ``|t*dr - qr| < 1/2``; corners and edges do not
    count.  Exact: every bound on ``t`` is a fraction over ``2|dc|`` or
    ``2|dr|``, compared here as integers over the common denominator
    ``den = 2 * max(1, |dc|) * max(1, |dr|)``.
    """
    den = 2 * max(1, abs(dc)) * max(1, abs(dr))
    found = []
    for qr in range(min(0, dr), max(0, dr) + 1):
        for qc in range(min(0, dc), max(0, dc) + 1):
            if (qc, qr) in ((0, 0), (dc, dr)):
                continue
            lo, hi = 0, den  # t * den, within [0, den]
            for d, q in ((dc, qc), (dr, qr)):
                if d == 0:
                    if q != 0:
                        lo, hi = 1, 0  # the segment stays on the line through the centres
                    continue
                # |t*d - q| < 1/2  <=>  t lies strictly between (2q - 1) / 2d and (2q + 1) / 2d.
                scale = den // (2 * d)  # exact, negative when d < 0
                a, b = (2 * q - 1) * scale, (2 * q + 1) * scale
                lo, hi = max(lo, min(a, b)), min(hi, max(a, b))
            if lo < hi:
                found.append((qc, qr))
    return found


class Sight(NamedTuple):
    """The large streetlight's line of sight from one lamp space, for one pattern (S1b, S1c)."""

    reach: Bitboard
    """The pattern's spaces that lie on the board."""
    blockers: tuple[Bitboard, ...]
    """Per target space: the spaces whose inside the segment crosses (0 off the pattern)."""


@functools.lru_cache(maxsize=15 * 15)
def _relative(dc: int, dr: int) -> Bitboard:
    """The spaces :func:`crossed` by offset (dc, dr), as a mask lifted by 63 bits so it can be shifted."""
    relative = 0
    for qc, qr in crossed(dc, dr):
        relative |= 1 << (63 + qr * 8 + qc)
    return relative


@functools.lru_cache(maxsize=_SIGHT_CACHE)
def sight(pattern: Pattern, lamp: Square) -> Sight:
    """The line of sight of ``pattern`` from the space ``lamp`` (S1b, S1c), built on first use."""
    reach = 0
    blockers = [0] * 64
    for dc, dr in pattern_offsets(pattern):
        target = offset(lamp, dc, dr)
        if target is not None:
            reach |= 1 << target
            # The crossed spaces lie between lamp and target, so on the board: the shift never wraps.
            blockers[target] = (_relative(dc, dr) << lamp) >> 63 & BB_ALL
    return Sight(reach, tuple(blockers))


def lit_spaces(table: Sight, spaces: Bitboard, others: Bitboard) -> Bitboard:
    """S1b: the spaces of ``spaces`` the light reaches, ``others`` being the other buildings' spaces.

    A building is lit when this is not empty; the score keeps the spaces, so
    that a picture can draw each line of sight without testing it again.
    """
    targets = spaces & table.reach
    blockers = table.blockers
    lit = 0
    while targets:
        low = targets & -targets
        if not blockers[low.bit_length() - 1] & others:
            lit |= low
        targets ^= low
    return lit
