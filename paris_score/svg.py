"""Pictures: a position drawn as SVG, with the standard library's ElementTree only.

This module only draws: the board, its pieces, and the annotations it is
given (:class:`Layer` values of lamp rays, outlines, tinted spaces, rings and
badges).  It knows no rule of the score; :mod:`paris_score.annotate` turns a
score report into annotations and draws the named overlays.

>>> import paris_score
>>> from paris_score import svg
>>> picture = svg.board(paris_score.rulebook_example())
>>> picture.startswith("<svg")
True

:func:`board` returns a :class:`Picture`, a ``str`` that notebooks (IPython,
Jupyter) display as the image itself.  A :class:`~paris_score.Position` shows
itself the same way (``Position._repr_svg_``).

The picture is deterministic: the same arguments give the same bytes.  Every
drawn thing carries a ``class`` (``space orange A1``, ``building blue``,
``piece statue``, ``overlay lit`` ...) so that programs and tests can find it.
Each icon (a lamp, a piece, the annex's book ...) is drawn once, as a
``<symbol>`` that every space showing it ``<use>``\\s; the symbols' ids
(``paris-score-lamp`` ...) are the only ids, and they mean the same drawing in
every picture, so many pictures can share one HTML page.

The layout, in user units (the ``viewBox``)::

    MARGIN | 8 x SQUARE_SIZE | MARGIN        columns A-H left to right,
                                             rows 1-8 top to bottom (docs/formats.md)
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from typing import Final, Literal

import attrs

from paris_score.errors import UnwritableError, clip
from paris_score.formats import dumps
from paris_score.model import Building, Player, Position
from paris_score.postcards import PIECES, STATUE
from paris_score.squares import BB_ADJACENT, BB_TILES, COLUMN_NAMES, ROW_NAMES, Bitboard, Square, scan, square_name

SQUARE_SIZE: Final = 50
"""Side of one space, in user units."""
MARGIN: Final = 24
"""Room for the coordinates on every side of the board."""
BOARD_SIZE: Final = 8 * SQUARE_SIZE
WIDTH: Final = BOARD_SIZE + 2 * MARGIN
MAX_SIZE: Final = 100_000
"""The largest picture :func:`board` draws, in pixels wide (a bound for hostile input)."""
FOOTER: Final = 28
"""Extra height below the board for a footer line (the totals of a score)."""

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
PATTERN_EDGE: Final = "#c9a100"

_FONT: Final = "DejaVu Sans, Verdana, sans-serif"
_INSET: Final = 3.0
"""Buildings are drawn this far inside their spaces, so neighbours stay apart."""

_TURNS: Final = {"up": 0, "right": 90, "down": 180, "left": 270}
"""The statue's symbol faces up; the picture turns it clockwise by these degrees."""


# -- annotations ----------------------------------------------------------------


@attrs.frozen
class Ray:
    """A line of light from the centre of ``start`` to the space ``end``.

    ``lit`` (a lamp and a building it lights) stops just inside ``end``'s
    space; ``reached`` and ``blocked`` (dashed red) run to its centre.
    """

    start: Square
    end: Square
    kind: Literal["lit", "reached", "blocked"] = "lit"


@attrs.frozen
class Outline:
    """A coloured line on a white one round ``spaces``, ``inset`` units inside (< 0: outside)."""

    spaces: Bitboard
    colour: str
    inset: float = 0.0
    dashed: bool = False


@attrs.frozen
class Tint:
    """Each space of ``spaces`` washed with ``colour``; each carries the class ``<name> <space>``."""

    spaces: Bitboard
    colour: str
    opacity: float = 0.22
    name: str = "area"


@attrs.frozen
class Ring:
    """A ring round each space of ``spaces`` (class ``name``)."""

    spaces: Bitboard
    colour: str
    name: str = "ring"


@attrs.frozen
class Badge:
    """A short text under a building's id (class ``name``), e.g. ``×2`` lamps."""

    building: str
    text: str
    name: str = "badge"


@attrs.frozen
class Layer:
    """A group of marks drawn in order: ``<g class="name" data-key="value" ...>``."""

    name: str
    marks: tuple[Mark, ...] = ()
    data: tuple[tuple[str, str], ...] = ()


Mark = Ray | Outline | Tint | Ring | Badge | Layer
"""What a :class:`Layer` holds."""


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


# -- icons: each drawn once, as a symbol centred on (0, 0) ----------------------------
# A part drawn in ``currentColor`` takes the colour the <use> gives (its owner's).


