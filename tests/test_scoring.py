"""One or more tests per scoring rule of docs/rules.md (Scoring), each on a grid literal."""

from __future__ import annotations

import pytest

from paris_score import IllegalPositionError, Player, score
from paris_score.report import LitBuilding
from paris_score.squares import parse_square, square_name
from tests.grids import board

ORANGE, BLUE = Player.ORANGE, Player.BLUE


def lit(position, building_id: str) -> LitBuilding:  # type: ignore[no-untyped-def]
    report = score(position)
    for side in (report.orange, report.blue):
        for line in side.lit_buildings.buildings:
            if line.id == building_id:
                return line
    raise AssertionError(building_id)


def lamp_names(line: LitBuilding) -> list[str]:
    return [square_name(sq) for sq in line.lamps]


# S1a: a normal lamp lights the 4 adjacent spaces, once per building.


def test_s1a_adjacent_lamp_lights_building() -> None:
    pos = board(
        """
        olo  A..
        ooo  A..
        """,
        orange="A",
    )
    line = lit(pos, "A")
    assert (line.size, lamp_names(line), line.points) == (2, ["B1"], 2)


def test_s1a_lamp_counts_once_however_many_spaces_it_touches() -> None:
    pos = board(
        """
        olo  A.A
        ooo  AAA
        """,
        orange="A",
    )
    line = lit(pos, "A")
    assert (line.size, lamp_names(line), line.points) == (5, ["B1"], 5)


def test_s1a_one_lamp_lights_several_buildings_of_both_players() -> None:
    pos = board("olb  A.B", orange="A", blue="B")
    report = score(pos)
    assert report.orange.lit_buildings.points == 1
    assert report.blue.lit_buildings.points == 1


def test_s1a_diagonal_lamp_does_not_light() -> None:
    pos = board(
        """
        lo  ..
        oo  .A
        """,
        orange="A",
    )
    assert lit(pos, "A").points == 0


def test_s1a_size_times_number_of_lamps() -> None:
    pos = board(
        """
        lol  ...
        ooo  AAA
        olo  ...
        """,
        orange="A",
    )
    line = lit(pos, "A")
    assert (lamp_names(line), line.points) == (["A1", "C1", "B3"], 9)


def test_w4_covered_streetlight_is_no_lamp() -> None:
    pos = board(
        """
        llo  A..
        ooo  BB.
        """,
        orange="AB",
    )
    assert lamp_names(lit(pos, "A")) == ["B1"]
    assert (lamp_names(lit(pos, "B")), lit(pos, "B").points) == (["B1"], 2)


def test_p9_lampadaire_tile_is_a_lamp() -> None:
    pos = board(
        """
        ooo  .t.
        ooo  AA.
        """,
        orange="A",
    )
    assert (lamp_names(lit(pos, "A")), lit(pos, "A").points) == (["B1"], 2)


def test_p8_annex_is_part_of_the_building_for_light_and_size() -> None:
    pos = board(
        """
        ooo  AA+
        ool  ...
        """,
        orange="A",
        annex="A",
    )
    line = lit(pos, "A")
    assert (line.size, lamp_names(line), line.points) == (3, ["C2"], 3)


# S1b / S1c: the large streetlight.


def test_s1b_large_streetlight_lights_its_pattern_not_as_a_normal_lamp() -> None:
    # square2 reaches two steps in every direction: C3 (offset 2, 2) is lit, D1 (3, 0) is not.
    pos = board(
        """
        l..o  g..B
        ....  ....
        ....  ..A.
        """,
        orange="AB",
    )
    assert lamp_names(lit(pos, "A")) == ["A1"]
    assert lit(pos, "B").points == 0
    assert any("square2" in note for note in score(pos).notes)


def test_s1b_large_streetlight_space_is_not_also_a_normal_lamp() -> None:
    pos = board("lo  gA", orange="A", pattern=((3, 0),))
    assert lit(pos, "A").points == 0


@pytest.mark.parametrize(
    ("literal", "blocked"),
    [
        # (2, 2) is blocked only by (1, 1)
        ("l..  g..\n...  .B.\n...  ..A", True),
        ("l..  gB.\n...  B..\n...  ..A", False),
        # (2, 0) only by (1, 0)
        ("l..  gBA", True),
        ("l..  g.A\n...  BB.", False),
        # (2, 1) by (1, 0) or by (1, 1)
        ("l..  gB.\n...  ..A", True),
        ("l..  g..\n...  .BA", True),
        ("l..  g..\n...  B.A", False),
    ],
)
def test_s1b_line_of_sight(literal: str, blocked: bool) -> None:
    pos = board(literal, orange="AB")
    assert lamp_names(lit(pos, "A")) == ([] if blocked else ["A1"])


