"""Pictures (paris_score.svg): structure read back with ElementTree, the CLI, and a real browser."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

import paris_score
from paris_score import Player, annotate, score, svg
from paris_score.squares import BB_ALL, parse_square, scan, square_name
from paris_score_cli.app import cli
from tests.grids import board

NS = {"s": "http://www.w3.org/2000/svg"}
ROOT = Path(__file__).resolve().parent.parent
RULEBOOK = str(ROOT / "examples" / "rulebook.json")

# Every piece, both players, an annex, the Jardin des Plantes, a building with a hole (E),
# Chartier's space (D6, under E) and a streetlight covered by B (F3).
FULL = """
oooolbbb  AAA.....
oomoobbb  A+.pBB..
olooolbb  ..CC.BB.
ooomobbl  .^...D..
lboolbbb  ..t.gDD.
bbmbbbbb  ..EEE..d
obbbobbb  .FE.Ef..
oobbbbbl  FFEEE...
"""
FULL_CARDS = {
    "orange": ["le-peintre", "bouquinistes", "le-penseur", "lampadaire"],
    "blue": ["moulin-rouge", "fontaine-des-mers", "la-grande-lumiere", "chartier"],
}


def full() -> paris_score.Position:
    return board(FULL, orange="ACF", blue="BDE", annex="A", jardin="C", chartier=43, cards=FULL_CARDS)


def parse(picture: str) -> ET.Element:
    return ET.fromstring(picture)


def classed(root: ET.Element, tag: str, first_class: str) -> list[ET.Element]:
    """Elements ``tag`` whose class list starts with ``first_class``."""
    return [e for e in root.iter(f"{{{NS['s']}}}{tag}") if e.get("class", "").split()[:1] == [first_class]]


def overlay(root: ET.Element, name: str) -> ET.Element | None:
    for g in root.iter(f"{{{NS['s']}}}g"):
        if g.get("class") == f"overlay {name}":
            return g
    return None


# -- structure -------------------------------------------------------------------


def test_64_spaces_each_named_once_with_its_kind() -> None:
    position = full()
    root = parse(svg.board(position))
    spaces = classed(root, "rect", "space")
    assert len(spaces) == 64
    kinds = {rect.get("class", "").split()[2]: rect.get("class", "").split()[1] for rect in spaces}
    assert sorted(kinds) == sorted(square_name(sq) for sq in range(64))
    assert kinds["A1"] == "orange"
    assert kinds["C2"] == "mixed"
    assert kinds["E1"] == "streetlight"
    assert kinds["H1"] == "blue"
    assert kinds["D6"] == "mixed"  # Chartier turned a blue space mixed (P7)
    assert {rect.get("fill") for rect in spaces} == set(svg.GROUND_COLOURS.values())


def test_16_tiles_are_drawn() -> None:
    root = parse(svg.board(full()))
    tiles = classed(root, "rect", "tile")
    assert len(tiles) == 16
    assert {(t.get("width"), t.get("height")) for t in tiles} == {(str(2 * svg.SQUARE_SIZE),) * 2}


def test_one_group_per_building_with_its_id_owner_and_marks() -> None:
    position = full()
    root = parse(svg.board(position))
    groups = classed(root, "g", "building")
    found = {}
    for g in groups:
        texts = [t.text for t in g.iter(f"{{{NS['s']}}}text")]
        assert len(texts) == 1
        found[texts[0]] = g.get("class", "").split()[1:]
    assert found == {
        "A": ["orange", "annexed"],
        "B": ["blue"],
        "C": ["orange", "jardin"],
        "D": ["blue"],
        "E": ["blue"],
        "F": ["orange"],
    }
    a = next(g for g in groups if "annexed" in g.get("class", ""))
    assert classed(a, "g", "annex")
    c = next(g for g in groups if "jardin" in g.get("class", ""))
    (tree,) = classed(c, "use", "jardin")
    assert tree.get("href") == "#paris-score-tree"
    b = next(g for g in groups if g.find("s:text", NS).text == "B")  # type: ignore[union-attr]
    (covered,) = classed(b, "use", "covered-streetlight")  # F3 lies under B (P3)
    cx, cy = svg.centre(parse_square("F3"))
    assert (float(covered.get("x", "")), float(covered.get("y", ""))) == (cx - 25, cy - 25)
    fills = {g.find("s:text", NS).text: g.find("s:path", NS).get("fill") for g in groups}  # type: ignore[union-attr]
    assert fills["A"] == svg.BUILDING_FILL[Player.ORANGE]
    assert fills["B"] == svg.BUILDING_FILL[Player.BLUE]


def test_outline_follows_only_the_outer_boundary() -> None:
    two_by_two = 1 << parse_square("A1") | 1 << parse_square("B1") | 1 << parse_square("A2") | 1 << parse_square("B2")
    path = svg.outline(two_by_two)
    assert path == "M24,24 L124,24 L124,124 L24,124 Z"  # 4 corners, no inner lines
    assert svg.outline(two_by_two, 3) == "M27,27 L121,27 L121,121 L27,121 Z"
    ring = BB_ALL & ~(1 << parse_square("B2"))
    ring &= 0x070707  # A1:C3 without its middle
    assert svg.outline(ring).count("M") == 2  # the outside and the hole
    l_shape = 1 << parse_square("A1") | 1 << parse_square("A2") | 1 << parse_square("B2")
    assert svg.outline(l_shape).count("L") == 5  # six corners


def test_outline_of_spaces_touching_at_a_corner_makes_two_simple_loops() -> None:
    pinch = 1 << parse_square("A1") | 1 << parse_square("B2")
    assert svg.outline(pinch, 3) == "M27,27 L71,27 L71,71 L27,71 Z M77,77 L121,77 L121,121 L77,121 Z"


@pytest.mark.parametrize(("facing", "mark"), [("up", "^"), ("down", "v"), ("left", "<"), ("right", ">")])
def test_statue_shows_its_facing(facing: str, mark: str) -> None:
    position = board(f"ooo  ...\nooo  .{mark}.\nooo  ...", cards={"orange": ["le-penseur"]})
    root = parse(svg.board(position))
    (statue,) = classed(root, "g", "piece")
    assert statue.get("class") == "piece statue B2"
    assert statue.get("data-facing") == facing
    (use,) = statue.findall("s:use", NS)
    assert use.get("href") == "#paris-score-statue"
    (symbol,) = [s for s in root.iter(f"{{{NS['s']}}}symbol") if s.get("id") == "paris-score-statue"]
    (triangle,) = classed(symbol, "polygon", "facing")
    tip_x, tip_y = (float(v) for v in triangle.get("points", "").split()[0].split(","))
    assert (tip_x, tip_y) == (0, -24)  # the symbol faces up, from the space's centre
    cx, cy = svg.centre(parse_square("B2"))
    turn = use.get("transform")
    angle = 0 if turn is None else int(turn.removeprefix("rotate(").split()[0])
    if turn is not None:
        assert turn == f"rotate({angle} {cx:g} {cy:g})"
    dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[facing]
    # rotate(a) turns (0, -1) clockwise on screen: to (sin a, -cos a)
    assert {0: (0, -1), 90: (1, 0), 180: (0, 1), 270: (-1, 0)}[angle] == (dx, dy)


def test_every_special_piece_is_drawn_on_its_space() -> None:
    root = parse(svg.board(full()))
    pieces = sorted(g.get("class", "") for g in classed(root, "g", "piece"))
    assert pieces == [
        "piece chartier D6",
        "piece dancer H6",
        "piece fountain F7",
        "piece large-streetlight E5",
        "piece painter D2",
        "piece statue B4",
        "piece streetlight C5",
    ]


def test_lamps_are_drawn_on_uncovered_streetlights_only() -> None:
    position = full()
    root = parse(svg.board(position))
    (layer,) = classed(root, "g", "lamps")
    lamps = [g.get("class", "").split()[1] for g in classed(layer, "use", "lamp")]
    ground = position.ground.streetlight & ~position.built & ~(1 << parse_square("E5"))
    assert sorted(lamps) == sorted(square_name(sq) for sq in scan(ground))
    assert "F3" not in lamps
    assert "E5" not in lamps


def test_coordinates_letters_and_numbers_row_1_at_the_top() -> None:
    root = parse(svg.board(full()))
    (coordinates,) = classed(root, "g", "coordinates")
    texts = [(t.text, float(t.get("x", "0")), float(t.get("y", "0"))) for t in coordinates]
    ones = [(x, y) for text, x, y in texts if text == "1"]
    eights = [(x, y) for text, x, y in texts if text == "8"]
    assert min(y for _, y in ones) < min(y for _, y in eights)
    assert sorted(t for t, _, _ in texts) == sorted(list("ABCDEFGH12345678") * 2)


def test_desc_carries_the_text_grid() -> None:
    position = full()
    desc = parse(svg.board(position)).find("s:desc", NS)
    assert desc is not None
    assert desc.text == paris_score.dumps(position, format="text")
    assert paris_score.loads(desc.text) == position


def test_desc_of_pieces_sharing_a_space_is_json() -> None:
    # The painter stands on building A: a text grid cannot show both, so the picture describes it as JSON.
    position = board("ooo  AA.", orange="A", cards={"orange": ["le-peintre"]})
    position = attrs.evolve(position, pieces=attrs.evolve(position.pieces, painter=parse_square("A1")))
    desc = parse(svg.board(position)).find("s:desc", NS)
    assert desc is not None
    assert paris_score.loads(desc.text or "") == position
    assert (desc.text or "").startswith("{")


def test_no_overlay_unless_asked() -> None:
    root = parse(svg.board(full()))
    assert all(overlay(root, name) is None for name in annotate.OVERLAYS)


def test_unknown_overlay_and_bad_size_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown overlay 'glow'"):
        annotate.board(full(), overlays=["lit", "glow"])
    with pytest.raises(ValueError, match="size"):
        svg.board(full(), size=0)
    with pytest.raises(ValueError, match=r"from 1 to 100000, got 10+ \.\.\. 0+$"):
        svg.board(full(), size=10**400)


def test_lit_overlay_draws_one_ray_per_lamp_and_building() -> None:
    position = full()
    report = score(position)
    root = parse(annotate.board(position, overlays=["lit"]))
    layer = overlay(root, "lit")
    assert layer is not None
    rays = {g.get("data-building"): len(g.findall("s:circle", NS)) for g in classed(layer, "g", "lit-building")}
    expected = {line.id: len(line.lamps) for p in (report.orange, report.blue) for line in p.lit_buildings.buildings}
    assert rays == expected
    assert expected == {"A": 1, "B": 1, "C": 2, "D": 1, "E": 2, "F": 0}
    counts = [t.text for t in classed(layer, "text", "lamp-count")]
    assert counts == ["\u00d71", "\u00d71", "\u00d72", "\u00d71", "\u00d72", "\u00d70"]


def test_groups_overlay_outlines_each_largest_group() -> None:
    position = board(
        """
        oooo  AA.B
        oooo  ...B
        bbbb  CC.D
        """,
        orange="AB",
        blue="CD",
    )
    root = parse(annotate.board(position, overlays=["groups"]))
    layer = overlay(root, "groups")
    assert layer is not None
    assert [(g.get("class"), g.get("data-buildings")) for g in classed(layer, "g", "group")] == [
        ("group orange", "A"),
        ("group blue", "C"),
    ]


def test_painter_and_dancer_overlays_tint_their_areas() -> None:
    position = full()
    report = score(position)
    root = parse(annotate.board(position, overlays=["painter", "dancer"], report=report))
    painter_cards = [c for c in report.orange.postcards.cards if c.card == "le-peintre"]
    dancer_cards = [c for c in report.blue.postcards.cards if c.card == "moulin-rouge"]
    for name, (card,) in (("painter", painter_cards), ("dancer", dancer_cards)):
        layer = overlay(root, name)
        assert layer is not None
        tinted = {r.get("class", "").split()[1] for r in classed(layer, "rect", "area")}
        assert tinted == {square_name(sq) for sq in scan(card.spaces)}
    assert "D2" in {r.get("class", "").split()[1] for r in classed(overlay(root, "painter"), "rect", "area")}  # type: ignore[arg-type]
    dancer_area = {r.get("class", "").split()[1] for r in classed(overlay(root, "dancer"), "rect", "area")}  # type: ignore[arg-type]
    assert dancer_area == {"H5", "F6", "G6", "H6", "G7", "H7", "F8", "G8"}
    rings = classed(overlay(root, "painter"), "circle", "counted-lamp")  # type: ignore[arg-type]
    assert len(rings) == painter_cards[0].points // 2


def test_areas_are_computed_without_a_report() -> None:
    position = full()
    with_report = annotate.board(position, overlays=["painter", "dancer"], report=score(position))
    without = annotate.board(position, overlays=["painter", "dancer"])
    assert overlay(parse(with_report), "painter") is not None
    pick = {"painter", "dancer"}
    for name in pick:
        a = ET.tostring(overlay(parse(with_report), name))  # type: ignore[arg-type]
        b = ET.tostring(overlay(parse(without), name))  # type: ignore[arg-type]
        assert a == b


def test_large_light_overlay_shows_reach_and_blocked_lines() -> None:
    # The lamp on A1 reaches C1 through B1 (blocked by building X) and C3 past B2 (free).
    position = board(
        """
        lob  gXA
        ooo  ...
        ooo  ..B
        """,
        orange="XAB",
        cards={"blue": ["la-grande-lumiere"]},
    )
    root = parse(annotate.board(position, overlays=["large-light"]))
    layer = overlay(root, "large-light")
    assert layer is not None
    assert layer.get("data-pattern") == "square2"
    blocked = [g.get("data-space") for g in classed(layer, "g", "blocked")]
    reached = [g.get("data-space") for g in classed(layer, "g", "reached")]
    assert blocked == ["C1"]
    assert reached == ["B1", "C3"]
    tinted = {r.get("class", "").split()[1] for r in classed(layer, "rect", "reach")}
    assert tinted == {"A2", "B2", "C2", "A3", "B3"}  # pattern spaces on the board, buildings left out


def test_large_light_overlay_is_empty_without_the_tile() -> None:
    root = parse(annotate.board(board("ooo  A..", orange="A"), overlays=["large-light"]))
    layer = overlay(root, "large-light")
    assert layer is not None
    assert len(layer) == 0


def test_report_adds_the_totals_and_its_overlays() -> None:
    position = full()
    report = score(position)
    picture = annotate.board(position, report=report, overlays=annotate.report_overlays(position, report))
    root = parse(picture)
    (totals,) = classed(root, "text", "footer")
    assert totals.text == f"orange {report.orange.total} \u2013 blue {report.blue.total}: blue wins"
    assert annotate.report_overlays(position, report) == ("lit", "groups", "painter", "dancer", "large-light")
    assert root.get("viewBox") == f"0 0 {svg.WIDTH} {svg.WIDTH + svg.FOOTER}"


def test_size_sets_width_and_height() -> None:
    root = parse(svg.board(full(), size=224))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == ("224", "224", "0 0 448 448")


def test_deterministic_byte_for_byte() -> None:
    first = annotate.board(full(), overlays=["lit", "groups", "painter"], report=score(full()))
    again = annotate.board(full(), overlays=["painter", "groups", "lit", "lit"], report=score(full()))
    assert first == again
    example = svg.board(paris_score.rulebook_example())
    assert example == svg.board(paris_score.loads(Path(RULEBOOK).read_text("utf-8")))


def symbols(picture: str) -> dict[str, bytes]:
    return {s.get("id", ""): ET.tostring(s) for s in parse(picture).iter(f"{{{NS['s']}}}symbol")}


def test_icons_are_drawn_once_and_pictures_can_share_a_page() -> None:
    picture = annotate.board(full(), overlays=annotate.OVERLAYS, report=score(full()))
    root = parse(picture)
    # The only ids are the icons' symbols, each defined once and used where the icon stands.
    ids = [e.get("id", "") for e in root.iter() if "id" in e.attrib]
    assert all(e.tag == f"{{{NS['s']}}}symbol" for e in root.iter() if "id" in e.attrib)
    assert len(ids) == len(set(ids))
    uses = [u.get("href") for u in root.iter(f"{{{NS['s']}}}use")]
    assert {f"#{i}" for i in ids} == set(uses)
    lamps = full().ground.streetlight & ~full().built & ~(1 << parse_square("E5"))  # the large streetlight on E5
    assert uses.count("#paris-score-lamp") == lamps.bit_count() == 5
    # A symbol means the same drawing in every picture: two pictures on one page cannot disagree.
    other = symbols(svg.board(paris_score.rulebook_example()))
    assert other
    assert all(symbols(picture)[name] == drawing for name, drawing in other.items() if name in symbols(picture))


def test_notebooks_display_positions_and_pictures() -> None:
    position = full()
    assert position._repr_svg_() == svg.board(position)
    picture = annotate.board(position, report=score(position))
    assert isinstance(picture, str)
    assert picture._repr_svg_() == str(picture)


def test_the_library_loads_svg_only_when_drawing() -> None:
    code = (
        "import sys, paris_score; p = paris_score.rulebook_example(); a = 'paris_score.svg' in sys.modules; "
        "p._repr_svg_(); print(a, 'paris_score.svg' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.split() == ["False", "True"]


# -- command line ----------------------------------------------------------------


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_render_writes_an_svg_file(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    code, stdout, _ = run("render", RULEBOOK, "-o", str(out))
    assert code == 0
    assert stdout == ""
    assert out.read_text("utf-8") == svg.board(paris_score.rulebook_example()) + "\n"


def test_render_to_standard_output_with_repeated_overlays() -> None:
    code, stdout, _ = run("render", RULEBOOK, "-o", "-", "--overlay", "lit", "--overlay", "groups", "--size", "300")
    assert code == 0
    root = parse(stdout)
    assert overlay(root, "lit") is not None
    assert overlay(root, "groups") is not None
    assert overlay(root, "painter") is None
    assert root.get("width") == "300"


def test_render_reads_standard_input() -> None:
    code, stdout, _ = run("render", "-", "-o", "-", stdin=Path(RULEBOOK).read_text("utf-8"))
    assert code == 0
    assert stdout == svg.board(paris_score.rulebook_example()) + "\n"


def test_render_refuses_an_unknown_overlay_as_a_usage_error() -> None:
    code, _, err = run("render", RULEBOOK, "-o", "-", "--overlay", "glow")
    assert code == 2
    assert "glow" in err


def test_render_needs_an_output() -> None:
    code, _, err = run("render", RULEBOOK)
    assert code == 2
    assert "-o" in err


def test_render_bad_input_exits_1_with_the_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "paris-position/1", "ground": []}', "utf-8")
    code, stdout, err = run("render", str(bad), "-o", "-")
    assert code == 1
    assert stdout == ""
    assert "ground" in err
    assert "Traceback" not in err


def test_render_unwritable_output_exits_1(tmp_path: Path) -> None:
    code, _, err = run("render", RULEBOOK, "-o", str(tmp_path / "missing" / "board.svg"))
    assert code == 1
    assert "cannot write the file" in err


def test_score_svg_writes_the_scored_picture(tmp_path: Path) -> None:
    out = tmp_path / "scored.svg"
    code, stdout, _ = run("score", RULEBOOK, "--svg", str(out))
    assert code == 0
    assert "RESULT:" in stdout  # the report still goes to standard output
    position = paris_score.rulebook_example()
    report = score(position)
    expected = annotate.board(position, report=report, overlays=annotate.report_overlays(position, report))
    assert out.read_text("utf-8") == expected + "\n"
    root = parse(expected)
    assert overlay(root, "lit") is not None
    assert overlay(root, "groups") is not None
    assert classed(root, "text", "footer")


def test_score_svg_refuses_standard_output() -> None:
    code, stdout, err = run("score", RULEBOOK, "--svg", "-")
    assert code == 2
    assert stdout == ""
    assert "--svg" in err


# -- a real browser ---------------------------------------------------------------


def read_png(data: bytes, within: tuple[int, int] | None = None) -> tuple[int, int, int, list[bytes]]:
    """(width, height, bytes per pixel, rows) of an 8-bit RGB or RGBA PNG, not interlaced.

    ``within=(w, h)`` decodes only the top-left w x h pixels (filters look left and up only): faster.
    """
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", b""
    while pos < len(data):
        (length, kind) = struct.unpack(">I4s", data[pos : pos + 8])
        chunk = data[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = chunk
        elif kind == b"IDAT":
            idat += chunk
        elif kind == b"IEND":
            break
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type {colour}, interlace {interlace}")
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    keep_width, keep_height = within or (width, height)
    keep = min(keep_width, width) * bpp
    rows: list[bytes] = []
    prev = bytearray(keep)
    i = 0
    for _ in range(min(keep_height, height)):
        kind, line = raw[i], bytearray(raw[i + 1 : i + 1 + keep])
        i += 1 + stride
        for x in range(keep):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            if kind == 1:
                line[x] = (line[x] + a) & 255
            elif kind == 2:
                line[x] = (line[x] + b) & 255
            elif kind == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                c = prev[x - bpp] if x >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    return None


def screenshot(chromium: str, svg_file: Path, png_file: Path, width: int, height: int) -> bytes:
    command = [
        chromium,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--force-device-scale-factor=1",
        f"--user-data-dir={png_file.parent / 'chromium-profile'}",
        "--hide-scrollbars",
        f"--window-size={width},{height}",
        f"--screenshot={png_file}",
        svg_file.as_uri(),
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=180, stdin=subprocess.DEVNULL)
    assert png_file.exists(), f"chromium wrote no screenshot (exit {done.returncode}):\n{done.stderr[-2000:]}"
    return png_file.read_bytes()


def sample_points(position: paris_score.Position) -> dict[str, tuple[tuple[float, float], str]]:
    """Points to read in the picture, chosen from the position's data, and the colour expected there."""
    s = svg.SQUARE_SIZE
    occupied = position.occupied
    colours = position.colours
    points: dict[str, tuple[tuple[float, float], str]] = {}
    for name, code, bb in (
        ("orange", "o", colours.orange),
        ("blue", "b", colours.blue),
        ("mixed", "m", colours.mixed),
    ):
        free = bb & ~occupied
        if free:
            sq = (free & -free).bit_length() - 1
            points[name] = (svg.centre(sq), svg.GROUND_COLOURS[code])
    # A streetlight space (W4) holding nothing: read near a corner, off the lamp drawn on it.
    plain_lamps = position.ground.streetlight & ~occupied
    if plain_lamps:
        sq = (plain_lamps & -plain_lamps).bit_length() - 1
        x, y = svg.centre(sq)
        points["streetlight"] = ((x - 0.38 * s, y - 0.38 * s), svg.GROUND_COLOURS["l"])
    # A building: a point of an ordinary cell, away from its id, the annex, marks and outline.
    for b in position.buildings:
        if b.jardin:
            continue
        lx, ly = svg.label_point(b)
        avoid = position.ground.streetlight | (0 if position.pieces.chartier is None else 1 << position.pieces.chartier)
        for sq in scan(b.cells & ~avoid):
            cx, cy = svg.centre(sq)
            for dx, dy in ((-0.3, -0.3), (0.3, -0.3), (-0.3, 0.3), (0.3, 0.3)):
                x, y = cx + dx * s, cy + dy * s
                if abs(x - lx) > 0.4 * s or abs(y - ly) > 0.4 * s:
                    points["building"] = ((x, y), svg.BUILDING_FILL[b.owner])
                    return points
    return points


