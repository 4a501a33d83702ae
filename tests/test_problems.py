"""The table of problem codes (paris_score.problems) and its page, docs/referee.md."""

from __future__ import annotations

import re
from pathlib import Path

from paris_score.postcards import PIECES, Allowed
from paris_score.problems import (
    CHARTIER_ON_WRONG_COLOUR,
    ERROR,
    LARGE_STREETLIGHT_NOT_ON_STREETLIGHT,
    OVERLAP,
    PIECE_ON_WRONG_COLOUR,
    PIECE_WITHOUT_POSTCARD,
    PROBLEMS,
    STATUE_FRONT_NOT_FREE,
    WARNING,
)

ROOT = Path(__file__).resolve().parent.parent
ROW = re.compile(r"^\| `([a-z-]+)` \| ([A-Z0-9, -]+) \| (error|warning) \|", re.M)


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
    problem = OVERLAP("building A and the painter stand on the same space", iter([9, 1]))
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
