"""The bot authors' contract (docs/bots.md): integer actions, views and sampling, results, keys, state strings."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paris_score.errors import SetupError, StateStringError
from paris_score.game import GameState
from paris_score.game.actions import (
    ANNEX_BLOCK,
    BUILD_BLOCK,
    CARD_BLOCK,
    CARD_ORDER,
    FOUNTAIN_BLOCK,
    JARDIN_BLOCK,
    LEVITATE_BLOCK,
    NUM_ACTIONS,
    PIECE_BLOCK,
    STATUE_BLOCK,
    TAKE_BLOCK,
    action_of,
    distinct_actions,
    distinct_mask,
    distinct_moves,
    legal_actions,
    legal_mask,
    move_of,
)
from paris_score.game.generate import random_setup
from paris_score.game.moves import Build, Levitate, Move, PlaceAnnex, PlaceFountain
from paris_score.game.state import Result, checked_state
from paris_score.model import Player
from paris_score.postcards import Postcard
from tests.strategies import game_states


def random_game(seed: int) -> list[GameState]:
    """Every state of a uniformly random game of ``random_setup(seed)``."""
    rng = random.Random(seed)
    states = [GameState.start(random_setup(seed))]
    while not states[-1].is_over:
        states.append(states[-1].play(rng.choice(states[-1].legal_moves())))
    return states


# -- integer actions -----------------------------------------------------------------------------------------


def test_the_blocks_have_the_documented_sizes() -> None:
    assert (
        TAKE_BLOCK,
        BUILD_BLOCK,
        CARD_BLOCK,
        LEVITATE_BLOCK,
        JARDIN_BLOCK,
        PIECE_BLOCK,
        STATUE_BLOCK,
        FOUNTAIN_BLOCK,
        ANNEX_BLOCK,
        NUM_ACTIONS,
    ) == (
        64,
        77,
        3149,
        3161,
        40025,
        40153,
        40409,
        40665,
        40793,
        41625,
    )


def test_ids_of_each_kind_of_move() -> None:
    state = GameState.start(random_setup(1))
    ids = [piece.id for piece in state.setup.pool]
    cases = {
        "tile A1 0": 0,
        "tile C1 90": 5,
        "tile G7 270": 63,
        f"take {ids[0]}": 64,
        f"take {ids[11]}": 75,
        "pass": 76,
        "card levitation": 3149,
        "card la-grande-lumiere": 3160,
        "card jardin-des-plantes A1 B1": 40025,
        "card jardin-des-plantes G1 G2": 40025 + 64 + 6,
        "card le-peintre B1": 40153 + 1,
        "card la-grande-lumiere H8": 40153 + 3 * 64 + 63,
        "card le-penseur A2 right": 40409 + 4 * 8 + 3,
        "card fontaine-des-mers C1": 40665 + 4,
        "card fontaine-des-mers C1 chartier=C1": 40665 + 5,
        "card bouquinistes A1 J": 40793 + 12,
        f"card bouquinistes B1 {ids[2]}": 40793 + 13 + 2,
    }
    for text, action in cases.items():
        move = Move.parse(text)
        assert action_of(state, move) == action, text
        assert move_of(state, action) == move, text


def test_a_build_id_names_the_piece_its_turns_and_its_first_space() -> None:
    state = GameState.start(random_setup(1))
    piece = state.setup.pool[3]
    move = move_of(state, BUILD_BLOCK + 256 * 3 + 64 * 0 + 9)  # printed shape, first space B2
    assert isinstance(move, Build)
    assert move.piece == piece.id.upper()
    assert (move.cells & -move.cells).bit_length() - 1 == 9
    assert action_of(state, move) == BUILD_BLOCK + 256 * 3 + 9
    with pytest.raises(ValueError, match="leaves the board"):
        move_of(state, BUILD_BLOCK + 256 * 3 + 63)


def test_bad_ids_and_moves_are_refused() -> None:
    state = GameState.start(random_setup(1))
    for action in (-1, NUM_ACTIONS, 1.5):
        with pytest.raises(ValueError, match="expected an id 0-41624"):
            move_of(state, action)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a piece of the setup's pool"):
        action_of(state, Move.parse("take ZZ"))
    with pytest.raises(ValueError, match="the fountain's own space"):
        action_of(state, PlaceFountain(3, 4))
    with pytest.raises(ValueError, match="leaves the board"):
        move_of(state, JARDIN_BLOCK + 7)


@pytest.mark.parametrize("seed", range(12))
def test_every_legal_move_of_whole_games_round_trips(seed: int) -> None:
    options = 0
    for state in random_game(seed):
        moves = state.legal_moves()
        actions = [action_of(state, move) for move in moves]
        assert len(set(actions)) == len(actions)
        assert sorted(actions) == legal_actions(state)
        assert all(move_of(state, a) == m for a, m in zip(actions, moves, strict=True))
        mask = legal_mask(state)
        assert len(mask) == NUM_ACTIONS
        assert sum(mask) == len(moves)
        options += sum(isinstance(m, Build | Levitate) and (m.metro, m.chartier) != (None, None) for m in moves)
    assert seed != 9 or options > 200  # the options metro= and chartier= are read back from the ground


def test_a_state_lists_the_same_move_objects_each_time() -> None:
    """The adapters find a move's id by its identity (actions._mapped): a move made anew at each listing, as annex
    moves were, is looked up and kept again at every mask."""
    kinds: set[type[Move]] = set()
    for seed in range(12):
        for state in random_game(seed):
            first, again = state.legal_moves(), state.legal_moves()
            assert all(a is b for a, b in zip(first, again, strict=True))
            kinds.update(map(type, first))
    assert PlaceAnnex in kinds  # the Bouquinistes' annexes are among them


@pytest.mark.parametrize("seed", range(6))
def test_distinct_actions_keep_the_smallest_id_of_each_result(seed: int) -> None:
    """Every legal move played: the ids that give the same state are grouped, and the smallest of each group is
    kept (the mask's ids); legal_moves() itself still lists every rotation."""
    repeated = 0
    for state in random_game(seed)[:40]:
        results: dict[GameState, list[int]] = {}
        for move in state.legal_moves():
            results.setdefault(state.play(move), []).append(action_of(state, move))
        kept = sorted(min(group) for group in results.values())
        assert distinct_actions(state) == kept
        assert distinct_mask(state) == bytes(int(a in kept) for a in range(NUM_ACTIONS))
        moves = distinct_moves(state)
        assert list(moves) == kept
        assert all(move_of(state, a) == m for a, m in moves.items())
        assert len(state.legal_moves()) == len(legal_actions(state))
        repeated += len(kept) < len(legal_actions(state))
    assert seed not in (1, 2) or repeated


@settings(max_examples=60, deadline=None)
@given(game_states())
def test_actions_round_trip_on_any_state(state: GameState) -> None:
    for move in state.legal_moves():
        assert move_of(state, action_of(state, move)) == move


# -- views and sampling ----------------------------------------------------------------------------------------


def test_each_player_sees_its_own_hand_only() -> None:
    state = GameState.start(random_setup(4)).play("tile A1 0")
    mover = state.setup.first
    for player in Player:
        view = state.view(player)
        assert view.player is player
        assert view.hand == state.hand(player)
        assert len(view.down[mover is Player.BLUE]) == 1
        seen = 1 + (player is mover) + (player is not mover)  # the tile down, and one's own hand
        assert len(view.unseen[0]) + len(view.unseen[1]) == 16 - seen
    assert state.view() == state.view(state.turn)
    assert state.view(mover).tiles_left == (7, 8) if mover is Player.ORANGE else (8, 7)


def test_the_opponents_hand_and_the_stacks_order_are_not_in_a_view() -> None:
    setup = random_setup(4)
    mover = setup.first  # puts down its first tile; then each holds the next of its stack
    played = GameState.start(setup).play("tile A1 0")

    def reordered(keep: dict[Player, int]) -> GameState:
        """The same game with each stack reversed below its first ``keep[player]`` tiles."""
        tiles = tuple(stack[: keep[p]] + stack[keep[p] :][::-1] for p, stack in zip(Player, setup.tiles, strict=True))
        return GameState.start(attrs.evolve(setup, tiles=tiles)).play("tile A1 0")

    hidden_from_mover = reordered({mover: 2, mover.other: 0})  # the opponent's hand and both stacks below
    assert hidden_from_mover != played
    assert hidden_from_mover.hand(mover.other) != played.hand(mover.other)
    assert hidden_from_mover.view(mover) == played.view(mover)
    assert hidden_from_mover.view(mover.other) != played.view(mover.other)
    hidden_from_other = reordered({mover: 1, mover.other: 1})
    assert hidden_from_other.view(mover.other) == played.view(mover.other)
    assert hidden_from_other.view(mover) != played.view(mover)


@settings(max_examples=60, deadline=None)
@given(game_states(), st.integers(0, 2**32 - 1), st.sampled_from(list(Player)))
def test_a_sample_agrees_with_the_view(state: GameState, seed: int, player: Player) -> None:
    view = state.view(player)
    sampled = view.sample(random.Random(seed))
    assert sampled.view(player) == view
    assert sampled.setup.pool == state.setup.pool
    for side in (0, 1):
        assert sorted(sampled.setup.tiles[side]) == sorted(state.setup.tiles[side])
    if player is state.turn:
        assert sampled.legal_moves() == state.legal_moves() == view.legal_moves()
    if state.phase == 2:
        assert sampled == state  # nothing is hidden once the 16 tiles are down


def test_samples_deal_the_unseen_tiles_again() -> None:
    state = GameState.start(random_setup(2))
    view = state.view(Player.ORANGE)
    stacks = {view.sample(seed).setup.tiles for seed in range(20)}
    assert len(stacks) > 10
    assert all(tiles[0][0] == state.hand(Player.ORANGE) for tiles in stacks)
    assert view.sample(3) == view.sample(random.Random(3))


def test_a_view_of_the_player_not_to_move_has_no_legal_moves() -> None:
    state = GameState.start(random_setup(2))
    with pytest.raises(ValueError, match="whose moves depend on its own hand"):
        state.view(state.turn.other).legal_moves()


# -- the checked constructor ------------------------------------------------------------------------------------


def test_the_checked_constructor_never_skips_the_setup_check() -> None:
    setup = random_setup(5)
    assert checked_state(setup) == GameState.start(setup)
    short = attrs.evolve(setup, tiles=(setup.tiles[0][:3], setup.tiles[1]))
    with pytest.raises(SetupError, match=r"setup.tiles.orange: expected 8 tiles, got 3"):
        checked_state(short)


def test_the_checked_constructor_names_parts_that_disagree() -> None:
    setup = random_setup(5)
    with pytest.raises(StateStringError, match="phase 2 with 0 tiles down"):
        checked_state(setup, phase=2)
    with pytest.raises(StateStringError, match="chimneys: orange: 6 chimneys left with 0 buildings"):
        checked_state(setup, chimneys=(6, 7))
    with pytest.raises(StateStringError, match="each of the 12 pieces"):
        checked_state(setup, pool=0b111)
    unused = next(card for card in Postcard if card not in setup.postcards)
    with pytest.raises(StateStringError, match="distinct postcards in play"):
        checked_state(setup, cards=((unused,), ()))


# -- results ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_a_result_at_the_end_only(seed: int) -> None:
    states = random_game(seed)
    assert all(state.result() is None for state in states[:-1])
    result = states[-1].result()
    assert isinstance(result, Result)
    totals = states[-1].outcome()
    assert result.scores == (totals.orange, totals.blue)
    if totals.winner == "tie":
        assert (result.returns, result.winner) == ((0, 0), None)
    else:
        winner = Player(totals.winner)
        assert result.winner is winner
        assert result.value(winner) == 1
        assert result.value(winner.other) == -1
        assert result.value(str(winner)) == 1  # type: ignore[arg-type]
        assert sum(result.returns) == 0


def test_outcome_raises_in_phase_1_and_result_does_not() -> None:
    state = GameState.start(random_setup(1))
    with pytest.raises(ValueError, match="no position before"):
        state.outcome()
    assert state.result() is None


# -- keys ------------------------------------------------------------------------------------------------------


def test_transposed_builds_have_one_key() -> None:
    """The same buildings built in another order: unequal states, one key; a different building: another key."""
    for seed in range(40):
        state = random_game(seed)[0]
        rng = random.Random(seed)
        while state.phase == 1:
            state = state.play(rng.choice(state.legal_moves()))
        builds = [m for m in state.legal_moves() if isinstance(m, Build)]
        for first in builds:
            for second in builds:
                if first.piece == second.piece or first.cells & second.cells:
                    continue
                after = state.play(first)
                reply = next((m for m in after.legal_moves() if not isinstance(m, Build)), None)
                if reply is None:
                    continue
                one = after.play(reply)
                two = state.play(second).play(reply)
                if second not in one.legal_moves() or first not in two.legal_moves():
                    continue
                a, b = one.play(second), two.play(first)
                assert a != b
                assert a.key() == b.key()
                assert a.key() != one.play(next(m for m in one.legal_moves() if m != second)).key()
                return
    pytest.fail("no transposition found")


@settings(max_examples=80, deadline=None)
@given(game_states(), game_states())
def test_keys_are_equal_only_for_the_same_situation(a: GameState, b: GameState) -> None:
    def canonical(state: GameState) -> GameState:
        cards = tuple(tuple(sorted(side, key=CARD_ORDER.index)) for side in state.cards)
        return attrs.evolve(state, buildings=tuple(sorted(state.buildings, key=lambda x: x.id)), cards=cards)

    assert (a.key() == b.key()) == (canonical(a) == canonical(b))
    assert a.setup == b.setup or a.key() != b.key()


# -- the state string --------------------------------------------------------------------------------------------


@settings(max_examples=100, deadline=None)
@given(game_states())
def test_the_state_string_round_trips(state: GameState) -> None:
    text = state.to_string()
    back = GameState.from_string(text)
    assert back == state
    assert back.to_string() == text
    assert back.legal_moves() == state.legal_moves()


def test_the_state_string_of_a_start() -> None:
    state = GameState.start(random_setup(1))
    fields = state.to_string().split(" ")
    assert len(fields) == 15
    assert fields[0] == "paris-state/1"
    assert fields[5:] == [
        "1b",
        "/".join(["........"] * 8),
        "0,0",
        "-",
        "fff,0,0",
        "7,7",
        "-/-",
        "--",
        "-",
        "-,-,-,-,-,-,-",
    ]


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda f: f[:3], "state: expected 15 fields separated by spaces, got 3"),
        (lambda f: ["paris-state/9", *f[1:]], "field 1 (version): 'paris-state/9': expected paris-state/1"),
        (lambda f: [*f[:1], "01234567z", *f[2:]], "field 2 (postcards): 'z' is not a lower-case hex number"),
        (lambda f: [*f[:2], "A:7,B", *f[3:]], "field 3 (pool): 'B': expected ID:HEX"),
        (lambda f: [*f[:3], "obm/", *f[4:]], "field 4 (tiles): each tile is 4 characters"),
        (lambda f: [*f[:4], "o:star", *f[5:]], "field 5 (first and rules): 'star': expected square2"),
        (lambda f: [*f[:5], "3o", *f[6:]], "field 6 (phase and turn): '3o': expected 1 or 2, then o or b"),
        (lambda f: [*f[:6], "x" * 8, *f[7:]], "field 7 (ground): expected 8 rows of 8 characters joined by /"),
        (lambda f: [*f[:7], "9,0", *f[8:]], "field 8 (tiles down): 9,0: at most 8 each"),
        (lambda f: [*f[:12], "q-", *f[13:]], "field 13 (held cards): 'q': expected o, b or -"),
        (lambda f: [*f[:14], "Z9,-,-,-,-,-,-"], "field 15 (pieces): 'Z9' is not a space"),
        (lambda f: [*f[:7], "1,0", *f[8:]], "areas: 0 areas with a tile, 1 tiles down"),
    ],
)
def test_a_bad_state_string_names_its_field(change: object, where: str) -> None:
    fields = GameState.start(random_setup(1)).to_string().split(" ")
    with pytest.raises(StateStringError) as error:
        GameState.from_string(" ".join(change(fields)))  # type: ignore[operator]
    assert where in str(error.value)


def test_a_state_string_with_a_bad_setup_is_a_setup_error() -> None:
    fields = GameState.start(random_setup(1)).to_string().split(" ")
    orange, blue = fields[3].split("/")
    fields[3] = orange[:12] + "/" + blue
    with pytest.raises(SetupError, match="expected 8 tiles, got 3"):
        GameState.from_string(" ".join(fields))
