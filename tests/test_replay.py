"""paris_score.replay and ``paris-score replay``/``play``: whole records refereed move by move."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner

import paris_score
from paris_score import GameFormatError, Player
from paris_score.errors import IllegalMoveError
from paris_score.formats import schema
from paris_score.game import GameState
from paris_score.game.generate import random_game
from paris_score.game.records import game_to_dict, loads_game
from paris_score_cli.app import cli

ROOT = Path(__file__).resolve().parent.parent
SHORT = ROOT / "examples" / "games" / "short-game.json"


def record(seed: int = 1) -> dict[str, Any]:
    return game_to_dict(random_game(seed))


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_a_random_game_replays_legal_finished_and_agreeing() -> None:
    doc = record(1)
    done = paris_score.replay(doc)
    assert (done.legal, done.finished, done.phase, done.moves_played) == (True, True, 2, len(doc["moves"]))
    assert done.score is not None
    assert (done.score.orange.total, done.score.blue.total) == (doc["result"]["orange"], doc["result"]["blue"])
    assert done.result_agrees is True
    assert done.state.outcome().orange == done.score.orange.total
    assert [str(m) for m in done.moves] == doc["moves"]
    assert paris_score.check(done.state.position(), final=True) == []
    jsonschema.validate(done.to_dict(), json.loads(schema("replay")))
    jsonschema.validate(done.to_dict()["score"], json.loads(schema("report")))
    jsonschema.validate(doc, json.loads(schema("game")))


def test_the_score_is_made_when_asked_for_once_and_only_for_a_legal_finished_game() -> None:
    """A replay referees; its report is the final position's, made on first use and kept."""
    done = paris_score.replay(record(3))
    assert done._report is None  # not scored by replaying
    report = done.score
    assert report is not None
    assert report == paris_score.score(done.state.position())
    assert done.score is report
    doc = record(3)
    doc["moves"] = doc["moves"][:-1]  # one move short of the end: not finished
    assert paris_score.replay(doc).score is None
    doc["moves"] = ["tile Z9 0"]
    assert paris_score.replay(doc).score is None


def immutable_replay(doc: dict[str, Any]) -> tuple[GameState, int, str | None]:
    """What replaying gives, played with immutable states: the last state, the moves played, the refusal's code."""
    state = GameState.start(loads_game(json.dumps(doc)).setup)
    for number, text in enumerate(doc["moves"]):
        try:
            state = state.play(text)
        except IllegalMoveError as e:
            return state, number, e.code
    return state, len(doc["moves"]), None


@pytest.mark.parametrize("seed", range(40))
def test_replaying_in_place_ends_where_immutable_states_do(seed: int) -> None:
    """replay() changes one state in place (the engine's own rules): its final state, the moves it played and the
    refused move are those of playing immutable states, what the outcome reads included (made at the last state's
    first outcome, where immutable states keep it move by move); the same
    with a move of the record replaced by another legal-looking move of the game."""
    doc = record(seed)
    rng = random.Random(seed)
    damaged = dict(doc, moves=list(doc["moves"]))
    k = rng.randrange(len(doc["moves"]))
    damaged["moves"][k] = rng.choice(doc["moves"])
    for case in (doc, damaged):
        done = paris_score.replay(case)
        state, played, code = immutable_replay(case)
        assert type(done.state) is GameState
        assert done.state == state
        assert done.moves_played == played
        assert (done.illegal.code if done.illegal else None) == code
        if state.phase == 2:
            assert done.state._tally is None  # the referee keeps none: the first outcome() makes it
            assert done.state.outcome() == state.outcome()
            assert done.state._tally == state._tally  # made from the fields, kept move by move: the same


def test_text_dict_and_record_give_the_same_replay() -> None:
    doc = record(2)
    text = json.dumps(doc)
    assert paris_score.replay(text) == paris_score.replay(doc) == paris_score.replay(loads_game(text))
    assert paris_score.replay(text.encode()).to_dict() == paris_score.replay(doc).to_dict()


def test_the_first_illegal_move_is_named_and_the_replay_stops_there() -> None:
    doc = record(1)
    moves = doc["moves"]
    doc["moves"] = [*moves[:5], moves[4], *moves[5:]]  # the same move twice: the second is refused
    done = paris_score.replay(doc)
    assert not done.legal
    assert done.moves_played == 5
    assert done.illegal is not None
    assert done.illegal.move == 6
    assert done.illegal.text == moves[4]
    assert done.illegal.player is GameState.start(loads_game(json.dumps(doc)).setup).turn.other  # the 6th mover
    with pytest.raises(paris_score.IllegalMoveError) as refused:
        done.state.play(moves[4])
    e = refused.value
    assert (done.illegal.code, done.illegal.rule, done.illegal.message) == (e.code, e.rule, e.message)
    assert done.score is None
    assert done.result_agrees is None
    jsonschema.validate(done.to_dict(), json.loads(schema("replay")))


def test_a_move_that_does_not_parse_is_illegal_by_its_number_and_text() -> None:
    doc = record(3)
    doc["moves"][2] = "tile Z9 0"
    done = paris_score.replay(doc)
    assert done.illegal is not None
    assert (done.illegal.move, done.illegal.text, done.illegal.code) == (3, "tile Z9 0", "bad-notation")
    assert done.moves_played == 2


def test_a_move_after_the_end_breaks_g12() -> None:
    doc = record(4)
    doc["moves"].append("pass")
    done = paris_score.replay(doc)
    assert done.illegal is not None
    assert (done.illegal.rule, done.illegal.move) == ("G12", len(doc["moves"]))
    assert done.finished
    assert done.score is None


