"""Pictures: a position drawn as SVG, with the standard library's ElementTree only.

>>> import paris_score
>>> from paris_score import svg
>>> picture = svg.board(paris_score.rulebook_example(), overlays=["lit"])
>>> picture.startswith("<svg")
True

:func:`board` returns a :class:`Picture`, a ``str`` that notebooks (IPython,
Jupyter) display as the image itself.  A :class:`~paris_score.Position` shows
itself the same way (``Position._repr_svg_``).  A
:class:`~paris_score.Report` does not: it holds no board, so draw a scored
position with ``svg.board(position, report=report, overlays=...)``, which
adds the totals under the board and takes the overlays' data from the report.

The picture is deterministic: the same arguments give the same bytes.  Every
drawn thing carries a ``class`` (``space orange A1``, ``building blue``,
``piece statue``, ``overlay lit`` ...) so that programs and tests can find it;
no ``id`` attribute is used, so many pictures can share one HTML page.

The layout, in user units (the ``viewBox``)::

    MARGIN | 8 x SQUARE_SIZE | MARGIN        columns A-H left to right,
                                             rows 1-8 top to bottom (docs/formats.md)
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable
from typing import Final

from paris_score.errors import clip
from paris_score.light import pattern_label, sight
from paris_score.model import PLAYERS, Building, Player, Position
from paris_score.postcards import PIECE_CARDS, Postcard
from paris_score.report import Report
from paris_score.scoring import lit_buildings
from paris_score.squares import (
    BB_ADJACENT,
    BB_TILES,
    COLUMN_NAMES,
    ROW_NAMES,
    Bitboard,
    Square,
    scan,
    square_name,
)

SQUARE_SIZE: Final = 50
"""Side of one space, in user units."""
MARGIN: Final = 24
"""Room for the coordinates on every side of the board."""
BOARD_SIZE: Final = 8 * SQUARE_SIZE
WIDTH: Final = BOARD_SIZE + 2 * MARGIN
MAX_SIZE: Final = 100_000
"""The largest picture :func:`board` draws, in pixels wide (a bound for hostile input)."""
FOOTER: Final = 28
"""Extra height below the board for the totals, when a report is given."""

OVERLAYS: Final = ("lit", "groups", "painter", "dancer", "large-light")
"""Optional layers, drawn in a fixed order whatever order they are asked in
(areas first, the ``lit`` rays last, on top).

``lit``: a ray from each lamp to each building it lights (S1a, S1b) and the
lamp count beside each id.  ``groups``: each player's largest group (S2).
``painter``, ``dancer``: the areas of S4a and S4b.  ``large-light``: the
spaces of the large streetlight's pattern (S1c) and its lines to buildings,
the blocked ones dashed in red (S1b).
"""

# Colours.  The four cobblestone kinds (B2) must stay far apart: the browser
# test reads them back from a screenshot.
GROUND_COLOURS: Final = {
    "o": "#f7b267",  # orange
    "b": "#9cc3ec",  # blue
    "m": "#b48ad6",  # mixed: purple
    "l": "#45484f",  # streetlight: dark slate, with a lamp drawn on it
}
GROUND_NAMES: Final = {"o": "orange", "b": "blue", "m": "mixed", "l": "streetlight"}
BUILDING_FILL: Final = {Player.ORANGE: "#e0700f", Player.BLUE: "#2a68c0"}
BUILDING_STROKE: Final = {Player.ORANGE: "#6e3203", Player.BLUE: "#0f2d57"}
GROUP_STROKE: Final = {Player.ORANGE: "#ff4f00", Player.BLUE: "#0033cc"}
NOBODY: Final = "#8a8a8a"
BACKGROUND: Final = "#f3eee4"
INK: Final = "#2f2a22"
LIGHT: Final = "#ffd21f"
GLOW: Final = "#fff0a0"
TILE_DARK: Final = "#2d2f36"
PAINTER_AREA: Final = "#1f9e45"
DANCER_AREA: Final = "#d6338f"
BLOCKED: Final = "#d62828"

_INSET: Final = 3.0
"""Buildings are drawn this far inside their spaces, so neighbours stay apart."""

_ARROWS: Final = {"up": "^", "down": "v", "left": "<", "right": ">"}
_STEPS: Final = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


class Picture(str):
    """An SVG document as text; notebooks display it as an image (``_repr_svg_``)."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        return str(self)


# -- numbers and geometry -----------------------------------------------------


def _n(value: float) -> str:
    """A coordinate as short, stable text: ``12``, ``12.5``, ``-3.25``."""
    return f"{round(value, 2) + 0.0:.2f}".rstrip("0").rstrip(".")


def _corner(sq: Square) -> tuple[float, float]:
    """Top-left corner of a space, in user units."""
    return MARGIN + (sq & 7) * SQUARE_SIZE, MARGIN + (sq >> 3) * SQUARE_SIZE


