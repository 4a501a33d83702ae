"""A final scoring of *Paris* (2020) and the two ways it is told: the readable breakdown, ``paris2020-score/1`` JSON.

:class:`Score` holds each player's lines (:class:`PlayerScore`), each district's places (:class:`DistrictScore`,
:class:`Standing`) and the winners; :func:`paris_score.paris2020.score` makes it.

The breakdown is said in any language (``lang``, the templates of :mod:`paris_score.i18n`); the JSON keeps the
English and gives each message beside it as a template id and its arguments (``*_i18n``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import attrs

from paris_score.documents import Decider, Paris2020ScoreDocument, TextDict
from paris_score.errors import Located
from paris_score.i18n import ENGLISH, NONE, Arg, Template, Text, and_list, as_dict, ordinal, render, word
from paris_score.printable import printable

SCORE_FORMAT: Final = "paris2020-score/1"


@attrs.frozen
class Standing:
    """K4: one player's place in one district: what they own there, their place and its points."""

    name: str
    parts: tuple[int, ...]
    """The values of the properties they own there, most valuable first; one owned twice is there twice (K3)."""
    place: int
    """1 for the 1st place ...; players still tied share one, and the places after it are skipped (K4)."""
    points: int
    _why_none: Text | str = attrs.field(default="", alias="why_none")
    """Why the place scores nothing (K4-K6), a text to say in any language; empty when it scores."""

    @property
    def why_none(self) -> str:
        """Why the place scores nothing, in English; empty when it scores."""
        return str(self._why_none)

    @property
    def why_none_text(self) -> Text | None:
        """:attr:`why_none` as a text; ``None`` when the place scores."""
        said = self._why_none
        return said if type(said) is Text else None

    @property
    def value(self) -> int:
        """K3: the sum of their properties' values there."""
        return sum(self.parts)

    @property
    def best(self) -> int:
        """K4: their most valuable property there, which breaks a tie on the sum."""
        return self.parts[0]


@attrs.frozen
class DistrictScore:
    """K4: a district's standings, by place (tied players in the players' order), and how each tie was settled."""

    name: str
    scoring: tuple[int, ...]
    standings: tuple[Standing, ...]
    _ties: tuple[Text | str, ...] = attrs.field(default=(), alias="ties")
    """How each tie was settled, as texts to say in any language."""
    unplaced: tuple[str, ...] = ()
    """The players who own nothing there: they take no place (K4)."""

    @property
    def ties(self) -> tuple[str, ...]:
        """How each tie was settled, in English."""
        return tuple(str(tie) for tie in self._ties)

    @property
    def tie_texts(self) -> tuple[Text | str, ...]:
        return self._ties

    def points(self, name: str) -> int:
        """What ``name`` scores here (0 without a place)."""
        return sum(s.points for s in self.standings if s.name == name)


@attrs.frozen
class PlayerScore:
    """K2-K7: one player's final score, line by line."""

    name: str
    points: int
    """On the score track before the final scoring."""
    bonus_27: int
    """K2: a point per franc with bonus tile 27, else 0."""
    tile_27: bool
    """K2: whether they hold bonus tile 27."""
    districts: tuple[int, ...]
    """K4: the points of each district, in the districts' order."""
    francs: int
    property_value: int
    """K7: the value of every property they own (one owned twice counts twice), the last tie-break."""

    @property
    def total(self) -> int:
        return self.points + self.bonus_27 + sum(self.districts)


@attrs.frozen
class Score:
    """The final scoring of an end of game: each player, each district, the winners and what decided it."""

    players: tuple[PlayerScore, ...]
    districts: tuple[DistrictScore, ...]
    winners: tuple[str, ...]
    decided_by: Decider
    warnings: tuple[Located, ...] = ()
    """K8: what the box's keys make doubtful (the score stands)."""

    def __getitem__(self, name: str) -> PlayerScore:
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)

    def __str__(self) -> str:
        return breakdown(self)