def test_s1b_corner_contact_never_blocks_offset_1_1() -> None:
    pos = board("l.  gB\n..  CA", orange="ABC")
    assert lamp_names(lit(pos, "A")) == ["A1"]
    assert lamp_names(lit(pos, "B")) == ["A1"]
    assert lamp_names(lit(pos, "C")) == ["A1"]


def test_s1b_a_buildings_own_spaces_do_not_block_it() -> None:
    pos = board("l..  gAA", orange="A", pattern=((2, 0),))
    assert lamp_names(lit(pos, "A")) == ["A1"]


def test_s1b_large_streetlight_counts_once_with_normal_lamps() -> None:
    pos = board("l.l  gAA", orange="A")
    line = lit(pos, "A")
    # C1 is a streetlight space covered by A, so only the large streetlight lights A.
    assert (lamp_names(line), line.points) == (["A1"], 2)


@pytest.mark.parametrize(
    ("pattern", "target", "expected"),
    [
        ("diamond2", "C1", True),
        ("diamond2", "C2", False),
        ("diamond2", "B2", True),
        ("rays4", "H1", True),
        ("rays4", "B2", False),
        ("rays8", "H8", True),
        ("rays8", "C2", False),
        ("square2", "C3", True),
        ("square2", "D1", False),
        (((3, 1),), "D2", True),
        (((3, 1),), "C1", False),
    ],
)
def test_s1c_patterns(pattern: object, target: str, expected: bool) -> None:
    sq = parse_square(target)
    rows = ["." * 8 for _ in range(8)]
    rows[0] = "g" + rows[0][1:]
    r, c = divmod(sq, 8)
    rows[r] = rows[r][:c] + "A" + rows[r][c + 1 :]
    literal = "\n".join(("l" if i == 0 else "o") + "o" * 7 + "  " + row for i, row in enumerate(rows))
    pos = board(literal, orange="A", pattern=pattern)
    assert bool(lit(pos, "A").lamps) is expected


# S2: largest group.


def test_s2_adjacent_buildings_group_and_largest_wins() -> None:
    pos = board(
        """
        oooooo  AAB.CC
        oooooo  ....CC
        """,
        orange="ABC",
    )
    group = score(pos).orange.largest_group
    assert (group.points, group.buildings) == (4, ("C",))
    pos = board("oooooo  AAB.C.", orange="ABC")
    group = score(pos).orange.largest_group
    assert (group.points, group.buildings) == (3, ("A", "B"))


def test_s2_diagonal_contact_does_not_join_and_ties_go_to_first_id() -> None:
    pos = board(
        """
        oo  B.
        oo  .A
        """,
        orange="AB",
    )
    group = score(pos).orange.largest_group
    assert (group.points, group.buildings) == (1, ("A",))


def test_s2_tie_uses_string_order_of_ids() -> None:
    pos = board("ooo  9.1", orange="19")
    assert score(pos).orange.largest_group.buildings == ("1",)


def test_s2_annex_joins_groups_and_counts_in_size() -> None:
    pos = board("oooo  AA+B", orange="AB", annex="A")
    group = score(pos).orange.largest_group
    assert (group.points, group.buildings) == (4, ("A", "B"))


def test_s2_other_players_buildings_do_not_join() -> None:
    pos = board("ooo  ABA", orange="A", blue="B")
    # A is one building of two separate cells; B between them is blue.
    assert score(pos).orange.largest_group.points == 2
    assert score(pos).blue.largest_group.points == 1


def test_s2_groups_only_merge_as_buildings_are_added() -> None:
    """groups_with, the one S2 step: a building added later joins every group it touches; added one at a time
    (the game engine, as they are built) or all at once (the scorer), the groups are the same."""
    from paris_score.scoring import NO_GROUPS, board_of, groups_with

    pos = board("oooooooo  AA.B.CC.", orange="ABC")
    entries = board_of(pos).orange
    apart = groups_with(NO_GROUPS, entries)
    assert apart[0] == 2
    assert sorted((size, [b.id for b in members]) for _, size, members in apart[1]) == [
        (1, ["B"]),
        (2, ["A"]),
        (2, ["C"]),
    ]
    joined = board("oooooooo  AADBECC.", orange="ABCDE")
    every = board_of(joined).orange
    one_by_one = NO_GROUPS
    for k in range(len(every)):
        one_by_one = groups_with(one_by_one, every[k : k + 1])
    assert one_by_one == groups_with(NO_GROUPS, every)
    ((_, size, members),) = one_by_one[1]
    assert (one_by_one[0], size, sorted(b.id for b in members)) == (7, 7, ["A", "B", "C", "D", "E"])


