"""Properties of the referee on random legal positions (tests/strategies.py)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import paris_score
from paris_score import Player, Position, check, legal_placements, placement_problems
from paris_score.shapes import fixed_polyominoes, translations
from tests.strategies import legal_positions

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(legal_positions())
def test_legal_positions_have_no_problems(position: Position) -> None:
    assert check(position) == []


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
