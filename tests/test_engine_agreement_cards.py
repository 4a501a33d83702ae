"""The game engine and the position referee agree on what the postcards put down: the Jardin des Plantes (P4),
the annex (P8), the fountain with or without the held Chartier space under it (P12, P7) and Lévitation's build
(P2), as tests/test_engine_agreement.py does for builds and the one-space pieces.

On random phase-2 states of games whose setup has these cards in play, every way the side to move could play
each card that is still free (every domino and some other pairs of spaces for the Jardin, every space and
building for the annex, every space with and without ``chartier=`` for the fountain, every rotation of every
pool piece at every place with every option, given back for one reserve piece, for Lévitation) is judged three
ways: ``GameState.play`` accepts it, ``legal_moves`` lists it, and ``check`` finds no new error in the position
with the card used and its piece added by hand.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from paris_score.game import GameState
from paris_score.game.generate import random_setup
from paris_score.game.moves import Activate, Build, BuildJardin, Levitate, Move, PlaceAnnex, PlaceFountain
from paris_score.game.setups import JARDIN_ID, Setup
from paris_score.model import Building, Player, Position, Reserve
from paris_score.placement import layout, legal_placements, placement_problems
from paris_score.postcards import Postcard
from paris_score.shapes import orientations
from paris_score.squares import SQUARES, scan
from tests.test_engine_agreement import codes, plays

STATES = 20
CARDS = (
    Postcard.JARDIN_DES_PLANTES,
    Postcard.BOUQUINISTES,
    Postcard.FONTAINE_DES_MERS,
    Postcard.LEVITATION,
    Postcard.CHARTIER,
    Postcard.METROPOLITAIN,
)
"""The cards under test, and the two whose build (P3, P7) they may use."""


def card_setup(seed: int) -> Setup:
    """A random setup with :data:`CARDS` among its 8 postcards (the other two random)."""
    setup = random_setup(seed)
    others = [card for card in setup.postcards if card not in CARDS]
    return attrs.evolve(setup, postcards=(*CARDS, *others[: 8 - len(CARDS)]))


def card_state(seed: int, card: Postcard) -> GameState:
    """A random state of phase 2 with a building on the board, in which the side to move holds a token and
    ``card`` is free: from the game of ``seed``, else of the next seed that has one.  For an odd seed the side to
    move also holds an unused Métropolitain build and the Chartier space (P3, P7) where the game allows it."""
    rng = random.Random(seed)
    state = GameState.start(card_setup(seed))
    held = (Postcard.CHARTIER, Postcard.METROPOLITAIN) if seed % 2 else ()
    states = []
    while not state.is_over:
        if (
            state.phase == 2
            and state.tokens(state.turn) > len(held)
            and all(state.card_user(c) is None for c in (card, *held))
            and state.buildings
        ):
            states.append(state)
        state = state.play(rng.choice(state.legal_moves()))
    if not states:
        return card_state(seed + 2 * STATES, card)
    state = rng.choice(states)
    for c in held:  # the card activated, then any move of the opponent that leaves the cards under test free
        state = state.play(Activate(c))
        state = state.play(rng.choice([m for m in state.legal_moves() if m.card not in (card, *held)]))
    assert all(state.card_user(c) is state.turn for c in held)
    return state


def using(position: Position, player: Player, card: Postcard) -> Position:
    """``position`` with ``card`` among ``player``'s postcards used."""
    used = attrs.evolve(position.postcards, **{player.value: (*position.postcards.used(player), card)})
    return attrs.evolve(position, postcards=used)


def prepared(seed: int, card: Postcard) -> tuple[GameState, Position, Counter[str], set[Move]]:
    """:func:`card_state`, its position with ``card`` used by the side to move, that position's errors and the
    state's legal moves."""
    state = card_state(seed, card)
    position = using(state.position(), state.turn, card)
    return state, position, codes(position), set(state.legal_moves())


def judged_alike(state: GameState, legal: set[Move], move: Move, after: Position, before: Counter[str]) -> bool:
    """Whether ``play``, ``legal_moves`` and ``check`` (of ``after``, by hand) agree on ``move``; its verdict."""
    ok = plays(state, move)
    assert ok == (move in legal), move
    new = codes(after) - before
    assert ok == (not new), (str(move), new)
    return ok