def centre(sq: Square) -> tuple[float, float]:
    """Centre of a space, in user units (the browser test reads pixels there)."""
    x, y = _corner(sq)
    return x + SQUARE_SIZE / 2, y + SQUARE_SIZE / 2


def _edges(bb: Bitboard) -> dict[tuple[int, int], list[tuple[int, int]]]:
    """The boundary of ``bb`` as directed unit edges between lattice points, inside on the right."""
    edges: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for sq in scan(bb):
        c, r = sq & 7, sq >> 3
        corners = ((c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1))
        across = ((c, r - 1), (c + 1, r), (c, r + 1), (c - 1, r))  # top, right, bottom, left
        for i, (nc, nr) in enumerate(across):
            if 0 <= nc < 8 and 0 <= nr < 8 and bb >> (nr * 8 + nc) & 1:
                continue
            edges.setdefault(corners[i], []).append(corners[(i + 1) % 4])
    return edges


def _loops(bb: Bitboard) -> list[list[tuple[int, int]]]:
    """Closed boundary loops of ``bb`` (holes included), corner points only, in a fixed order."""
    edges = _edges(bb)
    loops = []
    while edges:
        start = min(edges, key=lambda p: (p[1], p[0]))
        loop = [start]
        point, heading = start, None
        while True:
            outs = edges[point]
            if heading is None or len(outs) == 1:
                nxt = outs[0]
            else:
                # A pinch (two spaces touching at a corner): keep hugging the same space,
                # preferring a right turn, so each loop stays a simple polygon.
                right = (-heading[1], heading[0])
                nxt = next(
                    (o for o in outs if (o[0] - point[0], o[1] - point[1]) == right),
                    outs[0],
                )
            outs.remove(nxt)
            if not outs:
                del edges[point]
            heading = (nxt[0] - point[0], nxt[1] - point[1])
            point = nxt
            if point == start:
                break
            loop.append(point)
        loops.append(_corners_only(loop))
    return loops


