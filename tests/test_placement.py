"""Placement legality (P1, P3, P7, B4): every legal placement of a shape, and why one fails."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import paris_score
from paris_score import Player, Position, legal_placements, placement_problems
from paris_score.model import Building, Statue
from paris_score.placement import (
    annex_ground_problems,
    annex_refusal,
    annex_spaces,
    build_refusal,
    chartier_open,
    metropolitain_open,
    statue_front_problems,
    statue_refusal,
)
from paris_score.shapes import (
    canonical,
    fixed_polyominoes,
    orientations,
    reflect,
    rotate,
    shape_bitboard,
    shape_of,
    shape_rows,
)
from paris_score.squares import names, parse_square
from tests.brute import same_piece, translations
from tests.grids import board

ORANGE, BLUE = Player.ORANGE, Player.BLUE

POCKET = """
ooobbbbb
ooobbbbb
bbbbbbbb
bbbbbbbb
bbbbbbbb
bbbbbbbb
bbbbbbbb
llllllll
"""
"""Orange may build only in the 3 x 2 pocket A1:C2."""

I3 = ((0, 0), (1, 0), (2, 0))
V3 = ((0, 0), (0, 1), (1, 1))
T4 = ((0, 0), (1, 0), (2, 0), (1, 1))
S4 = ((1, 0), (2, 0), (0, 1), (1, 1))
P5 = ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2))
O6 = ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1))


def pocket(things: str = "", ground: str = POCKET, **kw: Any) -> Position:
    rows = ground.split()
    layer = things.split() + ["........"] * (8 - len(things.split()))
    return board("\n".join(f"{g} {t}" for g, t in zip(rows, layer, strict=True)), **kw)


def cells(*spaces: str) -> int:
    return sum(1 << parse_square(s) for s in spaces)


def placed(position: Position, shape: Any, **kw: Any) -> list[list[str]]:
    return [names(p.cells) for p in legal_placements(position, ORANGE, shape, **kw)]


# -- Shapes -----------------------------------------------------------------------------


def test_shape_of_normalises_wherever_drawn() -> None:
    assert shape_of(cells("C4", "D4", "D5")) == ((0, 0), (1, 0), (1, 1))
    assert shape_of(cells("G7", "H7", "H8")) == shape_of(cells("A1", "B1", "B2"))
    assert names(shape_bitboard(V3)) == ["A1", "A2", "B2"]
    assert shape_rows(T4) == ["###", ".#."]


def test_rotations_and_reflections() -> None:
    assert len(orientations(I3)) == 2
    assert len(orientations(T4)) == 4
    assert len(orientations(S4)) == 2
    assert len(orientations(S4, reflections=True)) == 4
    assert same_piece(T4, rotate(T4))
    assert not same_piece(S4, reflect(S4))
    assert canonical(S4, reflections=True) == canonical(reflect(S4), reflections=True)


def test_fixed_polyomino_counts() -> None:
    assert [len(fixed_polyominoes(n)) for n in range(1, 7)] == [1, 2, 6, 19, 63, 216]


def test_translations_cover_the_board() -> None:
    assert len(translations(I3)) == 6 * 8
    assert len(translations(O6)) == 6 * 7


# -- legal_placements -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("shape", "count", "mirrored"),
    [(I3, 2, 2), (V3, 8, 8), (T4, 2, 2), (S4, 1, 2), (P5, 2, 4), (O6, 1, 1)],
    ids=["I3", "V3", "T4", "S4", "P5", "O6"],
)
def test_every_placement_in_a_3_by_2_pocket(shape: Any, count: int, mirrored: int) -> None:
    position = pocket()
    assert len(placed(position, shape)) == count
    assert len(placed(position, shape, reflections=True)) == mirrored


def test_placements_listed_once_in_board_order() -> None:
    assert placed(pocket(), I3) == [["A1", "B1", "C1"], ["A2", "B2", "C2"]]
    assert placed(pocket(), T4) == [["A1", "B1", "C1", "B2"], ["B1", "A2", "B2", "C2"]]


def test_shape_may_be_given_as_a_bitboard() -> None:
    assert placed(pocket(), cells("E5", "F5", "G5")) == placed(pocket(), I3)


def test_not_a_shape_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="not a shape"):
        legal_placements(pocket(), ORANGE, cells("A1", "C1"))


def test_pieces_on_the_board_block_placements() -> None:
    position = pocket(".p......", cards={"orange": ["le-peintre"]})
    assert placed(position, I3) == [["A2", "B2", "C2"]]
    position = pocket("AAA.....", orange="A")
    assert placed(position, I3) == [["A2", "B2", "C2"]]


def test_opponents_colour_and_streetlights_are_out() -> None:
    position = pocket(ground=POCKET.replace("ooobbbbb", "ooolbbbb", 1))
    assert placed(position, I3) == [["A1", "B1", "C1"], ["A2", "B2", "C2"]]


def test_p3_metropolitain_adds_placements_over_one_streetlight() -> None:
    ground = POCKET.replace("ooobbbbb", "ooolbbbb", 1)
    position = pocket(ground=ground, cards={"orange": ["metropolitain"]})
    found = legal_placements(position, ORANGE, I3)
    assert [names(p.cells) for p in found] == [["A1", "B1", "C1"], ["B1", "C1", "D1"], ["A2", "B2", "C2"]]
    assert [p.streetlight for p in found] == [None, parse_square("D1"), None]
    assert placed(position, I3, metropolitain=False) == [["A1", "B1", "C1"], ["A2", "B2", "C2"]]


def test_p3_metropolitain_is_spent_once_a_streetlight_is_covered() -> None:
    ground = POCKET.replace("ooobbbbb", "ooolbbbb", 1).replace("bbbbbbbb", "loobbbbb", 1)
    open_card = pocket(ground=ground, cards={"orange": ["metropolitain"]})
    assert metropolitain_open(open_card, ORANGE)
    spent = pocket("........\n........\nAAA.....", ground=ground, orange="A", cards={"orange": ["metropolitain"]})
    assert not metropolitain_open(spent, ORANGE)
    assert ["B1", "C1", "D1"] in placed(open_card, I3)
    assert ["B1", "C1", "D1"] not in placed(spent, I3)


def test_p7_chartier_adds_placements_over_one_opponents_space() -> None:
    position = pocket(cards={"orange": ["chartier"]})
    found = legal_placements(position, ORANGE, I3)
    assert [names(p.cells) for p in found] == [
        ["A1", "B1", "C1"],
        ["A1", "A2", "A3"],
        ["B1", "C1", "D1"],
        ["B1", "B2", "B3"],
        ["C1", "C2", "C3"],
        ["A2", "B2", "C2"],
        ["B2", "C2", "D2"],
    ]
    assert names(sum(1 << p.chartier for p in found if p.chartier is not None)) == ["D1", "D2", "A3", "B3", "C3"]


def test_p7_chartier_is_spent_once_laid() -> None:
    position = pocket(cards={"orange": ["chartier"]}, chartier=parse_square("H8"))
    assert not chartier_open(position, ORANGE)
    assert len(placed(position, I3)) == 2


def test_p7_laid_chartier_space_is_mixed_for_both() -> None:
    position = pocket(cards={"orange": ["chartier"]}, chartier=parse_square("D1"))
    assert ["B1", "C1", "D1"] in placed(position, I3)


def test_b4_no_placement_without_a_chimney() -> None:
    things = """
    AAAABBBB
    CCCCDDDD
    EEEEEFFF
    GGG.....
    """
    position = pocket(things, ground="\n".join(["oooooooo"] * 7 + ["llllllll"]), orange="ABCDEFG")
    assert placed(position, I3) == []
    assert [p.code for p in placement_problems(position, ORANGE, cells("A6", "B6", "C6"))] == ["too-many-buildings"]


# -- placement_problems -----------------------------------------------------------------


def problems(position: Position, *spaces: str, **kw: Any) -> list[tuple[str, str, list[str]]]:
    return [
        (p.code, p.rule, names(sum(1 << s for s in p.spaces)))
        for p in placement_problems(position, ORANGE, cells(*spaces), **kw)
    ]


def test_a_legal_placement_has_no_problems() -> None:
    assert problems(pocket(), "A1", "B1", "C1") == []


def test_placement_empty() -> None:
    assert problems(pocket()) == [("placement-empty", "P1", [])]


def test_placement_not_connected_and_on_the_opponents_colour() -> None:
    assert problems(pocket(), "A1", "B1", "D1") == [
        ("building-not-connected", "P1", ["A1", "B1", "D1"]),
        ("building-on-wrong-colour", "P1", ["D1"]),
    ]


def test_placement_not_free_names_what_stands_there() -> None:
    position = pocket(".p......", cards={"orange": ["le-peintre"]})
    found = placement_problems(position, ORANGE, cells("A1", "B1", "C1"))
    assert [(p.code, p.rule) for p in found] == [("space-not-free", "W1")]
    assert "B1 (the painter)" in found[0].message


def test_placement_on_streetlight_with_and_without_metropolitain() -> None:
    ground = POCKET.replace("ooobbbbb", "ooollbbb", 1)
    assert problems(pocket(ground=ground), "C1", "D1", "C2") == [("building-on-streetlight", "P1", ["D1"])]
    position = pocket(ground=ground, cards={"orange": ["metropolitain"]})
    assert problems(position, "C1", "D1", "C2") == []
    assert problems(position, "C1", "D1", "E1") == [("metropolitain-more-than-one-streetlight", "P3", ["D1", "E1"])]


def test_placement_with_chartier_covers_one_opponents_space_only() -> None:
    position = pocket(cards={"orange": ["chartier"]})
    assert problems(position, "C1", "D1") == []
    # Beyond the one space Chartier makes mixed, a building on the opponent's colour breaks P1.
    assert problems(position, "C1", "D1", "E1") == [("building-on-wrong-colour", "P1", ["D1", "E1"])]
    assert problems(position, "C1", "D1", chartier=False) == [("building-on-wrong-colour", "P1", ["D1"])]


def test_legal_placements_agree_with_placement_problems() -> None:
    position = pocket("........\n.A......", orange="A", cards={"orange": ["chartier", "metropolitain"]})
    for shape in fixed_polyominoes(3) + fixed_polyominoes(4):
        legal = {p.cells for p in legal_placements(position, ORANGE, shape)}
        for bb in translations(shape):
            assert (bb in legal) == (placement_problems(position, ORANGE, bb) == []), names(bb)


def test_player_may_be_given_by_name_and_shapes_with_repeated_offsets_are_refused() -> None:
    position = paris_score.rulebook_example()
    line = ((0, 0), (1, 0), (2, 0))
    assert legal_placements(position, "blue", line) == legal_placements(position, Player.BLUE, line)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="an offset is listed twice"):
        legal_placements(position, Player.BLUE, ((0, 0), (0, 0), (0, 1)))


# -- One decision for a move and a position: a build's ground, the annex, the statue's front ----------------------

LIGHTS_AND_BLUE = POCKET.replace("ooobbbbb", "oollbbbb", 1)
"""The pocket with C1 and D1 streetlight spaces: orange's good spaces are A1, B1, A2, B2, C2."""


