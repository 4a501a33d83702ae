"""A small, obviously correct scorer, written straight from docs/rules.md S1-S5 (for tests only).

Spaces are ``(col, row)`` tuples, sets of spaces are Python sets, areas and
groups are found by breadth-first search, and the large streetlight's line of
sight is decided with exact fractions, space by space.  It is slow on purpose
and shares no code with :mod:`paris_score.scoring`: it is the yardstick the
optimised engine is measured against (tests/test_differential.py).

:func:`reference_report` returns what ``Report.to_dict()`` returns, plus the
spaces each postcard counted (``"spaces"`` in each card), for positions whose
pieces do not overlap.
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction
from typing import Any

from paris_score.model import Player, Position
from paris_score.postcards import Postcard

Cell = tuple[int, int]
"""(column, row): column 0 is A, row 0 is row 1."""

BOARD = [(c, r) for r in range(8) for c in range(8)]
"""Every space in board order: A1, B1 ... H1, A2 ... H8."""

TITLES = {
    "le-peintre": "Le Peintre",
    "moulin-rouge": "Moulin Rouge",
    "le-penseur": "Le Penseur",
    "fontaine-des-mers": "Fontaine des Mers",
    "lampadaire": "Lampadaire",
    "la-grande-lumiere": "La Grande Lumière",
}
STAMPED = ["le-peintre", "moulin-rouge", "le-penseur", "fontaine-des-mers"]
PIECE_CARD = {
    "painter": "le-peintre",
    "dancer": "moulin-rouge",
    "statue": "le-penseur",
    "fountain": "fontaine-des-mers",
    "streetlight": "lampadaire",
    "large_streetlight": "la-grande-lumiere",
}
STEPS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


def cell(sq: int) -> Cell:
    return (sq % 8, sq // 8)


def cells(bb: int) -> set[Cell]:
    return {cell(sq) for sq in range(64) if bb >> sq & 1}


def name(c: Cell) -> str:
    return "ABCDEFGH"[c[0]] + str(c[1] + 1)


def in_board_order(spaces: set[Cell]) -> list[Cell]:
    return sorted(spaces, key=lambda c: (c[1], c[0]))


def names(spaces: set[Cell]) -> str:
    return ", ".join(name(c) for c in in_board_order(spaces))


def bits(spaces: set[Cell]) -> int:
    return sum(1 << (r * 8 + c) for c, r in spaces)


def on_board(c: Cell) -> bool:
    return 0 <= c[0] < 8 and 0 <= c[1] < 8


def neighbours(c: Cell) -> set[Cell]:
    """W2: the spaces sharing an edge with ``c``."""
    return {n for n in ((c[0] + 1, c[1]), (c[0] - 1, c[1]), (c[0], c[1] + 1), (c[0], c[1] - 1)) if on_board(n)}


def diagonals(c: Cell) -> set[Cell]:
    """W2: the spaces sharing only a corner with ``c``."""
    return {(c[0] + dc, c[1] + dr) for dc in (-1, 1) for dr in (-1, 1) if on_board((c[0] + dc, c[1] + dr))}


def reachable(start: Cell, allowed: set[Cell]) -> set[Cell]:
    """Breadth-first search: ``start`` and every space of ``allowed`` reached by adjacent steps inside it."""
    seen = {start}
    queue = deque([start])
    while queue:
        for n in neighbours(queue.popleft()):
            if n in allowed and n not in seen:
                seen.add(n)
                queue.append(n)
    return seen


# -- S1b: the large streetlight -----------------------------------------------------


def pattern_offsets(pattern: Any) -> set[Cell]:
    """S1c, every offset within reach of the board."""
    if not isinstance(pattern, str):
        return set(pattern)
    rule = {
        "square2": lambda dc, dr: max(abs(dc), abs(dr)) <= 2,
        "diamond2": lambda dc, dr: abs(dc) + abs(dr) <= 2,
        "rays4": lambda dc, dr: dc == 0 or dr == 0,
        "rays8": lambda dc, dr: dc == 0 or dr == 0 or abs(dc) == abs(dr),
    }[pattern]
    return {(dc, dr) for dc in range(-7, 8) for dr in range(-7, 8) if (dc, dr) != (0, 0) and rule(dc, dr)}


def passes_inside(a: Cell, b: Cell, q: Cell) -> bool:
    """Does the segment between the centres of ``a`` and ``b`` pass through the inside of space ``q``?

    The points of the segment are ``a + t (b - a)`` for ``0 <= t <= 1``; the
    inside of ``q`` is every point less than 1/2 from its centre on both axes.
    """
    low, high = Fraction(0), Fraction(1)  # t lies in [0, 1] ...
    above, below = Fraction(-1), Fraction(2)  # ... and strictly between these, for every axis
    for axis in (0, 1):
        d = b[axis] - a[axis]
        gap = q[axis] - a[axis]
        if d == 0:
            if gap != 0:  # 1 or more away on this axis, for every t
                return False
            continue
        # |t d - gap| < 1/2  <=>  t strictly between (2 gap - 1) / 2d and (2 gap + 1) / 2d
        ends = sorted((Fraction(2 * gap - 1, 2 * d), Fraction(2 * gap + 1, 2 * d)))
        above, below = max(above, ends[0]), min(below, ends[1])
    return max(low, above) < min(high, below)


def _between(a: int, x: int, b: int) -> bool:
    return min(a, b) <= x <= max(a, b)


def lit_by_large(lamp: Cell, pattern: Any, own: set[Cell], others: set[Cell]) -> bool:
    """S1b: a space of the building in the pattern, the segment to it crossing no other building's space."""
    for dc, dr in pattern_offsets(pattern):
        target = (lamp[0] + dc, lamp[1] + dr)
        # Only spaces inside the box the two centres span can hold a point of the segment.
        between = {q for q in others if _between(lamp[0], q[0], target[0]) and _between(lamp[1], q[1], target[1])}
        if target in own and not any(passes_inside(lamp, target, q) for q in between):
            return True
    return False


