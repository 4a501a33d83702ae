"""Every code a user can see: one table of code, rule ids, severity and meaning.

A :class:`Kind` is one row of the table.  Calling it with a message (and the
spaces involved) makes the :class:`~paris_score.errors.Problem` a position
check reports; :meth:`Kind.refuse` makes the
:class:`~paris_score.errors.IllegalMoveError` that refuses a move::

    OVERLAP("building A and the painter both stand on B1", (1,))
    raise WRONG_PHASE.refuse("buildings are built in phase 2 only", rule="G9")

A code that several rules share (a piece without its postcard breaks that
piece's own rule) lists them all, and the caller names the one that applies:
a rule that is not listed is refused, so a code and its rule cannot disagree.
Most codes are reported by one side only: a position check (:data:`PROBLEMS`,
listed by docs/referee.md) or a refused move (:data:`REFUSALS`, listed by
docs/replaying.md); a few by both, each under its own rules (a space that
is not free is W1 in a position, P1 when a move builds on it).  A game
record has two codes of its own (:data:`RECORDS`); :data:`KINDS` holds
every code.  Tests keep the pages and the ``RefereeCode``/``MoveCode``/
``RecordCode`` literals in step.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import attrs

from paris_score.documents import ProblemCode
from paris_score.errors import IllegalMoveError, MoveNotationError, Problem, Severity
from paris_score.squares import Square

__all__ = ["KINDS", "PROBLEMS", "RECORDS", "REFUSALS", "Kind"]

ERROR: Final = "error"
"""A broken rule: the position is illegal."""
WARNING: Final = "warning"
"""What the box cannot confirm, or a test that could not be made: the position stays legal."""


def _rule(code: str, rules: tuple[str, ...], rule: str | None, what: str) -> str:
    """``rule``, checked to be one of ``rules``; the only one when ``rule`` is ``None``."""
    if rule is None and len(rules) == 1:
        return rules[0]
    if rule is None or rule not in rules:
        raise ValueError(f"{code} is {what} under {' or '.join(rules) or 'no rule'}, not {rule}")
    return rule


@attrs.frozen
class Kind:
    """One code: the rules a position check reports it under, its severity, its meaning,
    and the rules a move refused with it breaks (none for a code only positions have)."""

    code: ProblemCode
    rules: tuple[str, ...]
    severity: Severity
    meaning: str
    move_rules: tuple[str, ...] = ()
    quiet: bool = False
    """A remark nobody can act on (B2, unconfirmed): ``check`` lists it with ``--verbose`` only."""
    noted: bool = False
    """A warning the score report already says in its notes: ``score`` does not repeat it."""
    typo: bool = False
    """An error ``score --no-check`` cannot help with: there is no score (W1), or the board is mistyped."""
    headers: tuple[str, ...] = ()
    """The text grid's header lines that decide it (``owner``: the line naming the building's owner)."""
    notation: bool = False
    """A move's text that does not parse: refused with :class:`~paris_score.errors.MoveNotationError`."""
    pending: bool = False
    """What more entry on the table page clears (a postcard or a reserve not marked yet): shown as still to enter,
    not as a broken rule (docs/table.md)."""

    def __call__(self, message: str, spaces: Iterable[Square] = (), *, rule: str | None = None) -> Problem:
        """The problem ``message`` of this kind, under ``rule`` (one of :attr:`rules`; the first by default)."""
        if rule is None and self.rules:
            rule = self.rules[0]
        return Problem(self.code, _rule(self.code, self.rules, rule, "reported"), message, tuple(spaces), self.severity)

    def refuse(self, message: str, spaces: Iterable[Square] = (), *, rule: str | None = None) -> IllegalMoveError:
        """A move refused with ``message``, under ``rule`` (one of :attr:`move_rules`; needed if there are several);
        a :class:`~paris_score.errors.MoveNotationError` for a text that does not parse."""
        rule = _rule(self.code, self.move_rules, rule, "refused")
        if self.notation:
            return MoveNotationError(message, rule)
        return IllegalMoveError(self.code, rule, message, spaces)


