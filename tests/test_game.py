"""The game move by move (G1-G12): each rule a move can break, named as the referee's order says.

Every case plays a short game of the fictional test setup (tests/game_setups.py)
whose last move breaks exactly one rule: the engine must refuse it with that
rule and code, and the plain reference referee (tests/game_reference.py) must
find that rule and no other.
"""

from __future__ import annotations

import pickle
import random

import attrs
import pytest

from paris_score import Report, check
from paris_score.codes import REFUSALS
from paris_score.errors import IllegalMoveError, SetupError
from paris_score.game import GameState, Outcome
from paris_score.game.generate import random_setup
from paris_score.game.moves import Build, BuildJardin, Levitate, Move
from paris_score.game.setups import PoolPiece, _plainly_good, setup_problems
from paris_score.model import Player
from paris_score.postcards import Postcard
from paris_score.referee import final_problems, only_errors
from paris_score.scoring import score
from paris_score.squares import parse_square
from tests.game_reference import all_rules
from tests.game_setups import ADVANCED, phase_one, phase_two, play, setup

# Orange begins phase 2 holding A (a line of 3) and C (a 2 x 2 square); blue holds B and D.
BUILD_A = "build A A3 B3 C3"

# Orange puts down its 8 tiles while blue takes 8 pieces: orange has no tile in hand afterwards.
NO_TILE_LEFT = [
    move for pair in zip(phase_one((), ())[::2], [f"take {p}" for p in "ABCDEFGH"], strict=True) for move in pair
]

