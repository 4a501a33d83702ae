"""A small, fully known game for the referee's tests: FICTIONAL tiles and piece shapes.

The ground every test game ends phase 1 with (each 2 x 2 block is one tile,
put down turned 0; orange's tiles are the blocks of columns A-D, blue's those
of columns E-H)::

      A B C D E F G H
    1 o o o o b b b b
    2 o l o o b l b b
    3 o o o o b b b b
    4 m m o o b b m m
    5 o o o o b b b b
    6 o o o o b l b b
    7 o o m m m m b b
    8 o l o o b b b l

Pool pieces (fictional shapes of the box's sizes, B3): ``A`` ``B`` lines of
3, ``C`` a 2 x 2 square, ``D`` an L of 4, ``E`` a line of 4, ``F`` a T of 4,
``G`` ``H`` ``K`` ``L`` lines of 5 and an L and P of 5, ``M`` ``N`` 2 x 3
blocks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from paris_score.game import GameState
from paris_score.game.moves import AREAS
from paris_score.game.setups import PoolPiece, Setup
from paris_score.model import Player
from paris_score.postcards import STARRED, Postcard
from paris_score.squares import SQUARE_NAMES

GROUND = (
    "oooobbbb",
    "olooblbb",
    "oooobbbb",
    "mmoobbmm",
    "oooobbbb",
    "ooooblbb",
    "oommmmbb",
    "oloobbbl",
)

SHAPES = {
    "A": ((0, 0), (1, 0), (2, 0)),
    "B": ((0, 0), (0, 1), (0, 2)),
    "C": ((0, 0), (1, 0), (0, 1), (1, 1)),
    "D": ((0, 0), (0, 1), (0, 2), (1, 2)),
    "E": ((0, 0), (1, 0), (2, 0), (3, 0)),
    "F": ((0, 0), (1, 0), (2, 0), (1, 1)),
    "G": ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)),
    "H": ((0, 0), (0, 1), (0, 2), (0, 3), (1, 3)),
    "K": ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)),
    "L": ((0, 0), (1, 0), (2, 0), (0, 1), (0, 2)),
    "M": ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (1, 2)),
    "N": ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)),
}

ORANGE_AREAS = ("A1", "C1", "A3", "C3", "A5", "C5", "A7", "C7")
BLUE_AREAS = ("E1", "G1", "E3", "G3", "E5", "G5", "E7", "G7")


def _tile(area: str) -> tuple[str, str]:
    sq = SQUARE_NAMES.index(area)
    r, c = sq >> 3, sq & 7
    return (GROUND[r][c : c + 2], GROUND[r + 1][c : c + 2])


def setup(cards: Sequence[Postcard] = STARRED, first: Player = Player.ORANGE) -> Setup:
    """The test setup: the ground above, the pieces above, the given 8 postcards."""
    return Setup(
        tuple(cards),
        tuple(PoolPiece(pid, shape) for pid, shape in SHAPES.items()),
        (tuple(_tile(a) for a in ORANGE_AREAS), tuple(_tile(a) for a in BLUE_AREAS)),
        first,
    )


ADVANCED = (
    Postcard.MOULIN_ROUGE,
    Postcard.LE_PENSEUR,
    Postcard.FONTAINE_DES_MERS,
    Postcard.LA_GRANDE_LUMIERE,
    Postcard.CHARTIER,
    Postcard.METROPOLITAIN,
    Postcard.LEVITATION,
    Postcard.LE_PEINTRE,
)
"""The 4 advanced cards with 4 starred ones."""


def phase_one(orange_takes: Iterable[str] = "AC", blue_takes: Iterable[str] = "BD") -> list[str]:
    """Phase 1 as move texts: both players take their pieces turn by turn, then put their tiles down.

    Orange moves first, takes as many pieces as blue, so it puts down its 8th
    tile first and begins phase 2 (G8).
    """
    takes_o, takes_b = list(orange_takes), list(blue_takes)
    assert len(takes_o) == len(takes_b)
    moves = []
    for o, b in zip(takes_o, takes_b, strict=True):
        moves += [f"take {o}", f"take {b}"]
    for o, b in zip(ORANGE_AREAS, BLUE_AREAS, strict=True):
        moves += [f"tile {o} 0", f"tile {b} 0"]
    return moves


def play(moves: Iterable[str], start: GameState | None = None, **setup_options: object) -> GameState:
    """The state after ``moves`` from the test setup (or from ``start``)."""
    state = start or GameState.start(setup(**setup_options))  # type: ignore[arg-type]
    for text in moves:
        state = state.play(text)
    return state


def phase_two(moves: Iterable[str] = (), **options: object) -> GameState:
    """After phase 1 (orange holds A and C, blue B and D) and then ``moves``."""
    return play([*phase_one(), *moves], **options)


__all__ = ["ADVANCED", "AREAS", "phase_one", "phase_two", "play", "setup"]
