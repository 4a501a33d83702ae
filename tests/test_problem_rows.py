"""Every fact of a problem code is in its row (paris_score.codes): no code typed by hand, no side table."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import get_args

import attrs

import paris_score
from paris_score import page
from paris_score.check_report import record_problems
from paris_score.codes import GAME_NOT_OVER, KINDS, PROBLEMS, RECORDS, REFUSALS, RESULT_DISAGREES
from paris_score.documents import ProblemCode
from paris_score.game import GameState
from paris_score.game.generate import random_game
from paris_score.game.records import dumps_game

ROOT = Path(__file__).resolve().parent.parent


def test_every_code_has_one_row() -> None:
    codes = {code for literal in get_args(ProblemCode) for code in get_args(literal)}
    assert set(KINDS) == codes
    assert KINDS == {**PROBLEMS, **REFUSALS, **RECORDS}
    assert set(RECORDS) == {"result-disagrees", "game-not-over"}
    assert not set(RECORDS) & (set(PROBLEMS) | set(REFUSALS))


def test_no_problem_is_made_with_a_code_typed_by_hand() -> None:
    """A ``Problem("some-code", ...)`` outside the table would be a code with no row: no facts, no meaning."""
    for folder in ("paris_score", "cli"):
        for path in (ROOT / folder).rglob("*.py"):
            if path.name == "codes.py" or "paris2020" in path.parts:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            typed = [
                node.lineno
                for node in ast.walk(tree)
                if isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("Problem", "Kind")
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ]
            assert typed == [], f"{path.relative_to(ROOT)} types a code by hand at lines {typed}"


def test_a_record_s_own_problems_come_from_their_rows() -> None:
    record = random_game(6)
    wrong = attrs.evolve(record, result=(1, 2))
    done = paris_score.replay(dumps_game(wrong))
    [problem] = record_problems(done)
    assert (problem.code, problem.rule, problem.severity) == ("result-disagrees", "G12", RESULT_DISAGREES.severity)
    early = attrs.evolve(record, moves=(), result=None)
    [problem] = record_problems(paris_score.replay(early), final=True)
    assert (problem.code, problem.rule) == (GAME_NOT_OVER.code, "G12")
    first = GameState.start(record.setup).turn
    assert problem.message == f"the game is not over after 0 moves (phase 1, {first} to move)"


def test_the_table_page_takes_what_is_still_to_enter_from_the_rows() -> None:
    still = page.facts()["still_to_enter"]
    assert still == [code for code, kind in PROBLEMS.items() if kind.pending]
    assert {"reserve-not-given", "piece-without-postcard", "building-on-streetlight"} <= set(still)
    assert "overlap" not in still
    assert all(PROBLEMS[code].severity == "warning" or PROBLEMS[code].rules for code in still)


def test_the_page_s_scripts_name_no_problem_code() -> None:
    """The page's scripts ask the facts (``facts.still_to_enter``), never keep a list of codes of their own."""
    for script in (ROOT / "cli" / "paris_score_cli" / "static").glob("*.js"):
        text = script.read_text(encoding="utf-8")
        named = sorted(code for code in KINDS if f'"{code}"' in text or f"'{code}'" in text)
        assert named == [], f"{script.name} names {named}"