CASES = [
    # (cards, moves before, the refused move, code, rule)
    (None, ["tile A1 0"], "tile A1 0", "area-not-empty", "G4"),
    (None, NO_TILE_LEFT, "tile E1 0", "no-tile-in-hand", "G4"),
    (None, [], "pass", "pass-not-allowed", "G6"),
    (None, ["take A"], "take A", "piece-not-in-pool", "G5"),
    (None, [], "take Z", "unknown-piece", "G5"),
    (None, ["take A", "take B"], "build A A3 B3 C3", "wrong-phase", "G9"),
    (None, [], "card sacre-coeur", "wrong-phase", "G10"),
    (None, phase_one(), "tile E1 0", "wrong-phase", "G4"),
    (None, phase_one(), "take E", "wrong-phase", "G5"),
    (None, phase_one(), "build B A3 A4 A5", "piece-not-in-reserve", "G9"),
    (None, phase_one(), "build A A3 B3 B4", "wrong-shape", "G9"),
    (None, phase_one(), "card moulin-rouge C1", "card-not-in-play", "G10"),
    (None, [*phase_one(), "card sacre-coeur"], "card sacre-coeur", "card-already-used", "G10"),
    (None, phase_one(), "pass", "pass-not-allowed", "G11"),
    (None, [*phase_one(), BUILD_A, "card sacre-coeur"], "build C C3 D3 C4 D4", "space-not-free", "P1"),
    (None, phase_one(), "build C A1 B1 A2 B2", "building-on-streetlight", "P1"),
    (None, phase_one(), "build A D1 E1 F1", "building-on-wrong-colour", "P1"),
    (None, phase_one(), "build C A1 B1 A2 B2 metro=B2", "metropolitain-not-held", "P3"),
    (
        None,
        [*phase_one(), "card metropolitain", "card sacre-coeur"],
        "build C C1 D1 C2 D2 metro=C1",
        "metro-not-a-streetlight-of-building",
        "P3",
    ),
    (None, phase_one(), "build A C1 D1 E1 chartier=E1", "chartier-not-held", "P7"),
    (
        None,
        [*phase_one(), "card chartier", "card sacre-coeur"],
        "build A B1 C1 D1 chartier=D1",
        "chartier-not-on-opponent-colour",
        "P7",
    ),
    (None, phase_one(), "card levitation A B A3 B3 C3", "piece-not-in-pool", "P2"),
    (None, phase_one(), "card levitation B E A3 B3 C3 D3", "piece-not-in-reserve", "P2"),
    (None, phase_one(), "card levitation A E A3 B3 C3 C4", "wrong-shape", "P2"),
    (None, phase_one(), "card jardin-des-plantes A1 C1", "jardin-wrong-shape", "P4"),
    (None, [*phase_one(), BUILD_A, "card sacre-coeur"], "card jardin-des-plantes A3 A4", "space-not-free", "P4"),
    (None, phase_one(), "card jardin-des-plantes A2 B2", "jardin-on-streetlight", "P4"),
    (None, phase_one(), "card jardin-des-plantes D1 E1", "building-on-wrong-colour", "P1"),
    (None, phase_one(), "card le-peintre E1", "piece-on-wrong-colour", "P6"),
    (None, phase_one(), "card le-peintre A4", "piece-on-wrong-colour", "P6"),
    (None, [*phase_one(), BUILD_A, "card sacre-coeur"], "card le-peintre A3", "space-not-free", "P6"),
    (None, phase_one(), "card lampadaire G1", "piece-on-wrong-colour", "P9"),
    (None, [*phase_one(), BUILD_A, "card sacre-coeur"], "card lampadaire A3", "space-not-free", "P9"),
    (None, phase_one(), "card levitation A Z A3 B3 C3", "unknown-piece", "P2"),
    (None, phase_one(), "card bouquinistes A2 Z", "annex-building-unknown", "P8"),
    (
        None,
        [*phase_one(), "card sacre-coeur", "build B E3 E4 E5"],
        "card bouquinistes D3 B",
        "annex-building-not-yours",
        "P8",
    ),
    (None, [*phase_one(), BUILD_A, "card sacre-coeur"], "card bouquinistes A4 A", "annex-on-wrong-colour", "P8"),
    (None, [*phase_one(), BUILD_A, "card sacre-coeur"], "card bouquinistes A5 A", "annex-not-adjacent", "P8"),
    (None, [*phase_one(), BUILD_A, "card sacre-coeur"], "card bouquinistes B3 A", "space-not-free", "P8"),
    (ADVANCED, phase_one(), "card moulin-rouge F1", "piece-on-wrong-colour", "P10"),
    (ADVANCED, phase_one(), "card le-penseur A4 right", "piece-on-wrong-colour", "P11"),
    (ADVANCED, phase_one(), "card le-penseur A1 up", "statue-front-off-board", "P11"),
    (ADVANCED, [*phase_one(), BUILD_A, "card metropolitain"], "card le-penseur A2 down", "space-not-free", "P11"),
    (ADVANCED, phase_one(), "card fontaine-des-mers E1", "piece-on-wrong-colour", "P12"),
    (ADVANCED, phase_one(), "card fontaine-des-mers E1 chartier=E1", "chartier-not-held", "P7"),
    (
        ADVANCED,
        [*phase_one(), "card chartier", "card metropolitain"],
        "card fontaine-des-mers E1 chartier=E2",
        "chartier-not-under-fountain",
        "P7",
    ),
    (ADVANCED, phase_one(), "card la-grande-lumiere A1", "large-streetlight-not-on-streetlight", "P13"),
    (ADVANCED, [*phase_one(), BUILD_A, "card metropolitain"], "card moulin-rouge A3", "space-not-free", "P10"),
    (ADVANCED, [*phase_one(), BUILD_A, "card metropolitain"], "card fontaine-des-mers A3", "space-not-free", "P12"),
    (
        ADVANCED,
        [*phase_one(), "card metropolitain", "card levitation", "build C A1 B1 A2 B2 metro=B2", "card le-peintre"],
        "card la-grande-lumiere B2",
        "space-not-free",
        "P13",
    ),
    (
        None,
        [
            *phase_one(),
            "card sacre-coeur",
            "card levitation",
            "card metropolitain",
            "card jardin-des-plantes",
            "card chartier",
            "card bouquinistes",
            "card le-peintre",
            "card lampadaire",
        ],
        "card levitation",
        "card-already-used",
        "G10",
    ),
    (
        None,
        [
            *phase_one(),
            "card sacre-coeur",
            "card levitation",
            "card metropolitain",
            "card jardin-des-plantes",
            "card chartier",
            "build B E3 E4 E5",
            "card le-peintre",
            "card bouquinistes",
        ],
        "card lampadaire",
        "no-token-left",
        "B5",
    ),
]


