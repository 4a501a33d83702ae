"""The text form of an end of a game of Paris (2020) (docs/paris2020.md): read with errors at their lines,
written back, the same game as its paris2020-final/1 JSON."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest
from hypothesis import given

from paris_score.errors import Paris2020FormatError, UnwritableError
from paris_score.limits import MAX_ITEMS
from paris_score.paris2020 import EndOfGame, Investor, dumps_final, load_final, score
from paris_score.paris2020.text import dumps_text, loads_any, loads_text
from tests.strategies import paris2020_games

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "paris2020"

TYPED = """\
# the end of our game
player Ula: 45 points, 7 francs, bonus 27
player Marek:12 francs,38  points   # any order, spaces or not

district Belleville: 18, 9,4
12 Ula
  5 Marek
15 Ula + Marek     # bonus tile 16
district Opéra:
3 Marek + Marek    # bonus tile 9
"""


def errors(text: str) -> list[str]:
    with pytest.raises(Paris2020FormatError) as caught:
        loads_text(text)
    return [str(e) for e in caught.value.errors]


def test_a_typed_end_of_game_reads_as_its_json_says() -> None:
    game = loads_text(TYPED)
    assert game.players == (Investor("Ula", 45, 7, True), Investor("Marek", 38, 12))
    assert [(d.name, d.scoring, [(p.value, p.owners) for p in d.properties]) for d in game.districts] == [
        ("Belleville", (18, 9, 4), [(12, ("Ula",)), (5, ("Marek",)), (15, ("Ula", "Marek"))]),
        ("Opéra", (), [(3, ("Marek", "Marek"))]),
    ]
    assert [p.total for p in score(game).players] == [45 + 7 + 18, 38 + 9]


def test_the_written_text_of_belleville() -> None:
    game = load_final(EXAMPLES / "belleville.json")
    assert dumps_text(game).splitlines()[2:] == [
        "player Ula: 0 points, 0 francs",
        "player Marek: 0 points, 0 francs",
        "",
        "district Belleville: 18 9 4",
        "12 Ula",
        "5 Marek",
    ]
    assert dumps_text(game).splitlines()[1] == f"note: {game.note}"


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.name)
def test_each_example_reads_back_from_its_text(path: Path) -> None:
    game = load_final(path)
    assert loads_text(dumps_text(game)) == game


@given(paris2020_games())
def test_a_written_text_reads_back_equal(game: EndOfGame) -> None:
    assert loads_text(dumps_text(game)) == game
    assert loads_any(dumps_text(game)) == loads_any(dumps_final(game)) == game


def test_text_and_json_are_told_apart_by_the_first_character() -> None:
    game = load_final(EXAMPLES / "montmartre.json")
    assert loads_any(dumps_final(game).encode()) == loads_any("\ufeff  " + dumps_text(game)) == game
    with pytest.raises(Paris2020FormatError, match=re.escape("line 1: '{': expected 'player NAME")):
        loads_any("{\n", "text")
    with pytest.raises(Paris2020FormatError, match="line 1, col 1: not valid JSON"):
        loads_any(dumps_text(game), "json")


def test_every_slip_is_named_by_its_line() -> None:
    assert errors(
        "player Ula: 45 points, 7 francs, bonus 27\n"
        "player Marek: 38 points\n"
        "player : 3 points, 4 francs\n"
        "player Ola: 3 points, 4 francs, 5 points\n"
        "player Iza: 3 pts, 4 francs\n"
        "12 Ula\n"
        "district Belleville 18 9 4\n"
        "district Belleville: 18 nine\n"
        "Ula 12\n"
        "note: one\n"
        "note: two\n"
    ) == [
        "line 2: player Marek: no francs",
        "line 3: a player line is 'player NAME: 45 points, 7 francs[, bonus 27]'",
        "line 4: '5 points': the points are given twice",
        "line 5: '3 pts': expected '45 points', '7 francs' or 'bonus 27'",
        "line 6: a property before any 'district NAME: ...' line",
        "line 7: a district line is 'district NAME: 18 9 4', the scoring tile's values",
        "line 8: a district line is 'district NAME: 18 9 4', the scoring tile's values",
        "line 9: 'Ula 12': expected 'player NAME: ...', 'district NAME: ...' or a property, "
        "'12 Ula' (its value, then its owners joined by +)",
        "line 11: a second note; the text has one 'note:' line",
    ]


def test_a_slip_in_a_district_line_is_one_error_not_one_a_property() -> None:
    # Its properties belong to that district all the same: they were each "a property before any district line".
    assert errors("player Ula: 0 points, 0 francs\ndistrict Belleville: 18 9 x\n12 Ula\n5 Ula\n") == [
        "line 2: a district line is 'district NAME: 18 9 4', the scoring tile's values"
    ]
    tile = " ".join(["1"] * (MAX_ITEMS + 1))
    assert errors(f"player Ula: 0 points, 0 francs\ndistrict Belleville: {tile}\n12 Ula\n") == [
        f"line 2: a scoring tile of at most {MAX_ITEMS} values (docs/robustness.md)"
    ]


def test_the_referee_s_problems_are_named_by_their_lines() -> None:
    assert errors(
        "player Ula: 45 points, 7 francs\n"
        "player Marek: 38 points, 1 franc\n"
        "player Ula: 3 points, 4 francs\n"
        "district Belleville: 18 9 20\n"
        "12 Ula\n"
        "5 Marta + Ula + Ula\n"
        "district Belleville: 1\n"
    ) == [
        "line 3: 'Ula' is the name of the player on line 1 too; names are distinct",
        "line 7: 'Belleville' is the name of the district on line 4 too; names are distinct",
        "line 4: the 3rd place's 20 is more than the 2nd place's 9; a scoring tile's values do not go up (K4)",
        "line 6: 3 owners; at most 2 keys stand on one property "
        "(bonus tile 16: two players; bonus tile 9: one player twice) (K3)",
        "line 6: 'Marta' is not a player; the players are 'Ula' and 'Marek'",
    ]


def test_the_limits_of_the_json_hold_for_the_text_too() -> None:
    head = "player A: 0 points, 0 francs\nplayer B: 0 points, 0 francs\n"
    assert errors(head + "district X: " + " 1" * 65 + "\n") == [
        "line 3: a scoring tile of at most 64 values (docs/robustness.md)"
    ]
    assert errors(head + "district X: 1\n" + "1 A\n" * 65) == [
        "line 68: a district holds at most 64 properties (docs/robustness.md)"
    ]
    assert len(loads_text(head + "district X: 1\n" + "1 A\n" * 64).districts[0].properties) == 64
    many = errors("zzz\n" * 150)
    assert (len(many), many[-1]) == (101, "stopped after 100 errors")


def test_too_many_players_is_said_without_a_line() -> None:
    text = "".join(f"player P{i}: 0 points, 0 francs\n" for i in range(5))
    assert errors(text) == ["players: 5 players; Paris is played by 2 to 4 (K1)"]


def test_an_empty_text_is_refused() -> None:
    assert errors("") == ["the input is empty; expected the end of a game of Paris (2020)"]
    assert errors("  \n# only a comment\n") == ["players: 0 players; Paris is played by 2 to 4 (K1)"]


@pytest.mark.parametrize(
    ("name", "shown"),
    [("Ula + Marek", "'Ula + Marek'"), ("Ula: the first", "'Ula: the first'"), (" Ula", "' Ula'"), ("#1", "'#1'")],
)
def test_a_name_the_text_cannot_hold_is_refused_not_changed(name: str, shown: str) -> None:
    game = load_final(EXAMPLES / "belleville.json")
    renamed = attrs.evolve(game, players=(attrs.evolve(game.players[0], name=name), game.players[1]))
    with pytest.raises(UnwritableError) as caught:
        dumps_text(renamed)
    assert str(caught.value) == (
        f"the player {shown} cannot be written as text: it would hold #, :, +, a line break or a lone surrogate, "
        "or spaces around it; keep it as paris2020-final/1 JSON"
    )
    with pytest.raises(UnwritableError, match=re.escape("the note 'a\\nb' cannot be written as text: it would hold #")):
        dumps_text(attrs.evolve(game, note="a\nb"))
    assert loads_text(dumps_text(attrs.evolve(game, note="a: b + c"))).note == "a: b + c"


def test_a_text_grid_read_as_a_paris2020_text_is_named() -> None:
    """The two text forms told apart: a Cité position given to the Paris (2020) reader, and the other way round."""
    grid = (Path(__file__).resolve().parent.parent / "examples" / "rulebook.txt").read_text("utf-8")
    assert errors(grid) == [
        "this is a text grid, a position, not a paris2020-final/1 end of a game of Paris (2020); "
        "`paris-score score`, `check`, `convert` and `render` read positions"
    ]
    assert errors("district Opéra:\n3 Marek\nrow 1\n")[0].startswith("line 3: 'row 1': expected")


def test_a_paris2020_text_read_as_a_position_is_named() -> None:
    import paris_score

    for text in (TYPED, "note: a short one\nplayer Ula: 1 point"):
        with pytest.raises(paris_score.PositionFormatError) as caught:
            paris_score.loads(text)
        assert [str(e) for e in caught.value.errors] == [
            "this is the end of a game of Paris (2020) in its text form, not a position; "
            "`paris-score paris2020 score` reads it"
        ]


def test_keywords_in_any_case_and_long_lines_clipped_visibly() -> None:
    upper = TYPED.replace("player Ula", "Player Ula").replace("district Opéra", "DISTRICT Opéra")
    assert loads_text(upper) == loads_text(TYPED)
    assert errors("note: x\n" + "12 Ula " * 20 + "\n") == ["line 2: a property before any 'district NAME: ...' line"]
    [said] = errors("player Ula: 45 points, 7 francs\nthis line goes on " + "and on " * 20 + "to its end\n")
    assert said.startswith("line 2: 'this line goes on and on an ... on and on and on to its end': expected")
