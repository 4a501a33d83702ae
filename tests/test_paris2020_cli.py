"""``paris-score paris2020 score`` (docs/paris2020.md, docs/cli.md): through click and once as a real process."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

from paris_score.formats import schema
from paris_score_cli.app import cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "paris2020"
MONTMARTRE = EXAMPLES / "montmartre.json"


def run(*args: str, stdin: str | bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["paris2020", "score", *args], input=stdin)
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def write(folder: Path, doc: Any) -> str:
    path = folder / "evening.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), "utf-8")
    return str(path)


def test_the_breakdown_of_montmartre() -> None:
    status, out, err = run(str(MONTMARTRE))
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[:8] == [
        "Paris (2020): final scoring",
        "",
        "Montmartre: scoring tile 16, 8, 4",
        "   1st  Marysia  21 = 15 + 3 + 3   16",
        "   1st  Marek    21 = 15 + 4 + 2   16",
        "   3rd  Ula      16 = 11 + 5        4",
        "   4th  Piotr    8                  0  the 4th place never scores with 4 players (K5)",
        "  Marysia and Marek tie on 21, and they co-own a property of 15, the most valuable each owns there: "
        "they share the 1st place, the 2nd place skipped (K4)",
    ]
    assert lines[9:16] == [
        "Ula",
        "  on the score track            0",
        "  bonus tile 27: none           0",
        "  Montmartre                    4",
        "  total                         4",
        "  francs 0; value of all properties 16",
        "",
    ]
    assert (
        lines[-1]
        == "RESULT: Marysia and Marek tie on 16 points, 0 francs and properties worth 21: they share the win (K7)"
    )


def test_json_is_the_paris2020_score_document_in_the_players_order() -> None:
    status, out, _ = run(str(MONTMARTRE), "--format", "json")
    assert status == 0
    doc = json.loads(out)
    jsonschema.validate(doc, json.loads(schema("paris2020-score")))
    assert [(p["name"], p["total"], p["districts"]) for p in doc["players"]] == [
        ("Ula", 4, {"Montmartre": 4}),
        ("Marysia", 16, {"Montmartre": 16}),
        ("Piotr", 0, {"Montmartre": 0}),
        ("Marek", 16, {"Montmartre": 16}),
    ]
    assert (doc["winners"], doc["decided_by"]) == (["Marysia", "Marek"], "shared")


def test_standard_input_is_read_with_a_dash() -> None:
    status, out, _ = run("-", stdin=(EXAMPLES / "belleville.json").read_bytes())
    assert status == 0
    assert out.splitlines()[-1] == "RESULT: Ula wins with 18 points"


def test_a_bad_document_exits_1_naming_every_key_path(tmp_path: Path) -> None:
    doc = json.loads(MONTMARTRE.read_text("utf-8"))
    doc["players"][2]["francs"] = -1
    doc["districts"][0]["properties"][0]["owners"] = ["Marysia", "Marta"]
    path = write(tmp_path, doc)
    status, out, err = run(path)
    assert (status, out) == (1, "")
    assert err.splitlines() == [
        f"{path}: players[2].francs: expected a whole number of at least 0, got -1",
        f"{path}: districts[0].properties[0].owners[1]: 'Marta' is not a player; "
        "the players are 'Ula', 'Marysia', 'Piotr' and 'Marek'",
    ]


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        (b"", "<stdin>: the input is empty; expected the end of a game of Paris (2020): JSON or text"),
        (b"{", "<stdin>: line 1, col 2: not valid JSON: Expecting property name enclosed in double quotes"),
        (
            b"\xfe\xff\x00{",
            "<stdin>: byte 0 (line 1, col 1): not UTF-8 text (0xfe); this looks like UTF-16; save the file as UTF-8",
        ),
        (
            b'{"format": "paris-game/1"}',
            "<stdin>: format: this is a paris-game/1 game record, not a paris2020-final/1 "
            "end of a game of Paris (2020); `paris-score replay` reads game records",
        ),
    ],
)
def test_unreadable_input_exits_1_without_a_traceback(stdin: bytes, message: str) -> None:
    status, out, err = run("-", stdin=stdin)
    assert (status, out, err.splitlines()) == (1, "", [message])


def test_a_missing_file_exits_1(tmp_path: Path) -> None:
    status, _, err = run(str(tmp_path / "nothing.json"))
    assert (status, err) == (1, f"{tmp_path / 'nothing.json'}: cannot read the file: No such file or directory\n")


def test_too_many_properties_for_the_keys_is_a_warning_on_standard_error(tmp_path: Path) -> None:
    doc = json.loads((EXAMPLES / "belleville.json").read_text("utf-8"))
    doc["districts"][0]["properties"] += [{"value": v, "owners": ["Marek", "Marek"]} for v in range(1, 7)]
    path = write(tmp_path, doc)
    status, out, err = run(path, "--format", "json")
    message = (
        "players[1]: Marek has 13 keys on properties (two on a property they own twice); a 2-player game gives "
        "each player at most 12 keys: 10 behind the screen and the 2 of the pool that bonus tiles 13 and 14 "
        "hand out (K8)"
    )
    assert (status, err) == (0, f"{path}: warning: {message}\n")
    assert json.loads(out)["warnings"] == [
        {
            "where": "players[1]",
            "message": message.split(": ", 1)[1],
            "message_i18n": {
                "id": "p2020.keys",
                "args": {"name": "Marek", "held": 13, "n": 2, "limit": 12, "behind": 10, "pool": 2},
            },
        }
    ]


def test_a_position_is_not_an_end_of_game_and_the_other_way_round() -> None:
    status, _, err = run(str(ROOT / "examples" / "rulebook.json"))
    assert status == 1
    assert "this is a paris-position/1 position, not a paris2020-final/1" in err
    result = CliRunner().invoke(cli, ["score", str(MONTMARTRE)])
    assert result.exit_code == 1
    assert (
        "format: this is a paris2020-final/1 end of a game of Paris (2020), not a paris-position/1 position; "
        "`paris-score paris2020 score` reads it" in result.stderr
    )


def test_check_skips_an_end_of_game_in_a_folder_and_says_so() -> None:
    result = CliRunner().invoke(cli, ["check", str(EXAMPLES)])
    assert result.exit_code == 0
    assert f"{EXAMPLES / 'belleville.json'}: skipped, a paris2020-final/1 document, not a position" in result.output


def test_the_schemas_are_printed() -> None:
    for name in ("paris2020-final", "paris2020-score"):
        result = CliRunner().invoke(cli, ["schema", name])
        assert result.exit_code == 0
        assert json.loads(result.stdout)["title"] == f"{name}/1"


def test_the_real_command_scores_an_example() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "paris_score_cli", "paris2020", "score", str(EXAMPLES / "batignolles.json")],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        env={"PYTHONPATH": f"{ROOT}:{ROOT / 'cli'}", "PATH": "/usr/bin:/bin"},
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines()[-1] == "RESULT: Piotr wins with 20 points"


# -- the text form, and convert ------------------------------------------------------------------------


def convert(*args: str, stdin: str | bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["paris2020", "convert", *args], input=stdin)
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_a_typed_text_is_scored_like_its_json(tmp_path: Path) -> None:
    status, text, _ = convert(str(MONTMARTRE), "--to", "text")
    assert status == 0
    typed = tmp_path / "evening.txt"
    typed.write_text(text, "utf-8")
    assert run(str(typed)) == run(str(MONTMARTRE))
    assert run("-", stdin=text) == run(str(MONTMARTRE))


def test_convert_goes_both_ways_and_writes_a_file(tmp_path: Path) -> None:
    status, text, _ = convert(str(MONTMARTRE), "--to", "text")
    assert status == 0
    assert text.splitlines()[-1] == "2 Marek"
    out = tmp_path / "back.json"
    assert convert("-", "--to", "json", "-o", str(out), stdin=text) == (0, "", "")
    assert json.loads(out.read_text("utf-8")) == json.loads(MONTMARTRE.read_text("utf-8"))


def test_convert_refuses_a_name_the_text_cannot_hold(tmp_path: Path) -> None:
    doc = json.loads(MONTMARTRE.read_text("utf-8"))
    doc["players"][0]["name"] = "Ula + 1"
    for prop in doc["districts"][0]["properties"]:
        prop["owners"] = ["Ula + 1" if o == "Ula" else o for o in prop["owners"]]
    path = write(tmp_path, doc)
    status, out, err = convert(path, "--to", "text")
    assert (status, out) == (1, "")
    assert err == (
        f"{path}: the player 'Ula + 1' cannot be written as text: it would hold #, :, +, a line break or a lone "
        "surrogate, or spaces around it; keep it as paris2020-final/1 JSON\n"
    )


def test_a_typed_slip_exits_1_naming_its_line() -> None:
    status, out, err = run("-", stdin="player Ula: 4 points, 2 francs\nplayer Marek: 5 points\n")
    assert (status, out, err) == (1, "", "<stdin>: line 2: player Marek: no francs\n")