PROBLEMS: Final[dict[str, Kind]] = {}
"""Every code a position check reports -> its :class:`Kind`, in the order of docs/referee.md."""
REFUSALS: Final[dict[str, Kind]] = {}
"""Every code a refused move carries -> its :class:`Kind`: those of moves only, then those positions share."""
RECORDS: Final[dict[str, Kind]] = {}
"""The codes ``check`` reports of a game record besides its first illegal move -> its :class:`Kind` (docs/cli.md)."""
KINDS: Final[dict[str, Kind]] = {}
"""Every code of the three tables -> its :class:`Kind` (a code both positions and moves carry is one row)."""


def _kind(
    code: ProblemCode,
    rules: str,
    meaning: str,
    severity: Severity = ERROR,
    *,
    moves: str = "",
    quiet: bool = False,
    noted: bool = False,
    typo: bool = False,
    headers: tuple[str, ...] = (),
    pending: bool = False,
) -> Kind:
    """A row reported by a position check under ``rules`` and, if ``moves`` names rules, refusing moves."""
    kind = Kind(
        code,
        tuple(rules.split()),
        severity,
        meaning,
        tuple(moves.split()),
        quiet=quiet,
        noted=noted,
        typo=typo,
        headers=headers,
        pending=pending,
    )
    PROBLEMS[code] = KINDS[code] = kind
    if kind.move_rules:
        REFUSALS[code] = kind
    return kind


def _move(code: ProblemCode, rules: str, meaning: str, *, notation: bool = False) -> Kind:
    """A row that only refuses moves, under ``rules``."""
    kind = Kind(code, (), ERROR, meaning, tuple(rules.split()), notation=notation)
    REFUSALS[code] = KINDS[code] = kind
    return kind


def _record(code: ProblemCode, rules: str, meaning: str) -> Kind:
    """A row only a game record has (its problems beside its first illegal move), reported under ``rules``."""
    kind = Kind(code, tuple(rules.split()), ERROR, meaning)
    RECORDS[code] = KINDS[code] = kind
    return kind


# Refused moves only, in the order a move is refereed (docs/replaying.md): the notation, the end, the
# phase, the ids, what the player holds, the shape, the area, the options.
BAD_NOTATION: Final = _move(
    "bad-notation", "G3 G2", "the move's text does not parse (G2: an area off the board)", notation=True
)
GAME_OVER: Final = _move("game-over", "G12", "a move after the end of the game")
WRONG_PHASE: Final = _move("wrong-phase", "G4 G5 G9 G10", "a tile or a take in phase 2, a build or a card in phase 1")
UNKNOWN_PIECE: Final = _move("unknown-piece", "G5 P2", "the piece to take is not one of the setup's pool")
PIECE_NOT_IN_POOL: Final = _move("piece-not-in-pool", "G5 P2", "the piece to take has left the pool")
PIECE_NOT_IN_RESERVE: Final = _move(
    "piece-not-in-reserve", "G9 P2", "the piece to build or give back is not in the player's reserve"
)
CARD_NOT_IN_PLAY: Final = _move("card-not-in-play", "G10", "the postcard is not among those in play")
CARD_ALREADY_USED: Final = _move("card-already-used", "G10", "the postcard already carries a token")
ANNEX_BUILDING_UNKNOWN: Final = _move("annex-building-unknown", "P8", "the annex names no building on the board")
ANNEX_BUILDING_NOT_YOURS: Final = _move("annex-building-not-yours", "P8", "the annex names the opponent's building")
NO_CHIMNEY_LEFT: Final = _move("no-chimney-left", "B4", "a building (Jardin, Lévitation included) with no chimney left")
NO_TOKEN_LEFT: Final = _move("no-token-left", "B5", "a postcard activated with all 4 action tokens used")
NO_TILE_IN_HAND: Final = _move("no-tile-in-hand", "G4", "a tile put down after all 8 tiles are down")
PASS_NOT_ALLOWED: Final = _move(
    "pass-not-allowed", "G6 G11", "a pass holding a tile, or able to build or activate a postcard"
)
WRONG_SHAPE: Final = _move(
    "wrong-shape", "G9 P2", "the spaces are not the piece turned some quarter turns (never turned over)"
)
JARDIN_WRONG_SHAPE: Final = _move("jardin-wrong-shape", "P4", "the Jardin des Plantes' 2 spaces are not a domino")
AREA_NOT_EMPTY: Final = _move("area-not-empty", "G4", "a tile put down on an area that already has one")
METROPOLITAIN_NOT_HELD: Final = _move("metropolitain-not-held", "P3", "metro= without an unused Métropolitain")
METRO_NOT_A_STREETLIGHT_OF_BUILDING: Final = _move(
    "metro-not-a-streetlight-of-building", "P3", "metro= names no streetlight space the building covers"
)
CHARTIER_NOT_HELD: Final = _move("chartier-not-held", "P7", "chartier= without the held Chartier space")
CHARTIER_NOT_ON_OPPONENT_COLOUR: Final = _move(
    "chartier-not-on-opponent-colour", "P7", "chartier= names no space of the opponent's colour the building covers"
)
CHARTIER_NOT_UNDER_FOUNTAIN: Final = _move(
    "chartier-not-under-fountain", "P7", "chartier= names not the fountain's space, or one not of the opponent's colour"
)