def _corners_only(loop: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Drop the points where the boundary goes straight on."""
    out = []
    for i, p in enumerate(loop):
        a, b = loop[i - 1], loop[(i + 1) % len(loop)]
        if (p[0] - a[0], p[1] - a[1]) != (b[0] - p[0], b[1] - p[1]):
            out.append(p)
    return out


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def outline(bb: Bitboard, inset: float = 0.0) -> str:
    """SVG path data of the outer boundary of ``bb``, pulled ``inset`` units inwards (< 0: outwards).

    Only the boundary between ``bb`` and the rest is drawn, never the lines
    between its own spaces; holes become inner loops (use ``fill-rule=evenodd``).
    """
    parts = []
    for loop in _loops(bb):
        points = []
        for i, p in enumerate(loop):
            a, b = loop[i - 1], loop[(i + 1) % len(loop)]
            d_in = (_sign(p[0] - a[0]), _sign(p[1] - a[1]))
            d_out = (_sign(b[0] - p[0]), _sign(b[1] - p[1]))
            # The inside is on the right of each edge: normal (-dy, dx) in screen axes.
            nx = -d_in[1] - d_out[1]
            ny = d_in[0] + d_out[0]
            x = MARGIN + p[0] * SQUARE_SIZE + inset * nx
            y = MARGIN + p[1] * SQUARE_SIZE + inset * ny
            points.append(f"{_n(x)},{_n(y)}")
        parts.append("M" + " L".join(points) + " Z")
    return " ".join(parts)


def _middle(building: Building) -> tuple[float, float]:
    """The mean (column, row) of the building's cells, the annex left out."""
    cells = list(scan(building.cells))
    return sum(sq & 7 for sq in cells) / len(cells), sum(sq >> 3 for sq in cells) / len(cells)


def label_square(building: Building) -> Square:
    """The cell nearest the middle of the building's cells (ties: the first in board order)."""
    mc, mr = _middle(building)
    return min(scan(building.cells), key=lambda sq: ((sq & 7) - mc) ** 2 + ((sq >> 3) - mr) ** 2)


def label_point(building: Building) -> tuple[float, float]:
    """Where the id is written: the middle of the cells when the label fits there, else :func:`label_square`.

    The Jardin des Plantes always uses :func:`label_square`; its other cell holds the tree.
    """
    mc, mr = _middle(building)
    x, y = mc + 0.5, mr + 0.5  # in spaces, from the board's top-left corner
    half = 0.3
    corners = ((x + dx, y + dy) for dx in (-half, half) for dy in (-half, half))
    if not building.jardin and all(building.cells >> (int(cy) * 8 + int(cx)) & 1 for cx, cy in corners):
        return MARGIN + x * SQUARE_SIZE, MARGIN + y * SQUARE_SIZE
    return centre(label_square(building))


# -- element helpers ----------------------------------------------------------


def _el(parent: ET.Element, tag: str, **attributes: str | float) -> ET.Element:
    """A child element; ``class_`` becomes ``class``, ``_`` in names becomes ``-``."""
    attrib = {}
    for key, value in attributes.items():
        name = "class" if key == "class_" else key.replace("_", "-")
        attrib[name] = _n(value) if isinstance(value, float | int) else value
    return ET.SubElement(parent, tag, attrib)


def _group(parent: ET.Element, class_: str, **attributes: str | float) -> ET.Element:
    return _el(parent, "g", class_=class_, **attributes)


def _line(parent: ET.Element, a: tuple[float, float], b: tuple[float, float], **attributes: str | float) -> None:
    _el(parent, "line", x1=a[0], y1=a[1], x2=b[0], y2=b[1], **attributes)


def _owner(position: Position, card: Postcard) -> Player | None:
    return position.postcards.user(card)


def _piece_colour(position: Position, card: Postcard) -> str:
    owner = _owner(position, card)
    return NOBODY if owner is None else BUILDING_FILL[owner]


# -- layers -------------------------------------------------------------------


def _ground(svg: ET.Element, position: Position) -> None:
    """The 64 cobblestone spaces as play sees them (B2; Chartier turns its space mixed, P7)."""
    layer = _group(svg, "ground")
    colours = position.colours
    for sq in range(64):
        code = colours.code(sq)
        x, y = _corner(sq)
        _el(
            layer,
            "rect",
            class_=f"space {GROUND_NAMES[code]} {square_name(sq)}",
            x=x,
            y=y,
            width=SQUARE_SIZE,
            height=SQUARE_SIZE,
            fill=GROUND_COLOURS[code],
        )


def _lamp_symbol(parent: ET.Element, sq: Square) -> None:
    """A street lamp seen from above: a glow and a bulb (W4)."""
    cx, cy = centre(sq)
    s = SQUARE_SIZE
    g = _group(parent, f"lamp {square_name(sq)}")
    _el(g, "circle", cx=cx, cy=cy, r=0.34 * s, fill=GLOW, fill_opacity="0.35")
    for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
        _line(
            g,
            (cx + dx * 0.2 * s, cy + dy * 0.2 * s),
            (cx + dx * 0.3 * s, cy + dy * 0.3 * s),
            stroke=LIGHT,
            stroke_width=2.5,
            stroke_linecap="round",
        )
    _el(g, "circle", cx=cx, cy=cy, r=0.13 * s, fill=LIGHT, stroke="#8a6d00", stroke_width=1.5)


def _lamps(svg: ET.Element, position: Position) -> None:
    """Lamps printed on the ground: uncovered streetlight spaces without the large tile (W4)."""
    layer = _group(svg, "lamps")
    ground_lamps = position.ground.streetlight & ~position.built
    large = position.pieces.large_streetlight
    if large is not None:
        ground_lamps &= ~(1 << large)
    for sq in scan(ground_lamps):
        _lamp_symbol(layer, sq)


def _grid(svg: ET.Element) -> None:
    """Thin lines between spaces, thick borders round the 16 tiles (B1)."""
    layer = _group(svg, "grid", fill="none")
    for i in range(1, 8):
        if i % 2:
            p = MARGIN + i * SQUARE_SIZE
            _line(layer, (p, MARGIN), (p, MARGIN + BOARD_SIZE), stroke=INK, stroke_width=0.6, stroke_opacity="0.45")
            _line(layer, (MARGIN, p), (MARGIN + BOARD_SIZE, p), stroke=INK, stroke_width=0.6, stroke_opacity="0.45")
    for bb in BB_TILES:
        x, y = _corner((bb & -bb).bit_length() - 1)
        _el(
            layer,
            "rect",
            class_="tile",
            x=x,
            y=y,
            width=2 * SQUARE_SIZE,
            height=2 * SQUARE_SIZE,
            stroke=INK,
            stroke_width=2.5,
        )


def _book(parent: ET.Element, sq: Square, stroke: str) -> None:
    """The annex (P8): an open book, for the booksellers on the Seine."""
    cx, cy = centre(sq)
    s = SQUARE_SIZE
    w, h = 0.17 * s, 0.22 * s
    for side in (-1, 1):
        x0 = cx + side * w
        _el(
            parent,
            "path",
            d=f"M{_n(cx)},{_n(cy - h / 2 + 2)} L{_n(x0)},{_n(cy - h / 2)} L{_n(x0)},{_n(cy + h / 2)} "
            f"L{_n(cx)},{_n(cy + h / 2 + 2)} Z",
            fill="#fffdf5",
            stroke=stroke,
            stroke_width=1.5,
            stroke_linejoin="round",
        )


def _tree(parent: ET.Element, sq: Square) -> None:
    """The Jardin des Plantes (P4): a tree."""
    cx, cy = centre(sq)
    s = SQUARE_SIZE
    _el(parent, "rect", x=cx - 0.04 * s, y=cy + 0.02 * s, width=0.08 * s, height=0.22 * s, fill="#6b4423")
    _el(parent, "circle", cx=cx, cy=cy - 0.06 * s, r=0.2 * s, fill="#3f9b48", stroke="#1d5424", stroke_width=2)


def _buildings(svg: ET.Element, position: Position) -> None:
    """Each building (W3) as one outlined shape in its owner's colour, with its id."""
    layer = _group(svg, "buildings")
    for b in position.buildings:
        kind = " jardin" if b.jardin else ""
        kind += " annexed" if b.annex is not None else ""
        g = _group(layer, f"building {b.owner}{kind}")
        fill, stroke = BUILDING_FILL[b.owner], BUILDING_STROKE[b.owner]
        _el(
            g,
            "path",
            d=outline(b.spaces, _INSET),
            fill=fill,
            fill_rule="evenodd",
            stroke=stroke,
            stroke_width=2.5,
            stroke_linejoin="round",
        )
        if b.annex is not None:
            mark = _group(g, "annex")
            ax, ay = _corner(b.annex)
            # A dashed seam where the annex meets the building (P8).
            for sq in scan(BB_ADJACENT[b.annex] & b.cells):
                if sq == b.annex - 1 or sq == b.annex + 1:
                    x = ax if sq < b.annex else ax + SQUARE_SIZE
                    _line(
                        mark,
                        (x, ay + 6),
                        (x, ay + SQUARE_SIZE - 6),
                        stroke=stroke,
                        stroke_width=1.5,
                        stroke_dasharray="4 3",
                    )
                else:
                    y = ay if sq < b.annex else ay + SQUARE_SIZE
                    _line(
                        mark,
                        (ax + 6, y),
                        (ax + SQUARE_SIZE - 6, y),
                        stroke=stroke,
                        stroke_width=1.5,
                        stroke_dasharray="4 3",
                    )
            _book(mark, b.annex, stroke)
        if b.jardin:
            # The tree goes on a cell without the id (a domino has one).
            label = label_square(b)
            spot = next((sq for sq in scan(b.cells) if sq != label), label)
            _tree(_group(g, "jardin"), spot)
        covered = position.ground.streetlight & b.spaces
        for sq in scan(covered):
            # A streetlight under a building (P3) is no lamp: a dark dot in its corner.
            x, y = _corner(sq)
            _el(
                g,
                "circle",
                class_="covered-streetlight",
                cx=x + 0.8 * SQUARE_SIZE,
                cy=y + 0.8 * SQUARE_SIZE,
                r=0.08 * SQUARE_SIZE,
                fill=GROUND_COLOURS["l"],
                stroke=LIGHT,
                stroke_width=1,
            )
        cx, cy = label_point(b)
        text = _el(
            g,
            "text",
            x=cx,
            y=cy,
            font_family="DejaVu Sans, Verdana, sans-serif",
            font_size=0.42 * SQUARE_SIZE,
            font_weight="bold",
            text_anchor="middle",
            dominant_baseline="central",
            fill="#ffffff",
            stroke=stroke,
            stroke_width=3,
            paint_order="stroke",
        )
        text.text = b.id


def _pawn(parent: ET.Element, sq: Square, fill: str) -> None:
    """The painter (P6): a pawn in a beret."""
    cx, cy = centre(sq)
    s = SQUARE_SIZE
    _el(
        parent,
        "path",
        d=f"M{_n(cx - 0.19 * s)},{_n(cy + 0.32 * s)} L{_n(cx - 0.07 * s)},{_n(cy - 0.02 * s)} "
        f"L{_n(cx + 0.07 * s)},{_n(cy - 0.02 * s)} L{_n(cx + 0.19 * s)},{_n(cy + 0.32 * s)} Z",
        fill=fill,
        stroke=INK,
        stroke_width=1.5,
        stroke_linejoin="round",
    )
    _el(parent, "circle", cx=cx, cy=cy - 0.14 * s, r=0.13 * s, fill=fill, stroke=INK, stroke_width=1.5)
    _el(parent, "ellipse", cx=cx + 0.03 * s, cy=cy - 0.25 * s, rx=0.14 * s, ry=0.05 * s, fill=INK)
    # A brush held against the body.
    _line(
        parent,
        (cx + 0.22 * s, cy - 0.05 * s),
        (cx + 0.34 * s, cy + 0.22 * s),
        stroke=INK,
        stroke_width=2.5,
        stroke_linecap="round",
    )


def _dancer(parent: ET.Element, sq: Square, fill: str) -> None:
    """The dancer (P10): arms up, a wide skirt."""
    cx, cy = centre(sq)
    s = SQUARE_SIZE
    for side in (-1, 1):
        _line(
            parent,
            (cx, cy - 0.02 * s),
            (cx + side * 0.24 * s, cy - 0.3 * s),
            stroke=INK,
            stroke_width=2,
            stroke_linecap="round",
        )
        _line(
            parent,
            (cx + side * 0.06 * s, cy + 0.12 * s),
            (cx + side * 0.1 * s, cy + 0.38 * s),
            stroke=INK,
            stroke_width=2,
            stroke_linecap="round",
        )
    _el(
        parent,
        "path",
        d=f"M{_n(cx - 0.28 * s)},{_n(cy + 0.2 * s)} L{_n(cx)},{_n(cy - 0.1 * s)} L{_n(cx + 0.28 * s)},"
        f"{_n(cy + 0.2 * s)} Z",
        fill=fill,
        stroke=INK,
        stroke_width=1.5,
        stroke_linejoin="round",
    )
    _el(parent, "circle", cx=cx, cy=cy - 0.2 * s, r=0.1 * s, fill=fill, stroke=INK, stroke_width=1.5)


def _statue(parent: ET.Element, sq: Square, facing: str, fill: str) -> None:
    """Le Penseur (P11): a stone plinth and a triangle pointing the way it faces."""
    cx, cy = centre(sq)
    s = SQUARE_SIZE
    _el(
        parent,
        "rect",
        x=cx - 0.3 * s,
        y=cy - 0.3 * s,
        width=0.6 * s,
        height=0.6 * s,
        rx=4,
        fill="#c9c4b8",
        stroke=fill,
        stroke_width=3,
    )
    _el(parent, "circle", cx=cx, cy=cy, r=0.12 * s, fill="#6f6a60")
    dx, dy = _STEPS[facing]
    px, py = -dy, dx
    tip = (cx + dx * 0.48 * s, cy + dy * 0.48 * s)
    base = (cx + dx * 0.2 * s, cy + dy * 0.2 * s)
    left = (base[0] + px * 0.16 * s, base[1] + py * 0.16 * s)
    right = (base[0] - px * 0.16 * s, base[1] - py * 0.16 * s)
    _el(
        parent,
        "polygon",
        class_="facing",
        points=" ".join(f"{_n(x)},{_n(y)}" for x, y in (tip, left, right)),
        fill=INK,
        stroke="#ffffff",
        stroke_width=1,
    )


def _fountain(parent: ET.Element, sq: Square, fill: str) -> None:
    """Fontaine des Mers (P12): a round basin."""
    cx, cy = centre(sq)
    s = SQUARE_SIZE
    _el(parent, "circle", cx=cx, cy=cy, r=0.36 * s, fill="#8fd8ea", stroke=fill, stroke_width=3)
    _el(parent, "circle", cx=cx, cy=cy, r=0.2 * s, fill="#d8f5fc", stroke="#1f6f8b", stroke_width=1.5)
    _el(parent, "circle", cx=cx, cy=cy, r=0.06 * s, fill="#1f6f8b")


def _tile(parent: ET.Element, sq: Square, frame: str, side: float) -> None:
    cx, cy = centre(sq)
    h = side * SQUARE_SIZE / 2
    _el(
        parent,
        "rect",
        x=cx - h,
        y=cy - h,
        width=2 * h,
        height=2 * h,
        rx=5,
        fill=TILE_DARK,
        stroke=frame,
        stroke_width=3,
    )


def _large(parent: ET.Element, sq: Square) -> None:
    """La Grande Lumière (P13): a sun with eight rays on a dark tile."""
    cx, cy = centre(sq)
    s = SQUARE_SIZE
    _tile(parent, sq, LIGHT, 0.9)
    for dx, dy in ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)):
        k = 0.7071 if dx and dy else 1.0
        _line(
            parent,
            (cx + dx * k * 0.2 * s, cy + dy * k * 0.2 * s),
            (cx + dx * k * 0.37 * s, cy + dy * k * 0.37 * s),
            stroke=LIGHT,
            stroke_width=3,
            stroke_linecap="round",
        )
    _el(parent, "circle", cx=cx, cy=cy, r=0.16 * s, fill=LIGHT, stroke="#8a6d00", stroke_width=1.5)


