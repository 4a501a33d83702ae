"""The table of codes (paris_score.codes) and its two pages: docs/referee.md and docs/replaying.md."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from paris_score.codes import (
    BAD_NOTATION,
    CHARTIER_ON_WRONG_COLOUR,
    ERROR,
    LARGE_STREETLIGHT_NOT_ON_STREETLIGHT,
    OVERLAP,
    PIECE_ON_WRONG_COLOUR,
    PIECE_WITHOUT_POSTCARD,
    PROBLEMS,
    REFUSALS,
    SPACE_NOT_FREE,
    STATUE_FRONT_NOT_FREE,
    WARNING,
    WRONG_PHASE,
)
from paris_score.errors import IllegalMoveError, MoveNotationError
from paris_score.postcards import PIECES, Allowed

ROOT = Path(__file__).resolve().parent.parent
ROW = re.compile(r"^\| `([a-z-]+)` \| ([A-Z0-9, -]+) \| (error|warning) \|", re.M)
MOVE_ROW = re.compile(r"^\| `([a-z-]+)` \| ([A-Z0-9, -]+) \|", re.M)


def _rules(text: str) -> set[str]:
    """``P4, P6-P13`` -> {P4, P6, P7, ..., P13}."""
    found = set()
    for part in text.split(","):
        first, _, last = part.strip().partition("-")
        if last:
            letter = first[0]
            found.update(f"{letter}{n}" for n in range(int(first[1:]), int(last.lstrip(letter)) + 1))
        else:
            found.add(first)
    return found


def test_docs_list_every_code_with_its_rules_and_severity() -> None:
    rows = ROW.findall((ROOT / "docs" / "referee.md").read_text(encoding="utf-8"))
    documented = {code: (_rules(rules), severity) for code, rules, severity in rows}
    assert len(documented) == len(rows), "a code is listed twice"
    assert documented == {code: (set(kind.rules), kind.severity) for code, kind in PROBLEMS.items()}


def test_rule_ranges_expand() -> None:
    assert _rules("P4, P6-P13") == {"P4", "P6", "P7", "P8", "P9", "P10", "P11", "P12", "P13"}
    assert _rules("W1") == {"W1"}


def test_a_kind_makes_its_problem() -> None:
    problem = OVERLAP("building A and the painter both stand on B2, B1", iter([9, 1]))
    assert (problem.code, problem.rule, problem.severity, problem.spaces) == ("overlap", "W1", ERROR, (9, 1))
    assert STATUE_FRONT_NOT_FREE("x").severity == WARNING
    assert PIECE_WITHOUT_POSTCARD("x", rule="P12").rule == "P12"


def test_every_piece_rule_is_among_its_codes_rules() -> None:
    wrong_ground = {
        Allowed.OWN: PIECE_ON_WRONG_COLOUR,
        Allowed.OWN_OR_MIXED: PIECE_ON_WRONG_COLOUR,
        Allowed.STREETLIGHT: LARGE_STREETLIGHT_NOT_ON_STREETLIGHT,
        Allowed.OPPONENT: CHARTIER_ON_WRONG_COLOUR,
    }
    for piece in PIECES:
        assert piece.rule in PIECE_WITHOUT_POSTCARD.rules
        assert piece.rule in wrong_ground[piece.allowed].rules


def test_docs_list_every_code_of_a_refused_move_with_its_rules() -> None:
    text = (ROOT / "docs" / "replaying.md").read_text(encoding="utf-8")
    section = text.split("### The codes of a refused move", 1)[1].split("\n#", 1)[0]
    rows = MOVE_ROW.findall(section)
    documented = {code: _rules(rules) for code, rules in rows}
    assert len(documented) == len(rows), "a code is listed twice"
    assert documented == {code: set(kind.move_rules) for code, kind in REFUSALS.items()}


def test_a_kind_refuses_a_move_under_one_of_its_rules_only() -> None:
    error = SPACE_NOT_FREE.refuse("the fountain: C3 is not free", [18], rule="P12")
    assert isinstance(error, IllegalMoveError)
    assert (error.code, error.rule, error.message, error.spaces) == (
        "space-not-free",
        "P12",
        "the fountain: C3 is not free",
        (18,),
    )
    assert str(error) == "P12 space-not-free: the fountain: C3 is not free"
    with pytest.raises(ValueError, match="wrong-phase is refused under G4 or G5 or G9 or G10, not P1"):
        WRONG_PHASE.refuse("x", rule="P1")
    with pytest.raises(ValueError, match="not None"):  # several rules: the caller names one
        WRONG_PHASE.refuse("x")
    with pytest.raises(ValueError, match="W1"):  # a position's rule is not a move's
        SPACE_NOT_FREE.refuse("x", rule="W1")
    with pytest.raises(ValueError, match="overlap is refused under no rule"):  # a code of positions only
        OVERLAP.refuse("x")
    with pytest.raises(ValueError, match="is reported under"):
        OVERLAP("x", rule="P1")
    with pytest.raises(ValueError, match="wrong-phase is reported under no rule"):  # a code of moves only
        WRONG_PHASE("x")


def test_a_move_that_does_not_parse_carries_the_notation_code() -> None:
    assert (MoveNotationError("x").code, MoveNotationError("x").rule) == (BAD_NOTATION.code, BAD_NOTATION.move_rules[0])
    assert MoveNotationError("x", "G2").rule in BAD_NOTATION.move_rules


def test_the_library_makes_refusals_from_the_table_only() -> None:
    """Every IllegalMoveError is made by Kind.refuse (or is a MoveNotationError): no code or rule typed twice."""
    for path in (ROOT / "paris_score").rglob("*.py"):
        if path.name in ("errors.py", "codes.py"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        made = [
            node.lineno
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "IllegalMoveError"
        ]
        assert made == [], f"{path.name} makes an IllegalMoveError by hand at lines {made}"


def test_a_code_both_sides_report_is_one_row() -> None:
    shared = set(PROBLEMS) & set(REFUSALS)
    assert "space-not-free" in shared
    assert all(PROBLEMS[code] is REFUSALS[code] for code in shared)