def _lamp_icon(s: ET.Element) -> None:
    """A street lamp seen from above: a glow and a bulb (W4)."""
    k = SQUARE_SIZE
    _el(s, "circle", r=0.34 * k, fill=GLOW, fill_opacity="0.35")
    for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
        _line(
            s,
            (dx * 0.2 * k, dy * 0.2 * k),
            (dx * 0.3 * k, dy * 0.3 * k),
            stroke=LIGHT,
            stroke_width=2.5,
            stroke_linecap="round",
        )
    _el(s, "circle", r=0.13 * k, fill=LIGHT, stroke="#8a6d00", stroke_width=1.5)


def _tile(s: ET.Element, side: float, frame: str) -> None:
    """A dark square tile in a frame."""
    h = side * SQUARE_SIZE / 2
    _el(s, "rect", x=-h, y=-h, width=2 * h, height=2 * h, rx=5, fill=TILE_DARK, stroke=frame, stroke_width=3)


def _lampadaire_icon(s: ET.Element) -> None:
    """The Lampadaire tile (P9): a lamp on a tile framed in its owner's colour."""
    _tile(s, 0.84, "currentColor")
    _lamp_icon(s)


def _large_icon(s: ET.Element) -> None:
    """La Grande Lumière (P13): a sun with eight rays on a dark tile."""
    k = SQUARE_SIZE
    _tile(s, 0.9, LIGHT)
    for dx, dy in ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)):
        d = 0.7071 if dx and dy else 1.0
        _line(
            s,
            (dx * d * 0.2 * k, dy * d * 0.2 * k),
            (dx * d * 0.37 * k, dy * d * 0.37 * k),
            stroke=LIGHT,
            stroke_width=3,
            stroke_linecap="round",
        )
    _el(s, "circle", r=0.16 * k, fill=LIGHT, stroke="#8a6d00", stroke_width=1.5)


def _path(points: Iterable[tuple[float, float]]) -> str:
    return "M" + " L".join(f"{_n(x)},{_n(y)}" for x, y in points) + " Z"


def _painter_icon(s: ET.Element) -> None:
    """The painter (P6): a pawn in a beret, holding a brush."""
    k = SQUARE_SIZE
    body = ((-0.19 * k, 0.32 * k), (-0.07 * k, -0.02 * k), (0.07 * k, -0.02 * k), (0.19 * k, 0.32 * k))
    _el(s, "path", d=_path(body), fill="currentColor", stroke=INK, stroke_width=1.5, stroke_linejoin="round")
    _el(s, "circle", cy=-0.14 * k, r=0.13 * k, fill="currentColor", stroke=INK, stroke_width=1.5)
    _el(s, "ellipse", cx=0.03 * k, cy=-0.25 * k, rx=0.14 * k, ry=0.05 * k, fill=INK)
    _line(s, (0.22 * k, -0.05 * k), (0.34 * k, 0.22 * k), stroke=INK, stroke_width=2.5, stroke_linecap="round")


def _dancer_icon(s: ET.Element) -> None:
    """The dancer (P10): arms up, a wide skirt."""
    k = SQUARE_SIZE
    for side in (-1, 1):
        _line(s, (0, -0.02 * k), (side * 0.24 * k, -0.3 * k), stroke=INK, stroke_width=2, stroke_linecap="round")
        _line(
            s,
            (side * 0.06 * k, 0.12 * k),
            (side * 0.1 * k, 0.38 * k),
            stroke=INK,
            stroke_width=2,
            stroke_linecap="round",
        )
    skirt = ((-0.28 * k, 0.2 * k), (0, -0.1 * k), (0.28 * k, 0.2 * k))
    _el(s, "path", d=_path(skirt), fill="currentColor", stroke=INK, stroke_width=1.5, stroke_linejoin="round")
    _el(s, "circle", cy=-0.2 * k, r=0.1 * k, fill="currentColor", stroke=INK, stroke_width=1.5)


def _statue_icon(s: ET.Element) -> None:
    """Le Penseur (P11): a stone plinth framed in its owner's colour, a triangle pointing up (turned by the use)."""
    k = SQUARE_SIZE
    _el(
        s,
        "rect",
        x=-0.3 * k,
        y=-0.3 * k,
        width=0.6 * k,
        height=0.6 * k,
        rx=4,
        fill="#c9c4b8",
        stroke="currentColor",
        stroke_width=3,
    )
    _el(s, "circle", r=0.12 * k, fill="#6f6a60")
    tip, left, right = (0, -0.48 * k), (-0.16 * k, -0.2 * k), (0.16 * k, -0.2 * k)
    points = " ".join(f"{_n(x)},{_n(y)}" for x, y in (tip, left, right))
    _el(s, "polygon", class_="facing", points=points, fill=INK, stroke="#ffffff", stroke_width=1)


