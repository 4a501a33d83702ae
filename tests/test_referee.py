"""The referee: one position per rule that breaks only that rule, and legal positions that break none.

Every board is an 8 x 8 grid literal on :data:`BASE` ground unless a test
draws its own: orange on the left, blue on the right, four mixed spaces in
column E and 8 streetlight spaces, so the B2 warning stays quiet.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest

import paris_score
from paris_score import Building, Pieces, Player, Position, check
from paris_score.catalogue import Catalogue
from paris_score.formats import schema
from paris_score.postcards import STARRED, Postcard
from paris_score.squares import names, parse_square
from tests.grids import board

ORANGE, BLUE = Player.ORANGE, Player.BLUE
DATA = Path(__file__).resolve().parent / "data"

BASE = """
oooombbb
oloobblb
oooombbb
loooobbl
oooombbb
oloobblb
oooombbb
oolobblb
"""
"""A1-D8 orange, F1-H8 blue, E1 E3 E5 E7 mixed, streetlights B2 G2 A4 H4 B6 G6 C8 G8."""


def sq(name: str) -> int:
    return parse_square(name)


def pos(
    things: str = "",
    *,
    ground: str = BASE,
    orange: str = "",
    blue: str = "",
    orange_cards: tuple[str, ...] = (),
    blue_cards: tuple[str, ...] = (),
    in_play: list[str] | None = None,
    **kw: Any,
) -> Position:
    """A position from the ground and a things layer (rows left out are empty).

    ``in_play`` defaults to the cards used, topped up to 8 from the starred cards.
    """
    rows = ground.split()
    layer = things.split() + ["........"] * (8 - len(things.split()))
    if in_play is None:
        in_play = list(dict.fromkeys([*orange_cards, *blue_cards]))
        in_play += [str(c) for c in STARRED if str(c) not in in_play][: max(0, 8 - len(in_play))]
    cards = {"in_play": in_play, "orange": list(orange_cards), "blue": list(blue_cards)}
    return board(
        "\n".join(f"{g} {t}" for g, t in zip(rows, layer, strict=True)), orange=orange, blue=blue, cards=cards, **kw
    )


def found(position: Position, **kw: Any) -> list[tuple[str, str, list[str]]]:
    """``(code, rule, spaces)`` of every problem :func:`check` reports."""
    return [(p.code, p.rule, [names(1 << s)[0] for s in p.spaces]) for p in check(position, **kw)]


def evolve_building(position: Position, building_id: str, **changes: Any) -> Position:
    buildings = tuple(attrs.evolve(b, **changes) if b.id == building_id else b for b in position.buildings)
    return attrs.evolve(position, buildings=buildings)


# -- Legal positions --------------------------------------------------------------------


def test_empty_board_is_legal() -> None:
    assert found(pos()) == []


def test_legal_board_with_buildings_of_both_players() -> None:
    assert found(pos("AAA..BBB", orange="A", blue="B")) == []


def test_every_problem_is_reported_at_once() -> None:
    position = pos("AA.p.BBB", orange="A", blue="B")
    assert [code for code, _, _ in found(position)] == ["building-size-not-in-box", "piece-without-postcard"]


def test_rulebook_example_is_legal_and_finished() -> None:
    assert check(paris_score.rulebook_example()) == []
    assert check(paris_score.rulebook_example(), final=True) == []


# -- W1 overlaps (structure_problems) -------------------------------------------------------


def test_w1_overlap() -> None:
    position = pos("AAA.....", orange="A", orange_cards=("le-peintre",))
    position = attrs.evolve(position, pieces=Pieces(painter=sq("B1")))
    assert found(position) == [("overlap", "W1", ["B1"])]


# -- The box: B2-B7 ---------------------------------------------------------------------


def test_b2_streetlight_count_other_than_8_is_a_warning() -> None:
    ground = BASE.replace("oooombbb", "ooolmbbb", 1)
    problems = check(pos(ground=ground))
    assert [(p.code, p.rule, p.severity) for p in problems] == [("streetlight-count", "B2", "warning")]
    assert names(sum(1 << s for s in problems[0].spaces)) == ["D1", "B2", "G2", "A4", "H4", "B6", "G6", "C8", "G8"]


def test_b3_building_size_not_in_box() -> None:
    assert found(pos("AA......", orange="A")) == [("building-size-not-in-box", "B3", ["A1", "B1"])]


def test_b3_too_many_of_one_size_counts_board_and_reserves() -> None:
    position = pos("AAA..BBB", orange="A", blue="B", reserve={"orange": [3]})
    assert found(position) == [("too-many-of-size", "B3", ["A1", "B1", "C1", "F1", "G1", "H1"])]


def test_b3_full_box_is_legal() -> None:
    position = pos("AAA..BBB", orange="A", blue="B", reserve={"orange": [4, 4, 5, 5, 6], "blue": [4, 4, 5, 5, 6]})
    assert found(position) == []


FULL_ORANGE = "\n".join(["oooooooo"] * 7 + ["llllllll"])


def test_b4_at_most_7_buildings_a_player() -> None:
    things = """
    AAAABBBB
    CCCCDDDD
    EEEEEFFF
    GGGGGHHH
    """
    assert found(pos(things, ground=FULL_ORANGE, orange="ABCDEFGH")) == [("too-many-buildings", "B4", [])]


def test_b5_at_most_4_postcards_a_player() -> None:
    cards = ("sacre-coeur", "levitation", "metropolitain", "jardin-des-plantes", "lampadaire")
    assert found(pos(orange_cards=cards)) == [("too-many-postcards-used", "B5", [])]


def test_b6_at_most_8_postcards_in_play() -> None:
    in_play = [str(c) for c in Postcard][:9]
    assert found(pos(in_play=in_play)) == [("too-many-postcards-in-play", "B6", [])]


def test_b6_postcard_in_play_twice() -> None:
    in_play = [*[str(c) for c in STARRED][:7], "levitation"]
    assert found(pos(in_play=in_play)) == [("postcard-in-play-twice", "B6", [])]


def test_b6_postcard_used_by_both_players() -> None:
    assert found(pos(orange_cards=("sacre-coeur",), blue_cards=("sacre-coeur",))) == [("postcard-used-twice", "B6", [])]


def test_b6_postcard_used_but_not_in_play() -> None:
    in_play = [str(c) for c in STARRED]
    assert found(pos(orange_cards=("moulin-rouge",), in_play=in_play)) == [("postcard-not-in-play", "B6", [])]


def test_b6_postcards_in_play_not_given_is_a_warning_only() -> None:
    problems = check(pos(orange_cards=("sacre-coeur",), in_play=()))
    assert [(p.code, p.rule, p.severity) for p in problems] == [("postcards-in-play-unknown", "B6", "warning")]


def test_b7_one_jardin_des_plantes() -> None:
    position = pos("AA.CC...", orange="AC", jardin="AC", orange_cards=("jardin-des-plantes",))
    assert found(position) == [("jardin-twice", "B7", ["A1", "B1", "D1", "E1"])]


def test_b7_one_annex() -> None:
    position = pos("AAA+....\n........\nCCC.....", orange="AC", annex="A", orange_cards=("bouquinistes",))
    position = evolve_building(position, "C", annex=sq("D3"))
    assert found(position) == [("annex-twice", "B7", ["D1", "D3"])]


# -- P1 buildings -----------------------------------------------------------------------


def test_p1_building_not_connected() -> None:
    assert found(pos("A.AA....", orange="A")) == [("building-not-connected", "P1", ["A1", "C1", "D1"])]


def test_p1_building_on_opponents_colour() -> None:
    assert found(pos("...AAA..", orange="A")) == [("building-on-wrong-colour", "P1", ["F1"])]


def test_p1_buildings_may_use_mixed_spaces() -> None:
    assert found(pos("..AAA...\n........\n....BBB.", orange="A", blue="B")) == []


def test_p1_building_on_streetlight_without_metropolitain() -> None:
    assert found(pos("........\nAAA.....", orange="A")) == [("building-on-streetlight", "P1", ["B2"])]


# -- P3 Métropolitain -------------------------------------------------------------------


def test_p3_metropolitain_allows_one_streetlight() -> None:
    assert found(pos("........\nAAA.....", orange="A", orange_cards=("metropolitain",))) == []


def test_p3_metropolitain_allows_only_one_streetlight() -> None:
    position = pos("........\nAAA.....\n........\nCCC.....", orange="AC", orange_cards=("metropolitain",))
    assert found(position) == [("metropolitain-more-than-one-streetlight", "P3", ["B2", "A4"])]


def test_p3_metropolitain_serves_only_its_user() -> None:
    position = pos("........\nAAA.....", orange="A", blue_cards=("metropolitain",))
    assert found(position) == [("building-on-streetlight", "P1", ["B2"])]


# -- P4 Jardin des Plantes --------------------------------------------------------------


def test_p4_jardin_is_a_domino() -> None:
    position = pos("AAA.....", orange="A", jardin="A", orange_cards=("jardin-des-plantes",))
    assert found(position) == [("jardin-wrong-size", "P4", ["A1", "B1", "C1"])]


def test_p4_jardin_never_covers_a_streetlight_even_with_metropolitain() -> None:
    position = pos("........\nAA......", orange="A", jardin="A", orange_cards=("jardin-des-plantes", "metropolitain"))
    assert found(position) == [("jardin-on-streetlight", "P4", ["B2"])]


def test_p4_jardin_needs_its_postcard() -> None:
    assert found(pos("AA......", orange="A", jardin="A")) == [("piece-without-postcard", "P4", ["A1", "B1"])]


def test_p4_jardin_belongs_to_the_cards_user() -> None:
    position = pos("AA......", orange="A", jardin="A", blue_cards=("jardin-des-plantes",))
    assert found(position) == [("piece-owner-not-card-user", "P4", ["A1", "B1"])]


def test_p4_jardin_is_not_a_box_piece() -> None:
    position = pos("AACCC...", orange="AC", jardin="A", orange_cards=("jardin-des-plantes",), reserve={"orange": [3]})
    assert found(position) == []


# -- Special pieces: their postcard, their space (P6-P13) --------------------------------

PIECE_CASES = [
    ("painter", "p", "P6", "le-peintre"),
    ("dancer", "d", "P10", "moulin-rouge"),
    ("statue", "v", "P11", "le-penseur"),
    ("fountain", "f", "P12", "fontaine-des-mers"),
    ("streetlight", "t", "P9", "lampadaire"),
]


@pytest.mark.parametrize(("name", "char", "rule", "card"), PIECE_CASES, ids=[c[0] for c in PIECE_CASES])
def test_piece_needs_its_postcard(name: str, char: str, rule: str, card: str) -> None:
    assert found(pos(char)) == [("piece-without-postcard", rule, ["A1"])]
    assert found(pos(char, orange_cards=(card,))) == []


def test_p13_large_streetlight_needs_its_postcard() -> None:
    assert found(pos("........\n.g......")) == [("piece-without-postcard", "P13", ["B2"])]
    assert found(pos("........\n.g......", orange_cards=("la-grande-lumiere",))) == []


def test_p7_chartier_needs_its_postcard() -> None:
    assert found(pos("...AAA..", orange="A", chartier=sq("F1"))) == [("piece-without-postcard", "P7", ["F1"])]


def test_p8_annex_needs_its_postcard() -> None:
    assert found(pos("AAA+....", orange="A", annex="A")) == [("piece-without-postcard", "P8", ["D1"])]


def test_p8_annex_belongs_to_the_cards_user() -> None:
    position = pos("AAA+....", orange="A", annex="A", blue_cards=("bouquinistes",))
    assert found(position) == [("piece-owner-not-card-user", "P8", ["D1"])]


WRONG_COLOUR_CASES = [
    ("painter", ".....p..", "P6", "le-peintre"),
    ("dancer", ".....d..", "P10", "moulin-rouge"),
    ("streetlight", ".....t..", "P9", "lampadaire"),
    ("statue on mixed", "....v...", "P11", "le-penseur"),
    ("fountain", ".....f..", "P12", "fontaine-des-mers"),
]


@pytest.mark.parametrize(("name", "things", "rule", "card"), WRONG_COLOUR_CASES, ids=[c[0] for c in WRONG_COLOUR_CASES])
def test_piece_on_a_space_its_rule_forbids(name: str, things: str, rule: str, card: str) -> None:
    spaces = ["E1"] if "mixed" in name else ["F1"]
    assert found(pos(things, orange_cards=(card,))) == [("piece-on-wrong-colour", rule, spaces)]
    # The same piece is at home for the other player, who owns blue spaces.
    if "mixed" not in name:
        assert found(pos(things, blue_cards=(card,))) == []


@pytest.mark.parametrize(("char", "card"), [("p", "le-peintre"), ("d", "moulin-rouge"), ("t", "lampadaire")])
def test_own_colour_pieces_may_not_stand_on_mixed_spaces(char: str, card: str) -> None:
    assert [code for code, _, _ in found(pos(f"....{char}...", orange_cards=(card,)))] == ["piece-on-wrong-colour"]


def test_p12_fountain_may_stand_on_mixed() -> None:
    assert found(pos("....f...", orange_cards=("fontaine-des-mers",))) == []


def test_p13_large_streetlight_on_a_streetlight_space() -> None:
    position = pos("g.......", orange_cards=("la-grande-lumiere",))
    assert found(position) == [("large-streetlight-not-on-streetlight", "P13", ["A1"])]


def test_p11_statue_front_on_the_board() -> None:
    assert found(pos("^.......", orange_cards=("le-penseur",))) == [("statue-front-off-board", "P11", ["A1"])]


def test_p11_statue_front_covered_later_is_a_warning() -> None:
    problems = check(pos(">AAA....", orange="A", orange_cards=("le-penseur",)))
    assert [(p.code, p.rule, p.severity, names(1 << p.spaces[0])) for p in problems] == [
        ("statue-front-not-free", "P11", "warning", ["B1"])
    ]


# -- P7 Chartier ------------------------------------------------------------------------


def test_p7_chartier_space_covered_by_its_users_building_turns_mixed() -> None:
    assert found(pos("...AAA..", orange="A", orange_cards=("chartier",), chartier=sq("F1"))) == []


def test_p7_chartier_on_the_opponents_colour_only() -> None:
    position = pos("AAA.....", orange="A", orange_cards=("chartier",), chartier=sq("A1"))
    assert found(position) == [("chartier-on-wrong-colour", "P7", ["A1"])]


def test_p7_chartier_space_must_be_covered() -> None:
    position = pos(orange_cards=("chartier",), chartier=sq("F1"))
    assert found(position) == [("chartier-not-covered", "P7", ["F1"])]


def test_p7_chartier_space_covered_by_the_opponent_does_not_count() -> None:
    position = pos(".....BBB", blue="B", orange_cards=("chartier",), chartier=sq("F1"))
    assert found(position) == [("chartier-not-covered", "P7", ["F1"])]


def test_p7_the_jardin_des_plantes_cannot_be_the_chartier_build() -> None:
    cards = ("chartier", "jardin-des-plantes")
    position = pos("....AA..", orange="A", jardin="A", orange_cards=cards, chartier=sq("F1"))
    assert found(position) == [("chartier-not-covered", "P7", ["F1"])]


def test_p7_chartier_space_may_carry_its_users_fountain() -> None:
    position = pos(".....f..", orange_cards=("chartier", "fontaine-des-mers"), chartier=sq("F1"))
    assert found(position) == []
    other = pos(".....f..", orange_cards=("chartier",), blue_cards=("fontaine-des-mers",), chartier=sq("F1"))
    assert found(other) == [("chartier-not-covered", "P7", ["F1"])]


# -- P8 the annex -----------------------------------------------------------------------


def test_p8_annex_on_own_colour() -> None:
    position = pos(".AAA+...", orange="A", annex="A", orange_cards=("bouquinistes",))
    assert found(position) == [("annex-on-wrong-colour", "P8", ["E1"])]


def test_p8_annex_adjacent_to_its_building() -> None:
    position = pos("AAA.....\n........\n+.......", orange="A", annex="A", orange_cards=("bouquinistes",))
    assert found(position) == [("annex-not-adjacent", "P8", ["A3"])]


def test_p8_annex_legal() -> None:
    assert found(pos("AAA+....", orange="A", annex="A", orange_cards=("bouquinistes",))) == []


# -- B3 with a catalogue of shapes -----------------------------------------------------


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return paris_score.load_catalogue(DATA / "fictional-pieces.json")


def test_catalogue_matches_pieces_up_to_rotation(catalogue: Catalogue) -> None:
    # T4 drawn pointing up, L4 lying on its side: rotations of the catalogue's drawings.
    position = pos("........\n........\n..T..LLL\n.TTT.L..", orange="T", blue="L")
    assert found(position, catalogue=catalogue) == []


def test_catalogue_shape_not_in_catalogue(catalogue: Catalogue) -> None:
    position = pos("........\n..AA....\n..AA....", orange="A")
    assert found(position, catalogue=catalogue) == [("shape-not-in-catalogue", "B3", ["C2", "D2", "C3", "D3"])]


def test_catalogue_pieces_are_not_turned_over(catalogue: Catalogue) -> None:
    # S4 is drawn as .##/##. ; its mirror image ##./.## is no piece of the box.
    position = pos("........\n..AA....\n...AA...", orange="A")
    problems = check(position, catalogue=catalogue)
    assert [(p.code, p.rule) for p in problems] == [("shape-not-in-catalogue", "B3")]
    assert "turned over" in problems[0].message


def test_catalogue_piece_used_once(catalogue: Catalogue) -> None:
    position = pos("AAA..BBB", orange="A", blue="B")
    assert found(position, catalogue=catalogue) == [
        ("catalogue-piece-overused", "B3", ["A1", "B1", "C1", "F1", "G1", "H1"])
    ]


def test_catalogue_checks_reserve_shapes(catalogue: Catalogue) -> None:
    square = ((0, 0), (1, 0), (0, 1), (1, 1))
    position = pos(reserve={"orange": [4], "orange_shapes": [square]})
    assert found(position, catalogue=catalogue) == [("shape-not-in-catalogue", "B3", [])]
    assert found(position) == []


def test_catalogue_ignores_jardin_and_annex(catalogue: Catalogue) -> None:
    position = pos(
        "AAA+....\n........\nJJ......",
        orange="AJ",
        annex="A",
        jardin="J",
        orange_cards=("bouquinistes", "jardin-des-plantes"),
    )
    assert found(position, catalogue=catalogue) == []


# -- F4 the end of the game ------------------------------------------------------------

ORANGE_FOUR = ("sacre-coeur", "levitation", "metropolitain", "bouquinistes")
BLUE_FOUR = ("jardin-des-plantes", "le-peintre", "lampadaire", "chartier")

NARROW = """
oobbbbbb
oobbbbbb
bbbbbbbb
bbbbbbbb
bbbbbbbb
bbbbbbbb
bbbbbbbb
llllllll
"""
"""Orange can build only in the 2 x 2 block A1:B2."""

V3 = ((0, 0), (0, 1), (1, 1))
I3 = ((0, 0), (1, 0), (2, 0))


def final(ground: str = NARROW, orange_cards: tuple[str, ...] = ORANGE_FOUR, **kw: Any) -> Position:
    return pos(ground=ground, orange_cards=orange_cards, blue_cards=BLUE_FOUR, **kw)


def test_f4_finished_game() -> None:
    assert found(final(reserve={"orange": [5]}), final=True) == []


def test_f4_all_action_tokens_used() -> None:
    position = final(orange_cards=ORANGE_FOUR[:3])
    assert found(position, final=True) == [("final-tokens-unused", "F4", [])]
    assert found(position) == []


def test_f4_could_still_build_a_known_shape() -> None:
    position = final(reserve={"orange": [3], "orange_shapes": [V3]})
    assert found(position, final=True) == [("final-could-still-build", "F4", ["A1", "B1", "A2"])]


def test_f4_a_known_shape_that_fits_nowhere() -> None:
    assert found(final(reserve={"orange": [3], "orange_shapes": [I3]}), final=True) == []


def test_f4_no_chimney_left_means_no_build() -> None:
    things = """
    AAAABBBB
    CCCCDDDD
    EEEEEFF.
    GGG.....
    """
    ground = "\n".join(["oooooooo"] * 7 + ["llllllll"])
    position = pos(
        things,
        ground=ground,
        orange="ABCDEFG",
        orange_cards=ORANGE_FOUR,
        blue_cards=BLUE_FOUR,
        reserve={"orange": [5], "orange_shapes": [((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))]},
    )
    position = evolve_building(position, "F", cells=sum(1 << sq(n) for n in ("F3", "G3", "H3")))
    assert found(position, final=True) == []


def test_f4_unknown_shapes_when_only_some_shapes_of_the_size_fit() -> None:
    problems = check(final(reserve={"orange": [3]}), final=True)
    assert [(p.code, p.rule, p.severity) for p in problems] == [("final-unknown-shapes", "F4", "warning")]
    assert "1 of the 2 possible shapes" in problems[0].message


def test_f4_unknown_shape_that_fits_whatever_it_is() -> None:
    problems = check(pos(orange_cards=ORANGE_FOUR, blue_cards=BLUE_FOUR, reserve={"blue": [6]}), final=True)
    assert [(p.code, p.rule) for p in problems] == [("final-could-still-build", "F4")]
    assert "every polyomino" in problems[0].message


def test_f4_unknown_shape_with_a_catalogue_tries_its_pieces(catalogue: Catalogue) -> None:
    problems = check(final(reserve={"orange": [4]}), final=True, catalogue=catalogue)
    assert [(p.code, p.rule) for p in problems] == []  # no size-4 piece of the catalogue is a 2 x 2 square
    problems = check(final(reserve={"orange": [4]}), final=True)
    assert [(p.code, p.rule) for p in problems] == [("final-unknown-shapes", "F4")]


def test_f4_a_build_that_needs_an_open_metropolitain_is_a_warning() -> None:
    ground = NARROW.replace("bbbbbbbb", "lbbbbbbb", 1).replace("llllllll", "lllllllb")
    position = final(ground=ground, reserve={"orange": [3], "orange_shapes": [I3]})
    problems = check(position, final=True)
    assert [(p.code, p.rule, p.severity, names(sum(1 << s for s in p.spaces))) for p in problems] == [
        ("final-may-still-build", "F4", "warning", ["A1", "A2", "A3"])
    ]


def test_f4_a_build_that_needs_an_open_chartier_is_a_warning() -> None:
    cards = ("sacre-coeur", "levitation", "chartier", "bouquinistes")
    blue = ("jardin-des-plantes", "le-peintre", "lampadaire", "metropolitain")
    position = pos(ground=NARROW, orange_cards=cards, blue_cards=blue, reserve={"orange": [3], "orange_shapes": [I3]})
    assert [(p.code, p.severity) for p in check(position, final=True)] == [("final-may-still-build", "warning")]


# -- The model and the format: reserve shapes ------------------------------------------


def test_reserve_shapes_round_trip_through_json() -> None:
    position = pos(reserve={"orange": [3, 5], "orange_shapes": [V3, None], "blue": [4]})
    text = paris_score.dumps(position)
    assert '{"size": 3, "shape": ["A1", "A2", "B2"]}' in text
    assert paris_score.loads(text) == position
    jsonschema.validate(json.loads(text), json.loads(schema("position")))
    assert position.reserve.of(ORANGE) == (3, 5)
    assert position.reserve.shapes(BLUE) == (None,)


def test_reserve_shape_is_normalised_wherever_it_is_drawn() -> None:
    doc = paris_score.formats.position_json.to_dict(pos())
    doc["reserve"] = {"orange": [{"size": 3, "shape": ["h6", "H7", "G7"]}]}
    position = paris_score.loads(json.dumps(doc))
    assert position.reserve.shapes(ORANGE) == (((1, 0), (0, 1), (1, 1)),)


def test_reserve_rejects_bad_shapes() -> None:
    with pytest.raises(ValueError, match="connected shape of size 4"):
        paris_score.Reserve((4,), (), (I3,))
    with pytest.raises(ValueError, match=r"2 shapes for 1 building$"):
        paris_score.Reserve((3,), (), (I3, I3))


def test_building_model_is_unchanged_by_checks() -> None:
    b = Building("A", ORANGE, 0b111)
    assert check(Position(pos().ground, (b,))) == []


def test_f4_with_a_catalogue_leaves_out_pieces_already_built() -> None:
    """B3, F4: a built piece is in nobody's reserve, so an unknown reserve shape is one of the others."""
    line = ["A1", "B1", "C1", "D1", "E1", "F1"]
    pieces = [{"id": "I3", "shape": line[:3]}, {"id": "L3", "shape": ["A1", "A2", "B2"]}]
    pieces += [{"id": f"F{i}", "shape": line[:4]} for i in range(4)]
    pieces += [{"id": f"P{i}", "shape": line[:5]} for i in range(4)]
    pieces += [{"id": f"H{i}", "shape": line} for i in range(2)]
    catalogue = paris_score.loads_catalogue(json.dumps({"format": "paris-pieces/1", "pieces": pieces}))
    starred = [str(c) for c in STARRED]
    cards = {"in_play": starred, "orange": starred[:4], "blue": starred[4:]}
    # Blue built the straight 3 (I3); orange's unknown size-3 reserve piece must be the L.
    row_room = board("ooobbbbb  ...XXX..\nbbbbbbbb", blue="X", fill="b", cards=cards, reserve={"orange": [3]})
    assert [p.code for p in check(row_room, final=True, catalogue=catalogue) if p.rule == "F4"] == []
    l_room = board("oobbbbbb  ...XXX..\nbobbbbbb", blue="X", fill="b", cards=cards, reserve={"orange": [3]})
    assert [p.code for p in check(l_room, final=True, catalogue=catalogue) if p.rule == "F4"] == [
        "final-could-still-build"
    ]
