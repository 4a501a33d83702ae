"""The command line in the player's language: ``--lang``, the environment, JSON the same in every language."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import paris_score
from paris_score.i18n.catalogs import LANGUAGES
from paris_score.report import render_text
from paris_score_cli.app import cli

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK = str(ROOT / "examples" / "rulebook.json")
NO_LOCALE = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}


def run(*args: str, env: dict[str, str | None] | None = None) -> tuple[int, str, str]:
    result = CliRunner(env={**NO_LOCALE, **(env or {})}).invoke(cli, list(args))
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def saturday(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The rulebook's position with two broken rules: a painter off its ground (P6), a dancer nobody played (P10)."""
    doc = json.loads(Path(RULEBOOK).read_text("utf-8"))
    doc["pieces"]["painter"] = "F2"
    doc["pieces"]["dancer"] = "A8"
    path = tmp_path_factory.mktemp("lang") / "saturday.json"
    path.write_text(json.dumps(doc), "utf-8")
    return str(path)


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The short example game, its 21st move made illegal (orange's painter on a blue space, P6)."""
    doc = json.loads((ROOT / "examples" / "games" / "short-game.json").read_text("utf-8"))
    doc["moves"][20] = "card le-peintre E2"
    path = tmp_path_factory.mktemp("lang") / "record.json"
    path.write_text(json.dumps(doc), "utf-8")
    return str(path)


def test_lang_says_the_breakdown_in_that_language() -> None:
    code, out, _ = run("score", RULEBOOK, "--lang", "pl")
    assert code == 0
    assert out == render_text(paris_score.score(paris_score.load(RULEBOOK)), "pl")
    assert out.splitlines()[:2] == ["POMARAŃCZOWY", "  oświetlone budynki (S1)               33"]
    assert out.splitlines()[-1] == "WYNIK: wygrywa gracz niebieski, pomarańczowy 48 - niebieski 57"
    assert "lamps" not in out
    assert "RESULT" not in out


@pytest.mark.parametrize(
    ("env", "first"),
    [
        ({"LANG": "pl_PL.UTF-8"}, "POMARAŃCZOWY"),
        ({"LC_ALL": "cs_CZ.UTF-8", "LANG": "pl_PL.UTF-8"}, "ORANŽOVÝ"),
        ({"LANGUAGE": "pt:pl", "LANG": "pl_PL.UTF-8"}, "LARANJA"),
        ({"LANGUAGE": "de", "LC_ALL": "C"}, "ORANGE"),
        ({"LANG": "C"}, "ORANGE"),
        ({"LANG": "it_IT.UTF-8"}, "ORANGE"),
        ({}, "ORANGE"),
    ],
)
def test_without_lang_the_environment_chooses(env: dict[str, str], first: str) -> None:
    code, out, _ = run("score", RULEBOOK, env=env)  # type: ignore[arg-type]
    assert code == 0
    assert out.splitlines()[0] == first


def test_lang_wins_over_the_environment_and_c_is_english() -> None:
    english = run("score", RULEBOOK)[1]
    assert run("score", RULEBOOK, "--lang", "C", env={"LANG": "pl_PL.UTF-8"})[1] == english
    assert run("score", RULEBOOK, "--lang", "en_GB.UTF-8", env={"LANGUAGE": "fr"})[1] == english
    assert run("score", RULEBOOK, env={"LANG": "C"})[1] == english
    french = run("score", RULEBOOK, "--lang", "fr_FR", env={"LANG": "pl_PL"})[1]
    assert french.startswith("ORANGE\n  bâtiments éclairés")


def test_a_language_without_a_catalog_is_a_usage_error() -> None:
    code, _, err = run("score", RULEBOOK, "--lang", "it")
    assert code == 2
    assert "'it': expected one of en, pl, cs, pt, es, fr, de" in err


def test_the_environment_of_the_process_is_read(tmp_path: Path) -> None:
    """The real thing: ``LANG=pl_PL.UTF-8 paris-score score ...`` in a process of its own."""
    env = {k: v for k, v in os.environ.items() if k not in NO_LOCALE}
    env |= {"LANG": "pl_PL.UTF-8", "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "cli")])}
    done = subprocess.run(
        [sys.executable, "-m", "paris_score_cli", "score", RULEBOOK], env=env, capture_output=True, check=True
    )
    assert done.stdout.decode("utf-8").startswith("POMARAŃCZOWY\n")


def test_check_says_its_verdict_and_problems_in_the_language(saturday: str) -> None:
    code, out, _ = run("check", saturday, "--lang", "de")
    assert code == 1
    assert out.splitlines() == [
        f"{saturday}: nicht regelgerecht (2 Fehler, 0 Warnungen)",
        "  Fehler  P6 piece-on-wrong-colour: der Maler von Spieler Blau steht auf F2, das nicht die Farbe von Spieler"
        " Blau hat [F2]",
        "  Fehler  P10 piece-without-postcard: die Tänzerin ist auf A8, aber niemand hat Moulin Rouge genutzt [A8]",
    ]


def test_score_refuses_in_the_language(saturday: str) -> None:
    code, out, err = run("score", saturday, "--lang", "pl")
    assert (code, out) == (1, "")
    assert err.splitlines()[-1] == (
        f"{saturday}: niezgodne z zasadami (2 błędy, 0 ostrzeżeń); jeśli plansza naprawdę tak wygląda, --no-check i"
        " tak ją policzy"
    )


def test_replay_says_the_refused_move_in_the_language(record: str) -> None:
    code, out, _ = run("replay", record, "--lang", "fr")
    assert code == 1
    assert out.splitlines()[-2:] == [
        "coup illégal 21 (joueur orange) : P6 piece-on-wrong-colour: le peintre se pose sur une case de la couleur"
        " du joueur orange ; E2 ne l'est pas [E2]",
        "la relecture s'arrête là : 20 coups légaux joués, phase 2",
    ]


def test_paris2020_scores_in_the_language() -> None:
    code, out, _ = run("paris2020", "score", str(ROOT / "examples" / "paris2020" / "belleville.json"), "--lang", "pt")
    assert code == 0
    assert out.splitlines()[0] == "Paris (2020): pontuação final"
    assert out.splitlines()[-1].startswith("RESULTADO: ")


@pytest.mark.parametrize(
    "args",
    [
        ("score", RULEBOOK, "--format", "json"),
        ("score", RULEBOOK, "--format", "json", "--pattern", "rays8"),
        ("check", RULEBOOK, "--format", "json", "--final"),
        ("check", str(ROOT / "examples"), "--format", "json"),
        ("check", str(ROOT / "examples"), "--format", "github"),
        ("replay", str(ROOT / "examples" / "games" / "short-game.json"), "--format", "json"),
        ("paris2020", "score", str(ROOT / "examples" / "paris2020" / "montmartre.json"), "--format", "json"),
        ("example", "--format", "json"),
    ],
)
def test_json_and_annotations_are_the_same_in_every_language(args: tuple[str, ...]) -> None:
    """What programs and CI logs read; only lines on standard error (a file skipped) are said in the language."""
    code, out, _ = run(*args)
    for lang in LANGUAGES:
        assert run(*args, "--lang", lang)[:2] == (code, out)
        assert run(*args, env={"LANG": f"{lang}_XX.UTF-8"})[:2] == (code, out)


def test_json_of_an_illegal_record_carries_the_refusal_as_a_text(record: str) -> None:
    _, out, _ = run("replay", record, "--format", "json")
    illegal = json.loads(out)["illegal"]
    assert illegal["message_i18n"] == {
        "id": "piece-on-wrong-colour.move",
        "args": {
            "piece": {"id": "piece.painter", "args": {}},
            "user": {"id": "player.orange", "args": {}},
            "other": {"id": "player.blue", "args": {}},
            "space": "E2",
        },
    }
