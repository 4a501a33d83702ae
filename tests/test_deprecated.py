"""Old names that moved keep working and say where they went."""

from __future__ import annotations

import importlib
import os
import pickle
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from paris_score._moved import MOVED

ROOT = Path(__file__).resolve().parent.parent
ADAPTERS = {"pettingzoo": "pettingzoo", "openspiel": "pyspiel"}


def test_setup_module_is_setups() -> None:
    import paris_score.game.setups as setups

    sys.modules.pop("paris_score.setup", None)
    with pytest.warns(DeprecationWarning, match="paris_score.game.setups"):
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
    import paris_score.game.setups as setups

    sys.modules.pop("paris_score.setup", None)
    vars(paris_score).pop("setup", None)
    with pytest.warns(DeprecationWarning, match="paris_score.game.setups"):
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
    from paris_score import postcards
    from paris_score.game import actions, setups

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


@pytest.mark.parametrize("old", sorted(MOVED))
def test_each_old_module_path_warns_and_is_the_new_module(old: str) -> None:
    """0.2.0 moved the game's modules into ``paris_score.game``, and renamed ``problems`` and ``verdict``: the old
    path is the new module itself."""
    if old in ADAPTERS and importlib.util.find_spec(ADAPTERS[old]) is None:
        pytest.skip(f"the {old} extra is not installed")
    new = importlib.import_module(MOVED[old])
    sys.modules.pop(f"paris_score.{old}", None)
    named = re.escape(MOVED[old].removesuffix("._states"))  # the state strings' names: the game and its strings
    with pytest.warns(DeprecationWarning, match=rf"paris_score\.{old} is deprecated: import {named}\b"):
        found = importlib.import_module(f"paris_score.{old}")
    assert found is new
    assert sys.modules[f"paris_score.{old}"] is new


def test_the_old_state_modules_give_their_names() -> None:
    """``paris_score.views`` and ``paris_score.states`` (0.1.0) went to the state and its strings: every name they
    had still reads, the very same object, and the functions of ``states`` do what they did."""
    from paris_score.game import GameState, random_setup, state, strings

    for old in ("views", "states"):
        sys.modules.pop(f"paris_score.{old}", None)
    with pytest.warns(DeprecationWarning, match=r"paris_score\.views is deprecated: import paris_score\.game\.state"):
        import paris_score.views as views
    with pytest.warns(DeprecationWarning, match=r"paris_score\.states is deprecated: import paris_score\.game \("):
        import paris_score.states as states
    assert (views.View, views.view_of, views.Stacks) == (state.View, state.view_of, state.Stacks)
    assert (states.Result, states.checked_state, states.VERSION) == (state.Result, state.checked_state, "paris-state/1")
    game = GameState.start(random_setup(1)).play("tile A1 90")
    assert states.to_string(game) == game.to_string() == strings.to_string(game)
    assert states.key(game) == game.key()
    assert states.from_string(game.to_string()) == game
    assert states.result(game) is None


def test_what_was_pickled_under_the_old_paths_unpickles() -> None:
    """A state pickled by 0.1.0 names ``paris_score.game.GameState`` and ``paris_score.setups.Setup``."""
    from paris_score.game import GameState, random_setup

    state = GameState.start(random_setup(1)).play("tile A1 90")
    text = pickle.dumps(state, protocol=0)
    old = text.replace(b"paris_score.game.state\n", b"paris_score.game\n")
    old = old.replace(b"paris_score.game.setups\n", b"paris_score.setups\n")
    assert b"paris_score.setups\n" in old
    sys.modules.pop("paris_score.setups", None)
    with pytest.warns(DeprecationWarning, match="paris_score.setups is deprecated"):
        assert pickle.loads(old) == state


def test_the_table_of_codes_and_the_check_report_at_their_old_paths() -> None:
    """``paris_score.problems`` is ``paris_score.codes`` (the table of codes), ``paris_score.verdict`` is
    ``paris_score.check_report`` (what ``check`` reports): the old imports warn and give the same objects."""
    import paris_score
    from paris_score import check_report, codes

    def forget() -> None:
        for old in ("problems", "verdict"):
            sys.modules.pop(f"paris_score.{old}", None)
            vars(paris_score).pop(old, None)

    forget()
    with pytest.warns(DeprecationWarning, match=r"paris_score\.problems is deprecated: import paris_score\.codes "):
        from paris_score.problems import KINDS, OVERLAP, PROBLEMS, Kind
    assert [KINDS, OVERLAP, PROBLEMS, Kind] == [codes.KINDS, codes.OVERLAP, codes.PROBLEMS, codes.Kind]
    assert PROBLEMS is codes.PROBLEMS
    assert PROBLEMS["overlap"] is OVERLAP is codes.OVERLAP
    with pytest.warns(DeprecationWarning, match=r"paris_score\.verdict is deprecated: import paris_score\.check_r"):
        from paris_score.verdict import check_document, verdict
    assert check_document is check_report.check_document is paris_score.check_document
    assert verdict is check_report.verdict
    assert verdict([], final=True) == "legal, a finished game"
    forget()
    with pytest.warns(DeprecationWarning, match=r"paris_score\.verdict is deprecated"):
        assert paris_score.verdict is check_report
    with pytest.warns(DeprecationWarning, match=r"paris_score\.problems is deprecated"):
        assert paris_score.problems is codes


