"""The game engine, the position referee and legal_placements agree on every placement of every piece.

On random phase-2 states of random games, every way the side to move could
put down each of its reserve pieces (every rotation at every place on the
board, with every ``metro=`` / ``chartier=`` option the spaces allow) and
each special piece whose postcard is free (every space, every facing) is
judged four ways: ``GameState.play`` accepts it; ``legal_moves`` lists it;
``legal_placements`` / ``placement_problems`` allow it (builds); and
``check`` finds no new error in the position with that piece added.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from paris_score import check
from paris_score.errors import IllegalMoveError
from paris_score.game import GameState
from paris_score.game.generate import random_setup
from paris_score.game.moves import Build, Move, PlaceFountain, PlacePiece, PlaceStatue
from paris_score.model import FACINGS, Building, Position, Reserve, Statue
from paris_score.placement import layout, legal_placements, placement_problems
from paris_score.postcards import FOUNTAIN, STATUE
from paris_score.shapes import orientations
from paris_score.squares import SQUARES, scan

STATES = 30


def phase_two_state(seed: int) -> GameState:
    """A random state of phase 2 (the game not over), from a random game of seed ``seed``."""
    rng = random.Random(seed)
    state = GameState.start(random_setup(seed))
    states = []
    while not state.is_over:
        if state.phase == 2:
            states.append(state)
        state = state.play(rng.choice(state.legal_moves()))
    return rng.choice(states)


def codes(position: Position, *, warnings: bool = False) -> Counter[str]:
    """The codes of the errors ``check`` finds, and of its warnings if asked.

    A later piece may cover the statue's front (a warning, S4c); the statue is placed with its front free (P11).
    """
    return Counter(p.code for p in check(position) if warnings or p.severity == "error")


def plays(state: GameState, move: Move) -> bool:
    try:
        state.play(move)
    except IllegalMoveError:
        return False
    return True


def after_build(state: GameState, piece: int, move: Build) -> Position:
    """The position with ``move`` made by hand: the building added, the piece out of the reserve, the Chartier laid."""
    position = state.position()
    player = state.turn
    pid = state.setup.pool[piece].id
    sizes = list(position.reserve.of(player))
    shapes = list(position.reserve.shapes(player))
    k = [p.id for p in state.setup.pool if p.id in state.reserve(player)].index(pid)
    del sizes[k], shapes[k]
    reserve = attrs.evolve(position.reserve, **{f"{player}": tuple(sizes), f"{player}_shapes": tuple(shapes)})
    pieces = position.pieces if move.chartier is None else attrs.evolve(position.pieces, chartier=move.chartier)
    return attrs.evolve(
        position,
        buildings=(*position.buildings, Building(pid, player, move.cells)),
        reserve=Reserve(reserve.orange, reserve.blue, reserve.orange_shapes, reserve.blue_shapes),
        pieces=pieces,
    )


@pytest.mark.parametrize("seed", range(STATES))
def test_every_build_is_judged_alike(seed: int) -> None:
    state = phase_two_state(seed)
    player = state.turn
    position = state.position()
    before = codes(position)
    legal = set(state.legal_moves())
    metro, chartier = state.metro is player, state.chartier is player
    lights, opponents = position.ground.streetlight, position.ground.own(player.other)
    for pid in state.reserve(player):
        piece = next(i for i, p in enumerate(state.setup.pool) if p.id == pid)
        shape = state.setup.pool[piece].shape
        placements = {(p.cells, p.streetlight, p.chartier) for p in legal_placements(position, player, shape)}
        assert placements == {
            (p.cells, p.streetlight, p.chartier)
            for p in legal_placements(position, player, shape, metropolitain=metro, chartier=chartier)
        }
        for turned in orientations(shape):
            base, _, anchors = layout(turned)
            for anchor in scan(anchors):
                cells = base << anchor
                # The options a build may name: none, or one of the spaces it covers.  The position does not
                # record metro=, so the referee judges the spaces and the laid Chartier space.
                for c in (None, *scan(cells & opponents)):
                    accepted = False
                    for m in (None, *scan(cells & lights)):
                        move = Build(pid.upper(), cells, m, c)
                        ok = plays(state, move)
                        assert ok == (move in legal), move
                        assert ok == ((cells, m, c) in placements), move
                        accepted |= ok
                    new = codes(after_build(state, piece, move)) - before
                    assert accepted == (not new), (str(move), new)
                # placement_problems judges the spaces alone, the options chosen for them.
                fine = any(p[0] == cells for p in placements)
                assert fine == (not placement_problems(position, player, cells, metropolitain=metro, chartier=chartier))


@pytest.mark.parametrize("seed", range(STATES))
def test_every_piece_placement_is_judged_alike(seed: int) -> None:
    state = phase_two_state(seed)
    player = state.turn
    if not state.tokens(player):
        pytest.skip("no action token left")
    position = state.position()
    legal = set(state.legal_moves())
    for card in state.setup.postcards:
        piece = card.piece
        if state.card_user(card) is not None or piece is None or not piece.stands:
            continue
        used = attrs.evolve(position.postcards, **{player.value: (*position.postcards.used(player), card)})
        base = attrs.evolve(position, postcards=used)
        before = codes(base, warnings=piece is STATUE)
        tries: list[tuple[Move, object]] = []
        for sq in SQUARES:
            if piece is STATUE:
                tries += [(PlaceStatue(sq, facing), Statue(sq, facing)) for facing in FACINGS]
            elif piece is FOUNTAIN:
                tries.append((PlaceFountain(sq), sq))
            else:
                tries.append((PlacePiece(card, sq), sq))
        for move, value in tries:
            ok = plays(state, move)
            assert ok == (move in legal), move
            after = attrs.evolve(base, pieces=attrs.evolve(base.pieces, **{piece.key: value}))
            new = codes(after, warnings=piece is STATUE) - before
            assert ok == (not new), (str(move), new)
