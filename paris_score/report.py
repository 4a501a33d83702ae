"""The score report: one value per line of the score sheet, each explaining itself.

``Report.to_dict()`` gives the ``paris-score/1`` JSON report (docs/formats.md);
``str(report)`` gives the readable breakdown the CLI prints, :func:`render_text`
the same in any language, from its lines as texts (:func:`lines`, templates of
:mod:`paris_score.i18n`).

The lines of the sheet (:class:`LitBuilding` ... :class:`PlayerScore`) are
named tuples: immutable values like the attrs classes elsewhere, and about
half as dear to build, which matters because one score builds some twenty of
them.  :class:`Report` is an attrs value.
"""

from __future__ import annotations

from typing import Final, Literal, NamedTuple, cast

import attrs

from paris_score.documents import LineDict, PlayerScoreDict, ScoreDocument, WinnerName
from paris_score.errors import NotAPlayerError
from paris_score.i18n import ENGLISH, NONE, Template, Text, as_dict, render, word
from paris_score.model import Player, PlayerLike, as_player
from paris_score.postcards import Postcard
from paris_score.squares import BB_ADJACENT, Bitboard, Square, square_name

REPORT_FORMAT: Literal["paris-score/1"] = "paris-score/1"

Winner = Player | Literal["tie"]
"""Who won (S5): a :class:`~paris_score.model.Player`, or ``"tie"`` for a shared victory."""


def as_winner(winner: PlayerLike | Literal["tie"]) -> Winner:
    """``winner`` as a :data:`Winner`: ``"tie"``, or a player as :func:`~paris_score.model.as_player` takes it."""
    if isinstance(winner, Player):  # what the scoring gives: one test
        return winner
    if winner == "tie":
        return "tie"
    try:
        return as_player(winner, "winner")
    except NotAPlayerError:
        raise NotAPlayerError(f"winner: expected a Player, 'orange', 'blue' or 'tie', got {winner!r}"[:200]) from None


class LitBuilding(NamedTuple):
    """S1: one building, the lamps lighting it and its points (size x lamps)."""

    id: str
    size: int
    lamps: tuple[Square, ...]
    points: int
    annex: bool = False
    jardin: bool = False
    spaces: Bitboard = 0
    """The building's spaces, the annex included."""
    seen: Bitboard = 0
    """S1b: the spaces the large streetlight lights (0 when it lights none)."""
    large: Square | None = None
    """The large streetlight's space (``None`` when it is not on the board)."""

    @property
    def reached(self) -> tuple[Bitboard, ...]:
        """For each lamp, the building's spaces it lights (S1a: those beside it; S1b: :attr:`seen`), for pictures.

        Made when asked, so that a score does not pay for what only pictures draw.
        """
        return tuple([self.seen if lamp == self.large else BB_ADJACENT[lamp] & self.spaces for lamp in self.lamps])


class LitBuildings(NamedTuple):
    points: int
    buildings: tuple[LitBuilding, ...]


class LargestGroup(NamedTuple):
    """S2: the ids of the largest group (sorted) and its total size."""

    points: int
    buildings: tuple[str, ...]


class Unbuilt(NamedTuple):
    """S3: buildings left in reserve and their penalty."""

    count: int  # type: ignore[assignment]  # shadows tuple.count, as the report names the line
    points: int
    waived_by: Postcard | None
    sizes: tuple[int, ...] = ()
    """The reserve counted: the size of each building left."""
    given: bool = True
    """False when the input gave no reserve for the player (counted as none)."""


class CardScore(NamedTuple):
    """S4: one stamped postcard; ``spaces`` are what it counted (an area, neighbours, buildings)."""

    card: Postcard
    points: int
    detail_text: Text | str
    """What it counted, as a text to say in any language (:attr:`detail` in English)."""
    spaces: Bitboard = 0

    @property
    def detail(self) -> str:
        """What it counted, in English: ``3 lamps in the painter's area: C1, F1, H1``."""
        return str(self.detail_text)


class CardScores(NamedTuple):
    points: int
    cards: tuple[CardScore, ...]