def _fountain_icon(s: ET.Element) -> None:
    """Fontaine des Mers (P12): a round basin, its rim in its owner's colour."""
    k = SQUARE_SIZE
    _el(s, "circle", r=0.36 * k, fill="#8fd8ea", stroke="currentColor", stroke_width=3)
    _el(s, "circle", r=0.2 * k, fill="#d8f5fc", stroke="#1f6f8b", stroke_width=1.5)
    _el(s, "circle", r=0.06 * k, fill="#1f6f8b")


def _chartier_icon(s: ET.Element) -> None:
    """Chartier (P7): the laid mixed space, drawn over whatever stands on it."""
    k = SQUARE_SIZE
    h = k / 2 - 5
    mixed = GROUND_COLOURS["m"]
    _el(
        s,
        "rect",
        x=-h,
        y=-h,
        width=2 * h,
        height=2 * h,
        fill="none",
        stroke=mixed,
        stroke_width=2.5,
        stroke_dasharray="5 3",
    )
    d = 0.11 * k
    px, py = 0.3 * k, -0.3 * k
    points = f"{_n(px)},{_n(py - d)} {_n(px + d)},{_n(py)} {_n(px)},{_n(py + d)} {_n(px - d)},{_n(py)}"
    _el(s, "polygon", points=points, fill=mixed, stroke="#ffffff", stroke_width=1)


def _book_icon(s: ET.Element) -> None:
    """The annex (P8): an open book, for the booksellers on the Seine; lines in its building's colour."""
    w, h = 0.17 * SQUARE_SIZE, 0.22 * SQUARE_SIZE
    for side in (-1, 1):
        page = ((0, -h / 2 + 2), (side * w, -h / 2), (side * w, h / 2), (0, h / 2 + 2))
        _el(s, "path", d=_path(page), fill="#fffdf5", stroke="currentColor", stroke_width=1.5, stroke_linejoin="round")


def _tree_icon(s: ET.Element) -> None:
    """The Jardin des Plantes (P4): a tree."""
    k = SQUARE_SIZE
    _el(s, "rect", x=-0.04 * k, y=0.02 * k, width=0.08 * k, height=0.22 * k, fill="#6b4423")
    _el(s, "circle", cy=-0.06 * k, r=0.2 * k, fill="#3f9b48", stroke="#1d5424", stroke_width=2)


def _covered_icon(s: ET.Element) -> None:
    """A streetlight under a building (P3) is no lamp: a dark dot in the space's corner."""
    k = SQUARE_SIZE
    _el(s, "circle", cx=0.3 * k, cy=0.3 * k, r=0.08 * k, fill=GROUND_COLOURS["l"], stroke=LIGHT, stroke_width=1)


_ICONS: Final[dict[str, Callable[[ET.Element], None]]] = {
    "lamp": _lamp_icon,
    "streetlight": _lampadaire_icon,
    "large-streetlight": _large_icon,
    "painter": _painter_icon,
    "dancer": _dancer_icon,
    "statue": _statue_icon,
    "fountain": _fountain_icon,
    "chartier": _chartier_icon,
    "book": _book_icon,
    "tree": _tree_icon,
    "covered-streetlight": _covered_icon,
}
"""Every icon, in the order of the ``<defs>``; a picture defines the ones it uses."""
ICON_ID_PREFIX: Final = "paris-score-"


class _Canvas:
    """The document being drawn, and the icons it used."""

    def __init__(self, root: ET.Element) -> None:
        self.root = root
        self.icons: set[str] = set()

    def use(self, parent: ET.Element, icon: str, sq: Square, **attributes: str | float) -> ET.Element:
        """Place ``icon`` on the space ``sq``."""
        self.icons.add(icon)
        x, y = _corner(sq)
        href = f"#{ICON_ID_PREFIX}{icon}"
        return _el(parent, "use", href=href, x=x, y=y, width=SQUARE_SIZE, height=SQUARE_SIZE, **attributes)

    def define_icons(self, index: int) -> None:
        """The ``<defs>`` of the icons used, inserted as the root's child ``index``."""
        if not self.icons:
            return
        defs = ET.Element("defs")
        half = SQUARE_SIZE / 2
        for name, draw in _ICONS.items():
            if name in self.icons:
                viewbox = f"{_n(-half)} {_n(-half)} {SQUARE_SIZE} {SQUARE_SIZE}"
                draw(_el(defs, "symbol", id=ICON_ID_PREFIX + name, viewBox=viewbox))
        self.root.insert(index, defs)


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