# -- The report --------------------------------------------------------------------


def reference_report(position: Position) -> dict[str, Any]:
    """Every line of the score (S1-S5), as ``Report.to_dict()`` gives it, plus each card's spaces."""
    ground = position.ground
    pieces = position.pieces
    chartier = None if pieces.chartier is None else cell(pieces.chartier)
    colour = dict.fromkeys(cells(ground.orange), "orange")
    colour.update(dict.fromkeys(cells(ground.blue), "blue"))
    colour.update(dict.fromkeys(cells(ground.mixed), "mixed"))
    colour.update(dict.fromkeys(cells(ground.streetlight), "streetlight"))
    if chartier is not None:
        colour[chartier] = "mixed"  # P7

    buildings = []
    for b in position.buildings:
        spaces = cells(b.cells) | ({cell(b.annex)} if b.annex is not None else set())
        buildings.append({"id": b.id, "owner": str(b.owner), "spaces": spaces})
    built = set().union(*(b["spaces"] for b in buildings)) if buildings else set()
    placed = {
        "painter": pieces.painter,
        "dancer": pieces.dancer,
        "statue": None if pieces.statue is None else pieces.statue.at,
        "fountain": pieces.fountain,
        "streetlight": pieces.streetlight,
        "large_streetlight": pieces.large_streetlight,
    }
    placed_cells = {k: cell(v) for k, v in placed.items() if v is not None}
    occupied = built | set(placed_cells.values())  # W1
    free = {c for c in BOARD if c not in occupied}
    large = placed_cells.get("large_streetlight")
    streetlight_spaces = cells(ground.streetlight)  # as printed: the Chartier space lies on the opponent's colour
    # W4: uncovered streetlight spaces without the large tile, the Lampadaire tile, the large tile.
    normal_lamps = {c for c in streetlight_spaces if c not in built and c != large}
    if "streetlight" in placed_cells:
        normal_lamps.add(placed_cells["streetlight"])
    all_lamps = normal_lamps | ({large} if large is not None else set())
    used = {str(p): [str(c) for c in position.postcards.used(p)] for p in Player}

    players = {}
    for player in ("orange", "blue"):
        own = [b for b in buildings if b["owner"] == player]

        # S1
        lines = []
        for b in own:
            lamps = {lamp for lamp in normal_lamps if neighbours(lamp) & b["spaces"]}
            others = built - b["spaces"]
            if large is not None and lit_by_large(large, position.rules.large_streetlight_pattern, b["spaces"], others):
                lamps.add(large)
            size = len(b["spaces"])
            lines.append(
                {
                    "id": b["id"],
                    "size": size,
                    "lamps": [name(c) for c in in_board_order(lamps)],
                    "points": size * len(lamps),
                }
            )

        # S2
        groups: list[list[dict[str, Any]]] = []
        left = list(own)
        while left:
            group = [left.pop(0)]
            queue = deque(group)
            while queue:
                current = queue.popleft()
                halo = set().union(*(neighbours(c) for c in current["spaces"]))
                for other in list(left):
                    if other["spaces"] & halo:
                        left.remove(other)
                        group.append(other)
                        queue.append(other)
            groups.append(group)
        best: tuple[int, list[str]] = (0, [])
        for group in groups:
            size = sum(len(b["spaces"]) for b in group)
            ids = sorted(b["id"] for b in group)
            if size > best[0] or (size == best[0] and ids[0] < best[1][0]):
                best = (size, ids)

        # S3
        sizes = list(position.reserve.of(Player(player)))
        count = len(sizes)
        waived = "sacre-coeur" in used[player]
        unbuilt = {
            "count": count,
            "points": 0 if waived else -3 * count,
            "waived_by": "sacre-coeur" if waived and count else None,
            "sizes": sizes,
            "given": Player(player) not in position.reserve.not_given,
        }

        # S4
        cards = []
        for card in STAMPED:
            if card not in used[player]:
                continue
            spaces: set[Cell] = set()
            if card == "le-peintre":
                if "painter" not in placed_cells:
                    points, detail = 0, "the painter is not on the board"
                else:
                    start = placed_cells["painter"]
                    spaces = reachable(start, set(BOARD) - built) if start not in built else set()
                    seen = spaces & all_lamps
                    n = len(seen)
                    points = 2 * n
                    detail = f"{n} lamp{'s' * (n != 1)} in the painter's area: {names(seen) or 'none'}"
            elif card == "moulin-rouge":
                if "dancer" not in placed_cells:
                    points, detail = 0, "the dancer is not on the board"
                else:
                    open_ground = free - streetlight_spaces - all_lamps
                    spaces = reachable(placed_cells["dancer"], open_ground)
                    points = len(spaces)
                    detail = f"{points} space{'s' * (points != 1)} in the dancer's area: {names(spaces)}"
            elif card == "le-penseur":
                statue = pieces.statue
                if statue is None:
                    points, detail = 0, "the statue is not on the board"
                else:
                    at = cell(statue.at)
                    step = STEPS[statue.facing]
                    front = (at[0] + step[0], at[1] + step[1])
                    if not on_board(front):
                        points, detail = 0, "the space in front of the statue is off the board"
                    elif front not in free:
                        points, detail = 0, f"the space in front ({name(front)}) is not free"
                    else:
                        near = neighbours(at) & free
                        corner = diagonals(at) & free
                        spaces = near | corner
                        points = 2 * len(near) + len(corner)
                        detail = (
                            f"front {name(front)} free; {len(near)} free adjacent ({names(near)}) x 2 + "
                            f"{len(corner)} free diagonal ({names(corner) or 'none'}) x 1"
                        )
            else:
                if "fountain" not in placed_cells:
                    points, detail = 0, "the fountain is not on the board"
                else:
                    beside = neighbours(placed_cells["fountain"])
                    ids = [b["id"] for b in own if b["spaces"] & beside]
                    points = 3 * len(ids)
                    n = len(ids)
                    detail = f"{n} building{'s' * (n != 1)} beside the fountain: {', '.join(ids) or 'none'}"
            cards.append({"card": card, "points": points, "detail": detail, "spaces": bits(spaces)})

        # S5
        own_free = sum(1 for c in free if colour[c] == player)
        lit_points = sum(line["points"] for line in lines)
        card_points = sum(c["points"] for c in cards)
        players[player] = {
            "total": lit_points + best[0] + unbuilt["points"] + card_points,
            "lit_buildings": {"points": lit_points, "buildings": lines},
            "largest_group": {"points": best[0], "buildings": best[1]},
            "unbuilt": unbuilt,
            "postcards": {"points": card_points, "cards": cards},
            "free_own_spaces": own_free,
        }

    o, b = players["orange"], players["blue"]
    key_o, key_b = (o["total"], o["free_own_spaces"]), (b["total"], b["free_own_spaces"])
    winner = "tie" if key_o == key_b else "orange" if key_o > key_b else "blue"
    notes = []
    if large is not None:
        pattern = position.rules.large_streetlight_pattern
        label = pattern if isinstance(pattern, str) else "custom " + " ".join(f"({dc},{dr})" for dc, dr in pattern)
        notes.append(
            f"the large streetlight's pattern is {label} (S1c; the printed card's pattern is unknown, "
            "set rules.large_streetlight_pattern to change it)"
        )
    everyone = used["orange"] + used["blue"]
    notes += [
        f"{Postcard(card).title} is used by both players (B6: a postcard is used once, paris-score check reports it): "
        "it is scored for each of them"
        for card in used["orange"]
        if card in used["blue"]
    ]
    for piece, c in placed_cells.items():
        card = PIECE_CARD[piece]
        if card not in everyone:
            what = "streetlight tile" if piece == "streetlight" else piece.replace("_", " ")
            notes.append(f"the {what} on {name(c)} scores for nobody: no player used {TITLES[card]}")
    if o["total"] == b["total"]:
        if winner == "tie":
            notes.append(
                f"tied at {o['total']} with {o['free_own_spaces']} free own-colour spaces each: a shared victory (S5)"
            )
        else:
            notes.append(
                f"tied at {o['total']}; {winner} wins on free spaces of own colour, "
                f"{o['free_own_spaces']} to {b['free_own_spaces']} (S5)"
            )
    return {"format": "paris-score/1", "players": players, "winner": winner, "notes": notes}
