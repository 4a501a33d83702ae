"""The final scoring of *Paris* (2020) as pure functions (docs/paris2020.md, K2-K7).

:func:`score` refuses an end of game the referee finds wrong
(:class:`~paris_score.errors.Paris2020FormatError`, each error at its key
path), then scores each district (:func:`district_score`) and names the
winners, into the values of :mod:`paris_score.paris2020.report`.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Final

from paris_score.documents import Decider
from paris_score.errors import Paris2020FormatError
from paris_score.i18n import Template, Text, and_list, ordinal
from paris_score.paris2020.model import District, EndOfGame
from paris_score.paris2020.referee import key_warnings, problems
from paris_score.paris2020.report import WIN_ORDER, DistrictScore, PlayerScore, Score, Standing

FOURTH: Final = Template("p2020.fourth", "the 4th place never scores with 4 players (K5)")
HALF: Final = Template(
    "p2020.half", "with 2 players the 2nd place needs at least half the 1st's value: {value} < {first}/2 (K6)"
)
NO_TILE: Final = Template("p2020.no-tile", "no scoring tile in this district (K4)")
NO_PLACE: Final = Template("p2020.no-place", "the scoring tile has no {place} place (K4)")
CO_OWN: Final = Template(
    "p2020.co-own", "they co-own a property of {best}, the most valuable each owns there: they share the {place} place"
)
EACH_OWNS: Final = Template(
    "p2020.each-owns", "each owns a property of {best}, the most valuable each owns there: they share the {place} place"
)
SKIPPED: Final = Template(
    "p2020.skipped", ("{sharing}, the {places} place skipped", "{sharing}, the {places} places skipped")
)
TIE_SHARED: Final = Template("p2020.tie.shared", "{names} tie on {value}, and {sharing} (K4)")
TIE_BEST: Final = Template(
    "p2020.tie.best", "{names} tie on {value}; the most valuable property each owns there decides: {bests} (K4)"
)
STILL_TIE: Final = Template("p2020.tie.still", "{names} still tie: {sharing} (K4)")


def _place_points(place: int, value: int, first: int, scoring: tuple[int, ...], players: int) -> tuple[int, Text | str]:
    """The points of a place (K4-K6), and why there are none."""
    if players == 4 and place == 4:
        return 0, FOURTH()
    if players == 2 and place == 2 and 2 * value < first:
        return 0, HALF(value=value, first=first)
    if not scoring:
        return 0, NO_TILE()
    if place > len(scoring):
        return 0, NO_PLACE(place=ordinal(place))
    return scoring[place - 1], ""


def _sharing(district: District, shared: Sequence[Standing], placed: int) -> Text:
    """K4: why players tied on the sum still tie, and the place they share (of ``placed`` players)."""
    place, best = shared[0].place, shared[0].best
    co_owned = any(p.value == best and all(p.keys(s.name) for s in shared) for p in district.properties)
    text = (CO_OWN if co_owned else EACH_OWNS)(best=best, place=ordinal(place))
    if placed >= place + len(shared):
        skipped = [ordinal(p) for p in range(place + 1, place + len(shared))]
        return SKIPPED(sharing=text, places=and_list(skipped), n=len(skipped))
    return text


def _tie_notes(district: District, standings: Sequence[Standing]) -> list[Text]:
    """K4: how each tie on the sum was settled, in words."""
    notes: list[Text] = []
    for value, tied in groupby(standings, key=lambda s: s.value):
        group = list(tied)
        if len(group) < 2:
            continue
        names = and_list(s.name for s in group)
        if len({s.place for s in group}) == 1:
            notes.append(TIE_SHARED(names=names, value=value, sharing=_sharing(district, group, len(standings))))
            continue
        bests = [f"{s.name} {s.best}" for s in group]
        notes.append(TIE_BEST(names=names, value=value, bests=bests))
        for _, same in groupby(group, key=lambda s: s.place):
            shared = list(same)
            if len(shared) > 1:
                still = and_list(s.name for s in shared)
                notes.append(STILL_TIE(names=still, sharing=_sharing(district, shared, len(standings))))
    return notes


def district_score(district: District, players: Sequence[str]) -> DistrictScore:
    """K3-K6: each player's place in ``district`` and its points; ``players`` are the names, in order."""
    owned = {
        name: tuple(sorted((p.value for p in district.properties for _ in range(p.keys(name))), reverse=True))
        for name in players
    }
    placed = sorted((name for name in players if owned[name]), key=lambda n: (-sum(owned[n]), -owned[n][0]))
    keys = [(sum(owned[n]), owned[n][0]) for n in placed]
    first = keys[0][0] if keys else 0
    standings: list[Standing] = []
    for name, key in zip(placed, keys, strict=True):
        place = keys.index(key) + 1  # players with the same sum and best property share the higher place
        points, why = _place_points(place, key[0], first, district.scoring, len(players))
        standings.append(Standing(name, owned[name], place, points, why))
    return DistrictScore(
        district.name,
        district.scoring,
        tuple(standings),
        tuple(_tie_notes(district, standings)),
        tuple(name for name in players if not owned[name]),
    )


def winners(players: Sequence[PlayerScore]) -> tuple[tuple[str, ...], Decider]:
    """K7: who wins, and what decided it (``"shared"``: still tied after every tie-break)."""
    leaders = list(players)
    for decider, key in WIN_ORDER:
        top = max(key(p) for p in leaders)
        leaders = [p for p in leaders if key(p) == top]
        if len(leaders) == 1:
            return (leaders[0].name,), decider
    return tuple(p.name for p in leaders), "shared"


def score(game: EndOfGame) -> Score:
    """K2-K7: the final scoring of ``game``.

    :class:`~paris_score.errors.Paris2020FormatError` lists every error (K1-K3) when it cannot be scored.
    """
    errors = problems(game)
    if errors:
        raise Paris2020FormatError(errors)
    names = [p.name for p in game.players]
    districts = tuple(district_score(d, names) for d in game.districts)
    players = tuple(
        PlayerScore(
            p.name,
            p.points,
            p.francs if p.bonus_27 else 0,
            p.bonus_27,
            tuple(d.points(p.name) for d in districts),
            p.francs,
            sum(s.value for d in districts for s in d.standings if s.name == p.name),
        )
        for p in game.players
    )
    won, decider = winners(players)
    return Score(players, districts, won, decider, tuple(key_warnings(game)))