class PlayerScore(NamedTuple):
    """Every line of one player's score (S1-S5)."""

    lit_buildings: LitBuildings
    largest_group: LargestGroup
    unbuilt: Unbuilt
    postcards: CardScores
    free_own_spaces: int

    @property
    def total(self) -> int:
        """S5: the sum of the lines."""
        return self.lit_buildings.points + self.largest_group.points + self.unbuilt.points + self.postcards.points

    def to_dict(self) -> PlayerScoreDict:
        """One player's part of the ``paris-score/1`` report."""
        return {
            "total": self.total,
            "lit_buildings": {
                "points": self.lit_buildings.points,
                "buildings": [
                    {
                        "id": b.id,
                        "size": b.size,
                        "lamps": [square_name(sq) for sq in b.lamps],
                        "points": b.points,
                    }
                    for b in self.lit_buildings.buildings
                ],
            },
            "largest_group": {
                "points": self.largest_group.points,
                "buildings": list(self.largest_group.buildings),
            },
            "unbuilt": {
                "count": self.unbuilt.count,
                "points": self.unbuilt.points,
                "waived_by": self.unbuilt.waived_by and str(self.unbuilt.waived_by),
                "sizes": list(self.unbuilt.sizes),
                "given": self.unbuilt.given,
            },
            "postcards": {
                "points": self.postcards.points,
                "cards": [
                    {"card": str(c.card), "points": c.points, "detail": c.detail, "detail_i18n": as_dict(c.detail_text)}
                    for c in self.postcards.cards
                ],
            },
            "free_own_spaces": self.free_own_spaces,
        }


@attrs.frozen
class Report:
    """The scores of both players, the winner (a :class:`Player` or ``"tie"``) and notes.

    ``report[player]`` is one player's score (``report["blue"]`` works too); a
    key that is not a player raises :class:`~paris_score.errors.NotAPlayerError`,
    a ``KeyError``.
    """

    orange: PlayerScore
    blue: PlayerScore
    winner: Winner = attrs.field(converter=as_winner)
    _notes: tuple[Text | str, ...] = attrs.field(default=(), alias="notes")
    """Notices that explain how the report was made, as texts (:attr:`notes` in English)."""

    @property
    def notes(self) -> tuple[str, ...]:
        """The notes in English."""
        return tuple(str(n) for n in self._notes)

    @property
    def note_texts(self) -> tuple[Text | str, ...]:
        """The notes as texts, to say in any language."""
        return self._notes

    def __getitem__(self, player: PlayerLike) -> PlayerScore:
        return self.orange if as_player(player) is Player.ORANGE else self.blue

    def to_dict(self) -> ScoreDocument:
        """The ``paris-score/1`` report (docs/formats.md); ``notes_i18n``: the notes as texts."""
        return {
            "format": REPORT_FORMAT,
            "players": {"orange": self.orange.to_dict(), "blue": self.blue.to_dict()},
            "winner": cast(WinnerName, str(self.winner)),
            "notes": list(self.notes),
            "notes_i18n": [as_dict(n) for n in self._notes],
        }

    def __str__(self) -> str:
        return render_text(self)


# The lines of the breakdown (docs/languages.md lists every template): a header, a line and the spaces it
# counted, the result.
PLAYER_LINE: Final = Template("report.player", "{player}")
"""A player's part of the breakdown begins with its name (in capitals in the text output)."""
LIT: Final = Template("report.lit-buildings", "lit buildings (S1)")
GROUP: Final = Template("report.largest-group", "largest group (S2)")
UNBUILT: Final = Template("report.unbuilt", "unbuilt (S3)")
POSTCARDS: Final = Template("report.postcards", "postcards (S4)")
TOTAL: Final = Template("report.total", "total (S5)")
BUILDING_LINE: Final = Template("report.building", "{id} {size} x {count} = {points} lamps: {lamps}")
BUILDING_ANNEX: Final = Template(
    "report.building.annex", "{id} {size} x {count} = {points} lamps: {lamps} (with the annex)"
)
BUILDING_JARDIN: Final = Template(
    "report.building.jardin", "{id} {size} x {count} = {points} lamps: {lamps} (Jardin des Plantes)"
)
GROUP_LINE: Final = Template("report.group", "{ids}")
NO_GROUP: Final = Template("report.group.none", "no buildings")
NOT_GIVEN: Final = Template("report.reserve.not-given", "none left (no reserve given; counted as none)")
NONE_LEFT: Final = Template("report.reserve.none", "none left")
LEFT: Final = Template("report.reserve", ("{n} left (size {sizes})", "{n} left (sizes {sizes})"))
LEFT_WAIVED: Final = Template(
    "report.reserve.waived", ("{n} left (size {sizes}), waived by {card}", "{n} left (sizes {sizes}), waived by {card}")
)
CARD_LINE: Final = Template("report.card", "{card}: {points} ({detail})")
FREE: Final = Template("report.free", "free spaces of own colour: {n}")
TIE: Final = Template("report.result.tie", "RESULT: tie, orange {orange} - blue {blue}")
WINS: Final = Template("report.result", "RESULT: {winner} wins, orange {orange} - blue {blue}")
NOTE: Final = Template("report.note", "note: {note}")


