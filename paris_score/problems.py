"""Every problem code the referee reports: one table of code, rule ids, severity and meaning.

A :class:`Kind` is one row of the table; calling it with a message (and the
spaces involved) makes the :class:`~paris_score.errors.Problem`::

    OVERLAP("building A and the painter stand on the same space", (1,))

A code that several rules share (a piece without its postcard breaks that
piece's own rule) lists them all; the caller names the one that applies.
docs/referee.md lists the same table, and a test keeps the two in step.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import attrs

from paris_score.errors import Problem
from paris_score.squares import Square

ERROR: Final = "error"
"""A broken rule: the position is illegal."""
WARNING: Final = "warning"
"""What the box cannot confirm, or a test that could not be made: the position stays legal."""


@attrs.frozen
class Kind:
    """One problem code: the rules it may be reported under (the first by default), its severity, its meaning."""

    code: str
    rules: tuple[str, ...]
    severity: str
    meaning: str

    def __call__(self, message: str, spaces: Iterable[Square] = (), *, rule: str | None = None) -> Problem:
        """The problem ``message`` of this kind, under ``rule`` (one of :attr:`rules`)."""
        return Problem(self.code, rule or self.rules[0], message, tuple(spaces), self.severity)


PROBLEMS: Final[dict[str, Kind]] = {}
"""Every problem code -> its :class:`Kind`, in the order of docs/referee.md."""


def _kind(code: str, rules: str, meaning: str, severity: str = ERROR) -> Kind:
    kind = Kind(code, tuple(rules.split()), severity, meaning)
    PROBLEMS[code] = kind
    return kind


# W1 and the box (B2-B7)
OVERLAP: Final = _kind("overlap", "W1", "two pieces stand on one space")
STREETLIGHT_COUNT: Final = _kind(
    "streetlight-count", "B2", "the ground does not have the 8 streetlight spaces reported", WARNING
)
RESERVE_NOT_GIVEN: Final = _kind(
    "reserve-not-given", "S3", "no reserve given for a player: the unbuilt penalty assumes none", WARNING
)
BUILDING_SIZE_NOT_IN_BOX: Final = _kind("building-size-not-in-box", "B3", "a box piece covers fewer than 3 or over 6")
TOO_MANY_OF_SIZE: Final = _kind("too-many-of-size", "B3", "more buildings of one size than the box holds")
SHAPE_NOT_IN_CATALOGUE: Final = _kind("shape-not-in-catalogue", "B3", "a shape matches no catalogue piece")
CATALOGUE_PIECE_OVERUSED: Final = _kind("catalogue-piece-overused", "B3", "one catalogue piece used more than once")
TOO_MANY_BUILDINGS: Final = _kind("too-many-buildings", "B4", "more buildings than a player's 7 chimneys")
TOO_MANY_POSTCARDS_USED: Final = _kind("too-many-postcards-used", "B5", "more postcards used than 4 action tokens")
TOO_MANY_POSTCARDS_IN_PLAY: Final = _kind("too-many-postcards-in-play", "B6", "more than 8 postcards in play")
POSTCARD_IN_PLAY_TWICE: Final = _kind("postcard-in-play-twice", "B6", "a postcard listed twice in play")
POSTCARD_USED_TWICE: Final = _kind("postcard-used-twice", "B6", "a postcard carries two action tokens")
POSTCARD_NOT_IN_PLAY: Final = _kind("postcard-not-in-play", "B6", "a used postcard is not in play")
POSTCARDS_IN_PLAY_UNKNOWN: Final = _kind(
    "postcards-in-play-unknown", "B6", "postcards used, but those in play not given", WARNING
)
JARDIN_TWICE: Final = _kind("jardin-twice", "B7", "more than one Jardin des Plantes")
ANNEX_TWICE: Final = _kind("annex-twice", "B7", "more than one annex")

# Placement (P1-P13)
PLACEMENT_EMPTY: Final = _kind("placement-empty", "P1", "a building to place covers no space")
SPACE_NOT_FREE: Final = _kind("space-not-free", "W1", "a building to place covers a space that is not free")
BUILDING_NOT_CONNECTED: Final = _kind("building-not-connected", "P1", "a building's spaces are not edge-connected")
BUILDING_ON_WRONG_COLOUR: Final = _kind(
    "building-on-wrong-colour", "P1", "a building covers the opponent's colour (beyond the Chartier space)"
)
BUILDING_ON_STREETLIGHT: Final = _kind(
    "building-on-streetlight", "P1", "a building covers a streetlight space without Métropolitain"
)
METROPOLITAIN_MORE_THAN_ONE_STREETLIGHT: Final = _kind(
    "metropolitain-more-than-one-streetlight", "P3", "Métropolitain's user covers more than one streetlight space"
)
JARDIN_WRONG_SIZE: Final = _kind("jardin-wrong-size", "P4", "the Jardin des Plantes is not a domino")
JARDIN_ON_STREETLIGHT: Final = _kind("jardin-on-streetlight", "P4", "the Jardin des Plantes covers a streetlight")
PIECE_WITHOUT_POSTCARD: Final = _kind(
    "piece-without-postcard", "P4 P6 P7 P8 P9 P10 P11 P12 P13", "a special piece on the board, its postcard unused"
)
PIECE_OWNER_NOT_CARD_USER: Final = _kind(
    "piece-owner-not-card-user", "P4 P8", "the Jardin or the annex belongs to the player who did not use its card"
)
PIECE_ON_WRONG_COLOUR: Final = _kind(
    "piece-on-wrong-colour", "P6 P9 P10 P11 P12", "a special piece off the colour its rule allows"
)
LARGE_STREETLIGHT_NOT_ON_STREETLIGHT: Final = _kind(
    "large-streetlight-not-on-streetlight", "P13", "the large streetlight is not on a streetlight space"
)
STATUE_FRONT_OFF_BOARD: Final = _kind("statue-front-off-board", "P11", "the statue faces the board's edge")
STATUE_FRONT_NOT_FREE: Final = _kind(
    "statue-front-not-free", "P11", "something stands in front of the statue (legal if placed later)", WARNING
)
CHARTIER_ON_WRONG_COLOUR: Final = _kind(
    "chartier-on-wrong-colour", "P7", "the Chartier space is not on the opponent's colour"
)
CHARTIER_NOT_COVERED: Final = _kind(
    "chartier-not-covered", "P7", "the Chartier space is not covered by its user's building or fountain"
)
ANNEX_ON_WRONG_COLOUR: Final = _kind("annex-on-wrong-colour", "P8", "the annex is not on its owner's colour")
ANNEX_NOT_ADJACENT: Final = _kind("annex-not-adjacent", "P8", "the annex does not touch its building")

# The end of the game (F4)
FINAL_TOKENS_UNUSED: Final = _kind("final-tokens-unused", "F4", "a player has action tokens left")
FINAL_COULD_STILL_BUILD: Final = _kind("final-could-still-build", "F4", "a player could still build from the reserve")
FINAL_MAY_STILL_BUILD: Final = _kind(
    "final-may-still-build", "F4", "a reserve building fits only with a card's build maybe given up", WARNING
)
FINAL_UNKNOWN_SHAPES: Final = _kind(
    "final-unknown-shapes", "F4", "only sizes known, and some shapes of them fit", WARNING
)
