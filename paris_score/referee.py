"""Refereeing: the rules a position can break.

:func:`structure_problems` finds what makes a position impossible to score
(pieces on top of each other); scoring refuses such a position.
"""

from __future__ import annotations

from paris_score.errors import Problem
from paris_score.model import Position
from paris_score.squares import Bitboard, scan


def _things(position: Position) -> list[tuple[str, Bitboard]]:
    """Every piece standing on the board, named, with its spaces."""
    things = [(f"building {b.id}", b.cells) for b in position.buildings]
    things += [(f"the annex of {b.id}", 1 << b.annex) for b in position.buildings if b.annex is not None]
    things += [(f"the {name.replace('_', ' ')}", 1 << sq) for name, sq in position.pieces.placed().items()]
    return things


def structure_problems(position: Position) -> list[Problem]:
    """Pieces that share a space (W1, P1): every pair, in the order the position lists them."""
    problems = []
    things = _things(position)
    for i, (name_a, bb_a) in enumerate(things):
        for name_b, bb_b in things[i + 1 :]:
            shared = bb_a & bb_b
            if shared:
                problems.append(
                    Problem(
                        code="overlap",
                        rule="W1",
                        message=f"{name_a} and {name_b} stand on the same space",
                        spaces=tuple(scan(shared)),
                    )
                )
    return problems
