"""The JSON documents as typed dicts: what ``to_dict()`` returns and ``json.loads`` of the CLI's output gives.

``paris-position/1`` (:func:`paris_score.position_to_dict`), ``paris-score/1``
(:meth:`paris_score.Report.to_dict`), ``paris-check/1``
(:func:`paris_score.check_document`), the game records, the catalogues and the
two documents of Paris (2020); docs/formats.md describes each key and
``paris-score schema`` prints their JSON Schemas.  Only types live here, so a
program can annotate the JSON it reads back::

    doc: paris_score.documents.ScoreDocument = json.loads(text)
"""

from typing import Any, Literal, NotRequired, TypedDict


class TextDict(TypedDict):
    """A message as a template id and its arguments (:meth:`paris_score.i18n.Text.to_dict`), beside its English:
    what a program says in a language with the catalogs (docs/languages.md)."""

    id: str
    args: dict[str, Any]
    """Each argument: a number, a string said as it is, a nested text (a word of the game such as
    ``{"id": "player.orange", "args": {}}``), or a list of them."""


PlayerName = Literal["orange", "blue"]
WinnerName = Literal["orange", "blue", "tie"]

# paris-position/1


class BuildingDict(TypedDict):
    id: str
    owner: PlayerName
    cells: list[str]
    annex: NotRequired[str]
    piece: NotRequired[Literal["jardin-des-plantes"]]


class ReserveEntryDict(TypedDict):
    """A reserve building whose shape is known; a bare ``int`` (its size) otherwise."""

    size: int
    shape: list[str]


class ReserveDict(TypedDict):
    orange: list[int | ReserveEntryDict]
    blue: list[int | ReserveEntryDict]


class PostcardsDict(TypedDict):
    in_play: list[str]
    orange: list[str]
    blue: list[str]


class StatueDict(TypedDict):
    at: str
    facing: Literal["up", "down", "left", "right"]


class PiecesDict(TypedDict, total=False):
    painter: str
    dancer: str
    statue: StatueDict
    fountain: str
    streetlight: str
    large_streetlight: str
    chartier: str


class RulesDict(TypedDict):
    large_streetlight_pattern: str | list[list[int]]


class PositionDocument(TypedDict):
    """``paris-position/1``."""

    format: Literal["paris-position/1"]
    ground: list[str]
    buildings: list[BuildingDict]
    reserve: ReserveDict
    postcards: PostcardsDict
    pieces: PiecesDict
    rules: RulesDict


# paris-score/1


class LitBuildingDict(TypedDict):
    id: str
    size: int
    lamps: list[str]
    points: int


class LitBuildingsDict(TypedDict):
    points: int
    buildings: list[LitBuildingDict]


class LargestGroupDict(TypedDict):
    points: int
    buildings: list[str]


class UnbuiltDict(TypedDict):
    count: int
    points: int
    waived_by: str | None
    sizes: list[int]
    given: bool


class CardScoreDict(TypedDict):
    card: str
    points: int
    detail: str
    detail_i18n: NotRequired[TextDict]


class CardScoresDict(TypedDict):
    points: int
    cards: list[CardScoreDict]


class PlayerScoreDict(TypedDict):
    total: int
    lit_buildings: LitBuildingsDict
    largest_group: LargestGroupDict
    unbuilt: UnbuiltDict
    postcards: CardScoresDict
    free_own_spaces: int


class PlayersDict(TypedDict):
    orange: PlayerScoreDict
    blue: PlayerScoreDict


class ScoreDocument(TypedDict):
    """``paris-score/1``."""

    format: Literal["paris-score/1"]
    players: PlayersDict
    winner: WinnerName
    notes: list[str]
    notes_i18n: NotRequired[list[TextDict]]


class LineDict(TypedDict):
    """A line of a breakdown (:func:`paris_score.report.lines`): its depth, its text, its points (or ``None``)."""

    depth: int
    text_i18n: TextDict
    points: int | None


# paris-check/1

RefereeCode = Literal[
    "overlap",
    "streetlight-count",
    "reserve-not-given",
    "building-size-not-in-box",
    "too-many-of-size",
    "shape-not-in-catalogue",
    "catalogue-piece-overused",
    "too-many-buildings",
    "too-many-postcards-used",
    "too-many-postcards-in-play",
    "postcard-in-play-twice",
    "postcard-used-twice",
    "postcard-not-in-play",
    "postcards-in-play-unknown",
    "jardin-twice",
    "annex-twice",
    "placement-empty",
    "space-not-free",
    "building-not-connected",
    "building-on-wrong-colour",
    "building-on-streetlight",
    "metropolitain-more-than-one-streetlight",
    "jardin-wrong-size",
    "jardin-on-streetlight",
    "piece-without-postcard",
    "piece-owner-not-card-user",
    "piece-on-wrong-colour",
    "large-streetlight-not-on-streetlight",
    "statue-front-off-board",
    "statue-front-not-free",
    "chartier-on-wrong-colour",
    "chartier-not-covered",
    "annex-on-wrong-colour",
    "annex-not-adjacent",
    "final-tokens-unused",
    "final-could-still-build",
    "final-may-still-build",
    "final-unknown-shapes",
]
"""Every code :func:`paris_score.check` reports; :data:`paris_score.codes.PROBLEMS` gives each its meaning."""