def _lamps(canvas: _Canvas, position: Position) -> None:
    """Lamps printed on the ground: uncovered streetlight spaces without the large tile (W4)."""
    layer = _group(canvas.root, "lamps")
    ground_lamps = position.ground.streetlight & ~position.built
    large = position.pieces.large_streetlight
    if large is not None:
        ground_lamps &= ~(1 << large)
    for sq in scan(ground_lamps):
        canvas.use(layer, "lamp", sq, class_=f"lamp {square_name(sq)}")


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


def _seam(parent: ET.Element, building: Building, annex: Square, stroke: str) -> None:
    """A dashed line where the annex meets its building (P8)."""
    ax, ay = _corner(annex)
    dashes: dict[str, str | float] = {"stroke": stroke, "stroke_width": 1.5, "stroke_dasharray": "4 3"}
    for sq in scan(BB_ADJACENT[annex] & building.cells):
        if sq == annex - 1 or sq == annex + 1:
            x = ax if sq < annex else ax + SQUARE_SIZE
            _line(parent, (x, ay + 6), (x, ay + SQUARE_SIZE - 6), **dashes)
        else:
            y = ay if sq < annex else ay + SQUARE_SIZE
            _line(parent, (ax + 6, y), (ax + SQUARE_SIZE - 6, y), **dashes)


