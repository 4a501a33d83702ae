"""The rulebook's scoring example (docs/example.md): every printed line, and a plausible board.

The board we ship (``paris_score/data/rulebook.json``, copied to ``examples/rulebook.json``)::

        A B C D E F G H            A B C D E F G H
    1   A A * . E . . .        1   o o l o b b b b
    2   A A B I E . . *        2   o o o b b o o l
    3   A B B * E E * G        3   o o o l b b l b
    4   A B C C * F . G        4   o o o m l b m b
    5   B B * D F F L G        5   o o l o m l b b
    6   . B . D F . . .        6   b o o b b b b b
    7   . . . D * . H H        7   o o b b l o b b
    8   . . D D . . . H        8   o o b b o o b b

Left: buildings by id (B6 is the annex of B, C the Jardin des Plantes), ``*`` an
uncovered streetlight space, ``L`` the Lampadaire tile, ``I`` the painter, ``.`` free.
F covers the streetlight space F5 (Métropolitain); D covers the Chartier space on D5.
Right: the printed ground.  ``BOARD`` and ``GROUND`` below are the same drawing,
checked against the position.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

import paris_score
from paris_score import example
from paris_score.formats import dumps, loads
from paris_score.model import BOX_SIZES, PLAYERS, Player, Position
from paris_score.postcards import STARRED, Postcard
from paris_score.referee import structure_problems
from paris_score.report import Report
from paris_score.squares import (
    BB_ALL,
    BB_TILES,
    adjacent,
    is_connected,
    names,
    parse_square,
    scan,
    square,
)
from paris_score_cli.app import cli
from tests.brute import components

ROOT = Path(__file__).resolve().parent.parent

BOARD = """
A A * . E . . .
A A B I E . . *
A B B * E E * G
A B C C * F . G
B B * D F F L G
. B . D F . . .
. . . D * . H H
. . D D . . . H
"""

GROUND = """
o o l o b b b b
o o o b b o o l
o o o l b b l b
o o o m l b m b
o o l o m l b b
b o o b b b b b
o o b b l o b b
o o b b o o b b
"""

BOX: dict[int, int] = {3: 2, 4: 4, 5: 4, 6: 2}
"""How many pieces of each size the box holds (B3)."""


def _rows(drawing: str) -> list[str]:
    return ["".join(line.split()) for line in drawing.strip().splitlines()]


@pytest.fixture(scope="module")
def position() -> Position:
    return paris_score.rulebook_example()


@pytest.fixture(scope="module")
def report(position: Position) -> Report:
    return paris_score.score(position)


# --- every printed line of the breakdown (docs/example.md) ---------------------------------


@pytest.mark.parametrize(
    ("player", "building", "size", "lamps", "points"),
    [
        ("orange", "A", 6, ["C1"], 6),
        ("orange", "B", 7, ["C1", "D3", "C5"], 21),
        ("orange", "C", 2, ["D3", "E4", "C5"], 6),
        ("blue", "D", 5, ["C5", "E7"], 10),
        ("blue", "E", 4, ["D3", "G3", "E4"], 12),
        ("blue", "F", 4, ["E4", "G5", "E7"], 12),
        ("blue", "G", 3, ["H2", "G3", "G5"], 9),
        ("blue", "H", 3, [], 0),
    ],
)
def test_each_building_is_lit_as_printed(
    report: Report, player: str, building: str, size: int, lamps: list[str], points: int
) -> None:
    """S1: size x lamps for each building of the printed breakdown."""
    (line,) = [b for b in report[player].lit_buildings.buildings if b.id == building]
    assert line.size == size
    assert names(sum(1 << sq for sq in line.lamps)) == lamps
    assert len(line.lamps) == len(lamps)
    assert line.points == points == size * len(lamps)


def test_lit_buildings_are_listed_in_rulebook_order(report: Report) -> None:
    assert [b.id for b in report.orange.lit_buildings.buildings] == ["A", "B", "C"]
    assert [b.id for b in report.blue.lit_buildings.buildings] == ["D", "E", "F", "G", "H"]


def test_b_carries_the_annex_and_c_is_the_jardin(report: Report) -> None:
    a, b, c = report.orange.lit_buildings.buildings
    assert (a.annex, a.jardin) == (False, False)
    assert (b.annex, b.jardin) == (True, False)
    assert (c.annex, c.jardin) == (False, True)


def test_lit_totals(report: Report) -> None:
    assert report.orange.lit_buildings.points == 33
    assert report.blue.lit_buildings.points == 43


def test_largest_groups(report: Report) -> None:
    """S2: A + B + C = 15; D + E + F = 13, with G and H apart."""
    assert report.orange.largest_group.buildings == ("A", "B", "C")
    assert report.orange.largest_group.points == 15
    assert report.blue.largest_group.buildings == ("D", "E", "F")
    assert report.blue.largest_group.points == 13


def test_g_and_h_touch_no_building_of_the_blue_group(position: Position) -> None:
    group = sum(position.building(i).spaces for i in "DEF")
    for loner in "GH":
        assert not adjacent(position.building(loner).spaces) & group, loner


def test_unbuilt(report: Report) -> None:
    """S3: orange's 2 are waived by Sacré-Cœur; blue's 1 costs 3."""
    o, b = report.orange.unbuilt, report.blue.unbuilt
    assert (o.count, o.points, o.waived_by) == (2, 0, Postcard.SACRE_COEUR)
    assert (b.count, b.points, b.waived_by) == (1, -3, None)


def test_postcards(report: Report) -> None:
    """S4: orange scores no card; blue's Le Peintre counts 2 lamps for 4 points."""
    assert report.orange.postcards.points == 0
    assert report.orange.postcards.cards == ()
    (card,) = report.blue.postcards.cards
    assert card.card is Postcard.LE_PEINTRE
    assert card.points == report.blue.postcards.points == 4
    assert card.detail == "2 lamps in the painter's area: C1, D3"
    assert names(card.spaces) == ["C1", "D1", "D2", "D3"]