WIN_ORDER: Final[tuple[tuple[Decider, Callable[[PlayerScore], int]], ...]] = (
    ("points", lambda p: p.total),
    ("francs", lambda p: p.francs),
    ("property value", lambda p: p.property_value),
)
"""K7: the most points wins; a tie goes to the most francs, then to the most valuable properties."""

TITLE: Final = Template("p2020.title", "Paris (2020): final scoring")
DISTRICT: Final = Template("p2020.district", "{district}: scoring tile {tile}")
UNPLACED: Final = Template("p2020.unplaced", "no place, owning nothing here: {names} (K4)")
TRACK: Final = Template("p2020.track", "on the score track")
BONUS: Final = Template("p2020.bonus", "bonus tile 27 ({francs} francs)")
NO_BONUS: Final = Template("p2020.bonus.none", "bonus tile 27: none")
TOTAL: Final = Template("p2020.total", "total")
HOLDS: Final = Template("p2020.holds", "francs {francs}; value of all properties {value}")
WINS: Final = Template("p2020.result", "RESULT: {winner} wins with {total} points")
WINS_ON_FRANCS: Final = Template("p2020.result.francs", "RESULT: {ties}; {winner} wins on francs, {versus} (K7)")
WINS_ON_VALUE: Final = Template(
    "p2020.result.value", "RESULT: {ties}; {winner} wins on the value of their properties, {versus} (K7)"
)
SHARED: Final = Template("p2020.result.shared", "RESULT: {ties}: they share the win (K7)")
TIE_ON: Final = Template("p2020.tie-on", "{names} tie on {on}")
TIED_ON: Final = {
    "points": Template("p2020.tied.points", "{n} points"),
    "francs": Template("p2020.tied.francs", "{n} francs"),
    "property value": Template("p2020.tied.value", "properties worth {n}"),
}
THEN: Final = Template("p2020.then", "{a}; {b}")
"""Ties one after another: ``A and B tie on 40 points; A and B tie on 7 francs``."""
TO: Final = Template("p2020.to", "{a} to {b}")
"""The numbers a tie-break compares, highest first: ``12 to 9``."""
_WINS_ON: Final = {"francs": WINS_ON_FRANCS, "property value": WINS_ON_VALUE}


def _fold(template: Template, items: list[Arg]) -> Arg:
    """``items`` joined two by two with ``template`` (``{a}; {b}``), the first ones first."""
    out = items[0]
    for item in items[1:]:
        out = template(a=out, b=item)
    return out


def _shown(text: str) -> int:
    """How wide ``text`` is where it is shown: escaped (docs/robustness.md), so that the columns after it line up."""
    return len(printable(text))


def _pad(text: str, width: int) -> str:
    return text + " " * (width - _shown(text))


def _district_lines(d: DistrictScore, lang: str) -> list[str]:
    tile: Arg = [str(v) for v in d.scoring] or word(NONE)
    lines = [render(DISTRICT(district=d.name, tile=tile), lang)]
    places = [render(ordinal(s.place), lang) for s in d.standings]
    names = max((_shown(s.name) for s in d.standings), default=0)
    sums = [f"{s.value} = {' + '.join(map(str, s.parts))}" if len(s.parts) > 1 else str(s.value) for s in d.standings]
    width = max(map(len, sums), default=0)
    for s, told, place in zip(d.standings, sums, places, strict=True):
        why = f"  {render(s.why_none_text or s.why_none, lang)}" if s.why_none else ""
        lines.append(f"  {place:>4}  {_pad(s.name, names)}  {told:<{width}}  {s.points:>3}{why}")
    lines += [f"  {render(tie, lang)}" for tie in d.tie_texts]
    if d.unplaced:
        lines.append("  " + render(UNPLACED(names=and_list(d.unplaced)), lang))
    return lines