def test_s2_no_buildings_scores_zero() -> None:
    group = score(board("o  .")).blue.largest_group
    assert (group.points, group.buildings) == (0, ())


# S3: unbuilt buildings.


def test_s3_three_points_off_per_unbuilt_building() -> None:
    unbuilt = score(board("o  .", reserve={"orange": [4, 5]})).orange.unbuilt
    assert (unbuilt.count, unbuilt.points, unbuilt.waived_by) == (2, -6, None)


def test_s3_sacre_coeur_waives_the_penalty() -> None:
    pos = board("o  .", reserve={"blue": [3, 4, 6]}, cards={"blue": ["sacre-coeur"]})
    unbuilt = score(pos).blue.unbuilt
    assert (unbuilt.count, unbuilt.points, str(unbuilt.waived_by)) == (3, 0, "sacre-coeur")
    assert score(pos).to_dict()["players"]["blue"]["unbuilt"]["waived_by"] == "sacre-coeur"


def test_s3_sacre_coeur_with_empty_reserve_waives_nothing() -> None:
    unbuilt = score(board("o  .", cards={"orange": ["sacre-coeur"]})).orange.unbuilt
    assert (unbuilt.count, unbuilt.points, unbuilt.waived_by) == (0, 0, None)


# S4a: Le Peintre.


def test_s4a_painter_area_bounded_only_by_buildings_and_edge() -> None:
    pos = board(
        """
        boloolob  pd.....t
        bbbbbbbb  AAAAAAAA
        llllllll  ........
        """,
        blue="A",
        cards={"blue": ["le-peintre"]},
    )
    card = score(pos).blue.postcards.cards[0]
    # Row 1 is the area: the dancer does not bound it; lamps C1, F1 and the tile H1 are in it.
    assert (str(card.card), card.points) == ("le-peintre", 6)
    assert card.detail == "3 lamps in the painter's area: C1, F1, H1"
    assert score(pos).blue.postcards.points == 6


def test_s4a_painter_scores_for_the_cards_user_only() -> None:
    pos = board("bl  p.", cards={"orange": ["le-peintre"]})
    assert score(pos).orange.postcards.points == 2
    assert score(pos).blue.postcards.points == 0


def test_s4a_card_used_without_the_painter_scores_zero() -> None:
    cards = score(board("ol  ..", cards={"blue": ["le-peintre"]})).blue.postcards.cards
    assert [(str(c.card), c.points) for c in cards] == [("le-peintre", 0)]


# S4b: Moulin Rouge.


def test_s4b_dancer_area_bounded_by_pieces_lamps_and_buildings() -> None:
    pos = board(
        """
        oooooooo  d.p.....
        oloooooo  A.AAAAAA
        ooo       ...
        """,
        orange="A",
        cards={"orange": ["moulin-rouge"]},
    )
    card = score(pos).orange.postcards.cards[0]
    assert (card.points, card.detail) == (2, "2 spaces in the dancer's area: A1, B1")


def test_s4b_dancer_alone_counts_its_own_space() -> None:
    pos = board(
        """
        olo  Ad.
        ooo  .A.
        """,
        blue="A",
        cards={"blue": ["moulin-rouge"]},
    )
    # B1's neighbours: A1 building, C1 free, B2 building; C1 leads to C2 and on, so wall C1 off.
    assert score(pos).blue.postcards.points > 1
    pos = board(
        """
        ooo  Adt
        ooo  .A.
        """,
        blue="A",
        cards={"blue": ["moulin-rouge"]},
    )
    assert score(pos).blue.postcards.points == 1


# S4c: Le Penseur.


def test_s4c_statue_counts_free_neighbours() -> None:
    pos = board(
        """
        oooo  ....
        oool  ....
        oooo  ..^A
        oooo  .p..
        """,
        orange="A",
        cards={"orange": ["le-penseur"]},
    )
    card = score(pos).orange.postcards.cards[0]
    # adjacent free: C2 (front), B3, C4 -> 3 x 2; diagonal free: B2, D2 (a streetlight), D4 -> 3 x 1.
    assert card.points == 9
    assert card.detail == "front C2 free; 3 free adjacent (C2, B3, C4) x 2 + 3 free diagonal (B2, D2, D4) x 1"