def test_totals_and_winner(report: Report) -> None:
    """S5: 48 to 57, blue wins."""
    assert report.orange.total == 48
    assert report.blue.total == 57
    assert report.winner == "blue"
    assert report.notes == ()


def test_json_report_lines(report: Report) -> None:
    doc = report.to_dict()
    orange, blue = doc["players"]["orange"], doc["players"]["blue"]
    assert [(b["id"], b["size"], b["points"]) for b in orange["lit_buildings"]["buildings"]] == [
        ("A", 6, 6),
        ("B", 7, 21),
        ("C", 2, 6),
    ]
    assert [(b["id"], b["size"], b["points"]) for b in blue["lit_buildings"]["buildings"]] == [
        ("D", 5, 10),
        ("E", 4, 12),
        ("F", 4, 12),
        ("G", 3, 9),
        ("H", 3, 0),
    ]
    assert orange["unbuilt"] == {"count": 2, "points": 0, "waived_by": "sacre-coeur", "sizes": [5, 5], "given": True}
    assert blue["unbuilt"] == {"count": 1, "points": -3, "waived_by": None, "sizes": [4], "given": True}
    assert (orange["total"], blue["total"], doc["winner"]) == (48, 57, "blue")


def test_cli_example_prints_the_scores() -> None:
    result = CliRunner().invoke(cli, ["example"])
    assert result.exit_code == 0, result.output
    assert "RESULT: blue wins, orange 48 - blue 57" in result.output
    assert example.RECONSTRUCTION_NOTE in result.output


# --- the shipped files ------------------------------------------------------------------------


def test_examples_copy_is_byte_identical_to_the_packaged_data() -> None:
    packaged = (ROOT / "paris_score" / "data" / "rulebook.json").read_bytes()
    assert (ROOT / "examples" / "rulebook.json").read_bytes() == packaged
    assert example.rulebook_json().encode("utf-8") == packaged


