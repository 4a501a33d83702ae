"""The arena as a tournament tool (paris_score.game.arena, ``paris-score play --bot ... --jobs N --format json``)."""

from __future__ import annotations

import json
import math
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

import paris_score
from paris_score.formats import schema
from paris_score.game import GameState, random_setup
from paris_score.game.arena import fixtures, play_fixture, summary
from paris_score.game.bots import BotError, MatchResult, bot_move, elo, greedy_bot, play_game, random_bot
from paris_score.game.moves import Move
from paris_score.game.records import load_game
from paris_score.game.state import View
from paris_score.model import Player
from paris_score_cli.app import cli

BOTS = '''
from paris_score.game import random_setup

SEED_2 = random_setup(2).postcards


def first(view, rng):
    """Always the first legal move."""
    return view.legal_moves()[0]


def last_as_text(view, rng):
    """The last legal move, as text."""
    return str(view.legal_moves()[-1])


def late_cheat(view, rng):
    """Legal moves until the setup of seed 2 (game 3 from --seed 1, where it is orange), then a pass."""
    if view.postcards == SEED_2 and not view.down[0]:
        return "pass"
    return view.legal_moves()[0]
'''


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def bots_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder holding arena_bots.py, made the current directory; the module is imported afresh, and forgotten."""
    (tmp_path / "arena_bots.py").write_text(BOTS, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    sys.modules.pop("arena_bots", None)
    yield tmp_path
    sys.modules.pop("arena_bots", None)


def without_times(document: dict[str, object]) -> dict[str, object]:
    """The document without its one value that differs from run to run."""
    for bot in document["bots"]:  # type: ignore[attr-defined]
        assert bot.pop("seconds_per_move") >= 0
    return document


# -- the library --------------------------------------------------------------------------------------------------


def test_a_round_robin_meets_every_pair_on_the_same_setups_from_both_seats() -> None:
    games = fixtures(3, games=3, seed=5)
    assert [(f.number, f.seed, f.orange, f.blue) for f in games] == [
        (1, 5, 0, 1), (2, 5, 1, 0), (3, 6, 0, 1),
        (4, 5, 0, 2), (5, 5, 2, 0), (6, 6, 0, 2),
        (7, 5, 1, 2), (8, 5, 2, 1), (9, 6, 1, 2),
    ]  # fmt: skip
    assert len(fixtures(4, games=2, seed=0)) == 6 * 2


def test_a_fixture_is_the_game_of_its_bots_and_seed_with_its_times() -> None:
    [_, second] = fixtures(2, games=2, seed=3)
    played = play_fixture(second, (greedy_bot, random_bot), ("greedy", "random"))
    record, result = play_game(random_bot, greedy_bot, seed=3)
    assert played.result == result
    assert played.record.moves == record.moves
    assert (played.record.players, played.record.seed) == (("random", "greedy"), 3)
    assert (record.players, record.seed) == (("random_bot", "greedy_bot"), 3)
    assert sum(played.moves) == len(record.moves)
    assert all(s >= 0 for s in played.seconds)
    assert paris_score.replay(played.record).result_agrees


def test_the_elo_difference_of_a_score() -> None:
    assert elo(0.5) == 0
    assert elo(0.75) == pytest.approx(400 * math.log10(3))  # 190.8: three wins for one loss
    assert elo(0.25) == -elo(0.75)
    assert (elo(0.0), elo(1.0)) == (-math.inf, math.inf)
    tally = MatchResult(wins=15, draws=2, losses=3, points_ahead=40)
    low, high = tally.interval()
    assert tally.elo == elo(0.8)
    assert tally.elo_interval() == (elo(low), elo(high))
    assert tally.margin == 2.0
    assert MatchResult(4, 0, 0).elo_interval()[1] == math.inf


def test_a_tally_counts_the_points_ahead_from_the_bots_seat() -> None:
    _, won = play_game(greedy_bot, random_bot, seed=5)
    orange, blue = won.scores
    tally = MatchResult.of([(Player.ORANGE, won), (Player.BLUE, won)])  # the same game from both seats
    assert (tally.games, tally.points_ahead, tally.margin) == (2, 0, 0)
    assert (tally.wins, tally.draws, tally.losses) == ((1, 0, 1) if won.winner else (0, 2, 0))
    assert MatchResult.of([(Player.ORANGE, won)]).points_ahead == orange - blue
    assert MatchResult.of([(Player.BLUE, won)]).points_ahead == blue - orange


def test_the_summary_tallies_each_bot_each_seat_each_pairing_and_every_game() -> None:
    names = ("greedy", "random", "first")

    def first(view: View, rng: random.Random) -> Move:
        return view.legal_moves()[0]

    bots = (greedy_bot, random_bot, first)
    played = [play_fixture(f, bots, names) for f in fixtures(3, games=3, seed=2)]
    document = summary(names, 3, 2, list(reversed(played)))  # in any order
    jsonschema.validate(document, json.loads(schema("arena")))
    assert (document["format"], document["seed"], document["games_per_pairing"]) == ("paris-arena/1", 2, 3)
    assert [g["game"] for g in document["games"]] == list(range(1, 10))
    for i, bot in enumerate(document["bots"]):
        mine = [
            (Player.ORANGE if p.fixture.orange == i else Player.BLUE, p.result)
            for p in played
            if i in (p.fixture.orange, p.fixture.blue)
        ]
        expected = MatchResult.of(mine)
        low, high = expected.interval()
        assert bot["name"] == names[i]
        assert (bot["games"], bot["wins"], bot["draws"], bot["losses"]) == (
            6,
            expected.wins,
            expected.draws,
            expected.losses,
        )
        assert (bot["score"], bot["score_interval"], bot["margin"]) == (expected.score, [low, high], expected.margin)
        assert bot["elo"] == (expected.elo if math.isfinite(expected.elo) else None)
        seats = bot["by_seat"]
        assert seats["orange"]["games"] + seats["blue"]["games"] == 6
        assert seats["orange"]["wins"] + seats["blue"]["wins"] == bot["wins"]
        assert bot["moves"] == sum(
            p.moves[0 if p.fixture.orange == i else 1] for p in played if i in (p.fixture.orange, p.fixture.blue)
        )
    assert document["bots"][0]["by_seat"]["orange"]["games"] == 4  # the last game of each pairing: its first bot orange
    assert [p["bots"] for p in document["pairings"]] == [[0, 1], [0, 2], [1, 2]]
    for pairing in document["pairings"]:
        i, j = pairing["bots"]
        games = [g for g in document["games"] if {g["orange"], g["blue"]} == {i, j}]
        won = sum(g["winner"] == ("orange" if g["orange"] == i else "blue") for g in games)
        ahead = sum((g["scores"]["orange"] - g["scores"]["blue"]) * (1 if g["orange"] == i else -1) for g in games)
        assert (pairing["games"], pairing["wins"], pairing["margin"]) == (3, won, ahead / 3)
    game = document["games"][4]
    assert (game["seed"], game["orange"], game["blue"]) == (2, 2, 0)
    assert game["scores"] == dict(zip(("orange", "blue"), played[4].result.scores, strict=True))
    assert game["moves"] == len(played[4].record.moves)


def test_a_bot_may_return_a_move_as_text_and_is_told_what_else_to_return() -> None:
    state = GameState.start(random_setup(1))
    rng = random.Random(0)

    def says(answer: object):  # type: ignore[no-untyped-def]
        def bot(view: View, rng: random.Random) -> object:
            return answer

        return bot

    assert bot_move(says("TILE c1 90"), state, rng, 1) == Move.parse("tile C1 90")
    with pytest.raises(BotError) as error:
        bot_move(says("tile Z9 0"), state, rng, 1, name="talker")
    assert str(error.value) == (
        "blue bot talker returned 'tile Z9 0' at move 1, which does not parse ('tile Z9 0' does not parse: 'Z9' is "
        "not a space; expected a column A-H and a row 1-8, e.g. C4); a bot returns a Move (paris_score.game.moves) "
        "or a move's text, as a game record writes it ('pass')"
    )
    with pytest.raises(BotError) as error:
        bot_move(says(5), state, rng, 3, name="counter")
    assert str(error.value) == (
        "blue bot counter returned 5 at move 3: a bot returns a Move (paris_score.game.moves) or a move's text, as "
        "a game record writes it ('pass')"
    )
    with pytest.raises(BotError, match=r"^blue bot bot returned None at move 1: a bot returns a Move "):
        bot_move(says(None), state, rng, 1)
    with pytest.raises(BotError, match=r"^blue bot bot played pass at move 1: not a legal move$"):
        bot_move(says("pass"), state, rng, 1)


# -- the command line ---------------------------------------------------------------------------------------------


def test_play_json_is_the_summary_of_the_games_and_text_bots_play(bots_folder: Path) -> None:
    code, out, err = run(
        "play",
        "--orange",
        "arena_bots:last_as_text",
        "--blue",
        "random",
        "--games",
        "3",
        "--seed",
        "6",
        "--format",
        "json",
    )
    assert (code, err) == (0, "")
    document = json.loads(out)
    jsonschema.validate(document, json.loads(schema("arena")))
    import arena_bots  # type: ignore[import-not-found]

    played = [
        play_fixture(f, (arena_bots.last_as_text, random_bot), ("arena_bots:last_as_text", "random"))
        for f in fixtures(2, 3, 6)
    ]
    assert without_times(document) == without_times(summary(("arena_bots:last_as_text", "random"), 3, 6, played))  # type: ignore[arg-type]


def test_jobs_play_the_same_games_with_the_same_results(bots_folder: Path) -> None:
    outputs, records = [], []
    for jobs in ("1", "2"):
        code, out, err = run(
            "play", "--bot", "arena_bots:first", "--bot", "random", "--bot", "greedy", "--games", "3", "--seed", "9",
            "--jobs", jobs, "--format", "json", "--records", f"games-{jobs}",
        )  # fmt: skip
        assert (code, err) == (0, f"games-{jobs}: 9 records written (paris-game/1)\n")
        outputs.append(without_times(json.loads(out)))
        records.append({p.name: p.read_bytes() for p in (bots_folder / f"games-{jobs}").iterdir()})
    assert outputs[0] == outputs[1]
    assert records[0] == records[1]
    assert len(records[0]) == 9
    eighth = load_game(bots_folder / "games-1" / "game-0008.json")
    assert (eighth.players, eighth.seed) == (("greedy", "random"), 9)


def test_jobs_report_the_first_failing_game_as_one_process_does(bots_folder: Path) -> None:
    seen = []
    for jobs in ("1", "3"):
        code, out, err = run(
            "play",
            "--orange",
            "arena_bots:late_cheat",
            "--games",
            "6",
            "--seed",
            "1",
            "--jobs",
            jobs,
            "--records",
            f"r{jobs}",
        )
        seen.append((code, out, err, sorted(p.name for p in (bots_folder / f"r{jobs}").iterdir())))
    assert seen[0] == seen[1]
    code, out, err, written = seen[0]
    assert (code, out) == (1, "")
    assert random_setup(1).postcards != random_setup(2).postcards
    move = 1 if random_setup(2).first is Player.ORANGE else 2
    assert err == f"game 3: orange bot arena_bots:late_cheat played pass at move {move}: not a legal move\n"
    assert written == ["game-0001.json", "game-0002.json"]


def test_a_round_robin_prints_a_table_and_each_pairing(bots_folder: Path) -> None:
    code, out, _ = run(
        "play", "--bot", "greedy", "--bot", "random", "--bot", "arena_bots:first", "--games", "2", "--seed", "3"
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == (
        "greedy, random, arena_bots:first: a round robin, 3 pairings of 2 games (6 games), seed 3; in each pairing the "
        "first bot plays orange in game 1, blue in game 2 and so on, each setup twice (from both seats)"
    )
    assert lines[2].split() == [
        "bot", "games", "won", "drawn", "lost", "score", "95%", "interval", "Elo", "95%", "interval", "margin",
        "as", "orange", "as", "blue", "time", "a", "move",
    ]  # fmt: skip
    code, out, _ = run(
        "play",
        "--bot",
        "greedy",
        "--bot",
        "random",
        "--bot",
        "arena_bots:first",
        "--games",
        "2",
        "--seed",
        "3",
        "--format",
        "json",
    )
    document = json.loads(out)
    for line, bot in zip(lines[3:6], document["bots"], strict=True):
        cells = line.split()
        assert cells[:6] == [
            bot["name"],
            "4",
            str(bot["wins"]),
            str(bot["draws"]),
            str(bot["losses"]),
            f"{bot['score']:.3f}",
        ]
        assert cells[6:9] == [f"{bot['score_interval'][0]:.3f}", "to", f"{bot['score_interval'][1]:.3f}"]
        assert cells[13] == f"{bot['margin']:+.2f}"
    assert lines[6] == "pairings, from the first bot's side:"
    assert [line.split(":")[0] for line in lines[7:]] == [
        "greedy against random",
        "greedy against arena_bots",
        "random against arena_bots",
    ]


def test_the_header_says_how_an_odd_number_of_games_is_seated() -> None:
    code, out, _ = run("play", "--orange", "greedy", "--blue", "random", "--games", "1", "--seed", "2")
    assert code == 0
    assert out.splitlines()[0] == "greedy against random: 1 game, seed 2; greedy plays orange"
    assert re.match(
        r"greedy as orange: \d won, \d drawn, \d lost; as blue: 0 won, 0 drawn, 0 lost$", out.splitlines()[2]
    )
    _, out, _ = run("play", "--games", "5", "--seed", "2")
    assert out.splitlines()[0] == (
        "random against random: 5 games, seed 2; random plays orange in game 1, blue in game 2 and so on, each setup "
        "twice (from both seats) but game 5's, played once (random orange)"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bot", "greedy"], "a round robin needs two bots or more: --bot A --bot B ..."),
        (
            ["--bot", "greedy", "--bot", "random", "--orange", "greedy"],
            "--bot names the bots of a round robin, --orange and --blue the two of a match: use one",
        ),
        (
            ["--bot", "greedy", "--bot", "random", "--bot", "greedy"],
            "--bot greedy is named twice; a round robin names each bot once",
        ),
        (["--jobs", "0"], "Invalid value for '--jobs': 0 is not in the range x>=1."),
        (["--format", "csv"], "Invalid value for '--format': 'csv' is not one of 'text', 'json'."),
        (["--bot", "greedy", "--bot", "nobot"], "Invalid value for --bot: 'nobot': expected MODULE:FUNCTION"),
    ],
)
def test_play_refuses_options_that_do_not_go_together(args: list[str], message: str) -> None:
    code, out, err = run("play", *args)
    assert (code, out) == (2, "")
    assert message in " ".join(err.split())


def test_check_skips_the_summary_among_the_records(tmp_path: Path) -> None:
    code, out, _ = run("play", "--games", "2", "--seed", "1", "--records", str(tmp_path), "--format", "json")
    (tmp_path / "summary.json").write_text(out, encoding="utf-8")
    code, out, _ = run("check", str(tmp_path))
    assert code == 0
    assert f"{tmp_path / 'summary.json'}: skipped, a paris-arena/1 document, not a position" in out
