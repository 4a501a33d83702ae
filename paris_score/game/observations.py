"""A view as a flat vector of 0s and 1s, for neural networks and the learning frameworks' adapters.

The layout (:data:`OBSERVATION_SIZE` numbers, docs' "For bot authors"),
each block in this order:

- the ground: 5 planes of 64 spaces (orange, blue, mixed, streetlight, no tile yet);
- buildings: 2 planes (orange's, blue's spaces, annexes included);
- pieces: 7 planes (painter, dancer, statue, fountain, streetlight tile,
  large streetlight, Chartier space), then the statue's facing (4: up, down, left, right);
- the 12 pieces: 3 planes of 12 (in the pool, orange's reserve, blue's
  reserve), then each piece's shape drawn from A1 on a 6 x 6 grid (12 x 36);
- postcards: 3 planes of 12, ``Postcard`` order (in play, orange's token, blue's token);
- chimneys left: 2 one-hots of 8 (0-7); tiles down: 2 one-hots of 9 (0-8);
- the viewer's hand: 4 spaces (top row, then bottom) x 4 grounds (o b m l);
- seven pairs (orange, blue): the viewer, the side to move, the holder of
  an unused Métropolitain, the holder of the Chartier space, who put down
  their 8th tile first; then the phase (1, 2).

>>> from paris_score.game import GameState
>>> from paris_score.game.generate import random_setup
>>> vector = observation(GameState.start(random_setup(1)).view())
>>> len(vector) == OBSERVATION_SIZE, sum(vector[4 * 64 : 5 * 64])  # no tile down yet: 64 empty spaces
(True, 64)
"""

from __future__ import annotations

import functools
from typing import Final

from paris_score.game.setups import POOL_SIZE, PoolPiece
from paris_score.game.state import View
from paris_score.model import FACINGS, Player
from paris_score.postcards import Postcard
from paris_score.shapes import shape_bitboard

_CARDS: Final = tuple(Postcard)
_PIECES: Final = ("painter", "dancer", "statue", "fountain", "streetlight", "large_streetlight", "chartier")
_GROUND: Final = "obml"
OBSERVATION_SIZE: Final = (
    5 * 64 + 2 * 64 + 7 * 64 + 4 + 3 * POOL_SIZE + POOL_SIZE * 36 + 3 * 12 + 2 * 8 + 2 * 9 + 16 + 5 * 2 + 2
)
"""The length of :func:`observation`'s vector: 1,466."""


_BYTES: Final = tuple(tuple((byte >> i) & 1 for i in range(8)) for byte in range(256))
"""The 8 bits of each byte, lowest first."""


def _plane(bits: int) -> list[int]:
    """A bitboard as 64 numbers, A1 first."""
    return [bit for row in range(8) for bit in _BYTES[(bits >> (8 * row)) & 0xFF]]


@functools.lru_cache(maxsize=64)
def _shapes(pieces: tuple[PoolPiece, ...]) -> list[int]:
    """Each piece's shape drawn from A1 on a 6 x 6 grid: the same for a whole game."""
    out = []
    for piece in pieces:
        drawn = shape_bitboard(piece.shape)
        out += [(drawn >> (r * 8 + c)) & 1 for r in range(6) for c in range(6)]
    return out


def _one_hot(value: int, size: int) -> list[int]:
    return [int(i == value) for i in range(size)]


def _pair(player: Player | None) -> list[int]:
    return [int(player is Player.ORANGE), int(player is Player.BLUE)]


def observation(view: View) -> list[int]:
    """The view as :data:`OBSERVATION_SIZE` numbers, each 0 or 1, laid out as the module says."""
    orange, blue, mixed, light = view.ground
    out = _plane(orange) + _plane(blue) + _plane(mixed) + _plane(light) + _plane(~(orange | blue | mixed | light))
    built = [0, 0]
    for building in view.buildings:
        built[building.owner is Player.BLUE] |= building.spaces
    out += _plane(built[0]) + _plane(built[1])
    facing = None
    for key in _PIECES:
        value = getattr(view.pieces, key)
        if key == "statue" and value is not None:
            facing = value.facing
            value = value.at
        out += _plane(0 if value is None else 1 << value)
    out += [int(f == facing) for f in FACINGS]
    for mask in (view.pool, *view.reserves):
        out += [(mask >> i) & 1 for i in range(POOL_SIZE)]
    out += _shapes(view.pool_pieces)
    out += [int(card in view.postcards) for card in _CARDS]
    out += [int(card in view.cards[0]) for card in _CARDS]
    out += [int(card in view.cards[1]) for card in _CARDS]
    for n in view.chimneys:
        out += _one_hot(n, 8)
    for tiles in view.down:
        out += _one_hot(len(tiles), 9)
    hand = "".join(view.hand).lower() if view.hand is not None else ""
    out += [int(k < len(hand) and hand[k] == g) for k in range(4) for g in _GROUND]
    for player in (view.player, view.turn, view.metro, view.chartier, view.first_done):
        out += _pair(player)
    out += _one_hot(view.phase - 1, 2)
    return out