def test_chromium_renders_the_rulebook_example(tmp_path: Path) -> None:
    chromium = find_chromium()
    if chromium is None:
        if os.environ.get("CI"):
            pytest.fail("CI is set but chromium is not installed: .ci/run installs the Debian packages")
        pytest.skip("chromium is not installed (Debian: apt-get install chromium chromium-driver); CI runs this")
    position = paris_score.rulebook_example()
    svg_file = tmp_path / "rulebook.svg"
    svg_file.write_text(svg.board(position), "utf-8")
    png = screenshot(chromium, svg_file, tmp_path / "rulebook.png", svg.WIDTH, svg.WIDTH)
    width, height, bpp, rows = read_png(png)
    assert (width, height) == (svg.WIDTH, svg.WIDTH)
    points = sample_points(position)
    assert {"orange", "streetlight", "building"} <= set(points), points

    def pixel(x: float, y: float) -> tuple[int, ...]:
        return tuple(rows[int(y)][int(x) * bpp : int(x) * bpp + 3])

    for name, ((x, y), colour) in points.items():
        expected = hex_rgb(colour)
        got = pixel(x, y)
        assert all(abs(p - e) <= 12 for p, e in zip(got, expected, strict=True)), (name, (x, y), got, colour)
    assert pixel(2, 2) == hex_rgb(svg.BACKGROUND)  # outside the board
