"""The typed API, as a program type-checked with ``mypy --strict`` sees it.

``tests/typing/uses.py`` holds expected uses: mypy passes on it.
``tests/typing/errors.py`` holds expected mistakes, each line marked
``# E: code``: mypy fails on exactly those lines, each with that code.
The typed dicts of :mod:`paris_score.documents` are also compared, key by key,
with the documents the library really writes.
"""

from __future__ import annotations

import json
import re
import types
import typing
from pathlib import Path
from typing import Any, get_type_hints

import pytest
from mypy import api

import paris_score
from paris_score import documents

HERE = Path(__file__).resolve().parent / "typing"
ROOT = HERE.parent.parent
MARK = re.compile(r"#\s*E:\s*([a-z-]+)\s*$")
REPORTED = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+): error: .*\[(?P<code>[a-z-]+)\]$")


def mypy(path: Path) -> tuple[str, int]:
    config = str(ROOT / "pyproject.toml")
    out, err, status = api.run(["--strict", "--no-error-summary", "--config-file", config, str(path)])
    return out + err, status


def test_the_expected_uses_type_check() -> None:
    out, status = mypy(HERE / "uses.py")
    assert (status, out) == (0, "")


def test_the_expected_errors_fail_exactly_on_their_lines() -> None:
    path = HERE / "errors.py"
    expected = {
        (number, match[1])
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if (match := MARK.search(line))
    }
    assert len(expected) >= 14
    out, status = mypy(path)
    found = {(int(m["line"]), m["code"]) for line in out.splitlines() if (m := REPORTED.match(line))}
    assert status == 1
    assert found == expected, out


def keys(hint: Any) -> tuple[set[str], set[str]]:
    """The required and the optional keys of a TypedDict."""
    return set(hint.__required_keys__), set(hint.__optional_keys__)


def agrees(doc: object, hint: Any, where: str = "") -> None:
    """``doc`` has the keys ``hint`` (a TypedDict, or a list or union of them) says, all the way down."""
    origin = typing.get_origin(hint)
    if typing.is_typeddict(hint):
        assert isinstance(doc, dict), where
        required, optional = keys(hint)
        assert required <= doc.keys() <= required | optional, where
        fields = get_type_hints(hint)
        for key, value in doc.items():
            agrees(value, fields[key], f"{where}.{key}")
    elif origin is list:
        assert isinstance(doc, list), where
        for i, item in enumerate(doc):
            agrees(item, typing.get_args(hint)[0], f"{where}[{i}]")
    elif origin in (typing.Union, types.UnionType):
        dicts = [a for a in typing.get_args(hint) if typing.is_typeddict(a)]
        if isinstance(doc, dict):
            assert len(dicts) == 1, where
            agrees(doc, dicts[0], where)
    elif origin is typing.Literal:
        assert doc in typing.get_args(hint), where


@pytest.mark.parametrize("name", ["rulebook.json", "advanced-postcards.json", "custom-pattern.json", "tie-break.json"])
def test_the_typed_dicts_are_what_the_library_writes(name: str) -> None:
    position = paris_score.load(ROOT / "examples" / name)
    position_doc = paris_score.position_to_dict(position)
    agrees(position_doc, documents.PositionDocument)
    assert position_doc == json.loads(paris_score.dumps(position))
    assert paris_score.position_from_dict(position_doc) == position
    agrees(paris_score.score(position).to_dict(), documents.ScoreDocument)
    agrees(paris_score.check_document(position, final=True), documents.CheckDocument)
    broken = paris_score.check_document(position.__class__(position.ground, pieces=position.pieces))
    assert broken["problems"]
    agrees(broken, documents.CheckDocument)


def test_the_unreadable_document() -> None:
    error = paris_score.Located("ground", "expected 8 rows, got 1")
    doc = paris_score.check_report.unreadable_document("g.json", [("g.json", [error])])
    agrees(doc, documents.UnreadableDocument)
    assert doc["errors"] == [{"file": "g.json", "where": "ground", "message": "expected 8 rows, got 1"}]


def test_the_problem_codes_are_the_referee_table_and_the_move_codes() -> None:
    from paris_score.codes import PROBLEMS, REFUSALS

    assert list(typing.get_args(documents.RefereeCode)) == list(PROBLEMS)
    assert list(typing.get_args(documents.MoveCode)) == list(REFUSALS)


def test_the_game_and_replay_typed_dicts_are_what_the_library_writes() -> None:
    from paris_score.game.generate import random_setup
    from paris_score.game.records import GameRecord, game_to_dict

    record = GameRecord(random_setup(3), ("tile A1 0", "take Q"), (1, 2))
    doc = game_to_dict(record)
    agrees(doc, documents.GameDocument)
    assert set(doc) == {"format", "setup", "moves", "result"}
    refused = paris_score.replay(record).to_dict()
    assert refused["illegal"] is not None
    agrees(refused, documents.ReplayDocument)
    agrees(paris_score.replay(GameRecord(random_setup(3), ())).to_dict(), documents.ReplayDocument)


def test_the_kinds_of_move_are_closed() -> None:
    from paris_score.game import moves

    assert typing.get_args(moves.MoveKind) == moves.MOVE_KINDS
    assert set(moves.MOVE_KINDS) == set(moves.Move.__subclasses__())
    with pytest.raises(TypeError, match=r"the kinds of move are the eleven of paris_score\.game\.moves"):
        type("Castle", (moves.Move,), {})


@pytest.mark.parametrize("name", ["batignolles.json", "belleville.json", "montmartre.json"])
def test_the_paris2020_and_catalogue_typed_dicts_are_what_the_library_writes(name: str) -> None:
    from paris_score.formats.catalogue_json import catalogue_to_dict
    from paris_score.paris2020 import final_to_dict, load_final, score, score_to_dict

    game = load_final(Path(__file__).resolve().parent.parent / "examples" / "paris2020" / name)
    agrees(final_to_dict(game), documents.Paris2020FinalDocument)
    agrees(score_to_dict(score(game)), documents.Paris2020ScoreDocument)
    catalogue = paris_score.load_catalogue(ROOT / "tests" / "data" / "fictional-pieces.json")
    agrees(catalogue_to_dict(catalogue), documents.CatalogueDocument)
