"""Old names that moved keep working and say where they went."""

from __future__ import annotations

import importlib
import sys

import pytest


def test_setup_module_is_setups() -> None:
    import paris_score.setups as setups

    sys.modules.pop("paris_score.setup", None)
    with pytest.warns(DeprecationWarning, match="paris_score.setups"):
        old = importlib.import_module("paris_score.setup")
    assert old.Setup is setups.Setup
    assert old.setup_problems is setups.setup_problems
    assert old.POOL_SIZE == setups.POOL_SIZE == 12


def test_referee_errors_is_only_errors() -> None:
    import attrs

    import paris_score
    from paris_score.referee import errors, only_errors
    from paris_score.squares import parse_square

    position = paris_score.rulebook_example()
    moved = attrs.evolve(position, pieces=attrs.evolve(position.pieces, painter=parse_square("A8")))
    problems = paris_score.check(moved)
    with pytest.warns(DeprecationWarning, match="only_errors"):
        old = errors(problems)
    assert [p.code for p in old] == [p.code for p in only_errors(problems)] == ["piece-on-wrong-colour"]


def test_setup_reachable_from_the_package_as_before() -> None:
    import paris_score
    import paris_score.setups as setups

    sys.modules.pop("paris_score.setup", None)
    vars(paris_score).pop("setup", None)
    with pytest.warns(DeprecationWarning, match="paris_score.setups"):
        assert paris_score.setup.Setup is setups.Setup
    with pytest.raises(AttributeError, match="no attribute 'setupz'"):
        paris_score.setupz  # noqa: B018


def test_postcards_piece_cards_dict() -> None:
    from paris_score import postcards

    with pytest.warns(DeprecationWarning, match=r"PIECE\[key\]\.card"):
        old = postcards.PIECE_CARDS
    assert old == {p.key: p.card for p in postcards.PIECES}
    assert old["painter"] is postcards.Postcard.LE_PEINTRE


def test_actions_block_names_that_clashed() -> None:
    from paris_score import actions, postcards, setups

    with pytest.warns(DeprecationWarning, match=r"actions\.STATUE_BLOCK"):
        assert actions.STATUE == actions.STATUE_BLOCK == 40_409
    with pytest.warns(DeprecationWarning, match=r"setups\.POOL_SIZE"):
        assert actions.PIECES == setups.POOL_SIZE
    with pytest.warns(DeprecationWarning, match="CARD_ORDER"):
        assert actions.CARDS == actions.CARD_ORDER == tuple(postcards.Postcard)
    for old in ("TILE", "TAKE", "PASS", "BUILD", "CARD", "LEVITATE", "JARDIN", "PIECE", "FOUNTAIN", "ANNEX"):
        with pytest.warns(DeprecationWarning, match=f"{old}_BLOCK"):
            assert getattr(actions, old) == getattr(actions, f"{old}_BLOCK")
    assert postcards.STATUE is not actions.STATUE_BLOCK  # no longer one name for a piece and a number
    with pytest.raises(AttributeError, match="no attribute 'STATUES'"):
        actions.STATUES  # noqa: B018
