"""Every code a user can see: one table of code, rule ids, severity and meaning.

A :class:`Kind` is one row of the table, and each :class:`Wording` one way its
messages are worded (a template of :mod:`paris_score.i18n`, id ``code`` or
``code.variant``, English here and every language in the catalogs).  A wording
makes the :class:`~paris_score.errors.Problem` a position check reports, or
the :class:`~paris_score.errors.IllegalMoveError` that refuses a move, from
its arguments::

    OVERLAP_PAIR.problem((1,), thing=BUILDING(id="A"), thing2=THE_PIECE(piece=PAINTER), spaces="B1")
    raise WRONG_PHASE_BUILD.refuse()

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
from paris_score.i18n import Arg, Template, Text, placeholders
from paris_score.squares import Square

__all__ = ["KINDS", "PROBLEMS", "RECORDS", "REFUSALS", "SEVERITIES", "Kind", "Wording"]

ERROR: Final = "error"
"""A broken rule: the position is illegal."""
WARNING: Final = "warning"
"""What the box cannot confirm, or a test that could not be made: the position stays legal."""
SEVERITIES: Final = {ERROR: Template("severity.error", ERROR), WARNING: Template("severity.warning", WARNING)}
"""Each severity as a word of messages (the JSON documents keep the English, the key of this table)."""


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

    wordings: dict[str, Wording] = attrs.field(factory=dict, eq=False, repr=False)
    """Its messages' wordings, by variant (``""`` for the only one or the usual one)."""

    def says(self, english: str, variant: str = "") -> Wording:
        """A wording of this kind's messages (id ``code``, or ``code.variant``), in English."""
        wording = Wording(f"{self.code}.{variant}" if variant else self.code, english, self)
        self.wordings[variant] = wording
        return wording

    def __call__(self, message: str | Text, spaces: Iterable[Square] = (), *, rule: str | None = None) -> Problem:
        """The problem ``message`` of this kind, under ``rule`` (one of :attr:`rules`; the first by default)."""
        if rule is None and self.rules:
            rule = self.rules[0]
        return Problem(self.code, _rule(self.code, self.rules, rule, "reported"), message, tuple(spaces), self.severity)

    def refuse(
        self, message: str | Text, spaces: Iterable[Square] = (), *, rule: str | None = None
    ) -> IllegalMoveError:
        """A move refused with ``message``, under ``rule`` (one of :attr:`move_rules`; needed if there are several);
        a :class:`~paris_score.errors.MoveNotationError` for a text that does not parse."""
        rule = _rule(self.code, self.move_rules, rule, "refused")
        if self.notation:
            return MoveNotationError(message, rule)
        return IllegalMoveError(self.code, rule, message, spaces)


class Wording(Template):
    """One way a :class:`Kind`'s messages are worded: a template that makes its problem or its refusal.

    The spaces involved come first, alone (a message may have a ``{spaces}`` argument of its own); ``rule`` is
    never an argument's name."""

    kind: Kind

    def __new__(cls, id: str, english: str, kind: Kind) -> Wording:
        if "rule" in {name for name, _ in placeholders(english)}:
            raise ValueError(f"{id}: an argument named rule")
        self = super().__new__(cls, id, english)
        self.kind = kind
        return self

    def problem(self, at: Iterable[Square] = (), /, *, rule: str | None = None, **args: Arg) -> Problem:
        """The problem of :attr:`kind` worded so, on the spaces ``at`` (``rule``: as :meth:`Kind.__call__`)."""
        return self.kind(self(**args), at, rule=rule)

    def refuse(self, at: Iterable[Square] = (), /, *, rule: str | None = None, **args: Arg) -> IllegalMoveError:
        """The refusal of :attr:`kind` worded so, on the spaces ``at`` (``rule``: as :meth:`Kind.refuse`)."""
        return self.kind.refuse(self(**args), at, rule=rule)


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


# -- The wordings: every message a code is said with, in English (docs/languages.md gives the other languages) --
# Arguments: player, other, owner, user: a Player; card: a Postcard; piece: a Piece; thing: a text naming what stands
# on the board (model.BUILDING ...); space, spaces: names of spaces (C4; C4, D4); id, ids: building ids.