def test_json_round_trips_in_the_canonical_layout() -> None:
    text = example.rulebook_json()
    position = loads(text)
    assert dumps(position) == text
    assert loads(dumps(position)) == position


def test_drawing_matches_the_position(position: Position) -> None:
    """``BOARD`` and ``GROUND`` (and the module docstring of paris_score.example) are this board."""
    drawn = _rows(BOARD)
    for r, row in enumerate(drawn):
        for c, ch in enumerate(row):
            sq = square(c, r)
            if ch == "*":
                assert position.lamps() >> sq & 1
                assert position.ground.code(sq) == "l"
            elif ch == "I":
                assert position.pieces.painter == sq
            elif ch == "L":
                assert position.pieces.streetlight == sq
            elif ch == ".":
                assert not position.occupied >> sq & 1
                assert position.ground.code(sq) != "l"
            else:
                assert position.building(ch).spaces >> sq & 1
    assert _rows(GROUND) == position.ground.rows()
    doc = example.__doc__ or ""
    drawings = zip(BOARD.strip().splitlines(), GROUND.strip().splitlines(), strict=True)
    for r, (pieces, ground) in enumerate(drawings):
        assert f"{r + 1}   {pieces}        {r + 1}   {ground}" in doc


# --- a plausible finished game (docs/rules.md B, F, W, P) ----------------------------------------


def test_no_pieces_overlap(position: Position) -> None:
    assert structure_problems(position) == []


def test_eight_streetlight_spaces_at_most_one_a_tile(position: Position) -> None:
    """B2: 8 streetlights on a full board; we put at most one on each tile square."""
    assert position.ground.streetlight.bit_count() == 8
    assert all((tile & position.ground.streetlight).bit_count() <= 1 for tile in BB_TILES)
    assert position.ground.mixed.bit_count() >= 1


def test_tiles_split_eight_and_eight_with_four_streetlights_each(position: Position) -> None:
    """B2: each tile's majority colour stands for its back: 8 orange, 8 blue, 4 streetlights each."""
    g = position.ground
    backs: Counter[str] = Counter()
    lights: Counter[str] = Counter()
    for tile in BB_TILES:
        o, b = (tile & g.orange).bit_count(), (tile & g.blue).bit_count()
        assert o != b, names(tile)
        back = "orange" if o > b else "blue"
        backs[back] += 1
        lights[back] += (tile & g.streetlight).bit_count()
    assert backs == {"orange": 8, "blue": 8}
    assert lights == {"orange": 4, "blue": 4}


def test_the_eight_starred_postcards_four_a_side(position: Position) -> None:
    """B6, F4: the starred cards, all 8 action tokens used, the printed ones among them."""
    cards = position.postcards
    assert cards.in_play == STARRED
    assert len(set(cards.orange)) == len(cards.orange) == 4
    assert len(set(cards.blue)) == len(cards.blue) == 4
    assert set(cards.orange) | set(cards.blue) == set(STARRED)
    assert {Postcard.SACRE_COEUR, Postcard.JARDIN_DES_PLANTES, Postcard.BOUQUINISTES} <= set(cards.orange)
    assert Postcard.LE_PEINTRE in cards.blue


def test_box_sizes_and_chimneys(position: Position) -> None:
    """B3: pieces on the board and in both reserves fit in the box; B4: at most 7 buildings a side."""
    pieces = [b for b in position.buildings if not b.jardin]
    sizes = Counter(b.cells.bit_count() for b in pieces)
    for player in PLAYERS:
        sizes.update(position.reserve.of(player))
    assert set(sizes) <= set(BOX_SIZES)
    assert all(sizes[n] <= BOX[n] for n in BOX)
    assert sorted(position.reserve.orange) == [5, 5]
    assert list(position.reserve.blue) == [4]
    assert [b.id for b in position.buildings if b.jardin] == ["C"]
    assert position.building("C").cells.bit_count() == 2
    assert [b.id for b in position.buildings_of(Player.ORANGE)] == ["A", "B", "C"]
    assert [b.id for b in position.buildings_of(Player.BLUE)] == ["D", "E", "F", "G", "H"]
    assert all(len(position.buildings_of(p)) <= 7 for p in PLAYERS)