def result_text(score: Score) -> Text:
    """K7: the winners and the tie-breaks used, with the numbers compared."""
    if score.decided_by == "points":
        winner = score[score.winners[0]]
        return WINS(winner=winner.name, total=winner.total)
    leaders = list(score.players)
    ties: list[tuple[list[str], list[Arg]]] = []  # who is still tied, and on what
    for decider, key in WIN_ORDER:
        if decider == score.decided_by:
            versus = _fold(TO, [str(key(p)) for p in sorted(leaders, key=key, reverse=True)])
            return _WINS_ON[decider](ties=_ties(ties), winner=score.winners[0], versus=versus)
        top = max(key(p) for p in leaders)
        leaders = [p for p in leaders if key(p) == top]
        names = [p.name for p in leaders]
        if ties and ties[-1][0] == names:
            ties[-1][1].append(TIED_ON[decider](n=top))
        else:
            ties.append((names, [TIED_ON[decider](n=top)]))
    return SHARED(ties=_ties(ties))


def _ties(ties: list[tuple[list[str], list[Arg]]]) -> Arg:
    return _fold(THEN, [TIE_ON(names=and_list(names), on=and_list(on)) for names, on in ties])


def breakdown(score: Score, lang: str = ENGLISH) -> str:
    """The readable final scoring in ``lang``: each district's places and points, each player's lines, the result;
    what the players typed escaped where it holds a control character (``\\x1b``), a line feed too, so that no name
    starts a line of its own (docs/robustness.md)."""
    lines = [render(TITLE(), lang), ""]
    for district in score.districts:
        lines += [*_district_lines(district, lang), ""]
    labels = [d.name for d in score.districts]
    track = render(TRACK(), lang)
    total = render(TOTAL(), lang)
    widest = render(BONUS(francs=99), lang)
    width = max([len(track), len(widest), *map(_shown, labels)])
    for p in score.players:
        bonus = render(BONUS(francs=p.francs) if p.tile_27 else NO_BONUS(), lang)
        lines.append(p.name)
        lines.append(f"  {track:<{width}}  {p.points:>4}")
        lines.append(f"  {bonus:<{width}}  {p.bonus_27:>4}")
        lines += [f"  {_pad(label, width)}  {points:>4}" for label, points in zip(labels, p.districts, strict=True)]
        lines.append(f"  {total:<{width}}  {p.total:>4}")
        lines.append("  " + render(HOLDS(francs=p.francs, value=p.property_value), lang))
        lines.append("")
    lines.append(render(result_text(score), lang))
    return "\n".join(map(printable, lines)) + "\n"  # each line one line: a name's line feed escaped, as padded for


def _said(text: Text | None) -> TextDict | None:
    return None if text is None else text.to_dict()


def score_to_dict(score: Score) -> Paris2020ScoreDocument:
    """The ``paris2020-score/1`` document: players in the input's order, each district, the winners; each message
    also as a template id and its arguments (``*_i18n``: docs/languages.md)."""
    return {
        "format": SCORE_FORMAT,
        "players": [
            {
                "name": p.name,
                "total": p.total,
                "points": p.points,
                "bonus_27": p.bonus_27,
                "districts": {d.name: points for d, points in zip(score.districts, p.districts, strict=True)},
                "francs": p.francs,
                "property_value": p.property_value,
            }
            for p in score.players
        ],
        "districts": [
            {
                "name": d.name,
                "scoring": list(d.scoring),
                "standings": [
                    {
                        "name": s.name,
                        "value": s.value,
                        "parts": list(s.parts),
                        "place": s.place,
                        "points": s.points,
                        "why_none": s.why_none,
                        "why_none_i18n": _said(s.why_none_text),
                    }
                    for s in d.standings
                ],
                "ties": list(d.ties),
                "ties_i18n": [as_dict(tie) for tie in d.tie_texts],
                "unplaced": list(d.unplaced),
            }
            for d in score.districts
        ],
        "winners": list(score.winners),
        "decided_by": score.decided_by,
        "result_i18n": result_text(score).to_dict(),
        "warnings": [
            {"where": w.where, "message": w.message, "message_i18n": _said(w.message_text)} for w in score.warnings
        ],
    }
