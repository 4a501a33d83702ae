"""Expected uses of the typed API: ``mypy --strict`` passes on this file (tests/test_typing.py).

The code sits in functions that are never called: it is read by mypy, not run.
"""

from __future__ import annotations

import json
from typing import Literal, assert_never, assert_type

import paris_score
from paris_score import BatchError, Building, Player, Position, Postcard, Postcards, Problem, Report, Reserve
from paris_score.documents import (
    CheckDocument,
    GameDocument,
    IllegalMoveDict,
    PositionDocument,
    ProblemCode,
    ReplayDocument,
    ScoreDocument,
    Verdict,
)
from paris_score.game import GameState, Result
from paris_score.game.actions import action_of, move_of
from paris_score.game.moves import (
    Activate,
    Build,
    BuildJardin,
    Levitate,
    Move,
    MoveKind,
    Pass,
    PlaceAnnex,
    PlaceFountain,
    PlacePiece,
    PlaceStatue,
    PlaceTile,
    Take,
)
from paris_score.game.records import GameRecord, game_to_dict


def players_and_reports(position: Position) -> None:
    report = paris_score.score(position)
    assert_type(report.winner, Player | Literal["tie"])
    if isinstance(report.winner, Player):
        assert_type(report.winner.other, Player)
        assert_type(report[report.winner], paris_score.report.PlayerScore)
    assert_type(report["orange"].total, int)
    assert_type(report[Player.BLUE].total, int)
    assert_type(Player.ORANGE.other, Player)
    Building("A", "orange", 0b111)
    Building("B", Player.BLUE, 0b111)
    position.buildings_of("blue")
    paris_score.legal_placements(position, "orange", ((0, 0), (1, 0)))
    paris_score.placement_problems(position, Player.BLUE, 0b11)


def values() -> None:
    shape: paris_score.Shape = ((0, 0), (1, 0), (2, 0))
    Reserve(orange=(3, 4), blue=[5], orange_shapes=[shape, None])
    Postcards(in_play=[Postcard.LE_PEINTRE], orange=(Postcard.LE_PEINTRE,))


def problems(position: Position) -> None:
    found: list[Problem] = paris_score.check(position, final=True)
    for problem in found:
        assert_type(problem.severity, Literal["error", "warning"])
        assert_type(problem.code, ProblemCode)
        if problem.code == "overlap":
            assert_type(problem.rule, str)


def documents(position: Position) -> None:
    score_doc = paris_score.score(position).to_dict()
    assert_type(score_doc, ScoreDocument)
    assert_type(score_doc["winner"], Literal["orange", "blue", "tie"])
    assert_type(score_doc["players"]["blue"]["lit_buildings"]["points"], int)
    check_doc = paris_score.check_document(position, final=True, file="game.json")
    assert_type(check_doc, CheckDocument)
    assert_type(check_doc["verdict"], Verdict)
    assert_type(check_doc["problems"][0]["severity"], Literal["error", "warning"])
    position_doc = paris_score.position_to_dict(position)
    assert_type(position_doc, PositionDocument)
    assert_type(position_doc["buildings"][0]["owner"], Literal["orange", "blue"])
    assert_type(paris_score.position_from_dict(json.loads(json.dumps(position_doc))), Position)


def batches(paths: list[str], texts: list[str], positions: list[Position]) -> None:
    assert_type(paris_score.load_many(paths), list[Position])
    assert_type(paris_score.load_many(paths, errors="skip"), list[Position])
    assert_type(paris_score.load_many(paths, errors="collect"), list[Position | BatchError])
    assert_type(paris_score.loads_many(texts, "json"), list[Position])
    assert_type(paris_score.check_many(positions, final=True), list[list[Problem]])
    assert_type(paris_score.check_many(positions, errors="collect"), list[list[Problem] | BatchError])
    assert_type(paris_score.score_many(positions), list[Report])
    for item in paris_score.score_many(positions, errors="collect"):
        if isinstance(item, BatchError):
            assert_type(item.index, int)
            assert_type(item.path, str | None)
        else:
            assert_type(item.winner, Player | Literal["tie"])


def moves_and_bots(state: GameState, move: MoveKind, record: GameRecord) -> None:
    match move:  # exhaustive: MoveKind is a closed union
        case PlaceTile() | Take() | Pass() | Build() | Activate() | Levitate():
            pass
        case BuildJardin() | PlacePiece() | PlaceStatue() | PlaceFountain() | PlaceAnnex():
            pass
        case _:
            assert_never(move)
    assert_type(Move.parse("pass"), MoveKind)
    view = state.view("blue")
    assert_type(view.hand, tuple[str, str] | None)
    assert_type(view.unseen[0], tuple[tuple[str, str], ...])
    assert_type(view.sample(7), GameState)
    assert_type(state.result(), Result | None)
    assert_type(state.key(), str)
    assert_type(GameState.from_string(state.to_string()), GameState)
    assert_type(action_of(state, move), int)
    assert_type(move_of(state, 0), Move)
    game_doc = game_to_dict(record)
    assert_type(game_doc, GameDocument)
    assert_type(game_doc["setup"]["first"], Literal["orange", "blue"])
    replay_doc = paris_score.replay(record).to_dict()
    assert_type(replay_doc, ReplayDocument)
    assert_type(replay_doc["illegal"], IllegalMoveDict | None)


def old_paths(state: GameState) -> None:
    """A bot written against 0.1.0's paths (deprecated, tests/test_deprecated.py) type-checks unchanged."""
    from paris_score.actions import legal_actions
    from paris_score.generate import random_setup
    from paris_score.moves import Move as OldMove
    from paris_score.setups import Setup
    from paris_score.views import View

    assert_type(OldMove.parse("pass"), MoveKind)
    assert_type(random_setup(1), Setup)
    assert_type(state.view(), View)
    assert_type(legal_actions(state), list[int])


def old_module_names(position: paris_score.Position) -> None:
    """``paris_score.problems`` and ``.verdict`` (now ``codes`` and ``check_report``) type-check as before."""
    from paris_score.problems import PROBLEMS, Kind
    from paris_score.verdict import check_document, verdict

    assert_type(PROBLEMS["overlap"], Kind)
    assert_type(check_document(position), CheckDocument)
    assert_type(verdict([]), Verdict)