def _chartier(parent: ET.Element, sq: Square) -> None:
    """Chartier (P7): the laid mixed space, drawn over whatever stands on it."""
    x, y = _corner(sq)
    s = SQUARE_SIZE
    _el(
        parent,
        "rect",
        x=x + 5,
        y=y + 5,
        width=s - 10,
        height=s - 10,
        fill="none",
        stroke=GROUND_COLOURS["m"],
        stroke_width=2.5,
        stroke_dasharray="5 3",
    )
    d = 0.11 * s
    px, py = x + s - 0.2 * s, y + 0.2 * s
    _el(
        parent,
        "polygon",
        points=f"{_n(px)},{_n(py - d)} {_n(px + d)},{_n(py)} {_n(px)},{_n(py + d)} {_n(px - d)},{_n(py)}",
        fill=GROUND_COLOURS["m"],
        stroke="#ffffff",
        stroke_width=1,
    )


def _pieces(svg: ET.Element, position: Position) -> None:
    """Every special piece (B7), in the owner's colour (grey when no one used its card)."""
    layer = _group(svg, "pieces")
    p = position.pieces
    if p.streetlight is not None:
        g = _group(layer, f"piece streetlight {square_name(p.streetlight)}")
        _tile(g, p.streetlight, _piece_colour(position, PIECE_CARDS["streetlight"]), 0.84)
        _lamp_symbol(g, p.streetlight)
    if p.large_streetlight is not None:
        _large(_group(layer, f"piece large-streetlight {square_name(p.large_streetlight)}"), p.large_streetlight)
    if p.fountain is not None:
        colour = _piece_colour(position, PIECE_CARDS["fountain"])
        _fountain(_group(layer, f"piece fountain {square_name(p.fountain)}"), p.fountain, colour)
    if p.statue is not None:
        colour = _piece_colour(position, PIECE_CARDS["statue"])
        g = _group(layer, f"piece statue {square_name(p.statue.at)}", data_facing=p.statue.facing)
        _statue(g, p.statue.at, p.statue.facing, colour)
    if p.painter is not None:
        colour = _piece_colour(position, PIECE_CARDS["painter"])
        _pawn(_group(layer, f"piece painter {square_name(p.painter)}"), p.painter, colour)
    if p.dancer is not None:
        colour = _piece_colour(position, PIECE_CARDS["dancer"])
        _dancer(_group(layer, f"piece dancer {square_name(p.dancer)}"), p.dancer, colour)
    if p.chartier is not None:
        _chartier(_group(layer, f"piece chartier {square_name(p.chartier)}"), p.chartier)


