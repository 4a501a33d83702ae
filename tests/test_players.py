"""One rule for players: every public call that takes a player takes ``Player`` or its name, and nothing else.

The calls are found by introspection (the exports of ``paris_score``, the
methods of the exported classes, the documented rule modules), so a new
function that takes a player is tested without being listed here.
"""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

import paris_score
import paris_score.game.records
from paris_score import Building, NotAPlayerError, ParisScoreError, Player, Position, game, placement, scoring
from paris_score.game.generate import random_setup
from paris_score.model import PlayerLike
from tests.grids import board

MODULES = (paris_score, scoring, placement, game)
POSITION = paris_score.rulebook_example()
INSTANCES: dict[type, object] = {
    Position: POSITION,
    paris_score.Ground: POSITION.ground,
    paris_score.Postcards: POSITION.postcards,
    paris_score.Reserve: POSITION.reserve,
    paris_score.Report: paris_score.score(POSITION),
    paris_score.Setup: paris_score.Setup((), (), ((("ob", "ml"),), (("bo", "lm"),))),
    game.GameState: game.GameState.start(random_setup(1)),
    game.Outcome: game.Outcome(1, 2, "blue", 0, 0),
    game.Result: game.Result((1, -1), (3, 2), Player.ORANGE),
    game.ChanceGame: game.ChanceGame.start(random_setup(1)),
    game.View: game.GameState.start(random_setup(1)).view(),
}
"""An instance of each class whose methods take a player."""
ARGUMENTS: dict[str, object] = {
    "position": POSITION,
    "shape": ((0, 0), (1, 0), (2, 0)),
    "cells": 0b111 << 40,
    "id": "Z",
    "board": scoring.board_of(POSITION),
    "sq": 20,
    "ground": paris_score.postcards.Allowed.OWN,
    "orange": INSTANCES[paris_score.Report].orange,  # type: ignore[attr-defined]
    "blue": INSTANCES[paris_score.Report].blue,  # type: ignore[attr-defined]
    "postcards": (),
    "move": 1,
    "text": "pass",
    "code": "wrong-phase",
    "rule": "G6",
    "message": "not now",
    "winner": "tie",
    "pool": (),
    "tiles": ((), ()),
}
"""A value for each other required parameter of those calls."""
NAMES = {**vars(paris_score.model), **vars(paris_score.report), "GameRecord": paris_score.game.records.GameRecord}
"""Where the annotations of attrs' ``__init__`` (copied from converters) and those imported for type checkers only
are found."""
INTERNAL = {
    "paris_score.scoring.notes",
    "GameState()",
    "View()",
    "Result()",
}
"""An undocumented step of :func:`paris_score.score`, which passes its own values along, and the game engine's
states, made by ``GameState.start`` and ``play`` only (converting their fields would slow every move)."""


def flat(hint: object) -> list[object]:
    """The members of a union of types and literals (a container such as ``tuple[Player, ...]`` is one member)."""
    if typing.get_origin(hint) not in (typing.Union, types.UnionType, typing.Literal):
        return [hint]
    return [x for a in typing.get_args(hint) for x in flat(a)]


def takes_player(fn: Callable[..., Any]) -> list[str]:
    """The names of ``fn``'s parameters annotated as a player."""
    hints = typing.get_type_hints(fn, localns=NAMES)
    return [name for name, hint in hints.items() if name != "return" and Player in flat(hint)]


def public_calls() -> Iterator[tuple[str, Callable[..., Any], str]]:
    """``(name, call, player parameter)`` for every public call that takes a player."""
    seen: set[int] = set()
    for module in MODULES:
        for name in getattr(module, "__all__", None) or [n for n in vars(module) if not n.startswith("_")]:
            value = getattr(module, name)
            if id(value) in seen or getattr(value, "__module__", "").split(".")[0] != "paris_score":
                continue
            seen.add(id(value))
            if inspect.isclass(value):
                init = value.__init__
                for parameter in takes_player(init) if f"{name}()" not in INTERNAL else ():
                    yield f"{name}()", value, parameter
                for method_name, method in vars(value).items():
                    if callable(method) and (not method_name.startswith("_") or method_name == "__getitem__"):
                        for parameter in takes_player(method):
                            yield f"{name}.{method_name}", getattr(INSTANCES[value], method_name), parameter
            elif inspect.isfunction(value) and f"{module.__name__}.{name}" not in INTERNAL:
                for parameter in takes_player(value):
                    yield f"{module.__name__}.{name}", value, parameter


CALLS = sorted(public_calls(), key=lambda c: c[0])