MoveCode = Literal[
    "bad-notation",
    "game-over",
    "wrong-phase",
    "unknown-piece",
    "piece-not-in-pool",
    "piece-not-in-reserve",
    "card-not-in-play",
    "card-already-used",
    "annex-building-unknown",
    "annex-building-not-yours",
    "no-chimney-left",
    "no-token-left",
    "no-tile-in-hand",
    "pass-not-allowed",
    "wrong-shape",
    "jardin-wrong-shape",
    "area-not-empty",
    "metropolitain-not-held",
    "metro-not-a-streetlight-of-building",
    "chartier-not-held",
    "chartier-not-on-opponent-colour",
    "chartier-not-under-fountain",
    "space-not-free",
    "building-on-wrong-colour",
    "building-on-streetlight",
    "jardin-on-streetlight",
    "piece-on-wrong-colour",
    "large-streetlight-not-on-streetlight",
    "statue-front-off-board",
    "annex-on-wrong-colour",
    "annex-not-adjacent",
]
"""Every code of a refused move (:class:`paris_score.IllegalMoveError`), in the order of
:data:`paris_score.codes.REFUSALS`, which gives each its rules and meaning.  Some are position problems
too (also in :data:`RefereeCode`), such as ``space-not-free``."""

RecordCode = Literal["result-disagrees", "game-not-over"]
"""The codes ``check`` reports of a game record besides its first illegal move
(:func:`paris_score.check_report.record_problems`)."""

ProblemCode = RefereeCode | MoveCode | RecordCode
"""Every problem code, of a position, of a refused move or of a game record."""

Verdict = Literal[
    "legal",
    "not legal",
    "legal, but not a finished game",
    "legal; whether the game is over could not be settled",
    "legal, a finished game",
]
"""The referee's verdict in words (:func:`paris_score.check_report.verdict`)."""


class ProblemDict(TypedDict):
    code: ProblemCode
    rule: str
    severity: Literal["error", "warning"]
    spaces: list[str]
    message: str
    message_i18n: NotRequired[TextDict]


class CountsDict(TypedDict):
    errors: int
    warnings: int


class IllegalMoveDict(TypedDict):
    move: int
    player: PlayerName
    text: str
    code: MoveCode
    rule: str
    message: str
    spaces: list[str]
    message_i18n: NotRequired[TextDict]


class RecordDict(TypedDict):
    """What ``check`` says of a game record's replay, as ``paris-replay/1`` does."""

    moves: int
    moves_played: int
    phase: int
    finished: bool
    illegal: IllegalMoveDict | None
    result_agrees: bool | None


class CheckDocument(TypedDict):
    """``paris-check/1`` of a readable position."""

    format: Literal["paris-check/1"]
    file: str
    readable: Literal[True]
    legal: bool
    verdict: Verdict
    verdict_i18n: NotRequired[TextDict]
    final: bool
    pieces: str | None
    counts: CountsDict
    problems: list[ProblemDict]
    """The first 100 problems (:data:`paris_score.limits.MAX_PROBLEMS`)."""
    problems_left_out: NotRequired[int]
    """How many problems past the first 100 are not listed; only when some are (``counts`` counts them all)."""
    pattern: NotRequired[str | list[list[int]]]
    """The ``--pattern`` the position was refereed with (as ``rules.large_streetlight_pattern``); only with it."""
    record: NotRequired[RecordDict]
    """For a ``paris-game/1`` record: how far its replay went; only for a record."""


class ReadErrorDict(TypedDict):
    file: str
    where: str
    message: str


class UnreadableDocument(TypedDict):
    """``paris-check/1`` of an input that could not be read (the position or the catalogue)."""

    format: Literal["paris-check/1"]
    file: str
    readable: Literal[False]
    errors: list[ReadErrorDict]


# paris-game/1 and paris-replay/1


class PoolPieceDict(TypedDict):
    id: str
    shape: list[str]


class TilesDict(TypedDict):
    orange: list[list[str]]
    blue: list[list[str]]


