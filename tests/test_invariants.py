"""Invariants of scoring, refereeing and the formats on random positions (issue 7).

Random legal positions come from tests/strategies.py ``legal_positions()``;
``positions()`` gives structural ones (any pieces anywhere, none overlapping).
"""

from __future__ import annotations

import json

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import paris_score
from paris_score import Ground, Position, Postcards, Report, Reserve
from paris_score.formats.text_grid import dumps_text
from paris_score.model import PLAYERS
from paris_score.report import PlayerScore
from paris_score.scoring import totals
from paris_score.squares import BB_ALL, scan
from tests.fuzzing import CATALOGUE
from tests.strategies import building_ids, legal_positions, positions

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ANY_POSITION = legal_positions() | positions()


# -- transformations ----------------------------------------------------------------


def swap_colours(position: Position) -> Position:
    """The same board with orange and blue exchanged: ground, owners, reserves, postcards used.

    The Chartier space and the special pieces stay where they are: their owner
    is whoever used the card, which swaps with the postcards.
    """
    g, r, c = position.ground, position.reserve, position.postcards
    return attrs.evolve(
        position,
        ground=Ground(g.blue, g.orange, g.mixed, g.streetlight),
        buildings=tuple(attrs.evolve(b, owner=b.owner.other) for b in position.buildings),
        reserve=Reserve(r.blue, r.orange, r.blue_shapes, r.orange_shapes),
        postcards=Postcards(c.in_play, c.blue, c.orange),
    )


def scores_by_id(line: PlayerScore, rename: dict[str, str]) -> dict[str, object]:
    """A player's score with building ids renamed and building order forgotten."""
    return {
        "total": line.total,
        "lit": {rename[b.id]: (b.size, b.lamps, b.points, b.annex, b.jardin) for b in line.lit_buildings.buildings},
        "lit points": line.lit_buildings.points,
        "group points": line.largest_group.points,
        "unbuilt": line.unbuilt,
        "cards": [(c.card, c.points, c.spaces) for c in line.postcards.cards],
        "free": line.free_own_spaces,
    }


def lines_add_up(report: Report) -> None:
    """S5: every total is the sum of its lines, in the object, its JSON and its text."""
    doc = report.to_dict()
    for player in PLAYERS:
        line, part = report[player], doc["players"][str(player)]
        assert line.lit_buildings.points == sum(b.points for b in line.lit_buildings.buildings)
        assert line.postcards.points == sum(c.points for c in line.postcards.cards)
        assert line.largest_group.points >= 0
        pieces = ("lit_buildings", "largest_group", "unbuilt", "postcards")
        assert part["total"] == sum(part[k]["points"] for k in pieces)
        assert part["lit_buildings"]["points"] == sum(b["points"] for b in part["lit_buildings"]["buildings"])
        assert part["postcards"]["points"] == sum(c["points"] for c in part["postcards"]["cards"])
        assert all(b["points"] == b["size"] * len(b["lamps"]) for b in part["lit_buildings"]["buildings"])
    text = str(report)
    assert f"orange {report.orange.total} - blue {report.blue.total}" in text


# -- round trips ------------------------------------------------------------------------


@SETTINGS
@given(legal_positions())
def test_legal_positions_round_trip_through_json_and_text(position: Position) -> None:
    as_json = paris_score.dumps(position)
    as_text = paris_score.dumps(position, format="text")
    assert paris_score.loads(as_json) == position
    assert paris_score.loads(as_text) == position
    assert paris_score.dumps(paris_score.loads(as_text), format="text") == as_text
    assert paris_score.dumps(paris_score.loads(as_text)) == as_json


# -- colours ----------------------------------------------------------------------------


@SETTINGS
@given(ANY_POSITION)
def test_swapping_the_colours_swaps_the_reports(position: Position) -> None:
    mirror = swap_colours(position)
    assert swap_colours(mirror) == position
    report, other = paris_score.score(position), paris_score.score(mirror)
    assert other.orange == report.blue
    assert other.blue == report.orange
    assert other.winner == {"orange": "blue", "blue": "orange", "tie": "tie"}[report.winner]