# W1 and the box (B2-B7)
OVERLAP: Final = _kind("overlap", "W1", "two pieces stand on one space", typo=True)
STREETLIGHT_COUNT: Final = _kind(
    "streetlight-count",
    "B2",
    "the ground does not have the 8 streetlight spaces reported",
    WARNING,
    quiet=True,
    pending=True,
)
RESERVE_NOT_GIVEN: Final = _kind(
    "reserve-not-given",
    "S3",
    "no reserve given for a player: the unbuilt penalty assumes none",
    WARNING,
    noted=True,
    headers=("orange reserve", "blue reserve"),
    pending=True,
)
BUILDING_SIZE_NOT_IN_BOX: Final = _kind(
    "building-size-not-in-box", "B3", "a box piece covers fewer than 3 or over 6", typo=True
)
TOO_MANY_OF_SIZE: Final = _kind("too-many-of-size", "B3", "more buildings of one size than the box holds", typo=True)
SHAPE_NOT_IN_CATALOGUE: Final = _kind("shape-not-in-catalogue", "B3", "a shape matches no catalogue piece")
CATALOGUE_PIECE_OVERUSED: Final = _kind("catalogue-piece-overused", "B3", "one catalogue piece used more than once")
TOO_MANY_BUILDINGS: Final = _kind("too-many-buildings", "B4", "more buildings than a player's 7 chimneys", typo=True)
TOO_MANY_POSTCARDS_USED: Final = _kind(
    "too-many-postcards-used", "B5", "more postcards used than 4 action tokens", headers=("orange used", "blue used")
)
TOO_MANY_POSTCARDS_IN_PLAY: Final = _kind(
    "too-many-postcards-in-play", "B6", "more than 8 postcards in play", headers=("postcards",)
)
POSTCARD_IN_PLAY_TWICE: Final = _kind(
    "postcard-in-play-twice", "B6", "a postcard listed twice in play", headers=("postcards",)
)
POSTCARD_USED_TWICE: Final = _kind(
    "postcard-used-twice", "B6", "a postcard carries two action tokens", headers=("orange used", "blue used")
)
POSTCARD_NOT_IN_PLAY: Final = _kind(
    "postcard-not-in-play", "B6", "a used postcard is not in play", headers=("orange used", "blue used", "postcards")
)
POSTCARDS_IN_PLAY_UNKNOWN: Final = _kind(
    "postcards-in-play-unknown",
    "B6",
    "postcards used, but those in play not given",
    WARNING,
    headers=("postcards",),
    pending=True,
)
JARDIN_TWICE: Final = _kind("jardin-twice", "B7", "more than one Jardin des Plantes", typo=True, headers=("jardin",))
ANNEX_TWICE: Final = _kind("annex-twice", "B7", "more than one annex", typo=True)