def _ids(case: tuple[object, ...]) -> str:
    return f"{case[4]}-{case[3]}"


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_the_last_move_breaks_exactly_one_rule(case: tuple[object, ...]) -> None:
    cards, before, move, code, rule = case
    state = play(before, cards=cards) if cards else play(before)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError) as caught:
        state.play(move)  # type: ignore[arg-type]
    assert (caught.value.code, caught.value.rule) == (code, rule), caught.value.message
    assert set(all_rules(state, move)) == {rule}  # type: ignore[arg-type]
    # A refused move changes nothing (G3): the state is a value, and the same move is refused again.
    with pytest.raises(IllegalMoveError):
        state.play(move)  # type: ignore[arg-type]


# The refusals the cases above do not make, each made by the test named.
ELSEWHERE = {
    ("no-chimney-left", "B4"): "test_no_chimney_left_b4_and_who_begins_phase_two_g8",
    ("game-over", "G12"): "test_after_the_end_no_move_is_legal_g12",
    ("bad-notation", "G3"): "test_a_move_that_does_not_parse_is_refused_g2_g3",
    ("bad-notation", "G2"): "test_a_move_that_does_not_parse_is_refused_g2_g3",
}


def test_every_code_of_a_refused_move_is_made_under_each_of_its_rules() -> None:
    made = {(code, rule) for _, _, _, code, rule in CASES} | set(ELSEWHERE)
    assert made == {(code, rule) for code, kind in REFUSALS.items() for rule in kind.move_rules}
    assert all(name in globals() for name in ELSEWHERE.values())


@pytest.mark.parametrize(("text", "rule"), [("tile A2 0", "G2"), ("build", "G3"), ("tile C3 45", "G3")])
def test_a_move_that_does_not_parse_is_refused_g2_g3(text: str, rule: str) -> None:
    with pytest.raises(IllegalMoveError) as caught:
        phase_two().play(text)
    assert (caught.value.code, caught.value.rule) == ("bad-notation", rule)


@pytest.mark.parametrize(
    ("cards", "before", "move"),
    [
        (None, [*phase_one(), "card metropolitain", "card sacre-coeur"], "build C A1 B1 A2 B2 metro=B2"),
        (None, [*phase_one(), "card chartier", "card sacre-coeur"], "build A C1 D1 E1 chartier=E1"),
        (None, phase_one(), "card levitation A E A3 B3 C3 D3"),
        (None, [*phase_one(), BUILD_A, "card sacre-coeur"], "card bouquinistes A2 A"),
        (ADVANCED, [*phase_one(), "card chartier", "card metropolitain"], "card fontaine-des-mers E1 chartier=E1"),
        (ADVANCED, phase_one(), "card la-grande-lumiere B2"),
        (ADVANCED, phase_one(), "card le-penseur A1 down"),
        (None, NO_TILE_LEFT, "pass"),
    ],
)
def test_the_fixed_moves_are_legal(cards: tuple[Postcard, ...] | None, before: list[str], move: str) -> None:
    state = play(before, cards=cards) if cards else play(before)
    assert Move.parse(move) in state.legal_moves()
    assert all_rules(state, move) == []
    state.play(move)


CHARTIER_HELD = [*phase_one(), "card chartier", "card sacre-coeur"]
METRO_HELD = [*phase_one(), "card metropolitain", "card sacre-coeur"]