class SetupDict(TypedDict):
    postcards: list[str]
    pool: list[PoolPieceDict]
    tiles: TilesDict
    first: PlayerName
    rules: RulesDict


class ResultDict(TypedDict):
    orange: int
    blue: int


class GamePlayersDict(TypedDict):
    orange: str
    blue: str


class GameDocument(TypedDict):
    """``paris-game/1``: a setup, the moves, maybe the totals the players wrote down, who played, the seed."""

    format: Literal["paris-game/1"]
    setup: SetupDict
    moves: list[str]
    result: NotRequired[ResultDict]
    players: NotRequired[GamePlayersDict]
    seed: NotRequired[int]


class ReplayDocument(TypedDict):
    """``paris-replay/1``: what replaying a record gives."""

    format: Literal["paris-replay/1"]
    legal: bool
    moves_played: int
    phase: int
    finished: bool
    illegal: IllegalMoveDict | None
    score: ScoreDocument | None
    result_agrees: bool | None


# paris-arena/1


class TallyDict(TypedDict):
    """A bot's games in ``paris-arena/1``: ``None`` where no game was played, and for an unbounded Elo end."""

    games: int
    wins: int
    draws: int
    losses: int
    score: float | None
    score_interval: list[float] | None
    elo: float | None
    elo_interval: list[float | None] | None
    margin: float | None


class SeatsDict(TypedDict):
    orange: TallyDict
    blue: TallyDict


class ArenaBotDict(TallyDict):
    name: str
    by_seat: SeatsDict
    moves: int
    seconds_per_move: float | None


class ArenaPairingDict(TallyDict):
    bots: list[int]


class ArenaGameDict(TypedDict):
    game: int
    seed: int
    orange: int
    blue: int
    scores: ResultDict
    winner: PlayerName | None
    moves: int


class ArenaDocument(TypedDict):
    """``paris-arena/1``: a round robin between bots, what ``paris-score play --format json`` prints."""

    format: Literal["paris-arena/1"]
    seed: int
    games_per_pairing: int
    bots: list[ArenaBotDict]
    pairings: list[ArenaPairingDict]
    games: list[ArenaGameDict]


# paris-pieces/1


class CataloguePieceDict(TypedDict):
    id: str
    shape: list[str]


class CatalogueDocument(TypedDict):
    """``paris-pieces/1``: the building shapes of a box (``catalogue_json.catalogue_to_dict``)."""

    format: Literal["paris-pieces/1"]
    note: NotRequired[str]
    pieces: list[CataloguePieceDict]


# Paris (2020): paris2020-final/1 and paris2020-score/1

Decider = Literal["points", "francs", "property value", "shared"]
"""Paris (2020), K7: what settled the winner: the most points, then francs, then the value of all properties; else
a shared win."""


class Paris2020PlayerDict(TypedDict):
    name: str
    points: int
    francs: int
    bonus_27: NotRequired[bool]


class Paris2020PropertyDict(TypedDict):
    value: int
    owners: list[str]


class Paris2020DistrictDict(TypedDict):
    name: str
    scoring: list[int]
    properties: list[Paris2020PropertyDict]


class Paris2020FinalDocument(TypedDict):
    """``paris2020-final/1``: the end of a game of Paris (2020) (:func:`paris_score.paris2020.final_to_dict`)."""

    format: Literal["paris2020-final/1"]
    note: NotRequired[str]
    players: list[Paris2020PlayerDict]
    districts: list[Paris2020DistrictDict]


class Paris2020PlayerScoreDict(TypedDict):
    name: str
    total: int
    points: int
    bonus_27: int
    districts: dict[str, int]
    francs: int
    property_value: int


class Paris2020StandingDict(TypedDict):
    name: str
    value: int
    parts: list[int]
    place: int
    points: int
    why_none: str
    why_none_i18n: NotRequired[TextDict | None]


class Paris2020DistrictScoreDict(TypedDict):
    name: str
    scoring: list[int]
    standings: list[Paris2020StandingDict]
    ties: list[str]
    ties_i18n: NotRequired[list[TextDict]]
    unplaced: list[str]


class LocatedDict(TypedDict):
    where: str
    message: str
    message_i18n: NotRequired[TextDict | None]


class Paris2020ScoreDocument(TypedDict):
    """``paris2020-score/1``: the final scoring of Paris (2020) (:func:`paris_score.paris2020.score_to_dict`)."""

    format: Literal["paris2020-score/1"]
    players: list[Paris2020PlayerScoreDict]
    districts: list[Paris2020DistrictScoreDict]
    winners: list[str]
    decided_by: Decider
    result_i18n: NotRequired[TextDict]
    """The result line (K7) as a template id and its arguments."""
    warnings: list[LocatedDict]
