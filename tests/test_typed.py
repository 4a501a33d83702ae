"""At the table (issue 12): games typed as a tired player types them are scored right or refused.

``tests/data/typed/`` holds the rulebook example (orange 48 - blue 57) typed
with one mistake each.  Every file is either scored 48 - 57 or refused (exit
1) with a message naming the line to fix: never exit 0 with another score.
Then each item of the issue on its own: reserves that must be said, postcards
as printed, ids in the wrong case, problems that point at grid lines, the
quiet streetlight count, ``--pattern``, ``template`` and the help.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import paris_score
from paris_score import Player, Postcard, Reserve
from paris_score.formats.names import closest, did_you_mean, fold, postcard_hint, postcard_named, postcard_runs
from paris_score.formats.position_json import dumps_json, loads_json
from paris_score.formats.text_grid import blank_template, dumps_text, loads_text, loads_typed
from paris_score_cli.app import cli

ROOT = Path(__file__).resolve().parent.parent
TYPED = ROOT / "tests" / "data" / "typed"
RULEBOOK = (ROOT / "examples" / "rulebook.txt").read_text("utf-8")
INTENDED = "RESULT: blue wins, orange 48 - blue 57"


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


# -- the typed games ------------------------------------------------------------------------

REFUSED = {
    "reserves-left-out.txt": [
        "line 14: no 'orange reserve' line; add one here with the sizes orange did not build, "
        "e.g. 'orange reserve: 4 5', or 'orange reserve: none' if every building was built",
        "line 14: no 'blue reserve' line; add one here with the sizes blue did not build, "
        "e.g. 'blue reserve: 4 5', or 'blue reserve: none' if every building was built",
    ],
    "reserve-none-for-one.txt": [
        "line 15: no 'blue reserve' line; add one here with the sizes blue did not build, "
        "e.g. 'blue reserve: 4 5', or 'blue reserve: none' if every building was built",
    ],
    "reserve-left-blank.txt": [
        "line 15, col 1: 'blue reserve' is empty; write the sizes blue did not build, "
        "e.g. 'blue reserve: 4 5', or 'blue reserve: none' if every building was built",
    ],
    "postcard-typo.txt": ["line 18, col 46: 'lampadiare' is not a postcard; did you mean lampadaire?"],
    "postcard-unknown.txt": [
        "line 17, col 14: 'tour-eiffel' is not a postcard; `paris-score template` lists the 12 postcards"
    ],
    "reserve-twice.txt": [
        "line 16, col 1: 'blue reserve' is given twice, here and on line 15: write the sizes once, "
        "on one line (a repeated line would count its buildings twice)",
    ],
    "ids-run-together.txt": ["line 12, col 17: 'DEFGH' is not a building id; separate the ids with spaces: D E F G H"],
    "chartier-mark-first.txt": ["line 6, col 17: the Chartier mark / follows the cobblestone: write 'o/D'"],
    "id-nobody-owns.txt": [
        "line 8, col 18: building X has no owner; name it in 'orange buildings' or 'blue buildings'"
    ],
    "stray-letter.txt": [
        "error   P1 building-not-connected: the spaces of building E are not connected edge to edge [E1 E2 E3 F3 C8]",
        "    line 2 (row 1): E1",
        "    line 3 (row 2): E2",
        "    line 4 (row 3): E3 F3",
        "    line 9 (row 8): C8",
        "not legal (1 error, 0 warnings); fix the lines shown",
    ],
    "building-too-big.txt": [
        "error   B3 building-size-not-in-box: building B covers 7 spaces (its annex apart); "
        "the box's pieces have 3 to 6 [C2 B3 C3 B4 A5 B5 C6]",
        "    line 3 (row 2): C2",
        "    line 4 (row 3): B3 C3",
        "    line 5 (row 4): B4",
        "    line 6 (row 5): A5 B5",
        "    line 7 (row 6): C6",
        "error   P1 building-not-connected: the spaces of building B are not connected edge to edge "
        "[C2 B3 C3 B4 A5 B5 C6]",
        "    line 3 (row 2): C2",
        "    line 4 (row 3): B3 C3",
        "    line 5 (row 4): B4",
        "    line 6 (row 5): A5 B5",
        "    line 7 (row 6): C6",
        "not legal (2 errors, 0 warnings); fix the lines shown",
    ],
}
SCORED = ("postcards-as-printed.txt", "id-in-wrong-case.txt", "header-id-in-wrong-case.txt")


def test_every_typed_game_is_listed_here() -> None:
    assert sorted(p.name for p in TYPED.glob("*.txt")) == sorted([*REFUSED, *SCORED])


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_typed_mistake_is_refused_naming_what_to_fix(name: str) -> None:
    path = str(TYPED / name)
    code, out, err = run("score", path)
    assert (code, out) == (1, "")
    assert err.splitlines() == [f"{path}: {line}" for line in REFUSED[name]]
    assert "--no-check" not in err  # skipping the referee would score the typo


@pytest.mark.parametrize("name", SCORED)
def test_a_typed_variant_is_scored_as_meant(name: str) -> None:
    code, out, err = run("score", str(TYPED / name))
    assert (code, err) == (0, "")
    assert INTENDED in out.splitlines()
    assert loads_text((TYPED / name).read_text("utf-8")) == paris_score.rulebook_example()


def test_no_typed_game_exits_0_with_another_score() -> None:
    for path in sorted(TYPED.glob("*.txt")):
        code, out, _ = run("score", str(path))
        assert code == 1 or INTENDED in out.splitlines(), path.name


# -- 1. reserves must be said ---------------------------------------------------------------


@pytest.mark.parametrize("said", ["none", "NONE", "-", "  none  "])
def test_a_reserve_of_none_is_said_with_none_or_a_dash(said: str) -> None:
    text = RULEBOOK.replace("blue reserve: 4", f"blue reserve: {said}")
    position = loads_text(text)
    assert position.reserve.blue == ()
    assert position.reserve.not_given == ()
    assert paris_score.score(position).blue.total == 60  # 57, and no building left to cost 3


def test_unknown_says_the_reserve_is_not_known_and_round_trips() -> None:
    position = loads_text(RULEBOOK.replace("blue reserve: 4", "blue reserve: unknown"))
    assert position.reserve == Reserve((5, 5), (), not_given=(Player.BLUE,))
    assert "blue reserve: unknown\n" in dumps_text(position)
    assert loads_text(dumps_text(position)) == position
    assert loads_json(dumps_json(position)) == position
    assert "blue" not in json.loads(dumps_json(position))["reserve"]


@pytest.mark.parametrize(
    ("written", "error"),
    [
        ("blue reserve: unknown 4", "line 20, col 15: 'unknown' is not a building size; expected 3, 4, 5 or 6"),
        ("blue reserve: none 4", "line 20, col 1: 'blue reserve' says none and lists sizes too; keep one"),
        ("blue reserve: 4, -", "line 20, col 1: 'blue reserve' says none and lists sizes too; keep one"),
    ],
)
def test_a_reserve_says_sizes_or_none_or_unknown_not_two_of_them(written: str, error: str) -> None:
    with pytest.raises(paris_score.PositionFormatError) as info:
        loads_text(RULEBOOK.replace("blue reserve: 4", written))
    assert [str(e) for e in info.value.errors] == [error]


def _json_without_reserve() -> str:
    doc = json.loads(paris_score.dumps(paris_score.rulebook_example()))
    del doc["reserve"]
    return json.dumps(doc)


def test_a_json_reserve_left_out_is_remembered_and_round_trips() -> None:
    position = paris_score.loads(_json_without_reserve())
    assert position.reserve == Reserve(not_given=(Player.ORANGE, Player.BLUE))
    assert "reserve" not in json.loads(dumps_json(position))
    assert loads_json(dumps_json(position)) == position
    assert loads_text(dumps_text(position)) == position
    one = json.loads(paris_score.dumps(paris_score.rulebook_example()))
    del one["reserve"]["blue"]
    assert paris_score.loads(json.dumps(one)).reserve == Reserve((5, 5), (), not_given=(Player.BLUE,))


def test_a_json_reserve_left_out_is_a_warning_of_check_and_a_note_of_score(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(_json_without_reserve(), "utf-8")
    code, out, _ = run("check", str(path))
    assert code == 0
    assert out.splitlines() == [
        f"{path}: legal (0 errors, 2 warnings)",
        "  warning S3 reserve-not-given: no reserve given for orange: the unbuilt penalty assumes none",
        "  warning S3 reserve-not-given: no reserve given for blue: the unbuilt penalty assumes none",
    ]
    code, out, err = run("score", str(path))
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines.count("    none left (no reserve given; counted as none)") == 2
    assert "note: no reserve given for orange: the unbuilt penalty assumes none" in lines
    assert "note: no reserve given for blue: the unbuilt penalty assumes none" in lines
    assert "RESULT: blue wins, orange 48 - blue 60" in lines


def test_the_breakdown_shows_the_reserve_it_counted() -> None:
    report = paris_score.score(paris_score.rulebook_example())
    lines = str(report).splitlines()
    assert "    2 left (sizes 5, 5), waived by Sacré-Cœur" in lines
    assert "    1 left (size 4)" in lines
    assert report.to_dict()["players"]["blue"]["unbuilt"] == {
        "count": 1,
        "points": -3,
        "waived_by": None,
        "sizes": [4],
        "given": True,
    }
    empty = paris_score.Position(paris_score.rulebook_example().ground)
    assert "    none left" in str(paris_score.score(empty)).splitlines()


# -- 2. postcards as printed ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "card"),
    [
        ("Le Peintre", Postcard.LE_PEINTRE),
        ("le peintre", Postcard.LE_PEINTRE),
        ("Sacre Coeur", Postcard.SACRE_COEUR),
        ("Sacré-Cœur", Postcard.SACRE_COEUR),
        ("sacre-coeur", Postcard.SACRE_COEUR),
        ("Bouquinistes sur la Seine", Postcard.BOUQUINISTES),
        ("bouquinistes", Postcard.BOUQUINISTES),
        ("LA_GRANDE_LUMIÈRE", Postcard.LA_GRANDE_LUMIERE),
    ],
)
def test_a_postcard_is_named_as_printed_in_any_case_and_accents(written: str, card: Postcard) -> None:
    assert postcard_named(written) is card


def test_a_line_of_postcards_splits_on_spaces_or_commas() -> None:
    words = ["le", "peintre", "moulin", "rouge", "Sacré-Cœur", "fontaine", "des", "mers"]
    breaks = [False, False, False, True, False, False, False, True]  # a comma after "rouge", then the line's end
    runs = postcard_runs(words, breaks)
    assert [card for *_, card in runs] == [
        Postcard.LE_PEINTRE,
        Postcard.MOULIN_ROUGE,
        Postcard.SACRE_COEUR,
        Postcard.FONTAINE_DES_MERS,
    ]


def test_unknown_words_make_one_unknown_name_up_to_the_next_card_or_comma() -> None:
    words = ["moulin", "rouje", "chartier", "xx", "yy", "zz"]
    assert postcard_runs(words, [False, False, False, True, False, True]) == [
        (0, 2, None),
        (2, 3, Postcard.CHARTIER),
        (3, 4, None),
        (4, 6, None),
    ]


def test_postcards_in_a_grid_as_printed_with_commas_or_without() -> None:
    text = RULEBOOK.replace(
        "blue used: le-peintre metropolitain chartier lampadaire",
        "blue used: Le Peintre Métropolitain, chartier LAMPADAIRE",
    )
    assert loads_text(text) == paris_score.rulebook_example()


def test_an_unknown_postcard_gets_one_error_with_the_closest_names() -> None:
    text = RULEBOOK.replace("blue used: le-peintre", "blue used: Moulin Rouje, le-peintre")
    with pytest.raises(paris_score.PositionFormatError) as info:
        loads_text(text)
    assert [str(e) for e in info.value.errors] == [
        "line 23, col 12: 'Moulin Rouje' is not a postcard; did you mean moulin-rouge?"
    ]


def test_json_keeps_slugs_and_says_which_was_meant() -> None:
    doc = json.loads(paris_score.dumps(paris_score.rulebook_example()))
    doc["postcards"]["blue"][0] = "Le Peintre"
    with pytest.raises(paris_score.PositionFormatError) as info:
        paris_score.loads(json.dumps(doc))
    assert [str(e) for e in info.value.errors] == [
        "postcards.blue[0]: 'Le Peintre' is not a postcard slug; did you mean le-peintre?"
    ]


# -- 3. ids and one "did you mean" ----------------------------------------------------------


def test_did_you_mean_folds_case_and_accents_and_says_nothing_when_nothing_is_close() -> None:
    assert fold("  Sacré  Cœur_x ") == "sacre-coeur-x"
    assert closest("moulin-rouje", ["moulin-rouge", "le-penseur"]) == ["moulin-rouge"]
    assert did_you_mean("Ab", ["AB", "CD"]) == "; did you mean AB?"
    assert did_you_mean("zz", ["moulin-rouge"]) == ""


def test_a_grid_id_in_another_case_joins_the_header_id() -> None:
    position = loads_text(RULEBOOK.replace("4   oA  oB  oC", "4   oA  oB  oc"))
    assert position == paris_score.rulebook_example()


def test_two_ids_in_two_cases_both_named_stay_two_buildings() -> None:
    text = RULEBOOK.replace("4   oA  oB  oC  mC", "4   oA  oB  oC  mc").replace(
        "orange buildings: A B C", "orange buildings: A B C c"
    )
    position = loads_text(text.replace("jardin: C", "jardin: C c"))
    assert [b.id for b in position.buildings_of(Player.ORANGE)] == ["A", "B", "C", "c"]


# -- 4. problems that point at the grid -----------------------------------------------------


def test_the_reader_gives_the_line_of_each_row() -> None:
    typed = loads_typed("\n\n" + RULEBOOK)
    assert typed.position == paris_score.rulebook_example()
    assert typed.row_lines == tuple(range(9, 17))
    assert typed.line_of(paris_score.squares.parse_square("C8")) == 16


def test_check_names_grid_lines_and_json_gets_no_lines(tmp_path: Path) -> None:
    path = TYPED / "stray-letter.txt"
    code, out, _ = run("check", str(path))
    assert code == 1
    assert out.splitlines()[1:] == [
        "  error   P1 building-not-connected: the spaces of building E are not connected edge to edge [E1 E2 E3 F3 C8]",
        "      line 2 (row 1): E1",
        "      line 3 (row 2): E2",
        "      line 4 (row 3): E3 F3",
        "      line 9 (row 8): C8",
    ]
    as_json = tmp_path / "game.json"
    as_json.write_text(dumps_json(loads_text(path.read_text("utf-8"))), "utf-8")
    code, out, _ = run("check", str(as_json))
    assert code == 1
    assert not any("(row " in line for line in out.splitlines())


def test_no_check_is_suggested_where_it_helps_only() -> None:
    wrong_colour = RULEBOOK.replace("1   oA  oA  l.  o.  bE", "1   oA  oA  l.  o.  oE")  # E on orange: P1
    code, _, err = run("score", "-", stdin=wrong_colour)
    assert code == 1
    assert err.splitlines() == [
        "<stdin>: error   P1 building-on-wrong-colour: building E of blue covers orange's colour [E1]",
        "<stdin>:     line 7 (row 1): E1",
        "<stdin>:     line 17 (blue buildings: E)",
        "<stdin>: not legal (1 error, 0 warnings); fix the lines shown, "
        "or if the board really is so, --no-check scores it anyway",
    ]


def test_a_building_given_to_the_wrong_owner_names_its_owner_line() -> None:
    """The board shows the problem, the owner line holds the typo: both are named."""
    text = RULEBOOK.replace("orange buildings: A B C", "orange buildings: A B C G").replace(
        "blue buildings: D E F G H", "blue buildings: D E F H"
    )
    code, _, err = run("score", "-", stdin=text)
    assert code == 1
    assert err.splitlines()[:5] == [
        "<stdin>: error   P1 building-on-wrong-colour: building G of orange covers blue's colour [H3 H4 H5]",
        "<stdin>:     line 9 (row 3): H3",
        "<stdin>:     line 10 (row 4): H4",
        "<stdin>:     line 11 (row 5): H5",
        "<stdin>:     line 16 (orange buildings: G)",
    ]


def test_postcard_problems_name_the_postcard_lines_in_text_and_annotations() -> None:
    text = RULEBOOK.replace("orange used: sacre-coeur", "orange used: le-peintre sacre-coeur")
    code, out, _ = run("check", "-", stdin=text)
    assert code == 1
    # The message names orange: blue's used line is not the place.
    assert (
        "  error   B5 too-many-postcards-used: orange has used 5 postcards; a player has 4 action tokens\n"
        "      line 22 (orange used)\n  error"
    ) in out
    code, out, _ = run("check", "-", "--format", "github", stdin=text)
    assert "::error file=<stdin>,line=22,title=B5 too-many-postcards-used::" in out
    # A used card not in play: the used line first (the likelier slip), then the postcards line.
    text = RULEBOOK.replace("blue used: ", "blue used: moulin-rouge ")
    code, out, _ = run("check", "-", stdin=text)
    assert "      line 23 (blue used)\n      line 21 (postcards)\n" in out
    code, out, _ = run("check", "-", "--format", "github", stdin=text)
    assert "::error file=<stdin>,line=23,title=B6 postcard-not-in-play::blue used Moulin Rouge" in out


def test_json_problems_name_no_header_lines(tmp_path: Path) -> None:
    text = RULEBOOK.replace("orange used: sacre-coeur", "orange used: le-peintre sacre-coeur")
    as_json = tmp_path / "game.json"
    as_json.write_text(dumps_json(loads_text(text)), "utf-8")
    code, out, _ = run("check", str(as_json), "--format", "github")
    assert code == 1
    assert ",line=1,title=B5 too-many-postcards-used::" in out


# -- 5. the streetlight count is a remark for --verbose -------------------------------------

SEVEN_LIGHTS = RULEBOOK.replace("1   oA  oA  l.", "1   oA  oA  o.")


def test_the_streetlight_count_is_not_a_warning_of_score() -> None:
    code, out, err = run("score", "-", stdin=SEVEN_LIGHTS)
    assert (code, err) == (0, "")
    assert "streetlight" not in out


def test_check_leaves_the_streetlight_count_to_verbose() -> None:
    code, out, _ = run("check", "-", stdin=SEVEN_LIGHTS)
    assert (code, out) == (
        0,
        "<stdin>: legal (0 errors, 0 warnings)\n  note: 1 unconfirmed remark left out; --verbose shows it\n",
    )
    code, out, _ = run("check", "-", "--verbose", stdin=SEVEN_LIGHTS)
    assert code == 0
    assert out.splitlines()[:2] == [
        "<stdin>: legal (0 errors, 1 warning)",
        "  warning B2 streetlight-count: the ground has 7 streetlight spaces; a full board is reported to have 8 "
        "(unconfirmed, the tile faces are unknown) [H2 D3 G3 E4 C5 F5 E7]",
    ]


# -- 6. --pattern ----------------------------------------------------------------------------

LARGE = RULEBOOK.replace("5   oB  oB  l.", "5   oB  oB  l**").replace(
    "blue used: le-peintre metropolitain chartier lampadaire",
    "blue used: le-peintre metropolitain chartier lampadaire la-grande-lumiere",
)


def test_pattern_overrides_the_file_and_is_echoed() -> None:
    said = "large streetlight pattern rays4 (--pattern; the file says square2)"
    code, out, _ = run("score", "-", "--pattern", "rays4", "--no-check", stdin=LARGE)
    assert code == 0
    assert f"note: {said}" in out.splitlines()
    code, out, _ = run("score", "-", "--pattern", "RAYS4", "--no-check", "--format", "json", stdin=LARGE)
    assert json.loads(out)["notes"][0] == said
    code, out, _ = run("check", "-", "--pattern", "rays4", stdin=RULEBOOK)
    assert out.splitlines()[:2] == ["<stdin>: legal (0 errors, 0 warnings)", f"  {said}"]


def test_pattern_offsets_change_the_score_as_the_file_would() -> None:
    offsets = "(1,0) (-1,0) (0,1) (0,-1)"
    from_option = run("score", "-", "--pattern", offsets, "--no-check", "--format", "json", stdin=LARGE)[1]
    from_file = run("score", "-", "--no-check", "--format", "json", stdin=LARGE.replace("square2", offsets))[1]
    assert json.loads(from_option)["players"] == json.loads(from_file)["players"]


def test_render_takes_a_pattern_and_says_so(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    code, _, err = run("render", "-", "-o", str(out), "--pattern", "diamond2", stdin=RULEBOOK)
    assert code == 0
    assert err == "<stdin>: large streetlight pattern diamond2 (--pattern; the file says square2)\n"
    assert out.read_text("utf-8").startswith("<svg")


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("square3", "'square3' is not a pattern; expected square2, diamond2, rays4, rays8 or offsets"),
        ("(0,0)", "(0,0) is the lamp's own space; a pattern leaves it out"),
        ("(1,0) (1,0)", "(1,0) is listed twice"),
    ],
)
def test_a_bad_pattern_is_a_usage_error(written: str, message: str) -> None:
    code, out, err = run("score", "-", "--pattern", written, stdin=RULEBOOK)
    assert (code, out) == (2, "")
    assert message in err


# -- 7. template ----------------------------------------------------------------------------


def test_the_template_has_every_header_and_the_postcards() -> None:
    code, out, _ = run("template")
    assert code == 0
    assert out == blank_template()
    for key in ("orange buildings", "blue buildings", "jardin", "orange reserve", "blue reserve", "postcards"):
        assert re.search(rf"^{key}:", out, re.MULTILINE), key
    assert "#   Sacré-Cœur                  sacre-coeur" in out.splitlines()


def test_the_blank_template_is_refused_as_it_is() -> None:
    with pytest.raises(paris_score.PositionFormatError) as info:
        loads_text(blank_template())
    found = [str(e) for e in info.value.errors]
    assert found[0] == (
        "line 8, col 5: not typed yet: A1 B1 C1 D1 E1 F1 G1 H1; replace each ? with the colour printed there: "
        "o, b, m or l"
    )
    assert found[-1].startswith("line 21, col 1: 'blue reserve' is empty")
    assert len(found) == 10


def test_the_template_filled_in_reads_back_as_the_game() -> None:
    example = paris_score.rulebook_example()
    grid = dumps_text(example, legend=False).splitlines()[1:9]  # the 8 rows, as the player types them
    filled = blank_template()
    for row in grid:
        blank = next(line for line in filled.splitlines() if line.startswith(row[:4]) and "?" in line)
        filled = filled.replace(blank, row)
    for key, value in [
        ("orange buildings:", "A B C"),
        ("blue buildings:", "D E F G H"),
        ("jardin: -", "C"),
        ("orange reserve:", "5 5"),
        ("blue reserve:", "4"),
        (
            "postcards:",
            "Lévitation, Métropolitain, Jardin des Plantes, Sacré-Cœur, Le Peintre, Chartier, "
            "Bouquinistes sur la Seine, Lampadaire",
        ),
        ("orange used:", "sacre coeur jardin des plantes bouquinistes levitation"),
        ("blue used:", "le peintre metropolitain chartier lampadaire"),
    ]:
        line = next(line for line in filled.splitlines() if line.startswith(key))
        filled = filled.replace(line, f"{key.split(':')[0]}: {value}  # {line.split('#')[-1].strip()}")
    assert loads_text(filled) == example
    code, out, _ = run("score", "-", stdin=filled)
    assert code == 0
    assert INTENDED in out.splitlines()


def test_template_example_is_the_rulebook_grid() -> None:
    code, out, _ = run("template", "--example")
    assert (code, out) == (0, RULEBOOK)


# -- 8. help ----------------------------------------------------------------------------------

COMMANDS = ("check", "convert", "example", "play", "render", "replay", "schema", "score", "serve", "template")


def test_the_top_level_help_has_whole_summaries_and_the_exit_statuses() -> None:
    code, out, _ = run("--help")
    assert code == 0
    listed = out.split("Commands:\n", 1)[1].splitlines()
    assert all(not line.endswith("...") and line.rstrip().endswith(".") for line in listed if line.strip())
    assert "Exit statuses: 0 success; 1 the input is unreadable or breaks a rule" in " ".join(out.split())
    assert "docs/typing-your-game.md" in out


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_help_has_examples(command: str) -> None:
    code, out, _ = run(command, "--help")
    assert code == 0
    examples = out.split("Examples:\n", 1)[1]
    assert f"paris-score {command}" in examples.split("\n\n", 1)[0]


def test_score_help_names_the_text_grid_and_the_typing_guide() -> None:
    out = " ".join(run("score", "--help")[1].split())
    assert "a text grid, as typed at the table" in out
    assert "docs/typing-your-game.md" in out


# -- more of the tired player's habits ------------------------------------------------------


def _errors(text: str) -> list[str]:
    with pytest.raises(paris_score.PositionFormatError) as info:
        loads_text(text)
    return [str(e) for e in info.value.errors]


def test_a_misspelt_header_key_gets_a_did_you_mean_and_the_reserve_is_still_missing() -> None:
    assert _errors(RULEBOOK.replace("blue reserve: 4", "blue reserves: 4")) == [
        "line 20, col 1: unknown header 'blue reserves'; did you mean blue reserve?",
        "line 20: no 'blue reserve' line; add one here with the sizes blue did not build, "
        "e.g. 'blue reserve: 4 5', or 'blue reserve: none' if every building was built",
    ]


def test_semicolons_separate_postcards_as_commas_do() -> None:
    text = RULEBOOK.replace(
        "blue used: le-peintre metropolitain chartier lampadaire",
        "blue used: Le Peintre; Métropolitain;Chartier ; Lampadaire",
    )
    assert loads_text(text) == paris_score.rulebook_example()


def test_a_reserve_of_0_is_refused_with_the_word_to_write() -> None:
    assert _errors(RULEBOOK.replace("blue reserve: 4", "blue reserve: 0")) == [
        "line 20, col 15: '0' is not a building size; write 'none' when every building was built"
    ]


@pytest.mark.parametrize(
    ("written", "hint"),
    [
        ("lampadiare", "; did you mean lampadaire?"),
        ("penseur", "; did you mean le-penseur?"),
        ("Grande Lumiere", "; did you mean la-grande-lumiere?"),
        ("metro", "; did you mean metropolitain?"),  # the start of one card's name
        ("jardin", "; did you mean jardin-des-plantes?"),
        ("xyz", "; `paris-score template` lists the 12 postcards"),
    ],
)
def test_a_postcard_hint_names_the_closest_card_only(written: str, hint: str) -> None:
    assert postcard_hint(written) == hint


def test_every_header_a_code_points_at_is_a_header_of_the_text_grid() -> None:
    from paris_score.codes import PROBLEMS
    from paris_score.formats.text_grid import _KEY_ORDER

    named = {key for kind in PROBLEMS.values() for key in kind.headers}
    assert {"owner", "postcards", "jardin"} <= named
    assert named - {"owner"} <= set(_KEY_ORDER)
