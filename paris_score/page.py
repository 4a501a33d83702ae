"""The table page's API, pure: a path, a query string and a position in; an :class:`Answer` out (docs/table.md).

Both ways of running the page call :func:`answer`: ``paris-score serve``
over HTTP, and the static page (``paris-score site``) inside the browser,
where Pyodide runs this module in a Web Worker.  Nothing here reads a file,
opens a socket or needs click.

Every answer is a 200 or a 4xx with a JSON body ``{"status", "error",
"errors"}``: an unknown path 404, a bad query, an unreadable position or an
unscorable *Paris* (2020) end of game 400,
a position that cannot be scored (or written) 422.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final
from urllib.parse import parse_qs

import attrs

import paris_score
from paris_score.check_report import problems_document, summary
from paris_score.errors import IllegalPositionError, Located, ParisScoreError, PositionFormatError
from paris_score.i18n import Template, Text
from paris_score.printable import json_text, printable

SOURCE: Final = "<request>"
"""How the paris-check/1 document names the position (the ``file`` key)."""
TABLE_FORMAT: Final = "paris-table/1"
"""The document ``/api/table`` answers: all the page shows after a change (docs/table.md)."""

# The errors the page says to a player (its ``error_i18n``); the others are said to programs, in English.
UNREADABLE: Final = Template("page.error.unreadable", "unreadable position")
NOT_WRITTEN: Final = Template("page.error.not-written", "cannot be written as a text grid")
UNFINISHED: Final = Template("page.error.unfinished", "entry not finished")
UNSCORABLE: Final = Template("page.error.unscorable", "the end of game cannot be scored")
NOT_PARIS2020: Final = Template("page.error.not-paris2020", "not an end of a game of Paris (2020) to score")

Query = dict[str, list[str]]


@attrs.frozen
class Answer:
    """What the page is answered: an HTTP status, the body's bytes and their content type."""

    status: int
    body: bytes
    content_type: str


class RequestError(Exception):
    """A request answered with a 4xx status and a JSON body ``{"status", "error", "errors"}``; an error given as a
    text (one the page says to a player) has its ``error_i18n`` too."""

    def __init__(self, status: int, error: str | Text, errors: list[Located] | None = None, **extra: Any) -> None:
        super().__init__(str(error))
        self.status = status
        self.error = str(error)
        self.error_text = error if type(error) is Text else None
        self.errors = errors or []
        self.extra = extra

    def body(self) -> dict[str, Any]:
        said = {} if self.error_text is None else {"error_i18n": self.error_text.to_dict()}
        return {
            "status": self.status,
            "error": self.error,
            **said,
            "errors": [_located(e) for e in self.errors],
            **self.extra,
        }

    def answer(self) -> Answer:
        """This error as the page is answered it (``extra`` keys go into the body)."""
        return Answer(self.status, json_text(self.body()).encode(), "application/json")


def _located(error: Located) -> dict[str, Any]:
    """An error of an answer: where, the message, and (``message_i18n``) the message as a text when it is one."""
    said = error.message_text
    found: dict[str, Any] = {"where": error.where, "message": error.message}
    if said is not None:
        found["message_i18n"] = said.to_dict()
    return found


def facts() -> dict[str, Any]:
    """What the page takes from the library, so that each fact stays in one place: colours, geometry, cards."""
    from paris_score import annotate, svg
    from paris_score.codes import PROBLEMS
    from paris_score.formats import loads
    from paris_score.formats.position_json import POSITION_FORMAT
    from paris_score.i18n.catalogs import LANGUAGES
    from paris_score.model import BOX_SIZES, PATTERN_NAMES, Rules
    from paris_score.postcards import STARRED, Postcard

    return {
        "format": POSITION_FORMAT,
        "width": svg.WIDTH,
        "margin": svg.MARGIN,
        "square": svg.SQUARE_SIZE,
        "ground_colours": svg.GROUND_COLOURS,
        "building_fill": {str(k): v for k, v in svg.BUILDING_FILL.items()},
        "overlays": annotate.OVERLAYS,
        "patterns": PATTERN_NAMES,
        "default_pattern": Rules().large_streetlight_pattern,
        "box_sizes": BOX_SIZES,
        "cards": [{"slug": str(card), "title": card.title, "starred": card in STARRED} for card in Postcard],
        "still_to_enter": [code for code, kind in PROBLEMS.items() if kind.pending],
        "languages": LANGUAGES,
        # Shown with the entry sketched over it until the referee's first picture (the static page's start).
        "empty_board": str(annotate.board(loads(json.dumps({"format": POSITION_FORMAT, "ground": ["o" * 8] * 8})))),
    }