# Placement (P1-P13)
PLACEMENT_EMPTY: Final = _kind("placement-empty", "P1", "a building to place covers no space")
SPACE_NOT_FREE: Final = _kind(
    "space-not-free",
    "W1",
    "a building or piece to place covers a space that is not free",
    moves="P1 P4 P6 P8 P9 P10 P11 P12 P13",
)
BUILDING_NOT_CONNECTED: Final = _kind(
    "building-not-connected", "P1", "a building's spaces are not edge-connected", typo=True
)
BUILDING_ON_WRONG_COLOUR: Final = _kind(
    "building-on-wrong-colour",
    "P1",
    "a building covers the opponent's colour (beyond the Chartier space)",
    moves="P1",
    headers=("owner",),
)
BUILDING_ON_STREETLIGHT: Final = _kind(
    "building-on-streetlight",
    "P1",
    "a building covers a streetlight space without Métropolitain",
    moves="P1",
    pending=True,
)
METROPOLITAIN_MORE_THAN_ONE_STREETLIGHT: Final = _kind(
    "metropolitain-more-than-one-streetlight", "P3", "Métropolitain's user covers more than one streetlight space"
)
JARDIN_WRONG_SIZE: Final = _kind(
    "jardin-wrong-size", "P4", "the Jardin des Plantes is not a domino", typo=True, headers=("jardin",)
)
JARDIN_ON_STREETLIGHT: Final = _kind(
    "jardin-on-streetlight", "P4", "the Jardin des Plantes covers a streetlight", moves="P4"
)
PIECE_WITHOUT_POSTCARD: Final = _kind(
    "piece-without-postcard",
    "P4 P6 P7 P8 P9 P10 P11 P12 P13",
    "a special piece on the board, its postcard unused",
    headers=("orange used", "blue used"),
    pending=True,
)
PIECE_OWNER_NOT_CARD_USER: Final = _kind(
    "piece-owner-not-card-user",
    "P4 P8",
    "the Jardin or the annex belongs to the player who did not use its card",
    headers=("owner", "orange used", "blue used"),
)
PIECE_ON_WRONG_COLOUR: Final = _kind(
    "piece-on-wrong-colour",
    "P6 P9 P10 P11 P12",
    "a special piece off the colour its rule allows",
    moves="P6 P9 P10 P11 P12",
)
LARGE_STREETLIGHT_NOT_ON_STREETLIGHT: Final = _kind(
    "large-streetlight-not-on-streetlight", "P13", "the large streetlight is not on a streetlight space", moves="P13"
)
STATUE_FRONT_OFF_BOARD: Final = _kind("statue-front-off-board", "P11", "the statue faces the board's edge", moves="P11")
STATUE_FRONT_NOT_FREE: Final = _kind(
    "statue-front-not-free", "P11", "something stands in front of the statue (legal if placed later)", WARNING
)
CHARTIER_ON_WRONG_COLOUR: Final = _kind(
    "chartier-on-wrong-colour", "P7", "the Chartier space is not on the opponent's colour"
)
CHARTIER_NOT_COVERED: Final = _kind(
    "chartier-not-covered", "P7", "the Chartier space is not covered by its user's building or fountain"
)
ANNEX_ON_WRONG_COLOUR: Final = _kind(
    "annex-on-wrong-colour", "P8", "the annex is not on its owner's colour", moves="P8", headers=("owner",)
)
ANNEX_NOT_ADJACENT: Final = _kind("annex-not-adjacent", "P8", "the annex does not touch its building", moves="P8")

# The end of the game (F4)
FINAL_TOKENS_UNUSED: Final = _kind("final-tokens-unused", "F4", "a player has action tokens left")
FINAL_COULD_STILL_BUILD: Final = _kind("final-could-still-build", "F4", "a player could still build from the reserve")
FINAL_MAY_STILL_BUILD: Final = _kind(
    "final-may-still-build", "F4", "a reserve building fits only with a card's build maybe given up", WARNING
)
FINAL_UNKNOWN_SHAPES: Final = _kind(
    "final-unknown-shapes", "F4", "only sizes known, and some shapes of them fit", WARNING
)

# A game record (docs/cli.md): beside its first illegal move, refused with that move's row
RESULT_DISAGREES: Final = _record("result-disagrees", "G12", "the record's result is not the final score")
GAME_NOT_OVER: Final = _record("game-not-over", "G12", "with --final: the record stops before the end of the game")
