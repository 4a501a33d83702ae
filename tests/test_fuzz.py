"""Fuzzing (issue 7): mutated positions and game records give only the library's own errors.

A plain seeded loop runs ``PARIS_FUZZ_INPUTS`` mutated inputs (20,000 by
default, a few seconds); hypothesis adds mutations of random positions and
raw junk.  For a long run::

    PARIS_FUZZ_INPUTS=1000000 PARIS_FUZZ_SEED=7 python -m pytest tests/test_fuzz.py -k seeded -s

or the atheris harness in fuzz/ (docs/robustness.md).  How long each input
takes is measured by ``python benchmarks/fuzz.py``, never here: a test is not a timer.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import paris_score
from paris_score import CatalogueFormatError, Position, annotate
from paris_score.limits import MAX_PROBLEMS
from tests.fuzzing import (
    CATALOGUE,
    FUZZ_SEED,
    MOVE_WORDS,
    ROOT,
    exercise,
    exercise_game,
    exercise_move,
    exercise_paris2020,
    game_seeds,
    mutate,
    mutated,
    paris2020_seeds,
    seeds,
    worst_cases,
)
from tests.strategies import legal_positions, positions

INPUTS = int(os.environ.get("PARIS_FUZZ_INPUTS", "20000"))
SEED = int(os.environ.get("PARIS_FUZZ_SEED", str(FUZZ_SEED)))


def check_input(data: bytes | str, *, draw: bool = True) -> Position | None:
    """:func:`exercise` ``data``: only the library's own errors, and what reads is a position."""
    position = exercise(data, draw=draw)
    assert position is None or isinstance(position, Position)
    return position


def test_seeded_mutations_give_only_our_errors() -> None:
    """Positions and, one input in four, game records (read, then replayed move by move)."""
    rng = random.Random(SEED)
    counts: Counter[str] = Counter()
    failures: list[str] = []
    for i in range(INPUTS):
        data, game, draw = mutated(rng, i)
        try:
            found = exercise_game(data) if game else exercise(data, draw=draw)
        except Exception as e:  # anything but our own errors is the bug being hunted
            failures.append(f"input {i} (seed {SEED}): {type(e).__name__}: {e}\n    {data[:400]!r}")
            continue
        counts[("game " if game else "") + ("read" if found is not None else "refused")] += 1
    print(f"fuzz: {INPUTS} inputs, seed {SEED}: {dict(counts)}")
    assert not failures, "\n".join(failures[:10])
    assert counts["read"] > INPUTS // 20, "the mutations should leave some inputs readable"
    assert counts["game read"] > INPUTS // 40, "the mutations should leave some game records readable"


def test_mutated_move_texts_parse_or_are_bad_notation() -> None:
    """The move parser alone: the moves of the game seeds with words dropped, repeated, swapped, replaced."""
    rng = random.Random(SEED)
    texts = [move for data in game_seeds() for move in json.loads(data)["moves"]]
    parsed = 0
    for _ in range(5000):
        words = rng.choice(texts).split(" ")
        for _ in range(rng.choice((1, 2, 3))):
            j = rng.randrange(len(words))
            words[j] = rng.choice((*MOVE_WORDS, words[j].lower(), words[j].swapcase(), words[j] * 2))
        parsed += exercise_move(rng.choice((" ", " ", "  ", "\t")).join(words)) is not None
    assert 0 < parsed < 5000


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.sampled_from(["json", "text"]), st.randoms(use_true_random=False))
def test_mutated_random_positions(position: Position, form: str, rng: random.Random) -> None:
    data = paris_score.dumps(position, format=form).encode()  # type: ignore[arg-type]
    assert check_input(data) == position
    check_input(mutate(rng, data, data))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(legal_positions(), st.sampled_from(["json", "text"]), st.randoms(use_true_random=False))
def test_mutated_legal_positions(position: Position, form: str, rng: random.Random) -> None:
    data = paris_score.dumps(position, format=form).encode()  # type: ignore[arg-type]
    check_input(mutate(rng, data, rng.choice(seeds())))


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=3000) | st.text(max_size=3000))
def test_junk(data: bytes | str) -> None:
    check_input(data)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(range(len(seeds()))), st.randoms(use_true_random=False))