@pytest.mark.parametrize(
    ("cards", "before", "move", "message"),
    [
        # No Chartier space held: the building is on the wrong ground (P1), and chartier= would not help.
        (None, phase_one(), "build A D1 E1 F1", "covers blue's colour (E1, F1); a building goes on orange's colour "),
        (None, phase_one(), "card levitation A E D1 E1 F1 G1", "covers blue's colour (E1, F1, G1); a building goes "),
        (None, CHARTIER_HELD, "build A C1 D1 E1", "covers blue's colour (E1) not named by chartier= (P7)"),
        (None, CHARTIER_HELD, "build A D1 E1 F1", "covers blue's colour (E1, F1); the held Chartier space may lie "),
        (None, CHARTIER_HELD, "build A D1 E1 F1 chartier=E1", "covers blue's colour (F1); the Chartier space lies "),
        (None, phase_one(), "build C A1 B1 A2 B2", "covers a streetlight space (B2); a building covers none without "),
        (None, METRO_HELD, "build C A1 B1 A2 B2", "covers a streetlight space (B2) not named by metro= (P3)"),
        (None, phase_one(), "card jardin-des-plantes D1 E1", "the Jardin des Plantes covers blue's colour (E1); it go"),
        (None, CHARTIER_HELD, "card jardin-des-plantes D1 E1", "the Jardin des Plantes covers blue's colour (E1); Cha"),
        (None, phase_one(), "card jardin-des-plantes A2 B2", "the Jardin des Plantes never covers a streetlight spa"),
        (None, METRO_HELD, "card jardin-des-plantes A2 B2", "the Jardin des Plantes never covers a streetlight space "),
        (ADVANCED, phase_one(), "card fontaine-des-mers E1", "the fountain goes on orange's colour or mixed; E1 is "),
        (
            ADVANCED,
            [*phase_one(), "card chartier", "card metropolitain"],
            "card fontaine-des-mers E1",
            "the fountain goes on orange's colour or mixed; E1 is neither (with the held Chartier space under it: "
            "chartier=E1, P7)",
        ),
    ],
)
def test_a_refusal_points_at_an_option_only_for_a_player_who_holds_it(
    cards: tuple[Postcard, ...] | None, before: list[str], move: str, message: str
) -> None:
    state = play(before, cards=cards) if cards else play(before)
    with pytest.raises(IllegalMoveError) as caught:
        state.play(move)
    got = caught.value.message
    assert got.startswith(message), got
    assert "chartier=" not in got or state.chartier is state.turn, got
    assert "metro=" not in got or state.metro is state.turn, got


def test_a_build_with_metropolitain_uses_it_once_and_covers_the_streetlight() -> None:
    state = phase_two(["card metropolitain", "card sacre-coeur", "build C A1 B1 A2 B2 metro=B2", "build B E3 E4 E5"])
    assert state.metro is None
    assert state.position().buildings[0].cells & 1 << parse_square("B2")
    assert not only_errors(check(state.position()))
    with pytest.raises(IllegalMoveError) as caught:
        state.play("build A A7 A8 B8 metro=B8")  # not even the shape: metro is checked later
    assert caught.value.rule == "G9"


def test_chartier_is_laid_by_the_build_and_makes_the_space_mixed() -> None:
    state = phase_two(["card chartier", "card sacre-coeur", "build A C1 D1 E1 chartier=E1"])
    position = state.position()
    assert position.pieces.chartier == parse_square("E1")
    assert position.colours.mixed >> parse_square("E1") & 1
    assert state.chartier is None
    assert not only_errors(check(position))


def test_levitation_swaps_and_builds_at_once() -> None:
    state = phase_two(["card levitation A E A3 B3 C3 D3"])
    assert state.reserve(Player.ORANGE) == ("C",)
    assert "A" in state.pool_ids()
    assert "E" not in state.pool_ids()
    assert [b.id for b in state.buildings] == ["E"]
    assert state.chimneys == (6, 7)
    assert state.tokens(Player.ORANGE) == 3


def test_pieces_turn_but_never_turn_over() -> None:
    # D is an L: (0,0) (0,1) (0,2) (1,2).  Its mirror image, a J, is no rotation of it (B3).
    state = phase_two(["card sacre-coeur"])
    state.play("build D E3 E4 E5 F5")  # the L as printed
    state.play("build D E3 F3 G3 E4")  # turned a quarter turn
    with pytest.raises(IllegalMoveError) as caught:
        state.play("build D F3 F4 F5 E5")  # turned over
    assert (caught.value.code, caught.value.rule) == ("wrong-shape", "G9")


def uneven_phase_one(orange_takes: str, blue_takes: str) -> list[str]:
    """Phase 1 where each player takes its pieces first, then puts its tiles down, passing once all are down."""
    before = []
    takes = [list(orange_takes), list(blue_takes)]
    areas = [phase_one((), ())[::2], phase_one((), ())[1::2]]
    turn = 0
    while areas[0] or areas[1]:
        mine, where = takes[turn % 2], areas[turn % 2]
        before.append(f"take {mine.pop(0)}" if mine else where.pop(0) if where else "pass")
        turn += 1
    return before