NOT_PARSED: Final = BAD_NOTATION.says("{move} does not parse: {why}")
NOT_A_LINE: Final = BAD_NOTATION.says("a move is a line of text, got {type}", "not-text")
OVER: Final = GAME_OVER.says("the game is over (G12): no move is legal after it, not {move}")
WRONG_PHASE_TILE: Final = WRONG_PHASE.says("tiles are put down in phase 1 only; the ground is complete", "tile")
WRONG_PHASE_TAKE: Final = WRONG_PHASE.says("pieces are taken from the pool in phase 1 only", "take")
WRONG_PHASE_BUILD: Final = WRONG_PHASE.says("buildings are built in phase 2 only", "build")
WRONG_PHASE_CARD: Final = WRONG_PHASE.says("postcards are activated in phase 2 only", "card")
NO_SUCH_PIECE: Final = UNKNOWN_PIECE.says("cannot take {piece}: the pool has no piece {piece}")
TAKEN: Final = PIECE_NOT_IN_POOL.says("cannot take {piece}: it is not in the pool")
NOT_IN_RESERVE_BUILD: Final = PIECE_NOT_IN_RESERVE.says("cannot build: {piece} is not in {player}'s reserve", "build")
NOT_IN_RESERVE_GIVE: Final = PIECE_NOT_IN_RESERVE.says("cannot give back: {piece} is not in {player}'s reserve", "give")
CARD_NOT_THERE: Final = CARD_NOT_IN_PLAY.says("{card} is not among the postcards in play")
CARD_TAKEN: Final = CARD_ALREADY_USED.says("{card} already carries {user}'s token")
NO_ANNEX_BUILDING: Final = ANNEX_BUILDING_UNKNOWN.says("no building {id} is on the board")
NOT_YOUR_BUILDING: Final = ANNEX_BUILDING_NOT_YOURS.says("building {id} is {owner}'s: the annex extends your own")
NO_CHIMNEY: Final = NO_CHIMNEY_LEFT.says("{player} has no chimney left: {n} buildings built")
NO_TOKEN: Final = NO_TOKEN_LEFT.says("{player} has no action token left ({n} used)")
NO_TILE: Final = NO_TILE_IN_HAND.says("{player} has put down all 8 tiles: no tile in hand")
PASS_HOLDING_TILE: Final = PASS_NOT_ALLOWED.says("{player} has a tile in hand: put it down or take a piece", "tile")
PASS_CAN_BUILD: Final = PASS_NOT_ALLOWED.says("{player} can still build: build or activate a postcard", "build")
PASS_CAN_ACTIVATE: Final = PASS_NOT_ALLOWED.says(
    "{player} has an action token and a postcard is free: activate it", "card"
)
NOT_THE_SHAPE: Final = WRONG_SHAPE.says(
    "{spaces} is not the shape of piece {piece} turned a quarter turn any number of times (never turned over)"
)
NOT_A_DOMINO: Final = JARDIN_WRONG_SHAPE.says("the Jardin des Plantes is a domino: {spaces} is not one")
AREA_TAKEN: Final = AREA_NOT_EMPTY.says("area {area} already has a tile")
METRO_NOT_HELD: Final = METROPOLITAIN_NOT_HELD.says("{player} holds no unused Métropolitain build")
METRO_NOT_COVERED: Final = METRO_NOT_A_STREETLIGHT_OF_BUILDING.says(
    "metro={space} must name a streetlight space the building covers"
)
CHARTIER_NOT_YOURS: Final = CHARTIER_NOT_HELD.says("{player} does not hold the Chartier space")
CHARTIER_NOT_OPPONENT: Final = CHARTIER_NOT_ON_OPPONENT_COLOUR.says(
    "chartier={space} must name a {other} space the building covers"
)
CHARTIER_NOT_FOUNTAIN: Final = CHARTIER_NOT_UNDER_FOUNTAIN.says(
    "chartier={space} must name the fountain's space, of {other}'s colour"
)

