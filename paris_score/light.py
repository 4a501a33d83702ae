"""Light: which lamps light which building (S1a, S1b, S1c).

The large streetlight's line of sight uses tables built once per pattern:
for every lamp space and every offset of the pattern, the bitboard of the
spaces whose *inside* the straight segment between the two centres crosses.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Final

from paris_score.model import PATTERN_NAMES, Building, Offsets, Pattern, Position
from paris_score.squares import SQUARES, Bitboard, Square, adjacent, offset, scan

_REACH: Final = 7


def pattern_offsets(pattern: Pattern) -> Offsets:
    """The (dc, dr) offsets of a pattern (S1c), in a fixed order."""
    if not isinstance(pattern, str):
        return pattern
    if pattern not in PATTERN_NAMES:
        raise ValueError(f"unknown large streetlight pattern {pattern!r}")
    span = range(-_REACH, _REACH + 1)
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

    The endpoints' own spaces are excluded.  A space (qc, qr) is crossed when some
    point of the segment lies strictly inside it: |x - qc| < 1/2 and |y - qr| < 1/2.
    Corners and edges do not count.
    """
    found = []
    for qr in range(min(0, dr), max(0, dr) + 1):
        for qc in range(min(0, dc), max(0, dc) + 1):
            if (qc, qr) in ((0, 0), (dc, dr)):
                continue
            lo, hi = Fraction(0), Fraction(1)
            for d, q in ((dc, qc), (dr, qr)):
                if d == 0:
                    if q != 0:
                        lo, hi = Fraction(1), Fraction(0)
                    continue
                a, b = (Fraction(2 * q - 1, 2 * d), Fraction(2 * q + 1, 2 * d))
                lo, hi = max(lo, min(a, b)), min(hi, max(a, b))
            if lo < hi:
                found.append((qc, qr))
    return found


@functools.cache
def sight_table(pattern: Pattern) -> tuple[tuple[tuple[Square, Bitboard], ...], ...]:
    """For each lamp space: every (target space, blockers bitboard) of the pattern on the board."""
    offsets = pattern_offsets(pattern)
    blockers = {d: crossed(*d) for d in offsets}
    table = []
    for lamp in SQUARES:
        row = []
        for dc, dr in offsets:
            target = offset(lamp, dc, dr)
            if target is None:
                continue
            bb = 0
            for qc, qr in blockers[(dc, dr)]:
                sq = offset(lamp, qc, qr)
                assert sq is not None  # between two spaces of the board
                bb |= 1 << sq
            row.append((target, bb))
        table.append(tuple(row))
    return tuple(table)


def lit_by_large(position: Position, building: Building, lamp: Square, built: Bitboard) -> bool:
    """S1b: does the large streetlight on ``lamp`` reach a space of ``building``?"""
    spaces = building.spaces
    others = built & ~spaces
    for target, blockers in sight_table(position.rules.large_streetlight_pattern)[lamp]:
        if spaces >> target & 1 and not blockers & others:
            return True
    return False


def lighting_lamps(position: Position, building: Building, built: Bitboard | None = None) -> list[Square]:
    """The lamps lighting ``building`` (S1a, S1b), in board order."""
    if built is None:
        built = position.built
    large = position.pieces.large_streetlight
    normal = position.lamps()
    if large is not None:
        normal &= ~(1 << large)
    spaces = building.spaces
    lamps = list(scan(normal & adjacent(spaces)))
    if large is not None and lit_by_large(position, building, large, built):
        lamps.append(large)
        lamps.sort()
    return lamps
