"""The observation (paris_score.game.observations): all a view holds, flat and as planes, the layout the docs give."""

from __future__ import annotations

import math
import random
import re
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paris_score.game import GameState, View
from paris_score.game.generate import random_setup
from paris_score.game.observations import (
    BLOCKS,
    LAYOUT,
    OBSERVATION_SIZE,
    PLANE_SHAPE,
    PLANES,
    SPATIAL_SIZE,
    VECTOR_SIZE,
    observation,
    observation_of,
    planes,
)
from paris_score.game.setups import PoolPiece
from paris_score.model import Building, Player, Rules
from paris_score.shapes import fixed_polyominoes
from tests.strategies import game_states
from tests.test_bot_api import random_game

ROOT = Path(__file__).resolve().parent.parent


def block(vector: bytes, name: str) -> bytes:
    return vector[BLOCKS[name]]


def test_the_layout_adds_up() -> None:
    assert (OBSERVATION_SIZE, PLANES, SPATIAL_SIZE, VECTOR_SIZE) == (3425, 28, 1792, 1633)
    assert PLANE_SHAPE == (28, 8, 8)
    start = 0
    for name, shape, _ in LAYOUT:
        assert BLOCKS[name] == slice(start, start + math.prod(shape))
        start += math.prod(shape)
    assert start == OBSERVATION_SIZE
    assert BLOCKS["pieces"].stop == SPATIAL_SIZE  # the planes come first, then the vector


