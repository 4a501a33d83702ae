"""Properties of the referee on random legal positions (tests/strategies.py)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import paris_score
from paris_score import Player, Position, check, legal_placements, placement_problems
from paris_score.codes import PROBLEMS
from paris_score.shapes import fixed_polyominoes
from tests.brute import translations
from tests.strategies import legal_positions

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(legal_positions())
def test_legal_positions_have_no_problems(position: Position) -> None:
    assert check(position) == []


@SETTINGS
@given(legal_positions(finished=True))
def test_finished_positions_are_finished(position: Position) -> None:
    assert check(position, final=True) == []
    assert len(position.postcards.orange) == len(position.postcards.blue) == 4


@SETTINGS
@given(legal_positions())
def test_legal_positions_survive_json(position: Position) -> None:
    assert paris_score.loads(paris_score.dumps(position)) == position


@SETTINGS
@given(legal_positions(), st.sampled_from(list(Player)), st.integers(3, 6), st.data())
def test_legal_placements_agree_with_placement_problems(
    position: Position, player: Player, size: int, data: st.DataObject
) -> None:
    shape = data.draw(st.sampled_from(fixed_polyominoes(size)))
    legal = {p.cells for p in legal_placements(position, player, shape)}
    for bb in translations(shape):
        assert (bb in legal) == (placement_problems(position, player, bb) == [])


PLACEMENT_CODES = ("building-", "metropolitain-", "chartier-", "overlap", "jardin-")


@SETTINGS
@given(legal_positions(), st.sampled_from(list(Player)), st.integers(3, 6), st.data())
def test_building_a_legal_placement_breaks_no_placement_rule(
    position: Position, player: Player, size: int, data: st.DataObject
) -> None:
    shape = data.draw(st.sampled_from(fixed_polyominoes(size)))
    options = legal_placements(position, player, shape)
    if not options:
        return
    choice = data.draw(st.sampled_from(options))
    after = paris_score.Position(
        position.ground,
        (*position.buildings, paris_score.Building("Z9", player, choice.cells)),
        position.reserve,
        position.postcards,
        position.pieces if choice.chartier is None else _with_chartier(position, choice.chartier),
        position.rules,
    )
    assert [p for p in check(after) if p.code.startswith(PLACEMENT_CODES)] == []


def _with_chartier(position: Position, sq: int) -> paris_score.Pieces:
    import attrs

    return attrs.evolve(position.pieces, chartier=sq)


@st.composite
def any_positions(draw: st.DrawFn) -> Position:
    """Positions the model accepts, legal or not: the referee must judge them all without failing."""
    from paris_score import Building, Ground, Pieces, Postcard, Postcards, Reserve, Statue

    codes = draw(st.lists(st.sampled_from("obml"), min_size=64, max_size=64))
    ground = Ground.from_rows(["".join(codes[r * 8 : r * 8 + 8]) for r in range(8)])
    squares = st.integers(0, 63)
    n = draw(st.integers(0, 9))
    buildings = []
    for i in range(n):
        cells = draw(st.integers(1, (1 << 64) - 1).filter(lambda bb: bb.bit_count() <= 8))
        annex = draw(st.none() | squares)
        if annex is not None and cells >> annex & 1:
            annex = None
        buildings.append(Building(f"B{i}", draw(st.sampled_from(list(Player))), cells, annex, draw(st.booleans())))
    cards = st.lists(st.sampled_from(list(Postcard)), max_size=6)
    sizes = st.lists(st.sampled_from([3, 4, 5, 6]), max_size=4)
    statue = draw(st.none() | st.builds(Statue, squares, st.sampled_from(["up", "down", "left", "right"])))
    opt = st.none() | squares
    pieces = Pieces(draw(opt), draw(opt), statue, draw(opt), draw(opt), draw(opt), draw(opt))
    return Position(
        ground,
        tuple(buildings),
        Reserve(draw(sizes), draw(sizes)),
        Postcards(draw(cards), draw(cards), draw(cards)),
        pieces,
    )


@SETTINGS
@given(any_positions(), st.booleans())
def test_check_judges_any_position_with_known_codes(position: Position, final: bool) -> None:
    for problem in check(position, final=final):
        kind = PROBLEMS[problem.code]
        assert problem.rule in kind.rules
        assert problem.severity == kind.severity
        assert problem.severity in ("error", "warning")
        assert all(0 <= sq < 64 for sq in problem.spaces)
        assert problem.message