def _buildings(canvas: _Canvas, position: Position) -> None:
    """Each building (W3) as one outlined shape in its owner's colour, with its id."""
    layer = _group(canvas.root, "buildings")
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
            _seam(mark, b, b.annex, stroke)
            canvas.use(mark, "book", b.annex, color=stroke)
        if b.jardin:
            # The tree goes on a cell without the id (a domino has one).
            label = label_square(b)
            canvas.use(g, "tree", next((sq for sq in scan(b.cells) if sq != label), label), class_="jardin")
        for sq in scan(position.ground.streetlight & b.spaces):
            canvas.use(g, "covered-streetlight", sq, class_="covered-streetlight")
        cx, cy = label_point(b)
        text = _el(
            g,
            "text",
            x=cx,
            y=cy,
            font_family=_FONT,
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


def _pieces(canvas: _Canvas, position: Position) -> None:
    """Every special piece (B7), its icon in the colour of the player who used its card (grey: nobody)."""
    layer = _group(canvas.root, "pieces")
    statue = position.pieces.statue
    where = position.pieces.placed()
    if position.pieces.chartier is not None:
        where["chartier"] = position.pieces.chartier
    for piece in PIECES:
        sq = where.get(piece.key)
        if sq is None:
            continue
        owner = position.postcards.user(piece.card)
        extra: dict[str, str] = {"color": NOBODY if owner is None else BUILDING_FILL[owner]}
        data: dict[str, str] = {}
        if piece is STATUE and statue is not None:
            data["data_facing"] = statue.facing
            if _TURNS[statue.facing]:
                cx, cy = centre(sq)
                extra["transform"] = f"rotate({_TURNS[statue.facing]} {_n(cx)} {_n(cy)})"
        g = _group(layer, f"piece {piece.picture} {square_name(sq)}", **data)
        canvas.use(g, piece.picture, sq, **extra)


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


# -- annotations ----------------------------------------------------------------


def _short_of(a: tuple[float, float], b: tuple[float, float]) -> tuple[float, float]:
    """The point a quarter of a space before ``b`` on the way from ``a``: just inside the building."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = (dx * dx + dy * dy) ** 0.5
    if not length:
        return b
    k = 0.25 * SQUARE_SIZE / length
    return b[0] - k * dx, b[1] - k * dy


def _ray(parent: ET.Element, ray: Ray) -> None:
    a, b = centre(ray.start), centre(ray.end)
    blocked = ray.kind == "blocked"
    colour = BLOCKED if blocked else LIGHT
    dot = 3.0
    if ray.kind == "lit":
        b, dot = _short_of(a, b), 4.0
    extra: dict[str, str | float] = {"stroke_dasharray": "6 4"} if blocked else {}
    _line(parent, a, b, stroke="#3a2f00", stroke_width=5, stroke_linecap="round", stroke_opacity="0.55", **extra)
    _line(parent, a, b, stroke=colour, stroke_width=3, stroke_linecap="round", **extra)
    _el(parent, "circle", cx=b[0], cy=b[1], r=dot, fill=colour, stroke="#3a2f00", stroke_width=1)


def _outline(parent: ET.Element, mark: Outline) -> None:
    """A coloured line round the spaces on a white one, readable on any ground."""
    if not mark.spaces:
        return
    d = outline(mark.spaces, mark.inset)
    dash: dict[str, str | float] = {"stroke_dasharray": "8 5"} if mark.dashed else {}
    _el(parent, "path", d=d, fill="none", stroke="#ffffff", stroke_width=5, stroke_linejoin="round")
    _el(parent, "path", d=d, fill="none", stroke=mark.colour, stroke_width=3, stroke_linejoin="round", **dash)


def _tint(parent: ET.Element, mark: Tint) -> None:
    for sq in scan(mark.spaces):
        x, y = _corner(sq)
        _el(
            parent,
            "rect",
            class_=f"{mark.name} {square_name(sq)}",
            x=x,
            y=y,
            width=SQUARE_SIZE,
            height=SQUARE_SIZE,
            fill=mark.colour,
            fill_opacity=_n(mark.opacity),
        )


def _ring(parent: ET.Element, mark: Ring) -> None:
    for sq in scan(mark.spaces):
        cx, cy = centre(sq)
        _el(
            parent,
            "circle",
            class_=mark.name,
            cx=cx,
            cy=cy,
            r=0.44 * SQUARE_SIZE,
            fill="none",
            stroke=mark.colour,
            stroke_width=3,
        )


def _badge(parent: ET.Element, mark: Badge, building: Building) -> None:
    x, y = label_point(building)
    text = _el(
        parent,
        "text",
        class_=mark.name,
        x=x,
        y=y + 0.42 * SQUARE_SIZE,
        font_family=_FONT,
        font_size=13,
        font_weight="bold",
        text_anchor="middle",
        fill=LIGHT,
        stroke="#3a2f00",
        stroke_width=3,
        paint_order="stroke",
    )
    text.text = mark.text


def _layer(parent: ET.Element, layer: Layer, buildings: dict[str, Building]) -> None:
    g = _group(parent, layer.name, **{f"data_{key}": value for key, value in layer.data})
    for mark in layer.marks:
        if isinstance(mark, Layer):
            _layer(g, mark, buildings)
        elif isinstance(mark, Ray):
            _ray(g, mark)
        elif isinstance(mark, Outline):
            _outline(g, mark)
        elif isinstance(mark, Tint):
            _tint(g, mark)
        elif isinstance(mark, Ring):
            _ring(g, mark)
        elif mark.building in buildings:  # a Badge; one naming no building of this position is left out
            _badge(g, mark, buildings[mark.building])


# -- the picture ----------------------------------------------------------------


def describe(position: Position) -> str:
    """The ``<desc>`` of a picture: the position as a text grid, or as JSON when pieces share a space."""
    try:
        return dumps(position, format="text")
    except UnwritableError:  # a text grid draws one thing a space
        return dumps(position)


def board(
    position: Position,
    *,
    size: int | None = None,
    annotations: Iterable[Layer] = (),
    footer: str | None = None,
) -> Picture:
    """Draw ``position`` as an SVG document.

    :param size: width in pixels (the height follows); ``None`` for the
        natural size, one user unit a pixel (:data:`WIDTH` wide).
    :param annotations: layers drawn over the pieces, in order
        (:mod:`paris_score.annotate` makes them from a score).
    :param footer: a line of text under the board (:data:`FOOTER` more units high).
    """
    if size is not None and not 0 < size <= MAX_SIZE:
        raise ValueError(f"size must be a number of pixels from 1 to {MAX_SIZE}, got {clip(repr(size), 40)}")
    height = WIDTH + (FOOTER if footer is not None else 0)
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
    canvas = _Canvas(svg)
    ET.SubElement(svg, "desc").text = describe(position)
    _el(svg, "rect", class_="background", x=0, y=0, width=WIDTH, height=height, fill=BACKGROUND)
    _ground(svg, position)
    _lamps(canvas, position)
    _grid(svg)
    _buildings(canvas, position)
    _pieces(canvas, position)
    buildings = {b.id: b for b in position.buildings}
    for layer in annotations:
        _layer(svg, layer, buildings)
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
    if footer is not None:
        _el(
            svg,
            "text",
            class_="footer",
            x=WIDTH / 2,
            y=WIDTH + FOOTER / 2 - 2,
            font_family=_FONT,
            font_size=15,
            font_weight="bold",
            text_anchor="middle",
            dominant_baseline="central",
            fill=INK,
        ).text = footer
    canvas.define_icons(1)  # after the <desc>
    return Picture(ET.tostring(svg, encoding="unicode"))