def test_no_chimney_left_b4_and_who_begins_phase_two_g8() -> None:
    # Orange takes 7 pieces while blue takes 5: blue puts its 8th tile down first and begins phase 2 (G8).
    state = play(uneven_phase_one("ABCDEFG", "HKLMN"))
    assert state.phase == 2
    assert state.first_done is Player.BLUE
    assert state.turn is Player.BLUE
    blue = [
        "build M G1 H1 G2 H2 G3 H3",
        "build N F4 G4 H4 F5 G5 H5",
        "build K G6 H6 G7 H7 G8",
        "card sacre-coeur",
        "card metropolitain",
        "card chartier",
        "card lampadaire",
    ]
    orange = [
        "build E A1 B1 C1 D1",
        "build A A2 A3 A4",
        "build C C2 D2 C3 D3",
        "build B B3 B4 B5",
        "build D C4 C5 C6 D6",
        "build F A5 A6 A7 B6",
        "card jardin-des-plantes D4 D5",
    ]
    blue_last = "build H E3 E4 E5 E6 F6 metro=F6"  # leaves E7 F7 to orange
    state = play([*(move for pair in zip(blue, orange, strict=True) for move in pair), blue_last], start=state)
    assert state.chimneys == (0, 3)
    move = "build G B7 C7 D7 E7 F7"
    with pytest.raises(IllegalMoveError) as caught:
        state.play(move)
    assert (caught.value.code, caught.value.rule) == ("no-chimney-left", "B4")
    assert all_rules(state, move) == ["B4"]
    moves = state.legal_moves()
    assert not any(isinstance(m, (Build, Levitate, BuildJardin)) for m in moves)
    assert Move.parse("card levitation") in moves  # declining needs no chimney


def test_phase_one_ends_with_the_16th_tile_g7() -> None:
    moves = phase_one()
    state = play(moves[:-1])
    assert state.phase == 1
    with pytest.raises(ValueError, match="phase 1"):
        state.position()
    state = state.play(moves[-1])
    assert state.phase == 2
    assert state.position().ground.rows()[1] == "olooblbb"


def test_turns_alternate_and_the_tile_is_drawn_g3_g4() -> None:
    state = GameState.start(setup())
    assert state.turn is Player.ORANGE
    assert state.hand(Player.ORANGE) == ("oo", "ol")
    state = state.play("tile G7 90")  # orange's first tile, turned: ("oo", "ol") lies as ("oo", "lo")
    assert state.turn is Player.BLUE
    assert state.hand(Player.ORANGE) == ("oo", "oo")
    assert state.tiles_left(Player.ORANGE) == 7
    assert state.ground[3] == 1 << parse_square("G8")


def test_a_bad_setup_is_refused_with_every_problem_g1() -> None:
    bad = attrs.evolve(setup(), pool=(*setup().pool[:11], PoolPiece("J", ((0, 0), (1, 0)))))
    with pytest.raises(SetupError) as caught:
        GameState.start(bad)
    assert [e.where for e in caught.value.errors] == ["setup.pool[11].id", "setup.pool"]


def test_every_one_problem_of_a_setup_is_found_past_the_quick_check_g1() -> None:
    """setup_problems() first tells a plainly good setup by a few set comparisons: each single fault gets past it."""
    good = setup()
    pool, (orange, blue) = good.pool, good.tiles
    assert setup_problems(good) == []
    assert _plainly_good(good)
    assert _plainly_good(attrs.evolve(good, first=Player.BLUE))
    faults = {
        "setup.postcards": attrs.evolve(good, postcards=good.postcards[:7]),
        "setup.postcards[1]": attrs.evolve(good, postcards=(good.postcards[0], *good.postcards[:7])),
        "setup.pool": attrs.evolve(good, pool=(*pool[:11], PoolPiece("Z", pool[0].shape))),
        "setup.pool[11].id": attrs.evolve(good, pool=(*pool[:11], PoolPiece(pool[0].id.lower(), pool[11].shape))),
        "setup.pool[0].id": attrs.evolve(good, pool=(PoolPiece("J", pool[0].shape), *pool[1:])),
        "setup.pool[1].shape": attrs.evolve(
            good, pool=(pool[0], PoolPiece(pool[1].id, ((0, 0), (0, 2), (0, 3))), *pool[2:])
        ),
        "setup.tiles.orange[2]": attrs.evolve(good, tiles=((*orange[:2], ("ox", "oo"), *orange[3:]), blue)),
        "setup.tiles.blue": attrs.evolve(good, tiles=(orange, blue[:7])),
    }
    for where, bad in faults.items():
        assert not _plainly_good(bad), where
        assert [e.where for e in setup_problems(bad)] == [where]