@pytest.mark.parametrize("held", [False, True])
def test_a_build_move_is_refused_exactly_where_placement_problems_finds_a_ground_problem(held: bool) -> None:
    """P1, P3, P7: a move naming, for each card held, the one space of its ground the building covers (when there
    is exactly one) is refused on the ground exactly when the position's query finds a ground problem, and then
    the move's first refusal is one of the query's problems (its spaces, and its code but for one)."""
    position = pocket(ground=LIGHTS_AND_BLUE)
    lights, opponents = position.colours.streetlight, position.colours.own(BLUE)
    ground_codes = {"building-on-streetlight", "building-on-wrong-colour", "metropolitain-more-than-one-streetlight"}
    refused = 0
    for shape in fixed_polyominoes(3) + fixed_polyominoes(4):
        for bb in translations(shape):
            light, other = bb & lights, bb & opponents
            metro = light.bit_length() - 1 if held and light.bit_count() == 1 else None
            chartier = other.bit_length() - 1 if held and other.bit_count() == 1 else None
            refusal = build_refusal(ORANGE, bb, lights, opponents, metro, chartier, held, held)
            found = [
                (p.code, p.spaces)
                for p in placement_problems(position, ORANGE, bb, metropolitain=held, chartier=held)
                if p.code in ground_codes
            ]
            assert (refusal is None) == (found == []), names(bb)
            if refusal is None:
                continue
            refused += 1
            # The one code that differs: a position says a held card allows one streetlight only in its own words.
            code = refusal.code
            if held and code == "building-on-streetlight":
                code = "metropolitain-more-than-one-streetlight"
            assert (code, refusal.spaces) in found, names(bb)
    assert refused > 100