def test_each_building_is_connected_on_allowed_spaces(position: Position) -> None:
    """P1, P3, P4, P7: own colour or mixed; one streetlight for Métropolitain's user; none for the jardin."""
    colours = position.colours  # the Chartier space counts as mixed
    covered_lights = 0
    for b in position.buildings:
        assert is_connected(b.cells), b.id
        assert is_connected(b.spaces), b.id
        allowed = colours.own(b.owner) | colours.mixed
        lights = b.cells & colours.streetlight
        assert not b.cells & ~(allowed | lights), b.id
        if lights:
            assert not b.jardin
            assert lights.bit_count() == 1
            assert Postcard.METROPOLITAIN in position.postcards.used(b.owner)
        covered_lights += lights.bit_count()
    assert covered_lights == 1
    assert names(position.building("F").cells & position.ground.streetlight) == ["F5"]


def test_annex_painter_lampadaire_and_chartier(position: Position) -> None:
    """P6, P7, P8, P9: each special piece where its card allows it."""
    g = position.ground
    b = position.building("B")
    assert b.annex == parse_square("B6")
    assert g.orange >> b.annex & 1
    assert adjacent(b.cells) >> b.annex & 1
    pieces = position.pieces
    for piece, card in ((pieces.painter, Postcard.LE_PEINTRE), (pieces.streetlight, Postcard.LAMPADAIRE)):
        assert piece is not None
        assert position.postcards.user(card) is Player.BLUE
        assert g.blue >> piece & 1
    chartier = position.pieces.chartier
    assert chartier == parse_square("D5")
    assert position.postcards.user(Postcard.CHARTIER) is Player.BLUE
    assert g.orange >> chartier & 1
    assert position.building("D").cells >> chartier & 1
    assert position.pieces.placed().keys() == {"painter", "streetlight"}


def test_lamps_are_the_seven_uncovered_streetlights_and_the_lampadaire(position: Position) -> None:
    """W4: F covers F5, so 7 streetlight spaces light, plus the Lampadaire tile."""
    assert names(position.lamps()) == ["C1", "H2", "D3", "G3", "E4", "C5", "G5", "E7"]


@pytest.mark.parametrize("player", PLAYERS)
def test_finished_game_no_reserve_building_fits(position: Position, player: Player) -> None:
    """F4: every free region a player may build on is smaller than the smallest building in reserve."""
    colours = position.colours
    free = BB_ALL & ~position.occupied
    buildable = free & (colours.own(player) | colours.mixed)
    smallest = min(position.reserve.of(player))
    regions = components(buildable)
    assert regions
    assert max(r.bit_count() for r in regions) < smallest
    assert max(r.bit_count() for r in regions) == {Player.ORANGE: 4, Player.BLUE: 3}[player]


def test_painter_area_is_bounded_by_buildings(position: Position) -> None:
    """S4a: the painter's area is C1, D1, D2, D3, closed off by A, B, C and E."""
    painter = position.pieces.painter
    assert painter is not None
    area = sum(1 << sq for sq in _flood_list(position, painter))
    assert names(area) == ["C1", "D1", "D2", "D3"]
    assert names(area & position.lamps()) == ["C1", "D3"]


def _flood_list(position: Position, start: int) -> set[int]:
    """A plain breadth-first search, independent of the bitboard flood the scorer uses."""
    seen, todo = {start}, [start]
    while todo:
        sq = todo.pop()
        for nb in scan(adjacent(1 << sq)):
            if nb not in seen and not position.built >> nb & 1:
                seen.add(nb)
                todo.append(nb)
    return seen
