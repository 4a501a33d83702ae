"""The referee and the scorer never fail outside the library's errors on anything the constructors accept."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings

import paris_score
from paris_score import ParisScoreError, Position
from tests.strategies import accepted

CATALOGUE = paris_score.load_catalogue(Path(__file__).resolve().parent / "data" / "fictional-pieces.json")


@settings(max_examples=60, deadline=None)
@given(accepted())
def test_check_and_score_raise_only_the_library_errors(position: Position) -> None:
    problems = paris_score.check(position)
    assert all(p.severity in ("error", "warning") for p in problems)
    doc = paris_score.check_document(position, final=True, catalogue=CATALOGUE)
    assert doc["counts"]["errors"] >= len([p for p in problems if p.severity == "error"])
    try:
        report = paris_score.score(position)
    except ParisScoreError:
        assert any(p.code == "overlap" for p in problems)
    else:
        assert report.winner in ("orange", "blue", "tie")


def test_the_strategy_reaches_overlaps_and_scorable_boards() -> None:
    """What the property above must cover: boards that cannot be scored, and boards that can."""
    found = {"overlap": False, "scored": False}

    @settings(max_examples=100, deadline=None, database=None)
    @given(accepted())
    def look(position: Position) -> None:
        overlap = any(p.code == "overlap" for p in paris_score.check(position))
        found["overlap"] |= overlap
        found["scored"] |= not overlap
        if not overlap:
            paris_score.score(position)

    look()
    assert all(found.values()), found