class Line(NamedTuple):
    """One line of the breakdown: its depth (0: a player, 1: a line of the sheet, 2: what it counted), its text and,
    for a line of the sheet, its points."""

    depth: int
    text: Text
    points: int | None = None

    def to_dict(self) -> LineDict:
        return {"depth": self.depth, "text_i18n": self.text.to_dict(), "points": self.points}


def _building_text(b: LitBuilding, pad: bool) -> Text:
    """S1's line of one building (``pad``: its id and points in columns, as the text output has them)."""
    template = BUILDING_ANNEX if b.annex else BUILDING_JARDIN if b.jardin else BUILDING_LINE
    lamps: list[str] | Text = [square_name(sq) for sq in b.lamps] or word(NONE)
    if pad:
        return template(id=f"{b.id:<2}", size=b.size, count=len(b.lamps), points=f"{b.points:<3}", lamps=lamps)
    return template(id=b.id, size=b.size, count=len(b.lamps), points=b.points, lamps=lamps)


def _reserve_text(u: Unbuilt) -> Text:
    """The reserve S3 counted: ``2 left (sizes 5, 3)``, ``none left``, or that none was given."""
    if not u.given:
        return NOT_GIVEN()
    if not u.count:
        return NONE_LEFT()
    sizes = [str(size) for size in u.sizes]
    if u.waived_by:
        return LEFT_WAIVED(n=u.count, sizes=sizes, card=u.waived_by)
    return LEFT(n=u.count, sizes=sizes)


def lines(report: Report, pad: bool = False) -> list[Line]:
    """Every line of the breakdown, player by player, then the result and the notes (``pad``: as the text output
    lays out a building's line)."""
    out: list[Line] = []
    for player in Player:
        s = report[player]
        out.append(Line(0, PLAYER_LINE(player=player)))
        out.append(Line(1, LIT(), s.lit_buildings.points))
        out.extend(Line(2, _building_text(b, pad)) for b in s.lit_buildings.buildings)
        out.append(Line(1, GROUP(), s.largest_group.points))
        group = GROUP_LINE(ids=" + ".join(s.largest_group.buildings)) if s.largest_group.buildings else NO_GROUP()
        out.append(Line(2, group))
        out.append(Line(1, UNBUILT(), s.unbuilt.points))
        out.append(Line(2, _reserve_text(s.unbuilt)))
        out.append(Line(1, POSTCARDS(), s.postcards.points))
        out.extend(Line(2, CARD_LINE(card=c.card, points=c.points, detail=c.detail_text)) for c in s.postcards.cards)
        out.append(Line(1, TOTAL(), s.total))
        out.append(Line(2, FREE(n=s.free_own_spaces)))
    totals = {"orange": report.orange.total, "blue": report.blue.total}
    out.append(Line(0, TIE(**totals) if report.winner == "tie" else WINS(winner=report.winner, **totals)))
    out.extend(Line(0, NOTE(note=n)) for n in report.note_texts)
    return out


SHEET_WIDTH: Final = 40
"""A line of the sheet ends its points at this column of the text output."""


def render_text(report: Report, lang: str = ENGLISH) -> str:
    """The readable breakdown in ``lang``: every line with what it counted."""
    out: list[str] = []
    for line in lines(report, pad=True):
        words = render(line.text, lang)
        if line.depth == 0 and line.text.template is PLAYER_LINE:
            out.append(words.upper())
        elif line.points is not None:
            out.append(f"  {words}{line.points:>{max(SHEET_WIDTH - len(words), len(str(line.points)) + 1)}}")
        else:
            out.append("  " * line.depth + words)
        if line.depth == 2 and line.text.template is FREE:
            out.append("")
    return "\n".join(out) + "\n"