def call(fn: Callable[..., Any], parameter: str, player: object) -> Any:
    kwargs: dict[str, Any] = {}
    for p in inspect.signature(fn).parameters.values():
        if p.name == parameter:
            kwargs[p.name] = player
        elif p.default is inspect.Parameter.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            kwargs[p.name] = ARGUMENTS[p.name]
    return fn(**kwargs)


def test_the_calls_that_take_a_player_are_found() -> None:
    names = {name for name, _, _ in CALLS}
    assert {"Building()", "Report.__getitem__", "Position.buildings_of", "paris_score.legal_placements"} <= names
    assert {"scoring.lit_buildings", "placement.chartier_open"} <= {n.removeprefix("paris_score.") for n in names}
    assert len(CALLS) >= 17


@pytest.mark.parametrize(("name", "fn", "parameter"), CALLS, ids=[c[0] for c in CALLS])
def test_every_call_takes_a_player_or_its_name_in_any_case(name: str, fn: Callable[..., Any], parameter: str) -> None:
    hint = typing.get_type_hints(fn.__init__ if inspect.isclass(fn) else fn, localns=NAMES)[parameter]
    assert set(flat(PlayerLike)) <= set(flat(hint)), f"{name}: annotate {parameter} as PlayerLike"
    for player in Player:
        expected = call(fn, parameter, player)
        for spelling in (player.value, player.value.upper(), player.value.title()):
            assert call(fn, parameter, spelling) == expected


@pytest.mark.parametrize(("name", "fn", "parameter"), CALLS, ids=[c[0] for c in CALLS])
@pytest.mark.parametrize("wrong", ["green", "", " orange", None, 0, Player])
def test_anything_else_is_an_error_of_the_family_naming_the_argument(
    name: str, fn: Callable[..., Any], parameter: str, wrong: object
) -> None:
    if wrong is None and inspect.signature(fn).parameters[parameter].default is None:
        return  # an optional player left out (GameState.view: the side to move) is its default, not an error
    with pytest.raises(NotAPlayerError, match=f"^{parameter}: expected a Player, 'orange'") as found:
        call(fn, parameter, wrong)
    assert isinstance(found.value, ParisScoreError)
    assert isinstance(found.value, ValueError)


def test_a_building_stores_a_player_and_scores_as_the_player_one() -> None:
    """The bug this rule fixes: a string owner scored 0 and crashed the referee."""
    as_strings = attrs.evolve(
        POSITION, buildings=[Building(b.id, str(b.owner), b.cells, b.annex, b.jardin) for b in POSITION.buildings]
    )
    assert all(type(b.owner) is Player for b in as_strings.buildings)
    assert as_strings == POSITION
    assert paris_score.score(as_strings) == paris_score.score(POSITION)
    assert paris_score.score(as_strings).orange.total == 48
    assert paris_score.check(as_strings) == paris_score.check(POSITION) == []
    assert Building("A", "BLUE", 1).owner is Player.BLUE


def test_a_small_board_with_a_string_owner() -> None:
    position = board(
        """
        oool  AAA.
        """,
        orange="A",
    )
    (a,) = position.buildings
    again = attrs.evolve(position, buildings=[Building("A", "orange", a.cells)])
    # S1: A (size 3) is beside the streetlight space D1, a lamp: 3 x 1 = 3 points.
    assert paris_score.score(again).orange.lit_buildings.points == 3
    assert paris_score.score(again) == paris_score.score(position)


def test_report_lookup_of_a_non_player_is_a_key_error() -> None:
    report = paris_score.score(POSITION)
    assert report["Blue"] is report.blue
    with pytest.raises(KeyError, match="player: expected a Player"):
        report["green"]  # type: ignore[index]
    assert str(NotAPlayerError("x: y")) == "x: y"


def test_a_bad_owner_in_a_building_names_the_owner() -> None:
    with pytest.raises(ParisScoreError, match=r"^owner: expected a Player, 'orange' or 'blue', got 'green'$"):
        Building("A", "green", 1)  # type: ignore[arg-type]


def test_the_opponent_and_who_used_a_card() -> None:
    from paris_score import Postcard, Postcards

    assert (Player.ORANGE.other, Player.BLUE.other) == (Player.BLUE, Player.ORANGE)
    cards = Postcards(orange=[Postcard.CHARTIER, Postcard.LAMPADAIRE], blue=[Postcard.LAMPADAIRE, Postcard.LE_PEINTRE])
    found = [cards.user(card) for card in (Postcard.CHARTIER, Postcard.LAMPADAIRE, Postcard.LE_PEINTRE)]
    assert found == [Player.ORANGE, Player.ORANGE, Player.BLUE]  # a card both listed: the first side, orange
    assert cards.user(Postcard.METROPOLITAIN) is None
    assert (cards.used("BLUE"), POSITION.reserve.of("orange")) == (cards.blue, POSITION.reserve.orange)
