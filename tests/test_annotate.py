"""Overlays (paris_score.annotate): read from the score, drawn by a module that knows no rule."""

from __future__ import annotations

import ast
from pathlib import Path

import attrs
import pytest

import paris_score
from paris_score import annotate, score, svg
from paris_score.squares import parse_square
from tests.grids import board

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_drawing_module_knows_no_rule() -> None:
    modules = imported_modules(ROOT / "paris_score" / "svg.py")
    rules = {"scoring", "referee", "light", "placement", "report", "annotate", "moves"}
    assert not {m for m in modules if m.removeprefix("paris_score.") in rules}
    assert "paris_score.formats" in modules  # the <desc> is the text grid


def test_the_lit_overlay_is_what_the_score_counted() -> None:
    position = paris_score.rulebook_example()
    report = score(position)
    (layer,) = annotate.layers(position, ["lit"], report)
    rays = {
        part.data[0][1]: [(m.start, m.end) for m in part.marks if isinstance(m, svg.Ray)]
        for part in layer.marks
        if isinstance(part, svg.Layer)
    }
    for line in (*report.orange.lit_buildings.buildings, *report.blue.lit_buildings.buildings):
        # One ray a lamp, to the first space of the building it lit.
        assert [start for start, _ in rays[line.id]] == list(line.lamps)
        assert all(position.building(line.id).spaces >> end & 1 for _, end in rays[line.id])


def test_a_report_of_another_position_draws_nothing_it_cannot_place() -> None:
    position = board("lo  .A", orange="A")
    other = score(board("ol  B.", orange="B"))
    (layer,) = annotate.layers(position, ["lit"], other)
    assert layer.marks == ()  # no line names A


def test_problems_overlay_marks_the_spaces_of_each_problem() -> None:
    # The painter stands on building A (W1): drawn anyway, the problem marked.
    position = board("ooo  AA.", orange="A", cards={"orange": ["le-peintre"]})
    position = attrs.evolve(position, pieces=attrs.evolve(position.pieces, painter=parse_square("A1")))
    problems = paris_score.check(position)
    assert problems
    (layer,) = annotate.layers(position, ["problems"])
    assert layer.name == "overlay problems"
    assert dict(layer.data)["codes"].split() == list(dict.fromkeys(p.code for p in problems if p.spaces))
    picture = annotate.board(position, overlays=["problems"])
    assert 'class="problem-space A1"' in picture


def test_problems_overlay_draws_each_space_once() -> None:
    # Two buildings on the same two spaces: an overlap (W1) and more, every problem naming A1 and B1.
    position = board("ooo  AA.", orange="A")
    twin = attrs.evolve(position.buildings[0], id="B")
    position = attrs.evolve(position, buildings=(*position.buildings, twin))
    problems = paris_score.check(position)
    assert sum("A1" in p.to_dict()["spaces"] for p in problems) >= 2
    picture = annotate.board(position, overlays=["problems"])
    assert picture.count('class="problem-space A1"') == 1
    assert picture.count('class="problem-space B1"') == 1
    assert picture.count("problem-space") == 2
    assert picture.count("#d62828") == 2 + 1  # the tints and one outline


def test_unknown_overlays_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match=r"unknown overlay 'glow', 'rays'; expected some of lit, groups"):
        annotate.layers(paris_score.rulebook_example(), ["rays", "lit", "glow"])


def test_no_overlay_is_no_layer_and_no_footer() -> None:
    position = paris_score.rulebook_example()
    assert annotate.layers(position, []) == ()
    assert annotate.board(position) == svg.board(position)
