"""The random legal position generator shared by the benchmark and the tests (paris_score.game.generate)."""

from __future__ import annotations

import random

from paris_score import check
from paris_score.game.generate import corpus, random_pattern, random_position
from paris_score.model import PATTERN_NAMES
from paris_score.postcards import Postcard


def test_the_same_seed_gives_the_same_positions() -> None:
    assert corpus(5, seed=7) == corpus(5, seed=7)
    assert corpus(5, seed=7) != corpus(5, seed=8)


def test_a_small_corpus_has_every_postcard_and_every_pattern_kind() -> None:
    positions = corpus(60, seed=0)
    cards = {c for p in positions for c in p.postcards.in_play}
    assert cards == set(Postcard)
    patterns = {p.rules.large_streetlight_pattern for p in positions}
    assert set(PATTERN_NAMES) <= patterns
    assert any(not isinstance(pattern, str) for pattern in patterns)


def test_finished_positions_pass_the_final_check() -> None:
    for position in corpus(40, seed=3):
        assert check(position, final=True) == []
        assert len(position.postcards.orange) == len(position.postcards.blue) == 4


def test_positions_in_progress_are_legal() -> None:
    rng = random.Random(5)
    for _ in range(40):
        assert check(random_position(rng, finished=False)) == []


def test_custom_patterns_are_valid_offsets() -> None:
    rng = random.Random(0)
    for _ in range(200):
        pattern = random_pattern(rng)
        if isinstance(pattern, str):
            continue
        assert pattern
        assert (0, 0) not in pattern
        assert len(set(pattern)) == len(pattern)
        assert all(-7 <= d <= 7 for offset in pattern for d in offset)


def test_random_game_is_a_finished_legal_record_of_its_seed() -> None:
    """paris_score.game.random_game: the same seed, the same record; replayed, legal, over, its result agreeing."""
    from paris_score import replay
    from paris_score.game.generate import random_game

    record = random_game(4)
    assert record == random_game(4)
    assert record != random_game(5)
    done = replay(record)
    assert (done.legal, done.finished, done.result_agrees) == (True, True, True)
    assert record.result == (done.score.orange.total, done.score.blue.total)