def _coordinates(svg: ET.Element) -> None:
    """A-H above and below, 1-8 left and right (row 1 at the top)."""
    layer = _group(
        svg,
        "coordinates",
        font_family="DejaVu Sans, Verdana, sans-serif",
        font_size=14,
        fill=INK,
        text_anchor="middle",
        dominant_baseline="central",
    )
    for i in range(8):
        middle = MARGIN + (i + 0.5) * SQUARE_SIZE
        for edge in (MARGIN / 2, MARGIN + BOARD_SIZE + MARGIN / 2):
            _el(layer, "text", x=middle, y=edge).text = COLUMN_NAMES[i]
            _el(layer, "text", x=edge, y=middle).text = ROW_NAMES[i]


# -- overlays -----------------------------------------------------------------


def _short_of(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    """The point a quarter of a space before ``b`` on the way from ``a``: just inside the building."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    k = 0.25 * SQUARE_SIZE / (dx * dx + dy * dy) ** 0.5
    return b[0] - k * dx, b[1] - k * dy


def _ray(
    parent: ET.Element, a: tuple[float, float], b: tuple[float, float], colour: str, dashed: bool, dot: float = 4
) -> None:
    extra: dict[str, str | float] = {"stroke_dasharray": "6 4"} if dashed else {}
    _line(parent, a, b, stroke="#3a2f00", stroke_width=5, stroke_linecap="round", stroke_opacity="0.55", **extra)
    _line(parent, a, b, stroke=colour, stroke_width=3, stroke_linecap="round", **extra)
    _el(parent, "circle", cx=b[0], cy=b[1], r=dot, fill=colour, stroke="#3a2f00", stroke_width=1)


def _lit(svg: ET.Element, position: Position, report: Report | None) -> None:
    """S1: a ray from each lamp to the building it lights, and ``x n`` lamps by each id."""
    layer = _group(svg, "overlay lit")
    # The score's own S1 lines: from the report when given, else computed the same way.
    lit = {
        line.id: line.lamps
        for player in PLAYERS
        for line in (report[player].lit_buildings if report else lit_buildings(position, player)).buildings
    }
    built = position.built
    large = position.pieces.large_streetlight
    for b in position.buildings:
        lamps = lit[b.id]
        g = _group(layer, f"lit-building {b.owner}", data_building=b.id)
        for lamp in lamps:
            if lamp == large:
                others = built & ~b.spaces
                table = sight(position.rules.large_streetlight_pattern, lamp)
                reached = [t for t in scan(table.reach & b.spaces) if not table.blockers[t] & others]
            else:
                reached = list(scan(BB_ADJACENT[lamp] & b.spaces))
            if reached:  # always, unless the report is another position's
                _ray(g, centre(lamp), _short_of(centre(lamp), centre(reached[0])), LIGHT, dashed=False)
        x, y = label_point(b)
        badge = _el(
            g,
            "text",
            class_="lamp-count",
            x=x,
            y=y + 0.42 * SQUARE_SIZE,
            font_family="DejaVu Sans, Verdana, sans-serif",
            font_size=13,
            font_weight="bold",
            text_anchor="middle",
            fill=LIGHT,
            stroke="#3a2f00",
            stroke_width=3,
            paint_order="stroke",
        )
        badge.text = f"\u00d7{len(lamps)}"


def _groups(svg: ET.Element, position: Position, report: Report | None) -> None:
    """S2: a dashed line round each player's largest group."""
    from paris_score.scoring import largest_group

    layer = _group(svg, "overlay groups", fill="none")
    for player in PLAYERS:
        group = report[player].largest_group if report is not None else largest_group(position, player)
        spaces = 0
        for building_id in group.buildings:
            spaces |= position.building(building_id).spaces
        if not spaces:
            continue
        g = _group(layer, f"group {player}", data_buildings=" ".join(group.buildings))
        _boundary(g, spaces, GROUP_STROKE[player], -1.5, dashed=True)


def _card_area(position: Position, report: Report | None, card: Postcard) -> Bitboard:
    """The area a card counted (S4a, S4b): from the report when it lists the card, else computed."""
    if report is not None:
        for player in PLAYERS:
            for c in report[player].postcards.cards:
                if c.card is card and c.spaces:
                    return c.spaces
    from paris_score import scoring

    return (scoring.painter if card is Postcard.LE_PEINTRE else scoring.dancer)(position).spaces


def _boundary(parent: ET.Element, bb: Bitboard, colour: str, inset: float, dashed: bool = False) -> None:
    """A coloured line round ``bb`` on a white one, readable on any ground."""
    d = outline(bb, inset)
    dash: dict[str, str | float] = {"stroke_dasharray": "8 5"} if dashed else {}
    _el(parent, "path", d=d, fill="none", stroke="#ffffff", stroke_width=5, stroke_linejoin="round")
    _el(parent, "path", d=d, fill="none", stroke=colour, stroke_width=3, stroke_linejoin="round", **dash)


def _area(svg: ET.Element, name: str, bb: Bitboard, colour: str) -> ET.Element:
    """An area (S4a, S4b): each space tinted, the whole outlined."""
    layer = _group(svg, f"overlay {name}")
    for sq in scan(bb):
        x, y = _corner(sq)
        _el(
            layer,
            "rect",
            class_=f"area {square_name(sq)}",
            x=x,
            y=y,
            width=SQUARE_SIZE,
            height=SQUARE_SIZE,
            fill=colour,
            fill_opacity="0.22",
        )
    if bb:
        _boundary(layer, bb, colour, 3)
    return layer


def _painter(svg: ET.Element, position: Position, report: Report | None) -> None:
    """S4a: the painter's area, and a ring round each lamp in it."""
    area = _card_area(position, report, Postcard.LE_PEINTRE) if position.pieces.painter is not None else 0
    layer = _area(svg, "painter", area, PAINTER_AREA)
    for sq in scan(position.lamps() & area):
        cx, cy = centre(sq)
        _el(
            layer,
            "circle",
            class_="counted-lamp",
            cx=cx,
            cy=cy,
            r=0.44 * SQUARE_SIZE,
            fill="none",
            stroke=PAINTER_AREA,
            stroke_width=3,
        )


def _dancer_area(svg: ET.Element, position: Position, report: Report | None) -> None:
    """S4b: the dancer's area."""
    area = _card_area(position, report, Postcard.MOULIN_ROUGE) if position.pieces.dancer is not None else 0
    _area(svg, "dancer", area, DANCER_AREA)


def _large_light(svg: ET.Element, position: Position) -> None:
    """S1b, S1c: the pattern's spaces, and the line to every building space in it, red when blocked."""
    lamp = position.pieces.large_streetlight
    pattern = position.rules.large_streetlight_pattern
    layer = _group(svg, "overlay large-light", data_pattern=pattern_label(pattern))
    if lamp is None:
        return
    table = sight(pattern, lamp)
    built = position.built
    for target in scan(table.reach):
        if built >> target & 1:
            continue  # buildings keep their colour; the rays below tell their story
        x, y = _corner(target)
        _el(
            layer,
            "rect",
            class_=f"reach {square_name(target)}",
            x=x,
            y=y,
            width=SQUARE_SIZE,
            height=SQUARE_SIZE,
            fill=LIGHT,
            fill_opacity="0.3",
        )
    _boundary(layer, table.reach | 1 << lamp, "#c9a100", -1.5, dashed=True)
    owners = {sq: b for b in position.buildings for sq in scan(b.spaces)}
    for target in scan(table.reach):
        building = owners.get(target)
        if building is None:
            continue
        blocked = bool(table.blockers[target] & built & ~building.spaces)
        g = _group(layer, "blocked" if blocked else "reached", data_space=square_name(target))
        _ray(g, centre(lamp), centre(target), BLOCKED if blocked else LIGHT, dashed=blocked, dot=3)


# -- text ---------------------------------------------------------------------


def text_board(position: Position) -> str:
    """A plain text drawing of the board, for ``<desc>`` and for people without a picture.

    Ground is lower case (``o`` orange, ``b`` blue, ``m`` mixed, ``l``
    streetlight); buildings show their id; pieces: ``P`` painter, ``D`` dancer,
    ``S`` statue with its facing (``^ v < >``), ``F`` fountain, ``L``
    Lampadaire tile, ``G`` large streetlight.  The lines below the grid say
    who owns what.
    """
    cells = [position.colours.code(sq) for sq in range(64)]
    for b in position.buildings:
        for sq in scan(b.spaces):
            cells[sq] = b.id
    p = position.pieces
    marks = {"painter": "P", "dancer": "D", "fountain": "F", "streetlight": "L", "large_streetlight": "G"}
    for name, mark in marks.items():
        sq = getattr(p, name)
        if sq is not None:
            cells[sq] = mark
    if p.statue is not None:
        cells[p.statue.at] = "S" + _ARROWS[p.statue.facing]
    lines = ["   " + " ".join(f"{c:<2}" for c in COLUMN_NAMES).rstrip()]
    for r in range(8):
        lines.append(f"{ROW_NAMES[r]}  " + " ".join(f"{cells[r * 8 + c]:<2}" for c in range(8)).rstrip())
    for b in position.buildings:
        extra = " (Jardin des Plantes)" if b.jardin else ""
        extra += f" (annex {square_name(b.annex)})" if b.annex is not None else ""
        lines.append(f"building {b.id}: {b.owner}, size {b.size}{extra}")
    for name, sq in p.placed().items():
        owner = position.postcards.user(PIECE_CARDS[name])
        facing = f", facing {p.statue.facing}" if name == "statue" and p.statue else ""
        lines.append(f"{name.replace('_', ' ')}: {square_name(sq)}{facing} ({owner or 'nobody'})")
    if p.chartier is not None:
        lines.append(f"chartier: {square_name(p.chartier)} is mixed")
    if p.large_streetlight is not None:
        lines.append(f"large streetlight pattern: {pattern_label(position.rules.large_streetlight_pattern)}")
    return "\n".join(lines)


# -- the picture ----------------------------------------------------------------


def report_overlays(position: Position, report: Report) -> tuple[str, ...]:
    """The overlays that explain a report: light, groups, and each area a card counted."""
    names = ["lit", "groups"]
    used = {c.card for player in PLAYERS for c in report[player].postcards.cards}
    if Postcard.LE_PEINTRE in used and position.pieces.painter is not None:
        names.append("painter")
    if Postcard.MOULIN_ROUGE in used and position.pieces.dancer is not None:
        names.append("dancer")
    if position.pieces.large_streetlight is not None:
        names.append("large-light")
    return tuple(names)


def board(
    position: Position,
    *,
    size: int | None = None,
    overlays: Iterable[str] = (),
    report: Report | None = None,
) -> Picture:
    """Draw ``position`` as an SVG document.

    :param size: width in pixels (the height follows); ``None`` for the
        natural size, one user unit a pixel (:data:`WIDTH` wide).
    :param overlays: names from :data:`OVERLAYS`; unknown names raise
        :class:`ValueError`.
    :param report: the position's score report (:func:`paris_score.score`):
        the totals are written under the board and the overlays take their
        data from it.
    """
    wanted = set(overlays)
    unknown = sorted(wanted - set(OVERLAYS))
    if unknown:
        raise ValueError(f"unknown overlay {', '.join(map(repr, unknown))}; expected some of {', '.join(OVERLAYS)}")
    if size is not None and not 0 < size <= MAX_SIZE:
        raise ValueError(f"size must be a number of pixels from 1 to {MAX_SIZE}, got {clip(repr(size), 40)}")
    height = WIDTH + (FOOTER if report is not None else 0)
    scale = 1.0 if size is None else size / WIDTH
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "version": "1.1",
            "class": "paris-board",
            "viewBox": f"0 0 {WIDTH} {height}",
            "width": str(WIDTH if size is None else size),
            "height": _n(height * scale),
        },
    )
    ET.SubElement(svg, "desc").text = text_board(position)
    _el(svg, "rect", class_="background", x=0, y=0, width=WIDTH, height=height, fill=BACKGROUND)
    _ground(svg, position)
    _lamps(svg, position)
    _grid(svg)
    _buildings(svg, position)
    _pieces(svg, position)
    if "groups" in wanted:
        _groups(svg, position, report)
    if "painter" in wanted:
        _painter(svg, position, report)
    if "dancer" in wanted:
        _dancer_area(svg, position, report)
    if "large-light" in wanted:
        _large_light(svg, position)
    if "lit" in wanted:
        _lit(svg, position, report)
    _el(
        svg,
        "rect",
        class_="frame",
        x=MARGIN,
        y=MARGIN,
        width=BOARD_SIZE,
        height=BOARD_SIZE,
        fill="none",
        stroke=INK,
        stroke_width=3,
    )
    _coordinates(svg)
    if report is not None:
        result = "a tie" if report.winner == "tie" else f"{report.winner} wins"
        footer = _el(
            svg,
            "text",
            class_="totals",
            x=WIDTH / 2,
            y=WIDTH + FOOTER / 2 - 2,
            font_family="DejaVu Sans, Verdana, sans-serif",
            font_size=15,
            font_weight="bold",
            text_anchor="middle",
            dominant_baseline="central",
            fill=INK,
        )
        footer.text = f"orange {report.orange.total} \u2013 blue {report.blue.total}: {result}"
    return Picture(ET.tostring(svg, encoding="unicode"))