def test_s4c_front_not_free_scores_zero() -> None:
    pos = board("ooo  .>A", orange="A", cards={"blue": ["le-penseur"]})
    card = score(pos).blue.postcards.cards[0]
    assert (card.points, card.detail) == (0, "the space in front (C1) is not free")


def test_s4c_spaces_off_the_board_count_nothing() -> None:
    pos = board("o  v", cards={"blue": ["le-penseur"]})
    # A1 facing down: adjacent B1, A2 -> 4; diagonal B2 -> 1.
    assert score(pos).blue.postcards.points == 5


def test_s4c_front_off_the_board_scores_zero() -> None:
    pos = board("o  ^", cards={"blue": ["le-penseur"]})
    assert score(pos).blue.postcards.points == 0


# S4d: Fontaine des Mers.


def test_s4d_three_points_per_own_building_beside_the_fountain() -> None:
    pos = board(
        """
        oooo  ..+.
        oooo  AfB.
        oooo  .D..
        oooo  .C..
        """,
        orange="AC",
        blue="BD",
        annex="C",
        cards={"blue": ["fontaine-des-mers"], "orange": []},
    )
    # Blue's B (east) and D (south) touch the fountain; C's annex sits on C1, diagonal to B2.
    card = score(pos).blue.postcards.cards[0]
    assert (card.points, card.detail) == (6, "2 buildings beside the fountain: B, D")


def test_s4d_annex_counts_as_the_building() -> None:
    pos = board("ooo  A+f", orange="A", annex="A", cards={"orange": ["fontaine-des-mers"]})
    assert score(pos).orange.postcards.points == 3


# S5: totals, winner, tie-break.


def test_s5_total_is_the_sum_of_the_lines_and_higher_total_wins() -> None:
    pos = board(
        """
        olbb  A.B.
        oooo  A...
        """,
        orange="A",
        blue="B",
        reserve={"orange": [3]},
    )
    report = score(pos)
    assert (report.orange.total, report.blue.total) == (2 + 2 - 3, 1 + 1)
    assert report.winner == "blue"
    d = report.to_dict()
    assert d["players"]["orange"]["total"] == 1
    assert d["winner"] == "blue"


def test_s5_tie_broken_by_free_spaces_of_own_colour() -> None:
    pos = board("bbb  ...")
    report = score(pos)
    assert (report.orange.total, report.blue.total) == (0, 0)
    assert (report.orange.free_own_spaces, report.blue.free_own_spaces) == (61, 3)
    assert report.winner == "orange"
    assert any("orange wins on free spaces of own colour, 61 to 3" in n for n in report.notes)


def test_s5_still_tied_is_a_shared_victory() -> None:
    pos = board("\n".join(["bbbbbbbb"] * 4), fill="o")
    report = score(pos)
    assert report.winner == "tie"


def test_s5_chartier_space_is_mixed_for_the_tie_break() -> None:
    pos = board("\n".join(["bbbbbbbb"] * 4), chartier=parse_square("A8"))
    report = score(pos)
    assert (report.orange.free_own_spaces, report.blue.free_own_spaces) == (31, 32)
    assert report.winner == "blue"


def test_score_refuses_pieces_on_one_space() -> None:
    from paris_score import Building, Pieces

    pos = board("oo  AA", orange="A")
    overlapping = pos.__class__(
        pos.ground,
        (*pos.buildings, Building("B", BLUE, 1 << 1)),
        pos.reserve,
        pos.postcards,
        Pieces(painter=0),
    )
    with pytest.raises(IllegalPositionError) as info:
        score(overlapping)
    messages = [str(p) for p in info.value.problems]
    assert messages == [
        "W1 overlap: building A and building B both stand on B1 [B1]",
        "W1 overlap: building A and the painter both stand on A1 [A1]",
    ]


def test_a_postcard_used_by_both_players_is_named_in_the_notes() -> None:
    pos = board(
        """
        oloo  ....
        oooo  .p..
        """,
        cards={"in_play": ["le-peintre"], "orange": ["le-peintre"], "blue": ["le-peintre"]},
    )
    report = score(pos)
    assert report.orange.postcards.points == report.blue.postcards.points == 2
    assert [n for n in report.notes if "both" in n] == [
        "Le Peintre is used by both players (B6: a postcard is used once, paris-score check reports it): "
        "it is scored for each of them"
    ]
    one_user = score(board("oloo  ....\noooo  .p..", cards={"in_play": ["le-peintre"], "orange": ["le-peintre"]}))
    assert not [n for n in one_user.notes if "both" in n]