def test_the_docs_table_is_the_layout() -> None:
    """docs/bots.md's table of the observation lists the blocks of LAYOUT, in order, with their shapes."""
    text = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    section = text.split("## The observation", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `(\w+)` \| ([\d x]+) \|", section, flags=re.MULTILINE)
    assert [(name, tuple(int(n) for n in shape.split(" x "))) for name, shape in rows] == [
        (name, shape) for name, shape, _ in LAYOUT
    ]


def test_the_blocks_of_a_view() -> None:
    state = GameState.start(random_setup(1)).play("tile A1 90")
    setup = state.setup
    for player in Player:
        view = state.view(player)
        vector = observation(view)
        assert len(vector) == OBSERVATION_SIZE
        assert set(vector) == {0, 1}
        ground = block(vector, "ground")
        assert sum(ground[4 * 64 :]) == 60  # one tile down: 60 spaces without ground
        for k in range(4):
            assert ground[64 * k : 64 * k + 64] == bytes(state.ground[k] >> sq & 1 for sq in range(64))
        hand = block(vector, "hand")
        assert sum(hand) == 4
        assert hand == bytes(int(c == g) for c in "".join(view.hand or ()) for g in "obml")
        viewer = block(vector, "viewer")
        assert viewer == (b"\1\0" if player is Player.ORANGE else b"\0\1")
        down = block(vector, "down")
        mover = setup.first is Player.BLUE
        assert sum(down[128 * mover : 128 * mover + 16]) == 4
        assert sum(down) == 4
        assert sum(block(vector, "unseen")) == 4 * (16 - 1 - 1)  # 16 tiles, one down, one in the viewer's hand
    assert block(vector, "shapes")[:36] == bytes(
        int((dc, dr) in setup.pool[0].shape) for dr in range(6) for dc in range(6)
    )
    assert sum(block(vector, "postcards")) == 8
    assert block(vector, "chimneys") == bytes(int(k == 7) for _ in range(2) for k in range(8))


def test_the_planes_are_the_vector_shaped() -> None:
    state = random_game(3)[-1]
    view = state.view(Player.BLUE)
    spatial, rest = planes(view)
    vector = observation(view)
    assert (spatial.shape, rest.shape) == (PLANE_SHAPE, (VECTOR_SIZE,))
    assert spatial.tobytes() + rest.tobytes() == vector
    orange = state.ground[0]
    assert [spatial[0, sq // 8, sq % 8] for sq in range(64)] == [orange >> sq & 1 for sq in range(64)]
    for building in state.buildings:
        index = 12 if building.jardin else [p.id for p in state.setup.pool].index(building.id)
        plane = 5 + 2 + 1 + index
        assert [spatial[plane, sq // 8, sq % 8] for sq in range(64)] == [building.cells >> sq & 1 for sq in range(64)]


def test_every_part_of_a_view_shows_in_the_observation() -> None:
    """Change any one field of a view (but those that follow from others) and the observation changes."""
    derived = {"occupied", "areas"}  # the pieces' spaces, the areas with a tile: from the other fields
    state = next(
        s
        for seed in range(40)
        for s in random_game(seed)
        if len(s.buildings) >= 3 and all(len(c) >= 2 for c in s.cards) and s.pieces.spaces().count(None) < 7
    )
    early = random_game(5)[9]
    changes: dict[str, list[tuple[View, dict[str, Any]]]] = {}

    def change(view: View, **fields: Any) -> None:
        for name in fields:
            changes.setdefault(name, []).append((view, fields))

    view, first = state.view(Player.ORANGE), early.view(Player.BLUE)
    other = Player.BLUE
    shape = view.pool_pieces[0].shape
    change(view, player=other)
    change(first, hand=None)
    change(first, hand=first.unseen[1][0])
    change(view, down=(view.down[0][::-1], view.down[1]))
    change(first, unseen=(first.unseen[0][1:], first.unseen[1]))
    change(view, turn=view.turn.other)
    change(first, phase=2)
    change(view, postcards=view.postcards[::-1])
    another = next(s for s in fixed_polyominoes(len(shape)) if s != shape)
    change(view, pool_pieces=(PoolPiece(view.pool_pieces[0].id, another), *view.pool_pieces[1:]))
    change(view, first=view.first.other)
    change(view, rules=Rules("rays8" if view.rules.large_streetlight_pattern != "rays8" else "square2"))
    change(view, rules=Rules(((1, 2), (-3, 0))))
    change(view, ground=(view.ground[0] ^ 1, *view.ground[1:]))
    change(view, first_done=None if view.first_done else Player.ORANGE)
    change(first, pool=first.pool ^ 1)
    change(first, reserves=(first.reserves[0] ^ 2, first.reserves[1]))
    change(view, chimneys=(view.chimneys[0] - 1, view.chimneys[1]))
    change(view, cards=(view.cards[0][::-1], view.cards[1]))
    change(view, metro=Player.BLUE if view.metro is not Player.BLUE else None)
    change(view, chartier=Player.BLUE if view.chartier is not Player.BLUE else None)
    b = view.buildings
    change(view, buildings=b[::-1])
    change(view, buildings=(attrs.evolve(b[0], owner=b[0].owner.other), *b[1:]))
    change(view, buildings=(attrs.evolve(b[0], annex=next(sq for sq in range(64) if not view.occupied >> sq & 1)),))
    spot = next(sq for sq in range(64) if not view.occupied >> sq & 1)
    change(view, pieces=attrs.evolve(view.pieces, painter=spot))
    change(view, pieces=attrs.evolve(view.pieces, chartier=None if view.pieces.chartier is not None else spot))
    names = {field.name for field in attrs.fields(View) if field.eq}
    assert set(changes) == names - derived
    for name, cases in changes.items():
        for original, fields in cases:
            changed = attrs.evolve(original, **fields)
            assert changed != original, name
            assert observation(changed) != observation(original), name


def other_stack(seed: int, player: Player) -> GameState:
    """The game of ``random_setup(seed)`` with ``player``'s stack from another setup."""
    setup = random_setup(seed)
    side = player is Player.BLUE
    tiles = list(setup.tiles)
    tiles[side] = random_setup(seed + 1000).tiles[side]
    return GameState.start(attrs.evolve(setup, tiles=(tiles[0], tiles[1])))


def test_games_that_differ_in_the_other_players_stack_are_told_apart() -> None:
    """The experiment of the issue: 240 pairs of games with the same setup but the opponent's stack, the same
    moves; the viewer's views differ (what is left in the stacks), and so do their observations."""
    differ = pairs = 0
    for seed in range(60):
        rng = random.Random(seed)
        a = GameState.start(random_setup(seed))
        viewer = a.turn
        b = other_stack(seed, viewer.other)
        for _ in range(4):
            va, vb = a.view(viewer), b.view(viewer)
            pairs += 1
            differ += va != vb
            assert (observation(va) == observation(vb)) == (va == vb)
            move = rng.choice([m for m in a.legal_moves() if m in b.legal_moves()])
            a, b = a.play(move), b.play(move)
    assert pairs == 240
    assert differ > 200


@settings(max_examples=60, deadline=None)
@given(game_states(), st.integers(0, 2**32 - 1), st.sampled_from(list(Player)))
def test_equal_views_and_only_they_give_equal_observations(state: GameState, seed: int, player: Player) -> None:
    """A sample of a view is another state with the same view for its player: the same observation; for the
    other player the hidden tiles dealt again usually change the view, and then the observation."""
    sampled = state.view(player).sample(random.Random(seed))
    for viewer in Player:
        a, b = state.view(viewer), sampled.view(viewer)
        assert (observation(a) == observation(b)) == (a == b)
        assert (observation(a, public=True) == observation(b, public=True)) == (a.without_hand() == b.without_hand())


@settings(max_examples=60, deadline=None)
@given(game_states(), st.sampled_from(list(Player)), st.booleans())
def test_the_observation_of_a_state_is_that_of_its_view(state: GameState, player: Player, public: bool) -> None:
    assert observation_of(state, player, public=public) == observation(state.view(player), public=public)


@pytest.mark.parametrize("seed", range(4))
def test_the_observation_of_each_state_of_a_game_is_that_of_its_view(seed: int) -> None:
    for state in random_game(seed):
        for player in Player:
            assert observation_of(state, player) == observation(state.view(player))
            assert observation_of(state, str(player), public=True) == observation(state.view(player), public=True)


@settings(max_examples=40, deadline=None)
@given(game_states(), game_states(), st.sampled_from(list(Player)))
def test_views_of_two_games_share_an_observation_only_when_equal(a: GameState, b: GameState, player: Player) -> None:
    assert (observation(a.view(player)) == observation(b.view(player))) == (a.view(player) == b.view(player))


def test_the_public_observation_is_the_same_for_both_players() -> None:
    for state in random_game(7)[:60:3] + random_game(8)[-3:]:
        orange, blue = (observation(state.view(p), public=True) for p in Player)
        assert orange == blue
        assert not any(block(orange, "viewer"))
        assert not any(block(orange, "hand"))
        assert orange != observation(state.view(Player.ORANGE))


def test_a_custom_pattern_and_a_jardin_show() -> None:
    setup = attrs.evolve(random_setup(2), rules=Rules(((1, 2), (-7, 7))))
    vector = observation(GameState.start(setup).view())
    offsets = block(vector, "offsets")
    assert [k for k, v in enumerate(offsets) if v] == [15 * (2 + 7) + 1 + 7, 15 * (7 + 7) - 7 + 7]
    assert sum(block(vector, "pattern")) == 0
    jardin = next((s for seed in range(60) for s in random_game(seed) if any(b.jardin for b in s.buildings)), None)
    assert jardin is not None
    index = next(k for k, b in enumerate(jardin.buildings) if b.jardin)
    built = block(observation(jardin.view()), "built")
    assert built[13 * index + 12] == 1
    assert isinstance(jardin.buildings[index], Building)


@pytest.mark.parametrize("seed", range(3))
def test_observations_of_whole_games_are_0_or_1(seed: int) -> None:
    for state in random_game(seed):
        for player in Player:
            vector = observation(state.view(player))
            assert len(vector) == OBSERVATION_SIZE
            assert max(vector) <= 1
            assert sum(block(vector, "turn")) == sum(block(vector, "phase")) == sum(block(vector, "first")) == 1