def facts_json() -> bytes:
    """:func:`facts` as the page loads it (``static/facts.json``)."""
    return json.dumps(facts(), ensure_ascii=False).encode()


def catalog_files() -> dict[str, bytes]:
    """``static/i18n/LANG.json`` for each language of :data:`~paris_score.i18n.catalogs.LANGUAGES`: the catalog
    the page says every text of the answers in (:func:`~paris_score.i18n.catalogs.catalog_json`), by its path."""
    from paris_score.i18n.catalogs import LANGUAGES, catalog_json

    return {
        f"static/i18n/{lang}.json": json.dumps(catalog_json(lang), ensure_ascii=False, separators=(",", ":")).encode()
        for lang in LANGUAGES
    }


# -- the query ---------------------------------------------------------------------------------------------------


def _flag(query: Query, name: str) -> bool:
    values = query.get(name, [])
    if any(v not in ("", "1", "yes", "true") for v in values):
        raise RequestError(400, f"query parameter {name}: expected no value, 1, yes or true")
    return bool(values)


def _one(query: Query, name: str, choices: tuple[str, ...], default: str | None = None) -> str:
    values = query.get(name, [])
    if not values and default is not None:
        return default
    if len(values) != 1 or values[0] not in choices:
        raise RequestError(400, f"query parameter {name}: expected one of {', '.join(choices)}")
    return values[0]


def parse_query(path: str, query: str) -> Query:
    """The query string of a request to ``path``: every parameter known to that endpoint, else a 400."""
    try:
        parsed = parse_qs(query, keep_blank_values=True, max_num_fields=20)
    except ValueError:
        raise RequestError(400, "unreadable query string") from None
    unknown = sorted(set(parsed) - set(PARAMETERS[path]))
    if unknown:
        expected = ", ".join(PARAMETERS[path]) or "none"
        raise RequestError(400, f"unknown query parameter {unknown[0]!r}; {path} takes: {expected}")
    return parsed


def read_body_position(body: bytes) -> paris_score.Position:
    """The position in a request body, JSON or text grid (detected as :func:`paris_score.loads` does)."""
    try:
        return paris_score.loads(body)
    except PositionFormatError as e:
        raise RequestError(400, UNREADABLE(), list(e.errors)) from None
    except ParisScoreError as e:
        raise RequestError(400, UNREADABLE(), [Located("", line) for line in str(e).splitlines()]) from None


# -- the endpoints -----------------------------------------------------------------------------------------------


def api_score(position: paris_score.Position, query: Query) -> tuple[bytes, str]:
    """``/api/score[?format=text][&no-check]``: the paris-score/1 report (or its text), as ``score`` (G9)."""
    output_format = _one(query, "format", ("json", "text"), "json")
    if not _flag(query, "no-check"):
        problems = paris_score.check(position)
        doc = problems_document(problems, file=SOURCE)
        if not doc["legal"]:
            raise RequestError(422, f"not legal ({summary(problems)}); add ?no-check to score it anyway", check=doc)
    try:
        report = paris_score.score(position)
    except IllegalPositionError as e:
        doc = problems_document(e.problems, file=SOURCE)
        raise RequestError(422, "pieces stand on one another: no score (W1)", check=doc) from None
    if output_format == "text":
        return str(report).encode(), "text/plain; charset=utf-8"
    return _json(report.to_dict())


def api_check(position: paris_score.Position, query: Query) -> tuple[bytes, str]:
    """``/api/check[?final]``: the paris-check/1 document, as ``check --format json``."""
    final = _flag(query, "final")
    return _json(problems_document(paris_score.check(position, final=final), final=final, file=SOURCE))


def api_render(position: paris_score.Position, query: Query) -> tuple[bytes, str]:
    """``/api/render[?overlay=NAME...]``: the SVG picture, as ``render``."""
    from paris_score import annotate

    overlays = query.get("overlay", [])
    unknown = sorted(set(overlays) - set(annotate.OVERLAYS))
    if unknown:
        raise RequestError(400, f"query parameter overlay: expected some of {', '.join(annotate.OVERLAYS)}")
    return annotate.board(position, overlays=overlays).encode(), "image/svg+xml"


def api_convert(position: paris_score.Position, query: Query) -> tuple[bytes, str]:
    """``/api/convert?to=json|text``: the position written in that format, as ``convert``."""
    target = _one(query, "to", ("json", "text"))
    try:
        text = paris_score.dumps(position, format="text" if target == "text" else "json")
    except ParisScoreError as e:
        raise RequestError(422, NOT_WRITTEN(), [Located("", str(e))]) from None
    return text.encode(), "application/json" if target == "json" else "text/plain; charset=utf-8"