def test_the_annex_goes_on_its_owners_colour_beside_its_building() -> None:
    """P8: the spaces the annex of a building on B1, B2 may stand on, orange's colour being the pocket."""
    building = Building("A", ORANGE, cells("B1", "B2"))
    own = pocket().colours.own(ORANGE)
    assert names(annex_spaces(building.cells, own)) == ["A1", "C1", "A2", "C2"]
    assert names(annex_spaces(cells("C2"), own)) == ["C1", "B2"]  # not C3 nor D2: blue
    assert annex_spaces(cells("H8"), own) == 0


def test_a_refused_annex_move_and_a_positions_annex_problems_agree_on_every_space() -> None:
    """P8: the move is refused where the annex problems are, with the first of their codes."""
    building = Building("A", ORANGE, cells("B1", "B2"))
    own = pocket().colours.own(ORANGE)
    allowed = annex_spaces(building.cells, own)
    for sq in range(64):
        if building.cells >> sq & 1:
            continue  # not free: refused before the ground, and a Building refuses an annex on its own cells
        refusal = annex_refusal(ORANGE, sq, building, own)
        found = [p.code for p in annex_ground_problems(attrs.evolve(building, annex=sq), own)]
        assert (refusal is None) == (allowed >> sq & 1 == 1) == (found == []), sq
        assert refusal is None or refusal.code == found[0]
    assert annex_refusal(ORANGE, parse_square("D1"), building, own).code == "annex-on-wrong-colour"  # type: ignore[union-attr]
    assert [p.code for p in annex_ground_problems(attrs.evolve(building, annex=parse_square("D3")), own)] == [
        "annex-on-wrong-colour",
        "annex-not-adjacent",
    ]


def test_the_statues_front_on_the_board_and_free_for_a_move_and_a_position() -> None:
    """P11: facing off the board is refused and reported; a covered front refuses the move (space-not-free) and is
    a warning in a position (it may have been covered later)."""
    a1, b1 = parse_square("A1"), parse_square("B1")
    refusal = statue_refusal(a1, "left", 0)
    assert refusal is not None
    assert (refusal.code, refusal.spaces) == ("statue-front-off-board", (a1,))
    assert [p.code for p in statue_front_problems(Statue(a1, "left"), 0)] == ["statue-front-off-board"]
    refusal = statue_refusal(a1, "right", 1 << b1)
    assert refusal is not None
    assert (refusal.code, refusal.rule, refusal.spaces) == ("space-not-free", "P11", (b1,))
    assert [(p.code, p.severity) for p in statue_front_problems(Statue(a1, "right"), 1 << b1)] == [
        ("statue-front-not-free", "warning")
    ]
    assert statue_refusal(a1, "right", 0) is None
    assert statue_front_problems(Statue(a1, "right"), 0) == []