def test_an_unfinished_game_is_legal_without_a_score() -> None:
    doc = record(5)
    doc["moves"] = doc["moves"][:10]
    done = paris_score.replay(doc)
    assert (done.legal, done.finished, done.phase, done.score, done.result_agrees) == (True, False, 1, None, None)
    assert done.to_dict()["illegal"] is None


def test_a_wrong_result_disagrees() -> None:
    doc = record(6)
    doc["result"]["orange"] += 1
    assert paris_score.replay(doc).result_agrees is False
    del doc["result"]
    assert paris_score.replay(doc).result_agrees is None


def test_an_unreadable_record_raises_with_every_error() -> None:
    with pytest.raises(GameFormatError) as info:
        paris_score.replay({"format": "paris-game/1", "setup": {}, "moves": "tile A1 0"})
    assert [e.where for e in info.value.errors] == ["setup.postcards", "setup.pool", "setup.tiles", "moves"]


# -- the command line -----------------------------------------------------------------------------------------


def test_replay_prints_each_move_then_the_score(tmp_path: Path) -> None:
    doc = record(1)
    game = tmp_path / "game.json"
    game.write_text(json.dumps(doc), "utf-8")
    status, out, _ = run("replay", str(game))
    lines = out.splitlines()
    assert status == 0
    assert lines[0] == f"{game}: {len(doc['moves'])} moves in the record"
    first = paris_score.replay(doc).players[0]
    assert lines[1].split() == ["1", str(first), *doc["moves"][0].split()]
    assert "every move is legal; the game is over. The final position scores:" in lines
    assert lines[-1] == f"the record's result agrees: orange {doc['result']['orange']} - blue {doc['result']['blue']}"
    status, out, _ = run("replay", str(game), "--format", "json")
    assert status == 0
    assert json.loads(out) == paris_score.replay(doc).to_dict()


def test_replay_fails_on_an_illegal_move_or_a_wrong_result(tmp_path: Path) -> None:
    doc = record(1)
    doc["moves"].insert(3, "pass pass")
    game = tmp_path / "game.json"
    game.write_text(json.dumps(doc), "utf-8")
    status, out, _ = run("replay", str(game))
    assert status == 1
    assert out.splitlines()[-2].startswith("illegal move 4 (")
    assert "G3 bad-notation" in out.splitlines()[-2]
    doc = record(1)
    doc["result"]["blue"] += 2
    game.write_text(json.dumps(doc), "utf-8")
    status, out, _ = run("replay", str(game))
    assert status == 1
    assert "the record's result DISAGREES" in out.splitlines()[-1]
    status, out, _ = run("replay", str(game), "--format", "json")
    assert (status, json.loads(out)["result_agrees"]) == (1, False)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "line 1, col 2: not valid JSON"),
        ('{"format": "paris-game/1", "setup": {}, "moves": [], "colour": 1}', "colour: unknown key"),
        ("", "the input is empty; expected a paris-game/1 document"),
    ],
)
def test_replay_of_an_unreadable_record_is_one_line_an_error_and_exit_1(
    tmp_path: Path, content: str, message: str
) -> None:
    game = tmp_path / "game.json"
    game.write_text(content, "utf-8")
    status, out, err = run("replay", str(game))
    assert (status, out) == (1, "")
    assert f"{game}: {message}" in err


def test_replay_of_a_missing_file(tmp_path: Path) -> None:
    status, _, err = run("replay", str(tmp_path / "nope.json"))
    assert status == 1
    assert "cannot read the file" in err


def test_position_out_writes_the_last_position(tmp_path: Path) -> None:
    doc = record(1)
    game, out = tmp_path / "game.json", tmp_path / "final.json"
    game.write_text(json.dumps(doc), "utf-8")
    status, _, _ = run("replay", str(game), "--position-out", str(out))
    assert status == 0
    assert paris_score.load(out) == paris_score.replay(doc).state.position()
    doc["moves"] = doc["moves"][:3]
    game.write_text(json.dumps(doc), "utf-8")
    status, _, err = run("replay", str(game), "--position-out", str(out))
    assert status == 1
    assert "no position to write: the game is still in phase 1" in err


def test_play_writes_a_record_that_replays(tmp_path: Path) -> None:
    out = tmp_path / "game.json"
    status, stdout, err = run("play", "--seed", "9", "-o", str(out))
    assert (status, stdout) == (0, "")
    assert "fictional" in err
    assert "seed 9" in err
    doc = json.loads(out.read_text("utf-8"))
    assert doc == record(9)
    assert run("replay", str(out))[0] == 0
    status, stdout, _ = run("play", "--seed", "9")
    assert json.loads(stdout) == doc


def test_play_games_end_and_alternate() -> None:
    for seed in range(10, 16):
        done = paris_score.replay(record(seed))
        assert done.legal
        assert done.finished
        assert all(a is not b for a, b in zip(done.players, done.players[1:], strict=False))
        assert set(done.players) == {Player.ORANGE, Player.BLUE}


def test_finished_refuses_a_record_that_stops_before_the_end(tmp_path: Path) -> None:
    """G12: a cut record replays legal (exit 0), but --finished asks for a whole game (exit 1, said on stderr)."""
    doc = json.loads(SHORT.read_text("utf-8"))
    doc["moves"] = doc["moves"][:20]
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps(doc), "utf-8")
    assert run("replay", str(cut))[0] == 0
    code, out, err = run("replay", str(cut), "--finished")
    assert code == 1
    assert "every move is legal; the game is not over (phase 2, orange to move)" in out
    assert err == f"{cut}: the game is not over (G12), and --finished asks for a whole game\n"
    code, out, err = run("replay", str(cut), "--finished", "--format", "json")
    assert (code, json.loads(out)["finished"], json.loads(out)["legal"]) == (1, False, True)
    assert run("replay", str(SHORT), "--finished")[0] == 0  # a whole game passes
