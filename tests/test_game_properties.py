"""Properties of the game engine: legal moves play, games end, notation round-trips, the referee agrees.

The differential test compares ``legal_moves()`` with the plain reference
referee (tests/game_reference.py) on random states of random games, as sets
of move texts, and the rule ``play()`` names with the reference's first broken
rule on candidate moves, legal or not.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paris_score.errors import IllegalMoveError
from paris_score.game import GameState
from paris_score.game.generate import random_setup
from paris_score.game.moves import Move
from tests.game_reference import Facts, breaches, candidates, legal_texts
from tests.strategies import game_states, moves

MAX_MOVES = 100
"""A game lasts at most: phase 1, 16 tiles + 12 takes + the passes between; phase 2, 14 chimneys + 8 tokens + passes."""

SLOW = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@given(moves())
def test_canonical_text_parses_back_to_the_same_move(move: Move) -> None:
    text = str(move)
    assert Move.parse(text) == move
    assert str(Move.parse(text)) == text
    assert Move.parse(text.upper()) == move


@SLOW
@given(game_states(), st.data())
def test_every_legal_move_plays(state: GameState, data: st.DataObject) -> None:
    legal = state.legal_moves()
    assert len(set(legal)) == len(legal)
    for move in data.draw(st.lists(st.sampled_from(legal), max_size=20)) if legal else []:
        after = state.play(move)
        assert after.turn is not state.turn


@SLOW
@given(game_states(), st.lists(moves(), max_size=30))
def test_play_raises_only_illegal_move_errors(state: GameState, tried: list[Move]) -> None:
    legal = set(state.legal_moves())
    for move in tried:
        if move in legal:
            state.play(move)
        else:
            with pytest.raises(IllegalMoveError):
                state.play(move)


@pytest.mark.parametrize("seed", range(40))
def test_random_games_end_within_a_bounded_number_of_moves(seed: int) -> None:
    rng = random.Random(seed)
    state = GameState.start(random_setup(seed + 1000))
    for _ in range(MAX_MOVES):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    assert state.is_over


def _states(games: int, every: int) -> list[GameState]:
    """About one state in ``every`` of ``games`` random games, and each final state."""
    found = []
    for seed in range(games):
        rng = random.Random(seed)
        state = GameState.start(random_setup(seed + 500))
        while True:
            if state.is_over or rng.randrange(every * (3 if state.phase == 1 else 1)) == 0:
                found.append(state)
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
    return found


STATES = _states(40, 5)


def test_the_differential_corpus_is_large_enough() -> None:
    assert len(STATES) >= 180
    assert sum(s.phase == 2 for s in STATES) >= 120


@pytest.mark.parametrize("chunk", range(6))
def test_legal_moves_agree_with_a_brute_force_referee(chunk: int) -> None:
    for state in STATES[chunk::6]:
        mine = [str(m) for m in state.legal_moves()]
        assert len(set(mine)) == len(mine)
        assert set(mine) == legal_texts(state)


@pytest.mark.parametrize("chunk", range(3))
def test_play_names_the_brute_force_referees_first_rule(chunk: int) -> None:
    rng = random.Random(chunk)
    for state in STATES[chunk::3]:
        facts = Facts(state)
        tried = rng.sample(list(candidates(facts)), 25)
        for text in tried:
            expected = breaches(facts, text)
            if expected:
                with pytest.raises(IllegalMoveError) as caught:
                    state.play(text)
                assert caught.value.rule == expected[0], f"{text}: {caught.value} but the reference says {expected}"
            else:
                state.play(text)
