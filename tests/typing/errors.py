"""Expected errors of the typed API: ``mypy --strict`` fails on exactly the lines marked ``# E: code``.

tests/test_typing.py checks each marked line fails with that error code and no other line fails.
The code sits in functions that are never called: it is read by mypy, not run.
"""

from __future__ import annotations

from typing import assert_never

import paris_score
from paris_score import Building, Player, Position, Postcards, Reserve
from paris_score.game import GameState
from paris_score.game.moves import (
    Activate,
    Build,
    BuildJardin,
    Levitate,
    MoveKind,
    Pass,
    PlaceFountain,
    PlacePiece,
    PlaceStatue,
    PlaceTile,
    Take,
)
from paris_score.game.records import GameRecord, game_to_dict


def players(position: Position) -> None:
    report = paris_score.score(position)
    Building("A", "green", 0b111)  # E: arg-type
    position.buildings_of("grey")  # E: arg-type
    print(report["green"])  # E: index
    print(report.winner.other)  # E: union-attr
    paris_score.legal_placements(position, 1, ((0, 0),))  # E: arg-type


def values() -> None:
    Reserve(orange="hello")  # E: arg-type
    Postcards(in_play="le-peintre")  # E: arg-type
    Reserve(orange=[3], blue=[None])  # E: list-item


def problems(position: Position) -> None:
    for problem in paris_score.check(position):
        if problem.severity == "fatal":  # E: comparison-overlap
            pass
        if problem.code == "overlapping":  # E: comparison-overlap
            pass


def documents(position: Position) -> None:
    doc = paris_score.score(position).to_dict()
    print(doc["winer"])  # E: typeddict-item
    winner: Player = doc["winner"]  # E: assignment
    print(winner)
    paris_score.check_document(position)["legal"] = "yes"  # E: typeddict-item


def batches(positions: list[Position]) -> None:
    reports: list[paris_score.Report] = paris_score.score_many(positions, errors="collect")  # E: assignment
    print(reports)
    paris_score.score_many(positions, errors="ignore")  # E: call-overload


def moves_and_bots(state: GameState, move: MoveKind, record: GameRecord) -> None:
    match move:
        case PlaceTile() | Take() | Pass() | Build() | Activate() | Levitate():
            pass
        case BuildJardin() | PlacePiece() | PlaceStatue() | PlaceFountain():
            pass
        case _:
            assert_never(move)  # E: arg-type
    print(state.result().returns)  # E: union-attr
    print(state.view().public)  # E: attr-defined
    print(game_to_dict(record)["setup"]["tiles"]["green"])  # E: typeddict-item
    print(paris_score.replay(record).to_dict()["moves"])  # E: typeddict-item