OVERLAP_PAIR: Final = OVERLAP.says("{thing} and {thing2} both stand on {spaces}")
STREETLIGHTS_COUNTED: Final = STREETLIGHT_COUNT.says(
    "the ground has {count}; a full board is reported to have {n} (unconfirmed, the tile faces are unknown)"
)
NO_RESERVE: Final = RESERVE_NOT_GIVEN.says("no reserve given for {player}: the unbuilt penalty assumes none")
SIZE_NOT_IN_BOX: Final = BUILDING_SIZE_NOT_IN_BOX.says(
    "building {id} covers {count} (its annex apart); the box's pieces have 3 to 6"
)
SIZE_NOT_IN_BOX_DOMINO: Final = BUILDING_SIZE_NOT_IN_BOX.says(
    "building {id} covers {count} (its annex apart); the box's pieces have 3 to 6 (a domino is the Jardin des"
    " Plantes: is it marked so, as `jardin: {id}` in a text grid?)",
    "domino",
)
SIZE_TOO_MANY: Final = TOO_MANY_OF_SIZE.says(
    "{n} buildings of size {size} (built: {ids}; in reserves: {reserved}); the box holds {most}"
)
SHAPE_UNKNOWN: Final = SHAPE_NOT_IN_CATALOGUE.says("{thing} ({rows}) is no piece of the catalogue")
SHAPE_TURNED_OVER: Final = SHAPE_NOT_IN_CATALOGUE.says(
    "{thing} ({rows}) is no piece of the catalogue; piece {piece} draws it only turned over, and pieces are not"
    " turned over",
    "turned-over",
)
SHAPE_OVERUSED: Final = CATALOGUE_PIECE_OVERUSED.says(
    "{things} all have the shape of {pieces}, of which the box has {n}"
)
BUILDINGS_TOO_MANY: Final = TOO_MANY_BUILDINGS.says("{player} has {n} buildings; a player has {most} chimneys")
NO_CHIMNEY_TO_BUILD: Final = TOO_MANY_BUILDINGS.says(
    "{player} has built {n} buildings and has no chimney left (at most {most})", "build"
)
CARDS_TOO_MANY_USED: Final = TOO_MANY_POSTCARDS_USED.says(
    "{player} has used {n} postcards; a player has {most} action tokens"
)
CARDS_TOO_MANY: Final = TOO_MANY_POSTCARDS_IN_PLAY.says("{n} postcards in play; a game uses {most}")
CARD_LISTED_TWICE: Final = POSTCARD_IN_PLAY_TWICE.says("{card} is listed {n} times in play")
CARD_USED_TWICE: Final = POSTCARD_USED_TWICE.says(
    "{card} carries {n} action tokens ({players}); a postcard is used once"
)
CARD_NOT_PLAYED: Final = POSTCARD_NOT_IN_PLAY.says("{user} used {card}, which is not among the postcards in play")
CARDS_NOT_GIVEN: Final = POSTCARDS_IN_PLAY_UNKNOWN.says(
    "the postcards in play are not given, so the cards used cannot be checked against them"
)
JARDINS: Final = JARDIN_TWICE.says("{n} buildings are the Jardin des Plantes ({ids}); the box has one tile")
ANNEXES: Final = ANNEX_TWICE.says("{n} buildings carry an annex ({ids}); the box has one")