def random_game(seed: int) -> list[GameState]:
    """Every state of a uniformly random game of a random (fictional) setup."""
    rng = random.Random(seed)
    state = GameState.start(random_setup(seed))
    states = [state]
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
        states.append(state)
        assert len(states) < 200
    return states


def test_after_the_end_no_move_is_legal_g12() -> None:
    final = random_game(3)[-1]
    assert final.legal_moves() == []
    with pytest.raises(IllegalMoveError) as caught:
        final.play("pass")
    assert (caught.value.code, caught.value.rule) == ("game-over", "G12")
    # A build too, though play asks a build's referee before the end (a build it accepts shows the game goes on).
    piece = final.reserve(final.turn)[0] if final.reserve(final.turn) else final.setup.pool[0].id
    with pytest.raises(IllegalMoveError) as caught:
        final.play(f"build {piece} A1")
    assert (caught.value.code, caught.value.rule) == ("game-over", "G12")


@pytest.mark.parametrize("seed", range(12))
def test_random_games_agree_with_the_position_referee(seed: int) -> None:
    """Item 7: every finished game's position passes check(final=True); is_over exactly when F4 says finished."""
    states = random_game(seed)
    for state in states:
        if state.phase == 2:
            position = state.position()
            assert not only_errors(check(position)), state
            assert state.is_over == (not final_problems(position))
    final = states[-1]
    assert not only_errors(check(final.position(), final=True))
    assert final.outcome() == outcome_of(score(final.position()))


def outcome_of(report: Report) -> Outcome:
    """The numbers of a report, as ``GameState.outcome()`` gives them."""
    return Outcome(
        report.orange.total,
        report.blue.total,
        report.winner,
        report.orange.free_own_spaces,
        report.blue.free_own_spaces,
    )


