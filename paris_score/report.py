"""The score report: one value per line of the score sheet, each explaining itself.

``Report.to_dict()`` gives the ``paris-score/1`` JSON report (docs/formats.md);
``str(report)`` gives the readable breakdown the CLI prints.

The lines of the sheet (:class:`LitBuilding` ... :class:`PlayerScore`) are
named tuples: immutable values like the attrs classes elsewhere, and about
half as dear to build, which matters because one score builds some twenty of
them.  :class:`Report` is an attrs value.
"""

from __future__ import annotations

from typing import Literal, NamedTuple, cast

import attrs

from paris_score.documents import PlayerScoreDict, ScoreDocument, WinnerName
from paris_score.errors import NotAPlayerError
from paris_score.model import Player, PlayerLike, as_player
from paris_score.postcards import TITLES, Postcard
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
    detail: str
    spaces: Bitboard = 0


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
                "cards": [{"card": str(c.card), "points": c.points, "detail": c.detail} for c in self.postcards.cards],
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
    notes: tuple[str, ...] = ()

    def __getitem__(self, player: PlayerLike) -> PlayerScore:
        return self.orange if as_player(player) is Player.ORANGE else self.blue

    def to_dict(self) -> ScoreDocument:
        """The ``paris-score/1`` report (docs/formats.md)."""
        return {
            "format": REPORT_FORMAT,
            "players": {"orange": self.orange.to_dict(), "blue": self.blue.to_dict()},
            "winner": cast(WinnerName, str(self.winner)),
            "notes": list(self.notes),
        }

    def __str__(self) -> str:
        return render_text(self)


def _building_line(b: LitBuilding) -> str:
    extra = " (with the annex)" if b.annex else " (Jardin des Plantes)" if b.jardin else ""
    lamps = ", ".join(square_name(sq) for sq in b.lamps) or "none"
    return f"    {b.id:<2} {b.size} x {len(b.lamps)} = {b.points:<3} lamps: {lamps}{extra}"


def _reserve_line(u: Unbuilt) -> str:
    """The reserve S3 counted: ``2 left (sizes 5, 3)``, ``none left``, or that none was given."""
    if not u.given:
        return "none left (no reserve given; counted as none)"
    if not u.count:
        return "none left"
    return f"{u.count} left (size{'s' * (u.count != 1)} {', '.join(map(str, u.sizes))})"


def render_text(report: Report) -> str:
    """The readable breakdown: every line with what it counted."""
    out: list[str] = []
    for player in Player:
        s = report[player]
        out.append(f"{player.upper()}")
        out.append(f"  lit buildings (S1){s.lit_buildings.points:>22}")
        out.extend(_building_line(b) for b in s.lit_buildings.buildings)
        group = " + ".join(s.largest_group.buildings) or "no buildings"
        out.append(f"  largest group (S2){s.largest_group.points:>22}")
        out.append(f"    {group}")
        u = s.unbuilt
        waived = f", waived by {TITLES[u.waived_by]}" if u.waived_by else ""
        out.append(f"  unbuilt (S3){u.points:>28}")
        out.append(f"    {_reserve_line(u)}{waived}")
        out.append(f"  postcards (S4){s.postcards.points:>26}")
        for c in s.postcards.cards:
            out.append(f"    {TITLES[c.card]}: {c.points} ({c.detail})")
        out.append(f"  total (S5){s.total:>30}")
        out.append(f"    free spaces of own colour: {s.free_own_spaces}")
        out.append("")
    result = "tie" if report.winner == "tie" else f"{report.winner} wins"
    out.append(f"RESULT: {result}, orange {report.orange.total} - blue {report.blue.total}")
    out.extend(f"note: {n}" for n in report.notes)
    return "\n".join(out) + "\n"