NOTHING_TO_PLACE: Final = PLACEMENT_EMPTY.says("a building covers at least one space")
NOT_FREE: Final = SPACE_NOT_FREE.says("not free: {spaces}")
NOT_FREE_HERE: Final = SPACE_NOT_FREE.says("{thing}: {space} is not free", "piece")
NOT_FREE_JARDIN: Final = SPACE_NOT_FREE.says("the Jardin des Plantes: not free: {spaces}", "jardin")
NOT_FREE_IN_FRONT: Final = SPACE_NOT_FREE.says(
    "the space in front of the statue ({facing}): {space} is not free", "statue-front"
)
STANDING_ON: Final = SPACE_NOT_FREE.says("{space} ({thing})", "what")
"""One space of :data:`NOT_FREE` in a placement's problem: the space and what stands on it."""
NOT_CONNECTED: Final = BUILDING_NOT_CONNECTED.says("the spaces of {thing} are not connected edge to edge")
NOT_CONNECTED_PLACEMENT: Final = BUILDING_NOT_CONNECTED.says("the spaces are not connected edge to edge", "placement")
ON_OPPONENT: Final = BUILDING_ON_WRONG_COLOUR.says("{thing} of {owner} covers {other}'s colour")
ON_OPPONENT_PLACEMENT: Final = BUILDING_ON_WRONG_COLOUR.says("covers {other}'s colour", "placement")
ON_OPPONENT_TOO_MANY: Final = BUILDING_ON_WRONG_COLOUR.says(
    "covers {n} spaces of {other}'s colour; Chartier makes only one of them mixed", "chartier-too-many"
)
ON_OPPONENT_CHARTIER_USED: Final = BUILDING_ON_WRONG_COLOUR.says(
    "covers {other}'s colour ({spaces}); the Chartier space lies under one space only (P7)", "chartier-named"
)
ON_OPPONENT_NO_CHARTIER: Final = BUILDING_ON_WRONG_COLOUR.says(
    "covers {other}'s colour ({spaces}); a building goes on {player}'s colour or mixed spaces (P1)", "move"
)
ON_OPPONENT_NAME_CHARTIER: Final = BUILDING_ON_WRONG_COLOUR.says(
    "covers {other}'s colour ({spaces}) not named by chartier= (P7)", "chartier-unnamed"
)
ON_OPPONENT_ONE_CHARTIER: Final = BUILDING_ON_WRONG_COLOUR.says(
    "covers {other}'s colour ({spaces}); the held Chartier space may lie under one of them only (P7)",
    "chartier-one",
)
JARDIN_ON_OPPONENT_CHARTIER: Final = BUILDING_ON_WRONG_COLOUR.says(
    "the Jardin des Plantes covers {other}'s colour ({spaces}); Chartier serves the 12 building pieces only",
    "jardin-chartier",
)
JARDIN_ON_OPPONENT: Final = BUILDING_ON_WRONG_COLOUR.says(
    "the Jardin des Plantes covers {other}'s colour ({spaces}); it goes on {player}'s colour or mixed spaces (P1)",
    "jardin",
)
ON_STREETLIGHT: Final = BUILDING_ON_STREETLIGHT.says(
    "building {id} covers a streetlight space, but {player} did not use Métropolitain (P3)"
)
ON_STREETLIGHT_PLACEMENT: Final = BUILDING_ON_STREETLIGHT.says(
    "covers a streetlight space without an open Métropolitain (P3)", "placement"
)
ON_STREETLIGHT_METRO_USED: Final = BUILDING_ON_STREETLIGHT.says(
    "covers a streetlight space ({spaces}); Métropolitain lets a building cover one streetlight space only (P3)",
    "metro-named",
)
ON_STREETLIGHT_NO_METRO: Final = BUILDING_ON_STREETLIGHT.says(
    "covers a streetlight space ({spaces}); a building covers none without an unused Métropolitain build, and"
    " {player} holds none (P1)",
    "move",
)
ON_STREETLIGHT_NAME_METRO: Final = BUILDING_ON_STREETLIGHT.says(
    "covers a streetlight space ({spaces}) not named by metro= (P3)", "metro-unnamed"
)
ON_STREETLIGHT_ONE_METRO: Final = BUILDING_ON_STREETLIGHT.says(
    "covers a streetlight space ({spaces}); the unused Métropolitain build lets it cover one of them only (P3)",
    "metro-one",
)
METRO_TOO_MANY: Final = METROPOLITAIN_MORE_THAN_ONE_STREETLIGHT.says(
    "{player}'s buildings ({ids}) cover {n} streetlight spaces; Métropolitain allows one"
)
METRO_TOO_MANY_PLACEMENT: Final = METROPOLITAIN_MORE_THAN_ONE_STREETLIGHT.says(
    "covers {n} streetlight spaces; Métropolitain allows exactly one", "placement"
)
JARDIN_SIZE_WRONG: Final = JARDIN_WRONG_SIZE.says("{thing} covers {count}; the tile is a domino ({n})")
JARDIN_ON_LIGHT: Final = JARDIN_ON_STREETLIGHT.says(
    "{thing} covers a streetlight space; Métropolitain serves the 12 building pieces only (P3)"
)
JARDIN_ON_LIGHT_MOVE: Final = JARDIN_ON_STREETLIGHT.says(
    "the Jardin des Plantes never covers a streetlight space ({spaces})", "move"
)
JARDIN_ON_LIGHT_METRO: Final = JARDIN_ON_STREETLIGHT.says(
    "the Jardin des Plantes never covers a streetlight space ({spaces}): Métropolitain serves the 12 building"
    " pieces only",
    "metro",
)
NOBODY_USED: Final = PIECE_WITHOUT_POSTCARD.says("{thing} is on the board but nobody used {card}")
NOBODY_USED_PIECE: Final = PIECE_WITHOUT_POSTCARD.says("{thing} is on {space} but nobody used {card}", "piece")
OTHER_USED: Final = PIECE_OWNER_NOT_CARD_USER.says("{thing} belongs to {owner}, but {user} used {card}")
OFF_OWN: Final = PIECE_ON_WRONG_COLOUR.says("the {piece} of {user} stands on {space}, which is not {user}'s colour")
OFF_OWN_OR_MIXED: Final = PIECE_ON_WRONG_COLOUR.says(
    "the {piece} of {user} stands on {space}, which is neither {user}'s colour nor mixed", "mixed"
)
OFF_OWN_MOVE: Final = PIECE_ON_WRONG_COLOUR.says("the {piece} goes on {user}'s colour; {space} is not", "move")
OFF_OWN_OR_MIXED_MOVE: Final = PIECE_ON_WRONG_COLOUR.says(
    "the {piece} goes on {user}'s colour or mixed; {space} is neither", "mixed-move"
)
OFF_OWN_OR_MIXED_CHARTIER: Final = PIECE_ON_WRONG_COLOUR.says(
    "the {piece} goes on {user}'s colour or mixed; {space} is neither (with the held Chartier space under it:"
    " chartier={space}, P7)",
    "mixed-chartier",
)
OFF_STREETLIGHT: Final = LARGE_STREETLIGHT_NOT_ON_STREETLIGHT.says(
    "the {piece} of {user} stands on {space}, which is not a streetlight space"
)
OFF_STREETLIGHT_MOVE: Final = LARGE_STREETLIGHT_NOT_ON_STREETLIGHT.says(
    "the {piece} goes on a streetlight space; {space} is not one", "move"
)
CHARTIER_OFF_OPPONENT: Final = CHARTIER_ON_WRONG_COLOUR.says(
    "the {piece} of {user} stands on {space}, which is not {other}'s colour"
)
CHARTIER_OFF_OPPONENT_MOVE: Final = CHARTIER_ON_WRONG_COLOUR.says(
    "the {piece} goes on {other}'s colour; {space} is not", "move"
)
FACES_OFF: Final = STATUE_FRONT_OFF_BOARD.says("the statue on {space} faces {facing}, off the board")
WOULD_FACE_OFF: Final = STATUE_FRONT_OFF_BOARD.says("the statue on {space} would face {facing}, off the board", "move")
FRONT_COVERED: Final = STATUE_FRONT_NOT_FREE.says(
    "the space in front of the statue ({space}) is not free: legal only if it was covered after the statue was"
    " placed; the statue scores 0 (S4c)"
)
CHARTIER_UNCOVERED: Final = CHARTIER_NOT_COVERED.says(
    "the Chartier space on {space} is not covered by a building from the reserve or the fountain of {user}"
)
ANNEX_OFF_OWN: Final = ANNEX_ON_WRONG_COLOUR.says("the annex of {id} stands on {space}, which is not {owner}'s colour")
ANNEX_OFF_OWN_MOVE: Final = ANNEX_ON_WRONG_COLOUR.says("the annex goes on {player}'s colour; {space} is not", "move")
ANNEX_APART: Final = ANNEX_NOT_ADJACENT.says("the annex of {id} on {space} does not touch building {id} along an edge")
ANNEX_APART_MOVE: Final = ANNEX_NOT_ADJACENT.says("the annex on {space} does not touch building {id}", "move")

