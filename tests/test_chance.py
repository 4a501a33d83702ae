"""Games with the stacks face down (paris_score.game.chance): each draw a chance event; records replay the same."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from paris_score.game import GameState
from paris_score.game.chance import ChanceGame
from paris_score.game.generate import random_setup
from paris_score.model import Player


def random_record(seed: int) -> tuple[list[GameState], list[str]]:
    rng = random.Random(seed)
    states = [GameState.start(random_setup(seed))]
    moves = []
    while not states[-1].is_over:
        move = rng.choice(states[-1].legal_moves())
        moves.append(str(move))
        states.append(states[-1].play(move))
    return states, moves


@pytest.mark.parametrize("seed", range(6))
def test_drawing_the_stacks_in_order_replays_a_record_exactly(seed: int) -> None:
    states, moves = random_record(seed)
    setup = states[0].setup
    game = ChanceGame.start(setup)
    for k, move in enumerate(moves):
        game = game.draw_from(setup.tiles)
        assert game.legal_moves() == states[k].legal_moves()
        assert game.view(states[k].turn) == states[k].view()
        game = game.play(move)
    assert game.game == states[-1]  # every tile drawn: the stacks are the setup's, in its order
    assert ChanceGame.start(setup).replay(moves, setup.tiles) == game


def test_each_draw_has_its_exact_probability() -> None:
    setup = random_setup(1)
    game = ChanceGame.start(setup)
    assert game.drawing is setup.first
    assert game.legal_moves() == []
    stack = setup.stack(game.drawing)
    counts = Counter(stack)
    assert game.chance_outcomes() == [(tile, Fraction(n, 8)) for tile, n in sorted(counts.items())]
    twice = next(tile for tile, n in counts.items() if n == 2)
    game = game.draw(twice)
    assert game.drawing is setup.first.other
    other = setup.stack(game.drawing)
    game = game.draw(sorted(other)[0])
    assert game.drawing is None
    assert game.game.hand(setup.first) == twice
    game = game.play("tile A1 0")
    assert game.drawing is setup.first  # the next tile of the stack, drawn at once
    outcomes = dict(game.chance_outcomes())
    assert outcomes[twice] == Fraction(1, 7)
    assert sum(outcomes.values()) == 1


def test_draws_and_moves_out_of_turn_are_refused() -> None:
    setup = random_setup(1)
    game = ChanceGame.start(setup)
    with pytest.raises(ValueError, match="draws a tile first"):
        game.play("take A")
    missing = ("ll", "ll")  # four streetlights: no fictional tile has that face
    assert missing not in setup.stack(setup.first)
    with pytest.raises(ValueError, match=r"stack has no \('ll', 'll'\) left to draw"):
        game.draw(missing)
    game = game.draw_from(setup.tiles)
    with pytest.raises(ValueError, match="no tile is drawn now"):
        game.draw(setup.tiles[0][1])
    with pytest.raises(ValueError, match="no tile is drawn now"):
        game.chance_outcomes()


def test_a_hand_not_drawn_yet_is_in_nobodys_view() -> None:
    setup = random_setup(2)
    game = ChanceGame.start(setup)
    for player in Player:
        view = game.view(player)
        assert view.hand is None
        assert len(view.unseen[0]) == len(view.unseen[1]) == 8
    game = game.draw(sorted(setup.stack(setup.first))[0])
    assert game.view(setup.first).hand == sorted(setup.stack(setup.first))[0]
    assert game.view(setup.first.other).hand is None
