"""Bots and the arena (paris_score.game.bots, ``paris-score play --orange --blue``): docs/bots.md."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

import paris_score
from paris_score.game import GameState, View
from paris_score.game.bots import (
    BotError,
    MatchResult,
    greedy_bot,
    ismcts,
    match_games,
    play_game,
    play_match,
    random_bot,
)
from paris_score.game.generate import random_setup
from paris_score.game.moves import Move, Pass
from paris_score.game.records import load_game
from paris_score.model import Player
from paris_score_cli.app import cli


def test_a_game_between_bots_is_legal_and_scored() -> None:
    record, result = play_game(greedy_bot, random_bot, seed=5)
    done = paris_score.replay(record)
    assert done.legal
    assert done.finished
    assert done.result_agrees
    assert result.scores == record.result
    assert done.state.result() == result


def test_games_between_bots_repeat_from_their_seed() -> None:
    assert play_game(random_bot, greedy_bot, seed=2) == play_game(random_bot, greedy_bot, seed=2)
    assert play_game(random_bot, random_bot, seed=2) != play_game(random_bot, random_bot, seed=3)


def test_the_greedy_bot_takes_the_best_lead_in_phase_2() -> None:
    rng = random.Random(1)
    state = GameState.start(random_setup(8))
    while state.phase == 1:
        state = state.play(rng.choice(state.legal_moves()))
    move = greedy_bot(state.view(), random.Random(0))
    me = state.turn
    best = max(state.play(m).outcome().lead(me) for m in state.legal_moves())
    assert state.play(move).outcome().lead(me) == best
    assert move == next(m for m in state.legal_moves() if state.play(m).outcome().lead(me) == best)


def test_the_ismcts_bot_plays_legal_moves_from_the_view_alone() -> None:
    bot = ismcts(12)
    assert bot.__name__ == "ismcts(12)"
    state = GameState.start(random_setup(4)).play("tile A1 0")
    move = bot(state.view(), random.Random(3))
    assert move in state.legal_moves()
    assert bot(state.view(), random.Random(3)) == move  # the same view and generator, the same move
    with pytest.raises(ValueError, match="playouts: expected at least 1"):
        ismcts(0)
    with pytest.raises(ValueError, match="width: expected at least 1 or None"):
        ismcts(5, width=0)
    assert ismcts(5, width=None).__name__ == "ismcts(5, width=None)"


def test_in_phase_2_the_ismcts_bot_searches_the_moves_that_lead_most() -> None:
    rng = random.Random(1)
    state = GameState.start(random_setup(8))
    while state.phase == 1:
        state = state.play(rng.choice(state.legal_moves()))
    me = state.turn
    leads = sorted((state.play(m).outcome().lead(me) for m in state.legal_moves()), reverse=True)
    for seed in range(3):
        move = ismcts(6, width=2)(state.view(), random.Random(seed))
        assert state.play(move).outcome().lead(me) >= leads[1]


def test_the_ismcts_bot_beats_random_play() -> None:
    tally = play_match(ismcts(25), random_bot, games=4, seed=11)
    assert tally.games == 4
    assert tally.wins >= 3


def test_the_seats_are_swapped_and_each_setup_played_twice() -> None:
    games = list(match_games(greedy_bot, random_bot, games=4, seed=7))
    assert [seat for seat, _, _ in games] == [Player.ORANGE, Player.BLUE, Player.ORANGE, Player.BLUE]
    assert games[0][1].setup == games[1][1].setup == random_setup(7)
    assert games[2][1].setup == random_setup(8)


def test_a_bot_that_plays_an_illegal_move_is_named() -> None:
    def stubborn(view: View, rng: random.Random) -> Move:
        return Pass()

    assert random_setup(1).first is Player.BLUE
    with pytest.raises(BotError, match=r"^blue bot stubborn played pass at move 1: not a legal move$"):
        play_game(random_bot, stubborn, seed=1)


def test_a_bot_that_raises_is_named() -> None:
    def broken(view: View, rng: random.Random) -> Move:
        raise KeyError("oops")

    line = broken.__code__.co_firstlineno + 1
    where = rf" \(at {re.escape(__file__)}, line {line}\)"  # the bot's own line, for its author to look at
    with pytest.raises(BotError, match=rf"^orange bot broken raised at move 2: KeyError\('oops'\){where}$"):
        play_game(broken, random_bot, seed=1)


def test_the_tally_and_its_interval() -> None:
    tally = MatchResult(wins=15, draws=2, losses=3)
    assert tally.games == 20
    assert tally.score == 0.8
    low, high = tally.interval()
    assert (round(low, 3), round(high, 3)) == (0.584, 0.919)
    assert MatchResult(4, 0, 0).interval()[1] == 1.0
    assert MatchResult(0, 0, 4).interval()[0] == 0.0


# -- the command line ---------------------------------------------------------------------------------------------

BOTS = '''
from paris_score.game.bots import random_bot


def first(view, rng):
    """Always the first legal move."""
    return view.legal_moves()[0]


def cheat(view, rng):
    return "pass"


def shout(view, rng):
    raise ValueError("\\x1b]0;PWNED\\x07 and a lone \\ud800")
'''


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_play_pits_two_bots_and_writes_their_records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "my_bots.py").write_text(BOTS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run(
        "play", "--orange", "my_bots:first", "--blue", "greedy", "--games", "3", "--seed", "4", "--records", "games"
    )
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == (
        "my_bots:first against greedy: 3 games, seed 4; my_bots:first plays orange in game 1, blue in game 2 "
        "and so on, each setup twice (from both seats) but game 3's, played once (my_bots:first orange)"
    )
    expected = play_match(__import__("my_bots").first, greedy_bot, games=3, seed=4)
    low, high = expected.interval()
    assert lines[1] == (
        f"my_bots:first: {expected.wins} won, {expected.draws} drawn, {expected.losses} lost; "
        f"score {expected.score:.3f} a game (95% confidence interval {low:.3f} to {high:.3f})"
    )
    games = list(match_games(__import__("my_bots").first, greedy_bot, games=3, seed=4))
    orange, blue = (MatchResult.of([(s, r) for s, _, r in games if s is seat]) for seat in Player)
    assert (orange.games, blue.games) == (2, 1)
    assert lines[2] == (
        f"my_bots:first as orange: {orange.wins} won, {orange.draws} drawn, {orange.losses} lost; "
        f"as blue: {blue.wins} won, {blue.draws} drawn, {blue.losses} lost"
    )
    elo_low, elo_high = expected.elo_interval()
    assert lines[3] == (
        f"my_bots:first's Elo difference: {expected.elo:+.0f} (95% interval {elo_low:+.0f} to {elo_high:+.0f}); "
        f"mean point margin {expected.margin:+.2f} a game"
    )
    assert re.fullmatch(r"time a move: my_bots:first \S+ ms, greedy \S+ ms", lines[4])
    assert len(lines) == 5
    assert err == "games: 3 records written (paris-game/1)\n"
    records = sorted((tmp_path / "games").iterdir())
    assert [p.name for p in records] == ["game-0001.json", "game-0002.json", "game-0003.json"]
    assert all(paris_score.replay(load_game(p)).result_agrees for p in records)
    assert [(load_game(p).players, load_game(p).seed) for p in records] == [
        (("my_bots:first", "greedy"), 4),
        (("greedy", "my_bots:first"), 4),
        (("my_bots:first", "greedy"), 5),
    ]


FILE_NOT_MODULE = (
    "MODULE is a module's name, as Python imports it from the current folder "
    "(my_bots for ./my_bots.py, examples.my_bots for ./examples/my_bots.py), not a file"
)


def test_play_refuses_a_bot_it_cannot_load(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "my_bots.py").write_text(BOTS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for spec, message in [
        ("nobot", "'nobot': expected MODULE:FUNCTION (e.g. examples.my_bots:builder) or one of random, greedy, ismcts"),
        ("no_such_module:f", "cannot import no_such_module: No module named 'no_such_module'"),
        ("my_bots:missing", "my_bots has no function missing"),
        *(
            (f"{path}:first", f"'{path}:first': {FILE_NOT_MODULE}")
            for path in ("my_bots.py", "./my_bots.py", str(tmp_path / "my_bots.py"))
        ),
    ]:
        code, _, err = run("play", "--blue", spec, "--games", "1")
        assert code == 2
        assert f"Invalid value for --blue: {message}" in err
    code, _, err = run("play", "--orange", "random", "-o", "game.json")
    assert code == 2
    assert "games between bots go to --records DIR" in err


def test_play_names_a_bot_that_plays_an_illegal_move(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "my_bots.py").write_text(BOTS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run("play", "--orange", "my_bots:cheat", "--games", "2", "--seed", "1")
    assert code == 1
    assert out == ""
    assert err == "game 1: orange bot my_bots:cheat played pass at move 2: not a legal move\n"


def test_play_escapes_what_a_bot_says_and_prints_json_that_encodes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot's own words (its exception) and the folder named reach the terminal escaped, as every command's user
    text does."""
    (tmp_path / "my_bots.py").write_text(BOTS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run("play", "--orange", "my_bots:shout", "--games", "1")
    assert code == 1
    assert out == ""
    assert "\x1b" not in err
    assert "\\x1b]0;PWNED\\x07 and a lone \\ud800" in err
    folder = tmp_path / "games\x1b[2J"
    folder.mkdir()
    (folder / "game-0001.json").write_text("{}", encoding="utf-8")
    code, _, err = run("play", "--games", "1", "--records", str(folder.name))
    assert (code, err) == (
        1,
        "games\\x1b[2J: already holds game records (game-0001.json, ...); name a new folder, or move them away\n",
    )


def test_play_never_writes_over_earlier_records(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    assert run("play", "--games", "2", "--seed", "1", "--records", str(folder))[0] == 0
    kept = {p.name: p.read_bytes() for p in folder.iterdir()}
    code, out, err = run("play", "--games", "1", "--seed", "5", "--records", str(folder))
    assert (code, out) == (1, "")
    assert err == f"{folder}: already holds game records (game-0001.json, ...); name a new folder, or move them away\n"
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == kept


def test_play_says_when_the_records_cannot_be_written(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("a file, not a folder", encoding="utf-8")
    code, out, err = run("play", "--games", "1", "--seed", "1", "--records", str(tmp_path / "taken"))
    assert code == 1
    assert out == ""
    assert err == f"{tmp_path / 'taken'}: cannot write a record: File exists\n"
