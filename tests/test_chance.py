"""Games with the stacks face down (paris_score.game.chance): each draw a chance event; records replay the same."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import attrs
import pytest

from paris_score.game import GameState
from paris_score.game.chance import MAX_OUTCOMES, MAX_SETUP_EVENTS, ChanceGame, SetupChance
from paris_score.game.generate import BOX, random_setup, stack_spaces
from paris_score.game.setups import Setup, Tile
from paris_score.model import PATTERN_NAMES, Player
from paris_score.postcards import Postcard
from paris_score.shapes import fixed_polyominoes


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


# -- the setup dealt by chance -----------------------------------------------------------------------------------


def true_chance(setup: Setup) -> Fraction:
    """The chance that ``random_setup`` deals ``setup`` exactly (its postcards and stacks in this order), from the
    way it deals: an ordered sample of 8 postcards of 12, a fixed polyomino of each piece's size, each stack's 32
    spaces shuffled, the first player, the preset."""
    cards = Fraction(math.factorial(12 - 8), math.factorial(12))
    shapes = math.prod(Fraction(1, len(fixed_polyominoes(size))) for size in BOX)
    spaces = Counter(stack_spaces(Player.ORANGE))
    stack = Fraction(math.prod(math.factorial(n) for n in spaces.values()), math.factorial(32))
    return cards * shapes * stack**2 * Fraction(1, 2) * Fraction(1, len(PATTERN_NAMES))


def orders(tiles: tuple[Tile, ...]) -> int:
    """The distinct orders of a stack's tiles."""
    return math.factorial(len(tiles)) // math.prod(math.factorial(n) for n in Counter(tiles).values())


@pytest.mark.parametrize("seed", range(8))
def test_a_dealt_setup_has_its_true_probability_exactly(seed: int) -> None:
    setup = random_setup(seed)
    deal, dealt = SetupChance(), Fraction(1)
    for outcome in SetupChance.dealing(setup):
        dealt *= dict(deal.chance_outcomes())[outcome]
        deal = deal.draw(outcome)
    assert deal.stage == "done"
    # the postcards in any of their 8! orders and each stack in any of its orders are the same deal
    assert dealt == true_chance(setup) * math.factorial(8) * orders(setup.tiles[0]) * orders(setup.tiles[1])
    # then the draws put the stacks in the setup's order: with them, the setup's own chance (its postcards in
    # any order)
    game, drawn = ChanceGame.start(deal.setup), Fraction(1)
    while len(game.drawn[0]) + len(game.drawn[1]) < 16:  # tiles go down (the first legal move) and are drawn
        player = game.drawing
        if player is None:
            game = game.play(game.legal_moves()[0])
        else:
            tile = setup.stack(player)[len(game.drawn[player is Player.BLUE])]
            drawn *= dict(game.chance_outcomes())[tile]
            game = game.draw(tile)
    assert game.game.setup.tiles == setup.tiles
    assert dealt * drawn == true_chance(setup) * math.factorial(8)


def test_each_event_of_a_deal_sums_to_one_and_deals_a_good_setup() -> None:
    rng = random.Random(4)
    for _ in range(30):
        deal, events = SetupChance(), 0
        while deal.stage != "done":
            outcomes = deal.chance_outcomes()
            assert sum(p for _, p in outcomes) == 1
            assert all(p > 0 for _, p in outcomes)
            assert [p for _, p in deal.probabilities()] == [float(p) for _, p in outcomes]
            assert len(outcomes) <= MAX_OUTCOMES
            keys, weights = zip(*outcomes, strict=True)
            deal = deal.draw(rng.choices(keys, weights)[0])
            events += 1
        assert events <= MAX_SETUP_EVENTS
        setup = deal.setup
        assert GameState.start(setup).setup == setup  # a setup the box allows
        assert all(list(stack) == sorted(stack) for stack in setup.tiles)
        for player in Player:
            assert Counter("".join(t[0] + t[1] for t in setup.stack(player))) == Counter(stack_spaces(player))
        assert SetupChance.dealing(setup)[0] >= 0


def test_a_deal_refuses_what_cannot_come() -> None:
    deal = SetupChance()
    with pytest.raises(ValueError, match="495 is not an outcome of the postcards event"):
        deal.draw(495)
    with pytest.raises(ValueError, match="the setup is not dealt yet: the postcards event is next"):
        _ = deal.setup
    for outcome in SetupChance.dealing(random_setup(3)):
        deal = deal.draw(outcome)
    with pytest.raises(ValueError, match="no chance event is left"):
        deal.chance_outcomes()
    other = attrs.evolve(random_setup(3), pool=[attrs.evolve(p, id=p.id + "X") for p in random_setup(3).pool])
    with pytest.raises(ValueError, match="random_setup cannot deal this setup"):
        SetupChance.dealing(other)


def test_the_events_of_a_deal_in_words() -> None:
    deal = SetupChance()
    outcomes = SetupChance.dealing(random_setup(1))
    words = []
    for outcome in outcomes:
        words.append(deal.describe(outcome))
        deal = deal.draw(outcome)
    assert words[0] == "postcards " + " ".join(
        card.value for card in sorted(random_setup(1).postcards, key=list(Postcard).index)
    )
    assert words[1] == "piece A " + " ".join(f"{dc},{dr}" for dc, dr in random_setup(1).pool[0].shape)
    assert words[13].startswith("orange's tiles ....: ")
    assert words[-2:] == [
        f"{random_setup(1).first} plays first",
        f"large streetlight {random_setup(1).rules.large_streetlight_pattern}",
    ]