@pytest.mark.parametrize("seed", range(STATES))
def test_the_jardin_des_plantes_is_judged_alike(seed: int) -> None:
    state, position, before, legal = prepared(seed, Postcard.JARDIN_DES_PLANTES)
    player = state.turn
    rng = random.Random(str(state))
    pairs = [(a, a + 1) for a in SQUARES if a % 8 < 7] + [(a, a + 8) for a in SQUARES if a < 56]
    pairs += [tuple(sorted(rng.sample(SQUARES, 2))) for _ in range(40)]  # mostly not dominoes: refused
    accepted = 0
    for a, b in dict.fromkeys(pairs):  # each pair once
        cells = 1 << a | 1 << b
        jardin = Building(JARDIN_ID, player, cells, jardin=True)
        after = attrs.evolve(position, buildings=(*position.buildings, jardin))
        accepted += judged_alike(state, legal, BuildJardin(cells), after, before)
    assert accepted == sum(isinstance(m, BuildJardin) for m in legal)


@pytest.mark.parametrize("seed", range(STATES))
def test_the_annex_is_judged_alike(seed: int) -> None:
    state, position, before, legal = prepared(seed, Postcard.BOUQUINISTES)
    for k, building in enumerate(position.buildings):
        for sq in SQUARES:
            move = PlaceAnnex(sq, building.id.upper())
            if building.cells >> sq & 1:  # no such position: the annex would stand on its own building
                assert not plays(state, move)
                assert move not in legal
                continue
            extended = attrs.evolve(building, annex=sq)
            after = attrs.evolve(position, buildings=(*position.buildings[:k], extended, *position.buildings[k + 1 :]))
            judged_alike(state, legal, move, after, before)


@pytest.mark.parametrize("seed", range(STATES))
def test_the_fountain_is_judged_alike(seed: int) -> None:
    state, position, before, legal = prepared(seed, Postcard.FONTAINE_DES_MERS)
    for sq in SQUARES:
        pieces = attrs.evolve(position.pieces, fountain=sq)
        judged_alike(state, legal, PlaceFountain(sq), attrs.evolve(position, pieces=pieces), before)
        laid = attrs.evolve(pieces, chartier=sq)  # the held Chartier space under it (P7, P12)
        judged_alike(state, legal, PlaceFountain(sq, sq), attrs.evolve(position, pieces=laid), before)


@pytest.mark.parametrize("seed", range(STATES))
def test_levitation_is_judged_alike(seed: int) -> None:
    """Every build of every pool piece, given back for the first reserve piece; no swap without a build (P2)."""
    state, position, before, legal = prepared(seed, Postcard.LEVITATION)
    player = state.turn
    reserve = state.reserve(player)
    if not reserve:
        pytest.skip("nothing to give back")
    give = reserve[0]
    sides = (Player.ORANGE, Player.BLUE)
    kept = Reserve(  # the player's first reserve piece given back
        *(position.reserve.of(p)[p is player :] for p in sides),
        *(position.reserve.shapes(p)[p is player :] for p in sides),
    )
    lights, opponents = position.ground.streetlight, position.ground.own(player.other)
    for piece in map(state.setup.piece, state.pool_ids()):
        swaps = 0
        for turned in orientations(piece.shape):
            base, _, anchors = layout(turned)
            for anchor in scan(anchors):
                cells = base << anchor
                for c in (None, *scan(cells & opponents)):
                    pieces = position.pieces if c is None else attrs.evolve(position.pieces, chartier=c)
                    built = (*position.buildings, Building(piece.id, player, cells))
                    after = attrs.evolve(position, buildings=built, reserve=kept, pieces=pieces)
                    # The position does not record metro=: the referee judges the spaces, whichever option is named.
                    accepted = 0
                    for m in (None, *scan(cells & lights)):
                        move = Levitate(give.upper(), piece.id.upper(), cells, m, c)
                        ok = plays(state, move)
                        assert ok == (move in legal), move
                        accepted += ok
                    new = codes(after) - before
                    assert bool(accepted) == (not new), (str(move), new)
                    swaps += accepted
        listed = sum(isinstance(m, Levitate) and m.take == piece.id.upper() and m.give == give.upper() for m in legal)
        assert swaps == listed, piece.id


@pytest.mark.parametrize("seed", range(1, STATES, 2))
def test_builds_with_both_cards_held_are_listed_alike(seed: int) -> None:
    """Holding Métropolitain and Chartier (rare in random play): ``legal_moves``' builds of each reserve piece are
    ``legal_placements``' (the cards' builds inferred from the position) and have no ``placement_problems``."""
    state = card_state(seed, Postcard.LEVITATION)
    player = state.turn
    position = state.position()
    builds = [m for m in state.legal_moves() if isinstance(m, Build)]
    assert builds or not state.can_build(player)
    for pid in state.reserve(player):
        placements = legal_placements(position, player, state.setup.piece(pid).shape)
        listed = {(m.cells, m.metro, m.chartier) for m in builds if m.piece == pid.upper()}
        assert {(p.cells, p.streetlight, p.chartier) for p in placements} == listed, pid
        for cells in {p.cells for p in placements}:
            assert placement_problems(position, player, cells) == []
