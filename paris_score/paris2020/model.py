"""The end of a game of *Paris* (Kramer & Kiesling, 2020): players, districts, properties (docs/paris2020.md).

Plain immutable values, checked by :func:`paris_score.paris2020.referee.problems`
(K1-K3): what the players hold when the last turn is over, before the final
scoring.  The printed values (each district's scoring tile, each property's
value) come from the user; this project knows none of them.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Final

import attrs

PLAYER_COUNTS: Final = (2, 3, 4)
"""K1: the game is for 2 to 4 players."""
MAX_DISTRICTS: Final = 6
"""K1: Paris has six districts, each with at most one scoring tile."""
MAX_OWNERS: Final = 2
"""K3: a property has one owner, or two keys on it (bonus tile 16: two players; bonus tile 9: one player twice)."""
KEYS_BEHIND_SCREEN: Final = {2: 10, 3: 9, 4: 7}
"""K8: the keys each player starts with, by the number of players."""
POOL_KEYS: Final = 2
"""K8: the keys of each player's colour left in the pool, which only bonus tiles 13 and 14 hand out (one each)."""


@attrs.frozen
class Investor:
    """K1, K2: a player of *Paris* (2020), a person at the table (not a colour, :class:`paris_score.Player`): their
    name, points on the score track before the final scoring, francs, and bonus tile 27."""

    name: str
    points: int
    francs: int
    bonus_27: bool = False


@attrs.frozen
class Property:
    """K3: a building or landscape, its printed value and its owners (a name twice: two keys of one player)."""

    value: int
    owners: tuple[str, ...]

    def keys(self, name: str) -> int:
        """How many of ``name``'s keys stand on it: 0, 1 or 2 (K3)."""
        return self.owners.count(name)


@attrs.frozen
class District:
    """K4: a district, its scoring tile (points of the 1st, 2nd ... place) and its properties."""

    name: str
    scoring: tuple[int, ...]
    properties: tuple[Property, ...]


@attrs.frozen
class EndOfGame:
    """K1: what the final scoring reads: the players in their order, the districts in theirs."""

    players: tuple[Investor, ...]
    districts: tuple[District, ...]
    note: str = ""
    """Free text: where the values come from, say."""

    def key_limit(self) -> int:
        """K8: the most keys one player can have: those behind the screen and those of the pool."""
        return KEYS_BEHIND_SCREEN[len(self.players)] + POOL_KEYS


if not TYPE_CHECKING:  # hidden from type checkers, so that a misspelt name stays an error there

    def __getattr__(name: str) -> object:
        """``Player``, the deprecated name of :class:`Investor` (it warns): ``Player`` is a colour elsewhere."""
        if name == "Player":
            message = "paris_score.paris2020.model.Player is deprecated: use Investor (Player is a colour elsewhere)"
            warnings.warn(message, DeprecationWarning, stacklevel=2)
            return Investor
        raise AttributeError(f"module 'paris_score.paris2020.model' has no attribute {name!r}")
