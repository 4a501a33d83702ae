"""The JSON documents shown in the docs are what the program reads and writes.

Shell sessions and Python examples are run by other tests; these are the
```` ```json ```` blocks: a position shown must be read without error and
agree with its schema, and the referee's JSON must have the keys the program
prints.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest
from click.testing import CliRunner

import paris_score
from paris_score import Pieces
from paris_score.formats import schema
from paris_score_cli.app import cli

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def shown(kind: str) -> list[tuple[str, dict[str, Any]]]:
    """Every JSON block of the pages whose ``format`` is ``kind``, with where it is."""
    found = []
    for page in PAGES:
        for block in re.finditer(r"^```json\n(.*?)^```", page.read_text("utf-8"), re.MULTILINE | re.DOTALL):
            if block[1].startswith("--8<--"):
                continue  # a file included when the site is built, not written on the page
            doc = json.loads(block[1])
            if doc.get("format") == kind:
                found.append((page.name, doc))
    return found


@pytest.mark.parametrize(("page", "doc"), shown("paris-position/1"))
def test_a_position_shown_is_read_and_matches_its_schema(page: str, doc: dict[str, Any]) -> None:
    jsonschema.validate(doc, json.loads(schema("position")))
    position = paris_score.loads(json.dumps(doc))
    assert json.loads(paris_score.dumps(position))["buildings"] == doc.get("buildings", [])


def test_the_referee_json_shown_has_the_keys_printed(tmp_path: Path) -> None:
    docs = [(page, doc) for page, doc in shown("paris-check/1") if "record" not in doc]
    assert len(docs) == 2
    game = tmp_path / "game.json"
    game.write_text((ROOT / "examples" / "rulebook.json").read_text("utf-8"), "utf-8")
    legal = json.loads(CliRunner().invoke(cli, ["check", str(game), "--format", "json"]).output)
    game.write_text("{}", "utf-8")
    unreadable = json.loads(CliRunner().invoke(cli, ["check", str(game), "--format", "json"]).output)
    readable_doc, unreadable_doc = sorted((doc for _, doc in docs), key=lambda d: not d["readable"])
    assert readable_doc.keys() == legal.keys()
    broken = attrs.evolve(paris_score.rulebook_example(), pieces=Pieces(dancer=0))
    assert readable_doc["problems"][0].keys() == paris_score.check(broken)[0].to_dict().keys()
    assert unreadable_doc.keys() == unreadable.keys()
    assert unreadable_doc["errors"][0].keys() == unreadable["errors"][0].keys()


def test_the_record_check_shown_is_what_check_prints(tmp_path: Path) -> None:
    """docs/formats.md's record: the short game with move 21 made illegal, as docs/cli.md's records/tuesday.json."""
    ((_, doc),) = [(page, doc) for page, doc in shown("paris-check/1") if "record" in doc]
    jsonschema.validate(doc, json.loads(schema("check")))
    record = json.loads((ROOT / "examples" / "games" / "short-game.json").read_text("utf-8"))
    record["moves"][20] = "card le-peintre E2"
    (tmp_path / "records").mkdir()
    (tmp_path / "records" / "tuesday.json").write_text(json.dumps(record), "utf-8")
    result = CliRunner().invoke(cli, ["check", str(tmp_path / "records" / "tuesday.json"), "--format", "json"])
    real = {**json.loads(result.stdout), "file": "records/tuesday.json"}
    assert agrees(doc, real) == []
    assert doc.keys() == real.keys()


def agrees(shown: Any, real: Any, where: str = "") -> list[str]:
    """Where an abridged document differs from the real one: ``"..."`` keys are skipped, lists may be cut short."""
    if isinstance(shown, dict) and isinstance(real, dict):
        return [
            diff
            for key, value in shown.items()
            if key != "..."
            for diff in (agrees(value, real[key], f"{where}.{key}") if key in real else [f"{where}.{key}: no such key"])
        ]
    if isinstance(shown, list) and isinstance(real, list):
        if len(shown) > len(real):
            return [f"{where}: {len(shown)} items shown, {len(real)} real"]
        return [diff for i, value in enumerate(shown) for diff in agrees(value, real[i], f"{where}[{i}]")]
    return [] if shown == real else [f"{where}: shown {shown!r}, real {real!r}"]


def test_the_report_shown_is_the_rulebook_examples_report() -> None:
    ((_, doc),) = shown("paris-score/1")
    real = paris_score.score(paris_score.rulebook_example()).to_dict()
    assert agrees(doc, real) == []
    assert agrees({"a": [1, 2], "...": 0}, {"a": [1]}) == [".a: 2 items shown, 1 real"]


def test_the_arena_summary_shown_is_what_play_prints() -> None:
    """docs/formats.md's paris-arena/1: greedy against random, 4 games from seed 1, its floats cut short."""
    ((_, doc),) = shown("paris-arena/1")
    args = ["play", "--orange", "greedy", "--blue", "random", "--games", "4", "--seed", "1", "--format", "json"]
    real = json.loads(CliRunner().invoke(cli, args).stdout)
    jsonschema.validate(real, json.loads(schema("arena")))

    def cut(value: Any, key: str = "") -> Any:
        """Floats as the page shows them (to its digits); the time a move, which differs from run to run, left out."""
        if isinstance(value, dict):
            return {k: cut(v, k) for k, v in value.items() if k != "seconds_per_move"}
        if isinstance(value, list):
            return [cut(v, key) for v in value]
        return round(value, 4 if "score" in key else 2) if isinstance(value, float) else value

    assert agrees(cut(doc), cut(real)) == []
    assert doc["bots"][0].keys() == real["bots"][0].keys()
    assert doc["games"][0].keys() == real["games"][0].keys()