BOT_SCRIPT = """
from paris_score.actions import legal_actions, move_of
from paris_score.bots import greedy_bot, play_game, random_bot
from paris_score.chance import ChanceGame
from paris_score.game import GameState
from paris_score.generate import random_setup
from paris_score.moves import Move, PlaceTile
from paris_score.observations import OBSERVATION_SIZE, observation
from paris_score.setups import Setup
from paris_score.replaying import replay
from paris_score.states import Result, checked_state
from paris_score.views import View

setup = random_setup(3)
assert isinstance(setup, Setup)
state = GameState.start(setup)
state = state.play(move_of(state, legal_actions(state)[0]))
assert isinstance(state.view(), View) and len(observation(state.view())) == OBSERVATION_SIZE
assert checked_state(setup) == GameState.start(setup)
assert ChanceGame.start(setup).drawing is not None
assert isinstance(Move.parse("tile A1 90"), PlaceTile)
record, result = play_game(random_bot, greedy_bot, 3)
print(record.setup == setup, isinstance(result, Result), replay(record).result_agrees)
"""


def test_a_bot_script_written_against_the_old_paths_runs_unchanged() -> None:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "cli")]))
    run = subprocess.run(
        [sys.executable, "-W", "always::DeprecationWarning", "-c", textwrap.dedent(BOT_SCRIPT)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout == "True True True\n"
    warned = {line.split("paris_score.", 1)[1].split(" ")[0] for line in run.stderr.splitlines() if "Deprecat" in line}
    expected = {
        "actions",
        "bots",
        "chance",
        "generate",
        "moves",
        "observations",
        "replaying",
        "setups",
        "states",
        "views",
    }
    assert warned == expected
    assert all(line.startswith("<string>:") for line in run.stderr.splitlines() if "DeprecationWarning" in line)


def test_an_old_module_imported_from_the_package_warns_once() -> None:
    """``from paris_score import generate, moves`` warned twice for each (the import system asks for the name too)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "cli")]))
    script = "from paris_score import generate, moves; import paris_score; paris_score.bots"
    run = subprocess.run(
        [sys.executable, "-W", "always::DeprecationWarning", "-c", script],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert [line.split(": ", 1)[1] for line in run.stderr.splitlines() if "DeprecationWarning" in line] == [
        "DeprecationWarning: paris_score.generate is deprecated: import paris_score.game.generate instead",
        "DeprecationWarning: paris_score.moves is deprecated: import paris_score.game.moves instead",
        "DeprecationWarning: paris_score.bots is deprecated: import paris_score.game.bots instead",
    ]


def test_paris2020_names_that_clashed() -> None:
    """``paris2020.Player`` (a person, where ``Player`` is a colour) is ``Investor``; ``paris2020.warnings`` (the
    standard library's name) is ``key_warnings``: the old names still read, warning."""
    from paris_score import paris2020
    from paris_score.paris2020 import model, referee

    with pytest.warns(DeprecationWarning, match="paris2020.Player is deprecated: use Investor"):
        assert paris2020.Player is paris2020.Investor is model.Investor
    with pytest.warns(DeprecationWarning, match="model.Player is deprecated: use Investor"):
        assert model.Player is model.Investor
    with pytest.warns(DeprecationWarning, match="paris2020.warnings is deprecated: use key_warnings"):
        assert paris2020.warnings is paris2020.key_warnings is referee.key_warnings
    with pytest.warns(DeprecationWarning, match="referee.warnings is deprecated: use key_warnings"):
        assert referee.warnings is referee.key_warnings
    assert "warnings" not in paris2020.__all__
    assert "Player" not in paris2020.__all__
    with pytest.raises(AttributeError, match="no attribute 'Players'"):
        paris2020.Players  # noqa: B018
