"""Paris (Kramer & Kiesling, 2020): each rule of the final scoring (docs/paris2020.md, K1-K8) on small cases.

A district is written as its tile and its properties, each ``"value owner [owner]"``:
``district((20, 10, 5), "13 A", "11 B", "2 B")``; the players are A, B, C, D.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from paris_score.errors import Paris2020FormatError
from paris_score.paris2020 import District, EndOfGame, Investor, Property, Score, district_score, score
from paris_score.paris2020.referee import key_warnings, keys_held, problems
from tests.strategies import paris2020_games

NAMES = ("A", "B", "C", "D")


def district(scoring: tuple[int, ...], *properties: str, name: str = "X") -> District:
    parsed = (text.split() for text in properties)
    return District(name, scoring, tuple(Property(int(value), tuple(owners)) for value, *owners in parsed))


def end(players: int, *districts: District) -> EndOfGame:
    return EndOfGame(tuple(Investor(name, 0, 0) for name in NAMES[:players]), districts)


def placed(players: int, scoring: tuple[int, ...], *properties: str) -> list[tuple[str, int, int, int]]:
    """Each placed player of one district: (name, sum, place, points), by place."""
    result = district_score(district(scoring, *properties), NAMES[:players])
    return [(s.name, s.value, s.place, s.points) for s in result.standings]


# -- K3, K4: sums and places ------------------------------------------------------------------------


def test_places_follow_the_sums_of_the_values_each_player_owns() -> None:
    assert placed(3, (12, 6, 2), "5 A", "9 B", "1 C", "2 C") == [("B", 9, 1, 12), ("A", 5, 2, 6), ("C", 3, 3, 2)]


def test_a_player_owning_nothing_takes_no_place_and_the_next_moves_up() -> None:
    result = district_score(district((12, 6, 2), "5 A", "1 C"), NAMES[:3])
    assert [(s.name, s.place, s.points) for s in result.standings] == [("A", 1, 12), ("C", 2, 6)]
    assert result.unplaced == ("B",)
    assert result.points("B") == 0


def test_a_property_worth_0_still_gives_a_place() -> None:
    assert placed(3, (10, 5), "4 A", "0 B") == [("A", 4, 1, 10), ("B", 0, 2, 5)]


def test_a_co_owned_property_counts_for_both_owners() -> None:  # bonus tile 16
    assert placed(3, (12, 6, 2), "7 A B", "1 B", "6 C") == [("B", 8, 1, 12), ("A", 7, 2, 6), ("C", 6, 3, 2)]


def test_a_property_owned_twice_counts_twice() -> None:  # bonus tile 9, a ruling
    result = district_score(district((12, 6), "5 A A", "8 B"), NAMES[:2])
    assert [(s.name, s.parts, s.value, s.points) for s in result.standings] == [
        ("A", (5, 5), 10, 12),
        ("B", (8,), 8, 6),
    ]


def test_a_tie_on_the_sum_goes_to_the_owner_of_the_most_valuable_property() -> None:
    assert placed(3, (12, 6, 2), "9 A", "4 A", "13 B", "1 C") == [("B", 13, 1, 12), ("A", 13, 2, 6), ("C", 1, 3, 2)]


def test_a_tie_where_neither_owns_the_district_s_best_compares_each_one_s_best() -> None:  # a ruling
    # C owns the 20; A (8 + 2) and B (6 + 4) tie on 10: A's 8 beats B's 6.
    assert placed(3, (12, 6, 2), "20 C", "8 A", "2 A", "6 B", "4 B") == [
        ("C", 20, 1, 12),
        ("A", 10, 2, 6),
        ("B", 10, 3, 2),
    ]


def test_players_still_tied_share_the_higher_place_and_the_next_is_skipped() -> None:
    # A and B co-own the 9 and tie on 12: both take the 1st place's 12; C takes the 3rd place's 2.
    result = district_score(district((12, 6, 2), "9 A B", "3 A", "2 B", "1 B", "11 C"), NAMES[:3])
    assert [(s.name, s.place, s.points) for s in result.standings] == [("A", 1, 12), ("B", 1, 12), ("C", 3, 2)]
    assert result.ties == (
        "A and B tie on 12, and they co-own a property of 9, the most valuable each owns there: "
        "they share the 1st place, the 2nd place skipped (K4)",
    )


def test_a_tie_after_the_first_place_shares_that_place() -> None:
    assert placed(4, (12, 6, 2), "9 A", "4 B C", "1 B", "1 C", "1 D") == [
        ("A", 9, 1, 12),
        ("B", 5, 2, 6),
        ("C", 5, 2, 6),
        ("D", 1, 4, 0),
    ]


def test_three_players_tied_share_one_place_and_the_next_two_are_skipped() -> None:
    # Two properties of 5 (not co-owned) for three players: still tied on sum and best (a ruling).
    result = district_score(district((12, 6, 2, 1), "5 A B", "5 C", "3 D"), NAMES)
    assert [(s.name, s.place, s.points) for s in result.standings] == [
        ("A", 1, 12),
        ("B", 1, 12),
        ("C", 1, 12),
        ("D", 4, 0),
    ]
    assert result.ties == (
        "A, B and C tie on 5, and each owns a property of 5, the most valuable each owns there: "
        "they share the 1st place, the 2nd and 3rd places skipped (K4)",
    )


def test_a_split_tie_then_a_shared_place_says_both() -> None:
    result = district_score(district((12, 6, 2), "7 A", "6 B C", "1 B", "1 C"), NAMES[:3])
    assert [(s.name, s.place, s.points) for s in result.standings] == [("A", 1, 12), ("B", 2, 6), ("C", 2, 6)]
    assert result.ties == (
        "A, B and C tie on 7; the most valuable property each owns there decides: A 7, B 6, C 6 (K4)",
        "B and C still tie: they co-own a property of 6, the most valuable each owns there: "
        "they share the 2nd place (K4)",
    )


def test_a_place_beyond_the_tile_scores_nothing() -> None:
    result = district_score(district((8,), "5 A", "3 B"), NAMES[:3])
    assert [(s.name, s.points, s.why_none) for s in result.standings] == [
        ("A", 8, ""),
        ("B", 0, "the scoring tile has no 2nd place (K4)"),
    ]


def test_a_district_without_a_scoring_tile_scores_nothing() -> None:  # a ruling
    result = district_score(district((), "5 A"), NAMES[:3])
    assert [(s.points, s.why_none) for s in result.standings] == [(0, "no scoring tile in this district (K4)")]


# -- K5, K6: four and two players --------------------------------------------------------------------


def test_with_four_players_the_4th_place_never_scores() -> None:
    result = district_score(district((12, 6, 3, 1), "4 A", "3 B", "2 C", "1 D"), NAMES)
    assert [(s.place, s.points) for s in result.standings] == [(1, 12), (2, 6), (3, 3), (4, 0)]
    assert result.standings[3].why_none == "the 4th place never scores with 4 players (K5)"


def test_with_four_players_two_tied_on_the_3rd_place_both_score_it() -> None:
    assert placed(4, (12, 6, 3, 1), "4 A", "3 B", "2 C D") == [
        ("A", 4, 1, 12),
        ("B", 3, 2, 6),
        ("C", 2, 3, 3),
        ("D", 2, 3, 3),
    ]


def test_with_four_players_the_last_placed_scores_unless_4th() -> None:  # ruling R7
    """R7: "the last player" of four is the 4th place; with D owning nothing, C comes last and scores the 3rd place."""
    assert placed(4, (12, 6, 3, 1), "4 A", "3 B", "2 C") == [("A", 4, 1, 12), ("B", 3, 2, 6), ("C", 2, 3, 3)]


def test_with_three_players_the_3rd_place_scores() -> None:
    assert placed(3, (12, 6, 3), "4 A", "3 B", "2 C") == [("A", 4, 1, 12), ("B", 3, 2, 6), ("C", 2, 3, 3)]


@pytest.mark.parametrize(
    ("first", "second", "scores"),
    [(12, 6, True), (12, 5, False), (13, 7, True), (13, 6, False), (2, 1, True), (3, 1, False), (1, 0, False)],
)
def test_with_two_players_the_2nd_place_needs_half_the_1st_s_value(first: int, second: int, scores: bool) -> None:
    result = district_score(district((18, 9), f"{first} A", f"{second} B"), NAMES[:2])
    assert [s.points for s in result.standings] == [18, 9 if scores else 0]
    if not scores:
        assert result.standings[1].why_none == (
            f"with 2 players the 2nd place needs at least half the 1st's value: {second} < {first}/2 (K6)"
        )


def test_with_two_players_a_tie_on_the_sum_leaves_the_2nd_place_its_points() -> None:
    assert placed(2, (18, 9), "6 A", "4 A", "8 B", "2 B") == [("B", 10, 1, 18), ("A", 10, 2, 9)]


def test_the_half_rule_is_for_two_players_only() -> None:
    assert placed(3, (18, 9, 4), "12 A", "5 B") == [("A", 12, 1, 18), ("B", 5, 2, 9)]


# -- K2, K7: totals and the winner ----------------------------------------------------------------------


def players(*given: tuple[int, int, bool]) -> tuple[Investor, ...]:
    return tuple(
        Investor(name, points, francs, bonus) for name, (points, francs, bonus) in zip(NAMES, given, strict=False)
    )


def test_bonus_tile_27_gives_a_point_per_franc_to_each_holder() -> None:
    result = score(EndOfGame(players((40, 7, True), (40, 9, False), (30, 4, True)), ()))
    assert [(p.bonus_27, p.tile_27, p.total) for p in result.players] == [(7, True, 47), (0, False, 40), (4, True, 34)]
    assert result.winners == ("A",)


def test_the_total_adds_the_track_the_bonus_and_every_district() -> None:
    game = EndOfGame(
        players((10, 3, True), (20, 0, False)),
        (district((8, 4), "5 A", "3 B", name="P"), district((6, 2), "2 A", "3 B", name="Q")),
    )
    result = score(game)
    assert [(p.districts, p.total) for p in result.players] == [((8, 2), 23), ((4, 6), 30)]
    assert (result.winners, result.decided_by) == (("B",), "points")
    assert str(result).endswith("RESULT: B wins with 30 points\n")


def test_a_tie_on_points_goes_to_the_most_francs() -> None:
    result = score(EndOfGame(players((30, 3, False), (30, 5, False), (12, 40, False)), ()))
    assert (result.winners, result.decided_by) == (("B",), "francs")
    assert str(result).endswith("RESULT: A and B tie on 30 points; B wins on francs, 5 to 3 (K7)\n")


def test_a_tile_27_holder_s_francs_count_in_the_tie_on_francs() -> None:  # ruling R6
    """A scores its 5 francs with bonus tile 27 (30 + 5 = 35) and still has them when tied with B on 35."""
    result = score(EndOfGame(players((30, 5, True), (35, 3, False)), ()))
    assert [p.total for p in result.players] == [35, 35]
    assert (result.winners, result.decided_by) == (("A",), "francs")


def test_then_to_the_highest_value_of_all_properties_owned_twice_counted_twice() -> None:
    game = EndOfGame(
        players((30, 5, False), (30, 5, False), (30, 4, False)),
        (district((), "6 A A", "11 B", name="P"), district((), "1 B", "40 C", name="Q")),
    )
    result = score(game)
    assert [p.property_value for p in result.players] == [12, 12, 40]
    assert (result.winners, result.decided_by) == (("A", "B"), "shared")
    assert str(result).endswith(
        "RESULT: A, B and C tie on 30 points; "
        "A and B tie on 5 francs and properties worth 12: they share the win (K7)\n"
    )
    better = attrs.evolve(game, districts=(district((), "6 A A", "11 B", "1 A", name="P"), game.districts[1]))
    won = score(better)
    assert (won.winners, won.decided_by) == (("A",), "property value")
    assert str(won).endswith(
        "RESULT: A, B and C tie on 30 points; A and B tie on 5 francs; "
        "A wins on the value of their properties, 13 to 12 (K7)\n"
    )


# -- K1-K3: the referee -------------------------------------------------------------------------------


def where(game: EndOfGame) -> list[str]:
    return [str(problem) for problem in problems(game)]


def test_a_good_end_of_game_has_no_problem() -> None:
    assert where(end(4, district((20, 10, 5), "13 A", "4 B C", "2 D D"))) == []


def test_the_referee_names_each_problem_at_its_key_path() -> None:
    game = EndOfGame(
        (Investor("A", -1, 0), Investor(" ", 0, -2), Investor("A", 0, 0)),
        (
            district((10, 12, -1), "-3 A", "2", "4 A A A", "5 Z", name="P"),
            district((), name="P"),
        ),
    )
    assert where(game) == [
        "players[1].name: a player needs a name",
        "players[2].name: 'A' is the name of players[0] too; names are distinct",
        "players[0].points: expected a whole number of at least 0, got -1",
        "players[1].francs: expected a whole number of at least 0, got -2",
        "districts[1].name: 'P' is the name of districts[0] too; names are distinct",
        "districts[0].scoring[1]: the 2nd place's 12 is more than the 1st place's 10; "
        "a scoring tile's values do not go up (K4)",
        "districts[0].scoring[2]: expected a whole number of at least 0, got -1",
        "districts[0].properties[0].value: expected a whole number of at least 0, got -3",
        "districts[0].properties[1].owners: a property has at least one owner (K3)",
        "districts[0].properties[2].owners: 3 owners; at most 2 keys stand on one property "
        "(bonus tile 16: two players; bonus tile 9: one player twice) (K3)",
        "districts[0].properties[3].owners[0]: 'Z' is not a player; the players are 'A' and ' '",
    ]


@pytest.mark.parametrize(("count", "message"), [(1, "1 player"), (5, "5 players")])
def test_the_game_is_for_two_to_four_players(count: int, message: str) -> None:
    game = EndOfGame(tuple(Investor(f"P{i}", 0, 0) for i in range(count)), ())
    assert where(game) == [f"players: {message}; Paris is played by 2 to 4 (K1)"]


def test_paris_has_six_districts() -> None:
    game = end(2, *(district((1,), name=f"D{i}") for i in range(7)))
    assert where(game) == ["districts: 7 districts; Paris has 6 (K1)"]


def test_score_refuses_what_the_referee_refuses() -> None:
    with pytest.raises(Paris2020FormatError, match=r"districts\[0\].properties\[0\].owners\[0\]: 'Z' is not a player"):
        score(end(2, district((1,), "3 Z")))


# -- K8: the keys ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players_", "limit"), [(2, 12), (3, 11), (4, 9)])
def test_more_properties_than_keys_is_a_warning_not_an_error(players_: int, limit: int) -> None:
    at_limit = end(players_, district((1,), *[f"{v} A" for v in range(limit)]))
    assert keys_held(at_limit, "A") == limit
    assert key_warnings(at_limit) == []
    over = end(players_, district((1,), *[f"{v} A" for v in range(limit - 1)], "3 A A"))
    assert keys_held(over, "A") == limit + 1
    assert [str(w) for w in key_warnings(over)] == [
        f"players[0]: A has {limit + 1} keys on properties (two on a property they own twice); "
        f"a {players_}-player game gives each player at most {limit} keys: {limit - 2} behind the screen "
        "and the 2 of the pool that bonus tiles 13 and 14 hand out (K8)"
    ]
    assert score(over).warnings == tuple(key_warnings(over))


# -- Properties --------------------------------------------------------------------------------------


@given(paris2020_games())
def test_a_player_scores_0_or_one_of_the_tile_s_values_in_each_district(game: EndOfGame) -> None:
    result = score(game)
    for d, scored in zip(game.districts, result.districts, strict=True):
        for p in game.players:
            assert scored.points(p.name) in {0, *d.scoring}


@given(paris2020_games(), st.permutations(range(6)))
def test_renaming_the_players_changes_nothing(game: EndOfGame, order: list[int]) -> None:
    new = {p.name: f"player {order[i]}" for i, p in enumerate(game.players)}
    renamed = EndOfGame(
        tuple(attrs.evolve(p, name=new[p.name]) for p in game.players),
        tuple(
            attrs.evolve(d, properties=tuple(Property(q.value, tuple(new[o] for o in q.owners)) for q in d.properties))
            for d in game.districts
        ),
    )
    before, after = score(game), score(renamed)
    assert [attrs.evolve(p, name=new[p.name]) for p in before.players] == list(after.players)
    assert tuple(new[w] for w in before.winners) == after.winners
    assert before.decided_by == after.decided_by


@given(paris2020_games(), st.data())
def test_adding_a_property_to_the_1st_place_never_lowers_its_points(game: EndOfGame, data: st.DataObject) -> None:
    result = score(game)
    firsts = [(i, s.name) for i, d in enumerate(result.districts) for s in d.standings if s.place == 1]
    if not firsts:
        return
    i, name = data.draw(st.sampled_from(firsts))
    value = data.draw(st.integers(0, 20))
    district_ = game.districts[i]
    more = attrs.evolve(district_, properties=(*district_.properties, Property(value, (name,))))
    richer = attrs.evolve(game, districts=(*game.districts[:i], more, *game.districts[i + 1 :]))
    after = score(richer)
    assert after.districts[i].points(name) >= result.districts[i].points(name)
    assert after[name].total >= result[name].total


@given(paris2020_games())
def test_the_places_of_a_district_are_ranks_of_the_sums(game: EndOfGame) -> None:
    for scored in score(game).districts:
        keys = [(s.value, s.best) for s in scored.standings]
        assert keys == sorted(keys, reverse=True)
        for s, key in zip(scored.standings, keys, strict=True):
            assert s.place == 1 + sum(other > key for other in keys)


def test_a_score_is_found_by_name() -> None:
    result: Score = score(end(2))
    assert result["B"].name == "B"
    with pytest.raises(KeyError):
        result["Z"]