def test_mutated_seeds_as_str(which: int, rng: random.Random) -> None:
    data = mutate(rng, seeds()[which], seeds()[0])
    check_input(data.decode("utf-8", "surrogateescape"))  # lone surrogates reach the readers as str


def test_mutated_catalogues_give_only_catalogue_errors() -> None:
    rng = random.Random(SEED)
    seed = (ROOT / "tests" / "data" / "fictional-pieces.json").read_bytes()
    rulebook = paris_score.rulebook_example()
    read = 0
    refused: list[CatalogueFormatError] = []
    for _ in range(2000):
        data = mutate(rng, seed, seed)
        try:
            catalogue = paris_score.loads_catalogue(data)
        except CatalogueFormatError as e:
            refused.append(e)
            continue
        read += 1
        paris_score.check(rulebook, final=True, catalogue=catalogue)
    assert read, "some mutated catalogues should still read"
    assert all(e.errors for e in refused)
    assert CATALOGUE.pieces


def test_mutated_paris2020_documents_give_only_their_errors() -> None:
    """paris2020-final/1 (docs/paris2020.md): only Paris2020FormatError, and what reads scores."""
    rng = random.Random(SEED)
    found = Counter(
        exercise_paris2020(mutate(rng, *rng.choices(paris2020_seeds(), k=2))) is not None for _ in range(3000)
    )
    assert found[True] > 100, "the mutations should leave some documents readable"
    assert found[False] > 100


@pytest.mark.parametrize("index", range(6))
def test_the_seeds_read(index: int) -> None:
    assert check_input(seeds()[index]) is not None


@pytest.mark.parametrize("name", [name for name in worst_cases() if "record" not in name])
def test_worst_case_positions_give_bounded_outputs(name: str) -> None:
    """Whatever the position, a check document and a picture with every overlay stay under 1 MB (docs/robustness.md);
    the problems listed are the first 100 and the counts count them all."""
    position = check_input(worst_cases()[name])
    assert position is not None
    problems = paris_score.check(position)
    doc = paris_score.check_document(position)
    text = json.dumps(doc, indent=2)
    assert len(text) < 1_000_000
    assert doc["problems"] == [p.to_dict() for p in problems[:MAX_PROBLEMS]]
    assert doc["counts"]["errors"] + doc["counts"]["warnings"] == len(problems)
    assert doc.get("problems_left_out", 0) == max(0, len(problems) - MAX_PROBLEMS)
    assert len(annotate.board(position, overlays=annotate.OVERLAYS)) < 1_000_000


def test_the_worst_case_position_has_thousands_of_problems() -> None:
    position = paris_score.loads(worst_cases()["64 buildings on all 64 spaces"])
    doc = paris_score.check_document(position)
    assert len(doc["problems"]) == MAX_PROBLEMS
    assert doc["problems_left_out"] == doc["counts"]["errors"] + doc["counts"]["warnings"] - MAX_PROBLEMS > 2000


def test_the_worst_case_record_stops_at_its_first_move() -> None:
    record = exercise_game(worst_cases()["a record of 1000 moves of 200 characters"])
    assert record is not None
    assert len(record.moves) == 1000
    done = paris_score.replay(record)
    assert done.illegal is not None
    assert (done.illegal.move, done.illegal.code) == (1, "bad-notation")


def test_mutated_worst_cases_give_only_our_errors() -> None:
    rng = random.Random(SEED)
    cases = list(worst_cases().values())
    for i in range(24):
        data = mutate(rng, cases[i % len(cases)], rng.choice(cases))
        exercise_game(data) if i % len(cases) == len(cases) - 1 else exercise(data, draw=i % 3 == 0)


def test_the_atheris_harness_runs_without_atheris() -> None:
    """fuzz/atheris_fuzz.py imports atheris only to fuzz; its oracle runs on the seeds here."""
    spec = importlib.util.spec_from_file_location("atheris_fuzz", ROOT / "fuzz" / "atheris_fuzz.py")
    assert spec is not None
    assert spec.loader is not None
    harness = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(harness)
    for data in (*seeds(), *game_seeds(), *paris2020_seeds()):
        harness.test_one_input(data)
    harness.test_one_input(b"\xff{")
    harness.test_one_input(b"")