def test_states_are_values() -> None:
    states = random_game(5)
    middle = states[len(states) // 2]
    again = pickle.loads(pickle.dumps(middle))
    assert again == middle
    assert hash(again) == hash(middle)
    assert len(set(states)) == len(states)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        middle.phase = 1  # type: ignore[misc]


def test_the_view_hides_the_opponents_hand_and_both_stacks() -> None:
    """Item 5: two setups that differ only in what the side to move cannot see give equal views and moves."""
    base = setup()
    orange, blue = base.tiles
    hidden = attrs.evolve(
        base, tiles=(orange[:2] + orange[2:][::-1], blue[1:] + blue[:1])
    )  # orange's stack below its hand
    a = play(["tile A1 0", "take A"], start=GameState.start(base))
    b = play(["tile A1 0", "take A"], start=GameState.start(hidden))
    assert a.turn is Player.ORANGE
    assert a.hand(Player.ORANGE) == b.hand(Player.ORANGE)
    assert a.hand(Player.BLUE) != b.hand(Player.BLUE)
    assert a.view() == b.view()
    assert a.legal_moves() == b.legal_moves()
    assert a != b
    # What the side to move holds is in its view.
    changed = attrs.evolve(base, tiles=((orange[0], orange[7], *orange[2:7], orange[1]), blue))
    c = play(["tile A1 0", "take A"], start=GameState.start(changed))
    assert c.view() != a.view()


def test_the_tables_of_a_setup_are_kept_when_its_tiles_are_dealt_again() -> None:
    """A bot that deals the hidden tiles again does not rebuild the tables of the pieces."""
    from paris_score.game import _speed as game

    setup = random_setup(3)
    first = GameState.start(setup)
    first.legal_moves()
    misses = game._piece_tables.cache_info().misses
    dealt = attrs.evolve(setup, tiles=(tuple(reversed(setup.tiles[0])), setup.tiles[1]))
    again = GameState.start(dealt)
    assert again.legal_moves() == first.legal_moves()  # phase 1's moves do not depend on the tile in hand
    assert game._piece_tables.cache_info().misses == misses
    assert game.tables(dealt).layouts is game.tables(setup).layouts
    assert game.tables(dealt).faces[0] == tuple(reversed(game.tables(setup).faces[0]))


def test_games_played_side_by_side_keep_their_tables() -> None:
    """The tables of the last setups are found by identity: moving from one game to another makes none again."""
    from paris_score.game import _speed as game

    a, b = random_setup(8), random_setup(9)
    first = game.tables(a)
    assert game.tables(b) is not first
    assert game.tables(a) is first
    assert game.tables(attrs.evolve(a)) is not first  # an equal setup, another object: made again, equal
    assert game.tables(attrs.evolve(a)) == first


def test_a_new_pool_of_known_shapes_makes_no_new_piece_tables() -> None:
    """A piece's rotations and placements depend on its shape only: a pool new to the engine whose shapes it has
    seen (the same pieces under other ids, in another order) makes none again, and gets the same moves."""
    from paris_score.game import _speed as game
    from paris_score.placement import layout
    from paris_score.shapes import orientations

    setup = random_setup(4)
    first = GameState.start(setup)
    first.legal_moves()  # the tables are made at the first question
    ids = "PQRSTUVWXYZ0"
    pool = tuple(PoolPiece(ids[k], piece.shape) for k, piece in enumerate(reversed(setup.pool)))
    misses = game._shape_tables.cache_info().misses
    renamed = GameState.start(attrs.evolve(setup, pool=pool))
    tables = game.tables(renamed.setup)
    assert game._shape_tables.cache_info().misses == misses
    for k, piece in enumerate(pool):
        assert tables.layouts[k] == tuple(layout(turned) for turned in orientations(piece.shape))
        assert tables.rotations[k] == frozenset(orientations(piece.shape))
    assert [str(m) for m in renamed.legal_moves()][-12:] == [f"take {pid}" for pid in ids]
    assert len(first.legal_moves()) == len(renamed.legal_moves())


@pytest.mark.parametrize("seed", range(100, 220))
def test_outcome_equals_the_score_of_the_position_at_every_state(seed: int) -> None:
    """outcome() reads what the state keeps move by move; it equals score(position()) after every move of phase 2
    (S1-S5), as does the outcome of the same state read back from its string (kept from scratch) and unpickled."""
    for state in random_game(seed):
        if state.phase == 1:
            with pytest.raises(ValueError, match="phase 1"):
                state.outcome()
            continue
        expected = outcome_of(score(state.position()))
        assert state.outcome() == expected
        again = GameState.from_string(state.to_string())
        assert again.outcome() == expected
        assert again == state
        assert hash(again) == hash(state)
        assert again.key() == state.key()
        assert pickle.loads(pickle.dumps(state)).outcome() == expected


@pytest.mark.parametrize("seed", range(100, 160))
def test_what_a_state_keeps_for_its_outcome_is_what_scratch_gives(seed: int) -> None:
    """The bitboards kept move by move (the scorer's own functions on each change) are those made from the state's
    fields at once: every building's spaces and halo, what is built and occupied, the lamps, the large
    streetlight."""
    from paris_score.scoring import tally_of

    for state in random_game(seed):
        if state.phase == 2:
            assert state._tally == tally_of(
                state.buildings, state.pieces, state.ground[3], state.setup.rules.large_streetlight_pattern
            )


def test_a_state_changed_by_hand_is_scored_from_its_own_fields() -> None:
    """attrs.evolve leaves behind what the state kept for its outcome (no part of its value): outcome() makes it
    again from the new state's own fields."""
    final = random_game(7)[-1]
    built = final.buildings
    assert built, "the game has buildings"
    assert final._tally is not None
    fewer = attrs.evolve(final, buildings=built[1:], reserves=(0, 0))
    assert fewer._tally is None
    assert fewer.outcome() == outcome_of(score(fewer.position()))
    assert fewer.outcome() != final.outcome()
