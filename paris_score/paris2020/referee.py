"""The referee of an end of game of *Paris* (2020): what makes it unscorable, and what the box makes unlikely.

:func:`problems` lists every error (K1-K3), each at the key path of the
``paris2020-final/1`` document; :func:`key_warnings` what the box's keys make
doubtful but a player may still have right (K8).
"""

from __future__ import annotations

import warnings as _warnings
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from paris_score.errors import Located
from paris_score.i18n import Template, counting
from paris_score.i18n import and_list as and_text
from paris_score.i18n import ordinal as ordinal_text
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
UNNAMED: Final = {
    "player": Template("p2020.unnamed-player", f"a player {NEEDS_A_NAME}"),
    "district": Template("p2020.unnamed-district", f"a district {NEEDS_A_NAME}"),
}
"""A player's or a district's error when it has no name."""
NO_OWNER_TEXT: Final = Template("p2020.no-owner", "a property has at least one owner (K3)")
NO_OWNER: Final = str(NO_OWNER_TEXT())
NEGATIVE: Final = Template("p2020.negative", "expected a whole number of at least 0, got {n}")
SAME_NAME: Final = Template("p2020.same-name", "{name} is the name of {earlier} too; names are distinct")
PLAYER_COUNT: Final = Template("p2020.player-count", "{count}; Paris is played by 2 to 4 (K1)")
PLAYERS: Final = counting("player")
DISTRICT_COUNT: Final = Template("p2020.district-count", "{n} districts; Paris has {most} (K1)")
GOES_UP: Final = Template(
    "p2020.tile-goes-up",
    "the {place} place's {points} is more than the {before} place's {before_points}; a scoring tile's values do not"
    " go up (K4)",
)
OWNERS: Final = Template(
    "p2020.owners",
    "{n} owners; at most 2 keys stand on one property (bonus tile 16: two players; bonus tile 9: one player twice)"
    " (K3)",
)
NOT_A_PLAYER: Final = Template("p2020.not-a-player", "{owner} is not a player")
NOT_A_PLAYER_OF: Final = Template("p2020.not-a-player.known", "{owner} is not a player; the players are {players}")
TOO_MANY_KEYS: Final = Template(
    "p2020.keys",
    "{name} has {held} keys on properties (two on a property they own twice); a {n}-player game gives each player at"
    " most {limit} keys: {behind} behind the screen and the {pool} of the pool that bonus tiles 13 and 14 hand out"
    " (K8)",
)


def _natural(path: str, value: int) -> Iterable[Located]:
    if value < 0:
        yield Located(path, NEGATIVE(n=value))


def _names(path: str, names: list[str], what: str) -> Iterable[Located]:
    """Each name given, distinct from the earlier ones."""
    for i, name in enumerate(names):
        if not name.strip():
            yield Located(f"{path}[{i}].name", UNNAMED[what]())
        elif name in names[:i]:
            earlier = f"{path}[{names.index(name)}]"
            yield Located(f"{path}[{i}].name", SAME_NAME(name=repr(name), earlier=earlier))


def problems(game: EndOfGame) -> list[Located]:
    """Every error of ``game`` (K1-K3), in document order; empty when it can be scored."""
    found: list[Located] = []
    players = [p.name for p in game.players]
    if len(players) not in PLAYER_COUNTS:
        found.append(Located("players", PLAYER_COUNT(count=PLAYERS(n=len(players)))))
    found += _names("players", players, "player")
    for i, player in enumerate(game.players):
        found += _natural(f"players[{i}].points", player.points)
        found += _natural(f"players[{i}].francs", player.francs)
    if len(game.districts) > MAX_DISTRICTS:
        found.append(Located("districts", DISTRICT_COUNT(n=len(game.districts), most=MAX_DISTRICTS)))
    found += _names("districts", [d.name for d in game.districts], "district")
    known = and_text(repr(name) for name in dict.fromkeys(players))
    for i, district in enumerate(game.districts):
        at = f"districts[{i}]"
        for j, points in enumerate(district.scoring):
            found += _natural(f"{at}.scoring[{j}]", points)
            if j and points > district.scoring[j - 1]:
                found.append(
                    Located(
                        f"{at}.scoring[{j}]",
                        GOES_UP(
                            place=ordinal_text(j + 1),
                            points=points,
                            before=ordinal_text(j),
                            before_points=district.scoring[j - 1],
                        ),
                    )
                )
        for j, prop in enumerate(district.properties):
            found += _natural(f"{at}.properties[{j}].value", prop.value)
            if not prop.owners:
                found.append(Located(f"{at}.properties[{j}].owners", NO_OWNER_TEXT()))
            elif len(prop.owners) > MAX_OWNERS:
                found.append(Located(f"{at}.properties[{j}].owners", OWNERS(n=len(prop.owners))))
            for k, owner in enumerate(prop.owners):
                if owner not in players:
                    said = (
                        NOT_A_PLAYER_OF(owner=repr(owner), players=known)
                        if players
                        else NOT_A_PLAYER(owner=repr(owner))
                    )
                    found.append(Located(f"{at}.properties[{j}].owners[{k}]", said))
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
                    TOO_MANY_KEYS(
                        name=player.name, held=held, n=n, limit=limit, behind=limit - POOL_KEYS, pool=POOL_KEYS
                    ),
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