def without_overlaps(position: paris_score.Position) -> tuple[paris_score.Position, list[Text]]:
    """``position`` without each piece standing on a space an earlier one holds (W1), and the names left out
    (``building A``, ``the painter``: texts, :mod:`paris_score.i18n`).

    Pieces are taken in the order :meth:`~paris_score.Position.things` lists them (buildings, annexes, the
    other pieces), so a piece put down on a building is the one left out, never the building under it.
    """
    from paris_score.model import ANNEX_OF, BUILDING, THE_PIECE
    from paris_score.postcards import PIECE

    taken = 0
    left_out: list[Text] = []
    buildings = []
    for building in position.buildings:
        if building.cells & taken:
            left_out.append(BUILDING(id=building.id))
        else:
            taken |= building.cells
            buildings.append(building)
    for i, building in enumerate(buildings):
        if building.annex is not None:
            if taken >> building.annex & 1:
                buildings[i] = attrs.evolve(building, annex=None)
                left_out.append(ANNEX_OF(id=building.id))
            else:
                taken |= 1 << building.annex
    pieces = position.pieces
    for key, sq in pieces.placed().items():
        if taken >> sq & 1:
            pieces = attrs.evolve(pieces, **{key: None})
            left_out.append(THE_PIECE(piece=PIECE[key]))
        else:
            taken |= 1 << sq
    return attrs.evolve(position, buildings=tuple(buildings), pieces=pieces), left_out


def api_table(position: paris_score.Position, query: Query) -> tuple[bytes, str]:
    """``/api/table[?overlay=NAME...]``: everything the page shows after a change, in one ``paris-table/1``.

    ``check`` is the paris-check/1 document; ``score`` the paris-score/1 report even when the position breaks a
    rule (as ``score --no-check``), and when pieces stand on one another (W1) the report of the position without
    them, named in ``left_out``; ``winner`` the report's, or ``None`` on a board without buildings (no game played
    yet: its report's S5 tie-break note, "orange wins on free spaces, 64 to 0", is left out too); ``counted`` the
    spaces each postcard line counted (S4); ``lines`` the breakdown line by line, each as a template id and
    arguments, as the text output has them (:func:`paris_score.report.lines`; without the result on a board without
    buildings); ``svg`` the picture.
    """
    from paris_score import annotate
    from paris_score.report import TIE, WINS, lines
    from paris_score.scoring import tie_note
    from paris_score.squares import scan, square_name

    overlays = query.get("overlay", [])
    if set(overlays) - set(annotate.OVERLAYS):
        raise RequestError(400, f"query parameter overlay: expected some of {', '.join(annotate.OVERLAYS)}")
    check = problems_document(paris_score.check(position), file=SOURCE)
    scored, left_out = without_overlaps(position) if position.overlap else (position, [])
    report = paris_score.score(scored)
    played = bool(position.buildings)
    if not played:
        tie = tie_note(report.winner, report.orange, report.blue)
        report = attrs.evolve(report, notes=tuple(note for note in report.note_texts if note != tie))
    counted_spaces = {
        str(player): {str(c.card): [square_name(sq) for sq in scan(c.spaces)] for c in report[player].postcards.cards}
        for player in paris_score.Player
    }
    return _json(
        {
            "format": TABLE_FORMAT,
            "check": check,
            "score": report.to_dict(),
            "left_out": [str(name) for name in left_out],
            "left_out_i18n": [name.to_dict() for name in left_out],
            "winner": str(report.winner) if played else None,
            "counted": counted_spaces,
            "lines": [
                line.to_dict() for line in lines(report, pad=True) if played or line.text.template not in (TIE, WINS)
            ],
            "svg": str(annotate.board(position, overlays=overlays)),
        }
    )


def api_paris2020(body: bytes, query: Query) -> tuple[bytes, str]:
    """``/api/paris2020[?format=text]``: a paris2020-final/1 end of game of *Paris* (2020) scored (K1-K8).

    The paris2020-score/1 report (or the readable breakdown), as ``paris2020 score``; a document that does not
    read, or that the referee refuses (K1-K3), is a 400 listing every error at its key path.
    """
    from paris_score.errors import Paris2020FormatError
    from paris_score.paris2020 import breakdown, loads_final, score, score_to_dict
    from paris_score.paris2020.document import unfinished

    output_format = _one(query, "format", ("json", "text"), "json")
    try:
        game = loads_final(body)
    except Paris2020FormatError as e:
        errors = list(e.errors)
        # A form's blank fields are an entry still in progress, said as such, not an error.
        error = UNFINISHED() if unfinished(errors) else UNSCORABLE()
        raise RequestError(400, error, errors) from None
    result = score(game)
    if output_format == "text":
        return printable(breakdown(result), lines=True).encode(), "text/plain; charset=utf-8"
    return _json(score_to_dict(result))


