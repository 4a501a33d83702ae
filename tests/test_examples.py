"""Every position in examples/ is a legal, finished game and scores exactly what docs/examples.md says.

The boards are drawn in docs/examples.md; the numbers below are the ones the
page prints, line by line.  The files are canonical: the JSON is what
``paris_score.dumps`` writes, and each text grid holds the same position as
its JSON twin.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest

import paris_score
from paris_score import Player, Rules
from paris_score.model import PLAYERS
from paris_score.squares import names, parse_square

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

# file -> player -> (lit buildings as (id, size, lamps, points), group (ids, points), unbuilt points,
#                    postcards as (slug, points), total, free own spaces); then the winner.
EXPECTED: dict[str, tuple[dict[str, tuple[Any, ...]], str]] = {
    "rulebook.json": (
        {
            "orange": (
                [("A", 6, "C1", 6), ("B", 7, "C1 D3 C5", 21), ("C", 2, "D3 E4 C5", 6)],
                ("A B C", 15),
                0,
                [],
                48,
                11,
            ),
            "blue": (
                [
                    ("D", 5, "C5 E7", 10),
                    ("E", 4, "D3 G3 E4", 12),
                    ("F", 4, "E4 G5 E7", 12),
                    ("G", 3, "H2 G3 G5", 9),
                    ("H", 3, "", 0),
                ],
                ("D E F", 13),
                -3,
                [("le-peintre", 4)],
                57,
                9,
            ),
        },
        "blue",
    ),
    "advanced-postcards.json": (
        {
            "orange": (
                [("A", 3, "B2", 3), ("B", 5, "B2 C4", 10), ("C", 4, "C4 E5", 8), ("D", 4, "C4 B6", 8), ("E", 6, "", 0)],
                ("B C D E", 19),
                0,
                [("le-peintre", 2), ("moulin-rouge", 4)],
                54,
                4,
            ),
            "blue": (
                [("F", 4, "F2 G4 E5", 12), ("G", 5, "F2 H4", 10), ("H", 5, "E5 F7 G8", 15), ("I", 3, "G4 H4", 6)],
                ("G", 5),
                -3,
                [("le-penseur", 7), ("fontaine-des-mers", 6)],
                58,
                8,
            ),
        },
        "blue",
    ),
    "custom-pattern.json": (
        {
            "orange": (
                [
                    ("A", 3, "B2", 3),
                    ("B", 5, "B2 C4", 10),
                    ("C", 4, "C4 E5", 8),
                    ("D", 4, "C4 B6", 8),
                    ("E", 6, "C4", 6),
                ],
                ("B C D E", 19),
                0,
                [("le-peintre", 2), ("moulin-rouge", 4)],
                60,
                4,
            ),
            "blue": (
                [("F", 4, "F2 G4 E5", 12), ("G", 5, "F2 H4", 10), ("H", 5, "E5 F7 G8", 15), ("I", 3, "G4 H4", 6)],
                ("G", 5),
                -3,
                [("le-penseur", 7), ("fontaine-des-mers", 6)],
                58,
                8,
            ),
        },
        "orange",
    ),
    "tie-break.json": (
        {
            "orange": (
                [("A", 5, "F2", 5), ("B", 6, "F2", 6), ("C", 3, "G6", 3), ("D", 2, "D7 F8", 4), ("E", 5, "G6 F8", 10)],
                ("B C D E", 16),
                -3,
                [("le-penseur", 4)],
                45,
                6,
            ),
            "blue": (
                [("F", 4, "C1 A3", 8), ("G", 3, "C1", 3), ("H", 4, "B5 D7", 8), ("I", 5, "B5 B8", 10)],
                ("H I", 9),
                -3,
                [("le-peintre", 4), ("fontaine-des-mers", 6)],
                45,
                7,
            ),
        },
        "blue",
    ),
}

TEXT_TWINS = ["rulebook", "advanced-postcards", "tie-break"]


def test_every_example_position_is_listed() -> None:
    listed = set(EXPECTED) | {f"{name}.txt" for name in TEXT_TWINS}
    assert {p.name for p in EXAMPLES.iterdir() if p.suffix in (".json", ".txt")} == listed


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_is_a_legal_finished_game(name: str) -> None:
    assert paris_score.check(paris_score.load(EXAMPLES / name), final=True) == []


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_scores_what_its_docs_say(name: str) -> None:
    report = paris_score.score(paris_score.load(EXAMPLES / name))
    players, winner = EXPECTED[name]
    for player, (lit, (group, group_points), unbuilt, cards, total, free_own) in players.items():
        s = report[Player(player)]
        assert [(b.id, b.size, " ".join(names(sum(1 << sq for sq in b.lamps))), b.points)
                for b in s.lit_buildings.buildings] == lit  # fmt: skip
        assert s.lit_buildings.points == sum(points for *_, points in lit)
        assert (s.largest_group.buildings, s.largest_group.points) == (tuple(group.split()), group_points)
        assert s.unbuilt.points == unbuilt
        assert [(c.card.value, c.points) for c in s.postcards.cards] == cards
        assert (s.total, s.free_own_spaces) == (total, free_own)
    assert report.winner == winner


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_json_is_canonical(name: str) -> None:
    path = EXAMPLES / name
    assert paris_score.dumps(paris_score.load(path)) == path.read_text("utf-8")


@pytest.mark.parametrize("name", TEXT_TWINS)
def test_text_grid_twin_holds_the_same_position(name: str) -> None:
    assert paris_score.load(EXAMPLES / f"{name}.txt") == paris_score.load(EXAMPLES / f"{name}.json")


def test_custom_pattern_is_the_advanced_board_with_another_pattern() -> None:
    advanced = paris_score.load(EXAMPLES / "advanced-postcards.json")
    custom = paris_score.load(EXAMPLES / "custom-pattern.json")
    assert isinstance(custom.rules.large_streetlight_pattern, tuple)
    assert attrs.evolve(custom, rules=Rules()) == advanced


def test_the_large_streetlight_is_blocked_for_some_buildings() -> None:
    """S1b in advanced-postcards.json: E, F and H hold spaces of the pattern, but C stands in the way."""
    position = paris_score.load(EXAMPLES / "advanced-postcards.json")
    assert position.pieces.large_streetlight == parse_square("C4")
    report = paris_score.score(position)
    lit = {b.id for p in PLAYERS for b in report[p].lit_buildings.buildings if parse_square("C4") in b.lamps}
    assert lit == {"B", "C", "D"}
    in_pattern = {b.id for b in position.buildings if b.spaces & sight_mask("C4")}
    assert in_pattern - lit == {"E", "F", "H"}


def sight_mask(lamp: str) -> int:
    """The spaces of the square2 pattern around ``lamp``."""
    sq = parse_square(lamp)
    return sum(1 << t for t in range(64) if t != sq and max(abs(t % 8 - sq % 8), abs(t // 8 - sq // 8)) <= 2)


def test_the_rulebook_board_drawn_in_the_docs_is_the_shipped_one() -> None:
    """docs/example.md draws the board by hand: what stands on each space, and the printed ground."""
    page = (ROOT / "docs" / "example.md").read_text("utf-8")
    drawing = page.split("```text\n", 1)[1].split("```", 1)[0].splitlines()[1:]
    position = paris_score.load(EXAMPLES / "rulebook.json")
    marks = {position.pieces.painter: "I", position.pieces.streetlight: "L"}
    lamps = position.lamps()
    for r, line in enumerate(drawing):
        words = line.split()
        assert words[0] == words[9] == str(r + 1)
        for c in range(8):
            sq = r * 8 + c
            owner = [b.id for b in position.buildings if b.spaces >> sq & 1]
            expected = owner[0] if owner else marks.get(sq, "*" if lamps >> sq & 1 else ".")
            assert (words[1 + c], words[10 + c]) == (expected, position.ground.code(sq)), names(1 << sq)
