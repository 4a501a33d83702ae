"""The optimised engine agrees with a small, obviously correct scorer on every line of the report.

tests/reference.py scores with sets of spaces, breadth-first search and exact
fractions, straight from docs/rules.md S1-S5; paris_score.scoring scores with
bitboards and precomputed tables.  They must agree on every line of
``Report.to_dict()`` (notes included) and on the spaces each postcard counted,
for a fixed corpus of random positions, legal and not, and for hypothesis'
structural and legal positions.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings

from paris_score import Position, dumps, rulebook_example, score
from paris_score.game.generate import random_pattern, random_position
from paris_score.model import FACINGS, PLAYERS, Statue
from paris_score.postcards import Postcard
from paris_score.squares import BB_ALL, scan
from tests.reference import reference_report
from tests.strategies import legal_positions, positions

CORPUS_SIZE = 1000
"""Legal positions in the fixed corpus; each also gives a scrambled, illegal one (2,000 in all)."""


def engine_report(position: Position) -> dict[str, Any]:
    """``Report.to_dict()`` with each card's spaces, its messages in English only (their texts, ``*_i18n``, say the
    same: tests/test_i18n.py)."""
    report = score(position)
    found = report.to_dict()
    del found["notes_i18n"]
    for player in PLAYERS:
        for line, card in zip(
            found["players"][player]["postcards"]["cards"], report[player].postcards.cards, strict=True
        ):
            line["spaces"] = card.spaces
            del line["detail_i18n"]  # type: ignore[misc]
    return found


def scramble(rng: random.Random, position: Position) -> Position:
    """The same board with its rules broken at random: owners, annexes, pieces, cards and pattern moved.

    Nothing is put on a space that is already taken, so the pieces never overlap.
    """
    taken = position.occupied

    def free_space() -> int | None:
        nonlocal taken
        spaces = list(scan(BB_ALL & ~taken))
        if not spaces:
            return None
        sq = rng.choice(spaces)
        taken |= 1 << sq
        return sq

    buildings = []
    for b in position.buildings:
        owner = rng.choice(PLAYERS)
        annex = b.annex
        if rng.random() < 0.3:
            annex = free_space()
        buildings.append(attrs.evolve(b, owner=owner, annex=annex, jardin=rng.random() < 0.2))
    moved: dict[str, Any] = {}
    for name in ("painter", "dancer", "fountain", "streetlight", "large_streetlight"):
        if rng.random() < 0.5:
            moved[name] = free_space()
    if rng.random() < 0.5:
        at = free_space()
        moved["statue"] = None if at is None else Statue(at, rng.choice(FACINGS))
    if rng.random() < 0.3:
        moved["chartier"] = rng.randrange(64)
    cards = list(Postcard)
    postcards = attrs.evolve(
        position.postcards,
        orange=rng.sample(cards, rng.randint(0, 6)),
        blue=rng.sample(cards, rng.randint(0, 6)),
    )
    return attrs.evolve(
        position,
        buildings=tuple(buildings),
        pieces=attrs.evolve(position.pieces, **moved),
        postcards=postcards,
        rules=attrs.evolve(position.rules, large_streetlight_pattern=random_pattern(rng)),
    )


def fixed_corpus() -> list[Position]:
    rng = random.Random(20261126)
    found = []
    for i in range(CORPUS_SIZE):
        position = random_position(rng, finished=i % 2 == 0)
        found += [position, scramble(rng, position)]
    return found


def assert_agree(position: Position) -> None:
    expected = reference_report(position)
    found = engine_report(position)
    assert found == expected, dumps(position)


def test_the_rulebook_example() -> None:
    assert_agree(rulebook_example())
    assert reference_report(rulebook_example())["players"]["blue"]["total"] == 57


def test_a_fixed_corpus_of_2000_positions() -> None:
    corpus = fixed_corpus()
    assert len(corpus) == 2 * CORPUS_SIZE
    assert any(
        p.pieces.large_streetlight is not None and not isinstance(p.rules.large_streetlight_pattern, str)
        for p in corpus
    )
    for position in corpus:
        assert_agree(position)


SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(positions())
def test_structural_positions(position: Position) -> None:
    assert_agree(position)


@SETTINGS
@given(legal_positions())
def test_legal_positions(position: Position) -> None:
    assert_agree(position)


@pytest.mark.parametrize("pattern", ["square2", "diamond2", "rays4", "rays8"])
def test_every_preset_on_a_crowded_board(pattern: str) -> None:
    rng = random.Random(pattern)
    for _ in range(25):
        position = random_position(rng)
        assert_agree(attrs.evolve(position, rules=attrs.evolve(position.rules, large_streetlight_pattern=pattern)))