def test_s1_each_lamp_records_the_spaces_it_lit() -> None:
    # D1 is a normal lamp beside A's C1 and D2.  The large streetlight on A1 sees A's C1, and B's A3;
    # building X on B2 hides C2, C3 and B3 (S1b), and is seen itself.
    pos = board(
        """
        l..l  g.A.
        ....  .XAA
        ....  BBA.
        """,
        orange="AXB",
    )
    a = lit(pos, "A")
    assert lamp_names(a) == ["A1", "D1"]
    assert [square_names(spaces) for spaces in a.reached] == [["C1"], ["C1", "D2"]]
    assert [square_names(spaces) for spaces in lit(pos, "B").reached] == [["A3"]]
    assert [square_names(spaces) for spaces in lit(pos, "X").reached] == [["B2"]]
    # What the line keeps to make ``reached`` when asked: the building, and what the large streetlight lit.
    assert (square_names(a.spaces), square_names(a.seen), a.large) == (["C1", "C2", "D2", "C3"], ["C1"], 0)


def square_names(bb: int) -> list[str]:
    return [square_name(sq) for sq in range(64) if bb >> sq & 1]


# The report's lines are made from their fields' tuple (``scoring._make``), not by calling their class.


def _named_tuples(value: object) -> list[tuple[object, ...]]:
    """``value`` and every named tuple inside it."""
    found = []
    if isinstance(value, tuple):
        if hasattr(value, "_fields"):
            found.append(value)
        for item in value:
            found += _named_tuples(item)
    return found


def test_every_line_is_the_value_its_class_makes() -> None:
    import pickle

    from paris_score.game.generate import corpus
    from paris_score.postcards import PAINTER
    from paris_score.scoring import Board, board_of, board_with, board_with_piece, totals

    seen: set[str] = set()
    for position in corpus(60, 11):
        report = score(position)
        board = board_of(position)
        added = board_with(board, position.buildings[0]) if position.buildings else board
        values = _named_tuples((report.orange, report.blue, board, added, totals(position)))
        values.append(board_with_piece(board, PAINTER, 0))
        for line in values:
            again = type(line)(*line)
            assert len(line) == len(line._fields)  # type: ignore[attr-defined]
            assert (line, hash(line), repr(line)) == (again, hash(again), repr(again))
            assert pickle.loads(pickle.dumps(line)) == line
            seen.add(type(line).__name__)
        assert isinstance(board, Board)
    assert seen >= {"LitBuilding", "LitBuildings", "Unbuilt", "CardScore", "CardScores", "PlayerScore", "Board"}


@pytest.mark.parametrize("pieces_first", [False, True])
def test_the_tally_kept_move_by_move_is_the_tally_made_at_once(pieces_first: bool) -> None:
    """scoring's incremental S1 and S2 (the game engine's): each building and special piece added in turn gives
    the tally made from the whole board, whose points are the report's S1 and S2 lines."""
    from collections.abc import Callable
    from functools import partial

    from paris_score.game.generate import corpus
    from paris_score.model import Pieces
    from paris_score.postcards import PIECES
    from paris_score.scoring import Tally, tally_built, tally_of, tally_placed

    for position in corpus(40, 11):
        pattern, streetlight = position.rules.large_streetlight_pattern, position.ground.streetlight
        tally = tally_of((), Pieces(), streetlight, pattern)
        placed = [(piece, getattr(position.pieces, piece.key)) for piece in PIECES]
        placed = [(piece, at if isinstance(at, int) else at.at) for piece, at in placed if at is not None]

        steps: list[Callable[[Tally], Tally]] = [
            partial(tally_built, building=b, pattern=pattern) for b in position.buildings
        ]
        puts = [partial(tally_placed, piece=piece, sq=sq, pattern=pattern) for piece, sq in placed]
        for step in puts + steps if pieces_first else steps + puts:
            tally = step(tally)
        made = tally_of(position.buildings, position.pieces, streetlight, pattern)
        assert tally == made
        report = score(position)
        assert tally.points() == tuple(
            report[player].lit_buildings.points + report[player].largest_group.points for player in Player
        )
