"""Boards as grid literals for tests.

A literal holds two blocks side by side on each line: the ground (``o`` orange,
``b`` blue, ``m`` mixed, ``l`` streetlight) and what stands on it::

    ollo  AA..
    oooo  A+p.

Building ids are capital letters or digits; ``+`` the annex, ``p`` the painter,
``d`` the dancer, ``^ v < >`` the statue facing up/down/left/right, ``f`` the
fountain, ``t`` the Lampadaire tile, ``g`` the large streetlight, ``.`` nothing.
Rows and columns left out, and ``.`` in the ground, are ``fill`` ground.
"""

from __future__ import annotations

from typing import Any

from paris_score import Building, Ground, Pieces, Player, Position, Postcards, Reserve, Rules, Statue

FACING = {"^": "up", "v": "down", "<": "left", ">": "right"}
PIECES = {"p": "painter", "d": "dancer", "f": "fountain", "t": "streetlight", "g": "large_streetlight"}


def board(
    literal: str,
    *,
    orange: str = "",
    blue: str = "",
    annex: str | None = None,
    jardin: str = "",
    fill: str = "o",
    chartier: int | None = None,
    cards: dict[str, list[str]] | None = None,
    reserve: dict[str, list[int]] | None = None,
    pattern: Any = "square2",
) -> Position:
    """A position from a grid literal; building owners by id in ``orange`` / ``blue``."""
    lines = [line.split() for line in literal.strip().splitlines()]
    ground = [(row[0].replace(".", fill) + fill * 8)[:8] for row in lines] + [fill * 8] * (8 - len(lines))
    things = [(row[1] + "." * 8)[:8] if len(row) > 1 else "." * 8 for row in lines]
    cells: dict[str, int] = {}
    placed: dict[str, Any] = {}
    annex_sq = None
    for r, row in enumerate(things):
        for c, ch in enumerate(row):
            sq = r * 8 + c
            if ch.isupper() or ch.isdigit():
                cells[ch] = cells.get(ch, 0) | 1 << sq
            elif ch == "+":
                annex_sq = sq
            elif ch in FACING:
                placed["statue"] = Statue(sq, FACING[ch])  # type: ignore[arg-type]
            elif ch in PIECES:
                placed[PIECES[ch]] = sq
            elif ch != ".":
                raise ValueError(f"unknown grid character {ch!r}")
    buildings = []
    for bid, bb in cells.items():
        owner = Player.ORANGE if bid in orange else Player.BLUE if bid in blue else None
        if owner is None:
            raise ValueError(f"building {bid} has no owner")
        buildings.append(Building(bid, owner, bb, annex_sq if bid == annex else None, bid in jardin))
    cards = cards or {}
    return Position(
        Ground.from_rows(ground),
        buildings,
        Reserve(**(reserve or {})),
        Postcards(cards.get("in_play", []), cards.get("orange", []), cards.get("blue", [])),
        Pieces(chartier=chartier, **placed),
        Rules(pattern),
    )