def api_paris2020_read(body: bytes, query: Query) -> tuple[bytes, str]:
    """``/api/paris2020/read``: an end of game of *Paris* (2020) in either form ``paris2020 score`` reads (its
    ``paris2020-final/1`` JSON, or the text a player types) as its ``paris2020-final/1`` document.

    The page's "Open a file": a file that does not read, or that the referee refuses (K1-K3), is a 400 listing every
    error at its key path (JSON) or line (text).
    """
    from paris_score.errors import Paris2020FormatError
    from paris_score.paris2020 import final_to_dict
    from paris_score.paris2020.text import loads_any

    try:
        game = loads_any(body)
    except Paris2020FormatError as e:
        raise RequestError(400, NOT_PARIS2020(), list(e.errors)) from None
    return _json(final_to_dict(game))


def _json(doc: Any) -> tuple[bytes, str]:
    return json_text(doc).encode(), "application/json"


Endpoint = Callable[[bytes, Query], tuple[bytes, str]]


def _on_position(endpoint: Callable[[paris_score.Position, Query], tuple[bytes, str]]) -> Endpoint:
    """An endpoint of the position in the body (JSON or text grid)."""
    return lambda body, query: endpoint(read_body_position(body), query)


API: Final[dict[str, Endpoint]] = {
    "/api/score": _on_position(api_score),
    "/api/check": _on_position(api_check),
    "/api/render": _on_position(api_render),
    "/api/convert": _on_position(api_convert),
    "/api/table": _on_position(api_table),
    "/api/paris2020": api_paris2020,
    "/api/paris2020/read": api_paris2020_read,
}
PARAMETERS: Final[dict[str, tuple[str, ...]]] = {
    "/api/score": ("format", "no-check"),
    "/api/check": ("final",),
    "/api/render": ("overlay",),
    "/api/convert": ("to",),
    "/api/table": ("overlay",),
    "/api/paris2020": ("format",),
    "/api/paris2020/read": (),
}


def answer(path: str, query: str, body: bytes) -> Answer:
    """The answer to a position (an end of game for ``/api/paris2020``) posted to ``path`` with ``query``.

    ``path`` is an ``/api/...`` endpoint, ``query`` the query string without its ``?``.

    The one entry point of both modes: ``paris-score serve`` sends it over HTTP, the static page's worker posts
    it back to the page.  A bad request is a 4xx answer, never an exception.

    >>> answer("/api/score", "format=text", b"").status
    400
    >>> answer("/api/nowhere", "", b"").status
    404
    """
    try:
        if path not in API:
            raise RequestError(404, "no such page")
        return Answer(200, *API[path](body, parse_query(path, query)))
    except RequestError as e:
        return e.answer()


WARM_UP_END: Final = (
    b'{"format": "paris2020-final/1", "players": [{"name": "A", "points": 3, "francs": 1}, '
    b'{"name": "B", "points": 2, "francs": 0}], "districts": [{"name": "Belleville", "scoring": [4, 2], '
    b'"properties": [{"value": 5, "owners": ["A"]}]}]}'
)
"""A small end of a game of *Paris* (2020) that :func:`warm_up` has scored."""


def warm_up() -> None:
    """Answer a request of every kind once (the rulebook example, a small *Paris* (2020) end of game), so that every
    module the answers use is imported: the static page's worker does it before it keeps its memory snapshot."""
    from paris_score.example import rulebook_json

    position = rulebook_json().encode()
    for path, query, body in (
        ("/api/table", "overlay=lit", position),
        ("/api/score", "format=text", position),
        ("/api/check", "final", position),
        ("/api/render", "", position),
        ("/api/convert", "to=json", position),
        ("/api/convert", "to=text", position),
        ("/api/paris2020", "", WARM_UP_END),
        ("/api/paris2020", "format=text", WARM_UP_END),
        ("/api/paris2020/read", "", WARM_UP_END),
    ):
        got = answer(path, query, body)
        if got.status != 200:
            raise RuntimeError(f"{path}?{query}: {got.status} {got.body.decode()}")
