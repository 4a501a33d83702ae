"""Batch calls: load_many, loads_many, check_many, score_many and their three ways of handling a bad item."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest

import paris_score
from paris_score import BatchError, IllegalPositionError, PositionFormatError
from paris_score.game.generate import corpus

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = paris_score.rulebook_example()
OVERLAP = attrs.evolve(EXAMPLE, pieces=attrs.evolve(EXAMPLE.pieces, painter=0))
"""The painter on building A's A1 (W1): no score."""
ILLEGAL = attrs.evolve(EXAMPLE, pieces=attrs.evolve(EXAMPLE.pieces, dancer=56))
"""The dancer on A8 while nobody used Moulin Rouge (P10): illegal, scored all the same."""


def test_score_many_scores_in_order() -> None:
    positions = corpus(3, 4)
    assert paris_score.score_many(positions) == [paris_score.score(p) for p in positions]
    assert paris_score.score_many(iter(positions), errors="skip") == [paris_score.score(p) for p in positions]
    assert paris_score.score_many([]) == []


def test_score_many_names_the_position_that_cannot_be_scored() -> None:
    with pytest.raises(BatchError, match=r"^item 2: W1 overlap: ") as found:
        paris_score.score_many([EXAMPLE, ILLEGAL, OVERLAP, EXAMPLE])
    assert found.value.index == 2
    assert found.value.path is None
    assert isinstance(found.value.error, IllegalPositionError)
    assert found.value.__cause__ is found.value.error
    assert isinstance(found.value, ValueError)


def test_score_many_skips_or_collects() -> None:
    good = paris_score.score(EXAMPLE)
    assert paris_score.score_many([OVERLAP, EXAMPLE, OVERLAP], errors="skip") == [good]
    collected = paris_score.score_many([OVERLAP, EXAMPLE], errors="collect")
    assert len(collected) == 2
    assert isinstance(collected[0], BatchError)
    assert collected[0].index == 0
    assert collected[1] == good


def test_check_many() -> None:
    found = paris_score.check_many([EXAMPLE, ILLEGAL], final=True)
    assert found == [[], paris_score.check(ILLEGAL, final=True)]
    assert [p.code for p in found[1]] == ["piece-without-postcard"]
    with pytest.raises(BatchError, match=r"^item 1: expected a Position, got str$"):
        paris_score.check_many([EXAMPLE, "game.json"])  # type: ignore[list-item]
    assert paris_score.check_many(["game.json", EXAMPLE], errors="skip") == [[]]  # type: ignore[list-item]


def test_load_many_names_the_file(tmp_path: Path) -> None:
    good = ROOT / "examples" / "rulebook.json"
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "paris-position/1", "ground": ["oooo"]}', "utf-8")
    missing = tmp_path / "missing.txt"
    assert paris_score.load_many([good, str(ROOT / "examples" / "rulebook.txt")]) == [EXAMPLE, EXAMPLE]
    with pytest.raises(BatchError) as found:
        paris_score.load_many([good, broken, missing])
    assert str(found.value).splitlines() == [
        f"item 1 ({broken}): ground: expected 8 rows, got 1",
        f"item 1 ({broken}): ground[0]: expected 8 spaces, got 4",
    ]
    assert (found.value.index, found.value.path) == (1, str(broken))
    assert isinstance(found.value.error, PositionFormatError)
    collected = paris_score.load_many([missing, good], errors="collect")
    assert isinstance(collected[0], BatchError)
    assert isinstance(collected[0].error, FileNotFoundError)
    assert str(collected[0]) == f"item 0 ({missing}): No such file or directory"
    assert collected[1] == EXAMPLE
    assert paris_score.load_many([broken, missing, good], errors="skip") == [EXAMPLE]


def test_loads_many() -> None:
    texts = [paris_score.dumps(EXAMPLE), paris_score.dumps(EXAMPLE, format="text").encode(), "{"]
    assert paris_score.loads_many(texts, errors="skip") == [EXAMPLE, EXAMPLE]
    with pytest.raises(BatchError, match=r"^item 2: line 1, col 2: not valid JSON"):
        paris_score.loads_many(texts)
    with pytest.raises(BatchError, match=r"^item 0: "):
        paris_score.loads_many(texts[:1], "text")


def test_an_unknown_way_of_handling_errors_is_refused() -> None:
    with pytest.raises(ValueError, match="errors: expected 'raise', 'skip' or 'collect', got 'ignore'"):
        paris_score.score_many([EXAMPLE], errors="ignore")  # type: ignore[call-overload]


def test_one_path_or_text_instead_of_a_list_is_refused() -> None:
    """A ``str`` is an ``Iterable[str]`` to mypy: without this, its characters would be read one by one."""
    example = Path(__file__).resolve().parent.parent / "examples" / "rulebook.json"
    for call, one in (
        (paris_score.load_many, str(example)),
        (paris_score.load_many, example),
        (paris_score.loads_many, example.read_text("utf-8")),
        (paris_score.loads_many, example.read_bytes()),
    ):
        with pytest.raises(TypeError, match=f"got one {type(one).__name__}: put it in a list"):
            call(one)  # type: ignore[arg-type]
    assert paris_score.load_many([example]) == [paris_score.rulebook_example()]