@SETTINGS
@given(legal_positions())
def test_swapping_the_colours_keeps_a_legal_position_legal(position: Position) -> None:
    assert paris_score.check(swap_colours(position)) == []


# -- order and names of the buildings ---------------------------------------------------


@SETTINGS
@given(ANY_POSITION, st.data())
def test_scores_do_not_depend_on_building_order_or_ids(position: Position, data: st.DataObject) -> None:
    n = len(position.buildings)
    order = data.draw(st.permutations(range(n)))
    new_ids = data.draw(st.lists(building_ids, min_size=n, max_size=n, unique=True))
    rename = {b.id: new for b, new in zip(position.buildings, new_ids, strict=True)}
    renamed = attrs.evolve(
        position,
        buildings=tuple(attrs.evolve(position.buildings[i], id=rename[position.buildings[i].id]) for i in order),
    )
    report, other = paris_score.score(position), paris_score.score(renamed)
    same = {new: new for new in new_ids}
    for player in PLAYERS:
        assert scores_by_id(other[player], same) == scores_by_id(report[player], rename)
    assert other.winner == report.winner
    assert bool(paris_score.check(renamed)) == bool(paris_score.check(position))


# -- lamps ------------------------------------------------------------------------------


@SETTINGS
@given(ANY_POSITION, st.data())
def test_a_new_lamp_never_lowers_lit_points_without_the_large_streetlight(
    position: Position, data: st.DataObject
) -> None:
    position = attrs.evolve(position, pieces=attrs.evolve(position.pieces, large_streetlight=None))
    free = list(scan(BB_ALL & ~position.occupied & ~position.lamps()))
    if not free:
        return
    sq = data.draw(st.sampled_from(free))
    if position.pieces.streetlight is None and data.draw(st.booleans()):
        lit = attrs.evolve(position, pieces=attrs.evolve(position.pieces, streetlight=sq))  # the Lampadaire tile
    else:
        rows = position.ground.rows()
        row = rows[sq // 8]
        rows[sq // 8] = row[: sq % 8] + "l" + row[sq % 8 + 1 :]  # an uncovered streetlight space
        lit = attrs.evolve(position, ground=Ground.from_rows(rows))
    assert lit.lamps() == position.lamps() | 1 << sq
    before, after = paris_score.score(position), paris_score.score(lit)
    for player in PLAYERS:
        old = {b.id: b for b in before[player].lit_buildings.buildings}
        for b in after[player].lit_buildings.buildings:
            assert b.points >= old[b.id].points
            assert set(old[b.id].lamps) <= set(b.lamps)


# -- sums, and check never raises --------------------------------------------------------


@SETTINGS
@given(ANY_POSITION)
def test_totals_are_the_sum_of_their_lines(position: Position) -> None:
    lines_add_up(paris_score.score(position))


@SETTINGS
@given(ANY_POSITION)
def test_the_numbers_only_totals_are_the_reports(position: Position) -> None:
    report = paris_score.score(position)
    o, b = report.orange, report.blue
    assert totals(position) == (o.total, b.total, report.winner, o.free_own_spaces, b.free_own_spaces)


@SETTINGS
@given(ANY_POSITION, st.booleans(), st.booleans())
def test_check_never_raises_on_a_position_that_reads(position: Position, final: bool, catalogue: bool) -> None:
    for form in ("json", "text"):
        read = paris_score.loads(paris_score.dumps(position, format=form))  # type: ignore[arg-type]
        problems = paris_score.check(read, final=final, catalogue=CATALOGUE if catalogue else None)
        assert problems == paris_score.check(position, final=final, catalogue=CATALOGUE if catalogue else None)
        json.dumps([p.to_dict() for p in problems])


def test_the_rulebook_example_satisfies_every_invariant() -> None:
    position = paris_score.rulebook_example()
    report = paris_score.score(position)
    lines_add_up(report)
    mirror = paris_score.score(swap_colours(position))
    assert (mirror.orange.total, mirror.blue.total, mirror.winner) == (57, 48, "orange")
    assert dumps_text(position) == paris_score.dumps(position, format="text")
