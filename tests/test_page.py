"""paris_score.page: the page's API as pure functions, without a server (docs/table.md).

The same :func:`paris_score.page.answer` answers ``paris-score serve`` over
HTTP and the static page's worker in the browser; tests/test_serve.py checks
it over HTTP, these call it directly.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import paris_score
from paris_score import page
from paris_score.page import Answer

ROOT = Path(__file__).resolve().parent.parent
RULEBOOK_JSON = (ROOT / "examples" / "rulebook.json").read_bytes()
RULEBOOK_TEXT = (ROOT / "examples" / "rulebook.txt").read_bytes()


def error(got: Answer) -> str:
    assert got.content_type == "application/json"
    doc = json.loads(got.body)
    assert doc["status"] == got.status
    return str(doc["error"])


@pytest.mark.parametrize("body", [RULEBOOK_JSON, RULEBOOK_TEXT], ids=["json", "text"])
def test_the_rulebook_example_scores_48_and_57_in_either_format(body: bytes) -> None:
    got = page.answer("/api/score", "", body)
    assert (got.status, got.content_type) == (200, "application/json")
    doc = json.loads(got.body)
    assert (doc["players"]["orange"]["total"], doc["players"]["blue"]["total"], doc["winner"]) == (48, 57, "blue")


def test_the_text_report_is_the_command_lines() -> None:
    got = page.answer("/api/score", "format=text&no-check", RULEBOOK_JSON)
    assert (got.status, got.content_type) == (200, "text/plain; charset=utf-8")
    assert got.body.decode() == str(paris_score.score(paris_score.rulebook_example()))


def test_check_render_and_convert() -> None:
    check = page.answer("/api/check", "final", RULEBOOK_JSON)
    assert check.status == 200
    assert json.loads(check.body)["legal"] is True
    picture = page.answer("/api/render", "overlay=lit", RULEBOOK_JSON)
    assert (picture.status, picture.content_type) == (200, "image/svg+xml")
    assert picture.body.startswith(b"<svg")
    text = page.answer("/api/convert", "to=text", RULEBOOK_JSON)
    assert paris_score.loads(text.body) == paris_score.rulebook_example()


@pytest.mark.parametrize(
    ("path", "query", "body", "status", "message"),
    [
        ("/api/nowhere", "", RULEBOOK_JSON, 404, "no such page"),
        ("/api/score", "colour=red", RULEBOOK_JSON, 400, "unknown query parameter 'colour'; /api/score takes: format"),
        ("/api/score", "format=xml", RULEBOOK_JSON, 400, "query parameter format: expected one of json, text"),
        ("/api/check", "final=maybe", RULEBOOK_JSON, 400, "query parameter final: expected no value, 1, yes or true"),
        ("/api/render", "overlay=nothing", RULEBOOK_JSON, 400, "query parameter overlay: expected some of"),
        ("/api/convert", "", RULEBOOK_JSON, 400, "query parameter to: expected one of json, text"),
        ("/api/score", "", b"{", 400, "unreadable position"),
        ("/api/score", "", b"\xff\xfe", 400, "unreadable position"),
    ],
)
def test_bad_requests_are_4xx_answers_naming_what_is_wrong(
    path: str, query: str, body: bytes, status: int, message: str
) -> None:
    got = page.answer(path, query, body)
    assert got.status == status
    assert error(got).startswith(message)


def test_an_illegal_position_is_422_with_its_check_unless_no_check() -> None:
    doc = json.loads(RULEBOOK_JSON)
    doc["pieces"]["dancer"] = doc["pieces"]["painter"]  # two pieces on D2
    body = json.dumps(doc).encode()
    got = page.answer("/api/score", "", body)
    assert got.status == 422
    assert error(got).startswith("not legal (")
    assert json.loads(got.body)["check"]["legal"] is False
    assert page.answer("/api/score", "no-check", body).status == 422  # W1: no score at all


def test_facts_are_json_for_the_page() -> None:
    from paris_score import svg

    facts = json.loads(page.facts_json())
    assert (facts["width"], facts["square"], facts["box_sizes"]) == (svg.WIDTH, svg.SQUARE_SIZE, [3, 4, 5, 6])
    assert len(facts["cards"]) == len(paris_score.Postcard)
    assert sum(card["starred"] for card in facts["cards"]) == 8


def test_the_page_module_loads_neither_click_nor_a_server() -> None:
    """The browser runs this module: it must need the library and the standard library only."""
    code = "import sys, paris_score.page; print([m for m in ('click', 'http.server', 'socket') if m in sys.modules])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert out.strip() == "[]"


def test_the_warm_up_imports_every_module_the_answers_use() -> None:
    """The static page's worker keeps a snapshot of Python after warm_up(): any request, a bad one included, then
    answers without importing anything more (the snapshot's modules are all it needs)."""
    requests = [
        ("/api/table", "overlay=groups", RULEBOOK_TEXT),
        ("/api/score", "", b'{"format": "paris-position/1"}'),
        ("/api/paris2020", "", b"players: A 1 0"),
        ("/api/paris2020/read", "", b"\x89PNG"),
        ("/api/convert", "to=text", b"{"),
    ]
    code = (
        "import json, sys; from paris_score import page; page.warm_up(); before = set(sys.modules);"
        f"[page.answer(p, q, b) for p, q, b in {requests!r}];"
        "print(json.dumps(sorted(set(sys.modules) - before)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    assert json.loads(out) == []


def test_a_warm_up_answer_that_is_not_200_is_an_error_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(page, "WARM_UP_END", b"{}")
    with pytest.raises(RuntimeError, match=r"^/api/paris2020\?: 400 "):
        page.warm_up()


@pytest.mark.parametrize("ground", [["o" * 8] * 8, ["b" * 8] + ["o" * 8] * 7], ids=["empty", "no-buildings"])
def test_a_board_without_buildings_names_no_winner(ground: list[str]) -> None:
    """No game played yet: ``winner`` is null and no note says who wins a 0 to 0 tie on free spaces (S5); the
    report's other notes stay, and a board with a building names its winner again."""
    doc = {"format": "paris-position/1", "ground": ground}
    table = json.loads(page.answer("/api/table", "", json.dumps(doc).encode()).body)
    report = paris_score.score(paris_score.loads(json.dumps(doc)))
    assert report.winner == paris_score.Player.ORANGE  # the library's S5 tie-break, 64 (or 56) free spaces to 0
    assert table["winner"] is None
    assert table["score"]["notes"] == [n for n in report.notes if "wins on free spaces" not in n]
    assert len(table["score"]["notes"]) == len(report.notes) - 1 == 2  # the reserves not given, said
    doc["buildings"] = [{"id": "A", "owner": "orange", "cells": ["A8", "B8", "C8"]}]
    table = json.loads(page.answer("/api/table", "", json.dumps(doc).encode()).body)
    assert (table["winner"], table["score"]["players"]["orange"]["total"]) == ("orange", 3)  # its group of 3 (S2)
