"""The referee of an end of game of *Paris* (2020): what makes it unscorable, and what the box makes unlikely.

:func:`problems` lists every error (K1-K3), each at the key path of the
``paris2020-final/1`` document; :func:`key_warnings` what the box's keys make
doubtful but a player may still have right (K8).
"""

from __future__ import annotations

import warnings as _warnings
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from paris_score.errors import Located, counted
from paris_score.paris2020.model import MAX_DISTRICTS, MAX_OWNERS, PLAYER_COUNTS, POOL_KEYS, EndOfGame


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ... ``11th`` ... ``22nd``.

    >>> print(*(ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)))
    1st 2nd 3rd 4th 11th 12th 13th 21st 22nd
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def and_list(names: Iterable[str]) -> str:
    """``A``, ``A and B``, ``A, B and C`` (``""`` for none)."""
    items = list(names)
    return f"{', '.join(items[:-1])} and {items[-1]}" if len(items) > 1 else "".join(items)


NEEDS_A_NAME: Final = "needs a name"
"""The end of a player's or a district's error when it has no name (a form's field not filled in yet)."""
NO_OWNER: Final = "a property has at least one owner (K3)"


def _natural(path: str, value: int) -> Iterable[Located]:
    if value < 0:
        yield Located(path, f"expected a whole number of at least 0, got {value}")


def _names(path: str, names: list[str], what: str) -> Iterable[Located]:
    """Each name given, distinct from the earlier ones."""
    for i, name in enumerate(names):
        if not name.strip():
            yield Located(f"{path}[{i}].name", f"a {what} {NEEDS_A_NAME}")
        elif name in names[:i]:
            earlier = f"{path}[{names.index(name)}]"
            yield Located(f"{path}[{i}].name", f"{name!r} is the name of {earlier} too; names are distinct")


def problems(game: EndOfGame) -> list[Located]:
    """Every error of ``game`` (K1-K3), in document order; empty when it can be scored."""
    found: list[Located] = []
    players = [p.name for p in game.players]
    if len(players) not in PLAYER_COUNTS:
        found.append(Located("players", f"{counted(len(players), 'player')}; Paris is played by 2 to 4 (K1)"))
    found += _names("players", players, "player")
    for i, player in enumerate(game.players):
        found += _natural(f"players[{i}].points", player.points)
        found += _natural(f"players[{i}].francs", player.francs)
    if len(game.districts) > MAX_DISTRICTS:
        found.append(Located("districts", f"{len(game.districts)} districts; Paris has {MAX_DISTRICTS} (K1)"))
    found += _names("districts", [d.name for d in game.districts], "district")
    known = f"; the players are {and_list(repr(name) for name in dict.fromkeys(players))}" if players else ""
    for i, district in enumerate(game.districts):
        at = f"districts[{i}]"
        for j, points in enumerate(district.scoring):
            found += _natural(f"{at}.scoring[{j}]", points)
            if j and points > district.scoring[j - 1]:
                found.append(
                    Located(
                        f"{at}.scoring[{j}]",
                        f"the {ordinal(j + 1)} place's {points} is more than the {ordinal(j)} place's "
                        f"{district.scoring[j - 1]}; a scoring tile's values do not go up (K4)",
                    )
                )
        for j, prop in enumerate(district.properties):
            found += _natural(f"{at}.properties[{j}].value", prop.value)
            if not prop.owners:
                found.append(Located(f"{at}.properties[{j}].owners", NO_OWNER))
            elif len(prop.owners) > MAX_OWNERS:
                found.append(
                    Located(
                        f"{at}.properties[{j}].owners",
                        f"{len(prop.owners)} owners; at most 2 keys stand on one property "
                        "(bonus tile 16: two players; bonus tile 9: one player twice) (K3)",
                    )
                )
            for k, owner in enumerate(prop.owners):
                if owner not in players:
                    found.append(Located(f"{at}.properties[{j}].owners[{k}]", f"{owner!r} is not a player{known}"))
    return found


def keys_held(game: EndOfGame, name: str) -> int:
    """K8: the keys of ``name`` standing on properties: one per property owned, two where they own it twice."""
    return sum(prop.keys(name) for district in game.districts for prop in district.properties)


def key_warnings(game: EndOfGame) -> list[Located]:
    """K8: each player who owns more properties than their keys allow (none unless the game has 2-4 players)."""
    if len(game.players) not in PLAYER_COUNTS:
        return []
    limit = game.key_limit()
    n = len(game.players)
    found: list[Located] = []
    for i, player in enumerate(game.players):
        held = keys_held(game, player.name)
        if held > limit:
            found.append(
                Located(
                    f"players[{i}]",
                    f"{player.name} has {held} keys on properties (two on a property they own twice); "
                    f"a {n}-player game gives each player at most {limit} keys: {limit - POOL_KEYS} "
                    f"behind the screen and the {POOL_KEYS} of the pool that bonus tiles 13 and 14 hand out (K8)",
                )
            )
    return found


if not TYPE_CHECKING:  # hidden from type checkers, so that a misspelt name stays an error there

    def __getattr__(name: str) -> object:
        """``warnings``, the deprecated name of :func:`key_warnings` (it warns): it hid the standard library's."""
        if name == "warnings":
            message = "paris_score.paris2020.referee.warnings is deprecated: use key_warnings"
            _warnings.warn(message, DeprecationWarning, stacklevel=2)
            return key_warnings
        raise AttributeError(f"module 'paris_score.paris2020.referee' has no attribute {name!r}")