RESERVE_BUILDING: Final = Template("reserve-building", "reserve building {i} (size {size})")
"""A reserve building by its place in the reserve (F4)."""
RESERVE_BUILDING_OF: Final = Template("reserve-building.player", "{player}'s reserve building {i} (size {size})")
"""A reserve building by its player and its place (B3)."""
RESERVE_BUILDINGS: Final = Template("reserve-buildings", "{count} of size {size}")
"""Reserve buildings of one size whose shapes are unknown (F4)."""
EVERY_POLYOMINO: Final = Template(
    "reserve-buildings.every-polyomino", "its {count} of size {size} (every polyomino of that size fits)"
)
EVERY_PIECE: Final = Template(
    "reserve-buildings.every-piece", "its {count} of size {size} (every piece of the catalogue of that size fits)"
)

TOKENS_LEFT: Final = FINAL_TOKENS_UNUSED.says("{player} has used {n} of {most} action tokens; the game is not over")
COULD_BUILD: Final = FINAL_COULD_STILL_BUILD.says(
    "{player} could still build {what}, e.g. on {where}; the game is not over"
)
MAY_BUILD: Final = FINAL_MAY_STILL_BUILD.says(
    "{player} could still build {what} on {where} if that card's build was not given up; the position cannot tell"
)
SHAPES_UNKNOWN: Final = FINAL_UNKNOWN_SHAPES.says(
    "cannot tell whether {player} could still build: only the size of its {what} is known, and {k} of the {n}"
    " possible shapes (polyominos of that size) fit; give the reserve's shapes"
)
SHAPES_UNKNOWN_CATALOGUE: Final = FINAL_UNKNOWN_SHAPES.says(
    "cannot tell whether {player} could still build: only the size of its {what} is known, and {k} of the {n}"
    " possible shapes (piece of the catalogues of that size) fit; give the reserve's shapes",
    "catalogue",
)

RESULT_SAYS: Final = RESULT_DISAGREES.says(
    "the record's result says orange {orange} - blue {blue}, the score is orange {scored} - blue {scored2}"
)
NOT_OVER_AFTER: Final = GAME_NOT_OVER.says("the game is not over after {count} ({stands})")
