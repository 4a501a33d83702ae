"""``paris-score serve``: the board editor page and the small JSON API it uses (docs/table.md).

The standard library's threading HTTP server is enough for one table.  The
server reads no file but the page's own assets, which are loaded into memory
when it starts (:func:`load_assets`): a request names an asset by a key of
that dictionary, never by a path.

Every answer is a 2xx or a 4xx: unreadable positions get 400 with the
library's messages, bodies over 1 MiB 413 (refused from ``Content-Length``,
before reading), a missing length 411, unknown paths 404, wrong methods 405.
Anything unexpected is logged on standard error in one line and answered 400.
"""

from __future__ import annotations

import errno
import json
import socket
import sys
import threading
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any, Final
from urllib.parse import parse_qs, urlsplit

import click

import paris_score
from paris_score.errors import IllegalPositionError, Located, ParisScoreError, PositionFormatError, counted
from paris_score.formats import MAX_INPUT_BYTES
from paris_score.verdict import problems_document, summary
from paris_score_cli.inputs import EXIT_INVALID

DEFAULT_HOST: Final = "127.0.0.1"
DEFAULT_PORT: Final = 8765
SOURCE: Final = "<request>"
"""How the paris-check/1 document names the position (the ``file`` key)."""
TABLE_FORMAT: Final = "paris-table/1"
"""The document ``POST /api/table`` answers: all the page shows after a change (docs/table.md)."""
READ_TIMEOUT: Final = 15.0
"""Seconds a client may take to send its request before the connection is dropped."""

CONTENT_TYPES: Final = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
    ".json": "application/json",
}
SECURITY_HEADERS: Final = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class RequestError(Exception):
    """A request answered with a 4xx status and a JSON body ``{"status", "error", "errors"}``."""

    def __init__(self, status: int, error: str, errors: list[Located] | None = None, **extra: Any) -> None:
        super().__init__(error)
        self.status = status
        self.error = error
        self.errors = errors or []
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "error": self.error,
            "errors": [{"where": e.where, "message": e.message} for e in self.errors],
            **self.extra,
        }


def load_assets() -> dict[str, tuple[bytes, str]]:
    """URL path -> (bytes, content type) for every file shipped in the package's ``static`` folder."""
    assets: dict[str, tuple[bytes, str]] = {}
    for entry in resources.files("paris_score_cli").joinpath("static").iterdir():
        suffix = "." + entry.name.rpartition(".")[2]
        if entry.is_file() and suffix in CONTENT_TYPES:
            assets[f"/static/{entry.name}"] = (entry.read_bytes(), CONTENT_TYPES[suffix])
    assets["/"] = assets["/static/index.html"]
    assets["/static/facts.json"] = (json.dumps(facts(), ensure_ascii=False).encode(), "application/json")
    return assets


def facts() -> dict[str, Any]:
    """What the page takes from the library, so that each fact stays in one place: colours, geometry, cards."""
    from paris_score import annotate, svg
    from paris_score.formats.position_json import POSITION_FORMAT
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
    }


# -- the API: a position in, a document out ------------------------------------------------------------------


Query = dict[str, list[str]]


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


def read_body_position(body: bytes) -> paris_score.Position:
    """The position in a request body, JSON or text grid (detected as :func:`paris_score.loads` does)."""
    try:
        return paris_score.loads(body)
    except PositionFormatError as e:
        raise RequestError(400, "unreadable position", list(e.errors)) from None
    except ParisScoreError as e:
        raise RequestError(400, "unreadable position", [Located("", line) for line in str(e).splitlines()]) from None


def api_score(position: paris_score.Position, query: Query) -> tuple[bytes, str]:
    """``POST /api/score[?format=text][&no-check]``: the paris-score/1 report (or its text), as ``score``."""
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
    """``POST /api/check[?final]``: the paris-check/1 document, as ``check --format json``."""
    final = _flag(query, "final")
    return _json(problems_document(paris_score.check(position, final=final), final=final, file=SOURCE))


def api_render(position: paris_score.Position, query: Query) -> tuple[bytes, str]:
    """``POST /api/render[?overlay=NAME...]``: the SVG picture, as ``render``."""
    from paris_score import annotate

    overlays = query.get("overlay", [])
    unknown = sorted(set(overlays) - set(annotate.OVERLAYS))
    if unknown:
        raise RequestError(400, f"query parameter overlay: expected some of {', '.join(annotate.OVERLAYS)}")
    return annotate.board(position, overlays=overlays).encode(), "image/svg+xml"


def api_convert(position: paris_score.Position, query: Query) -> tuple[bytes, str]:
    """``POST /api/convert?to=json|text``: the position written in that format, as ``convert``."""
    target = _one(query, "to", ("json", "text"))
    try:
        text = paris_score.dumps(position, format="text" if target == "text" else "json")
    except ParisScoreError as e:
        raise RequestError(422, "cannot be written as a text grid", [Located("", str(e))]) from None
    return text.encode(), "application/json" if target == "json" else "text/plain; charset=utf-8"


def without_overlaps(position: paris_score.Position) -> tuple[paris_score.Position, list[str]]:
    """``position`` without each piece standing on a space an earlier one holds (W1), and the names left out.

    Pieces are taken in the order :meth:`~paris_score.Position.things` lists them (buildings, annexes, the
    other pieces), so a piece put down on a building is the one left out, never the building under it.
    """
    import attrs

    from paris_score.postcards import PIECE

    taken = 0
    left_out: list[str] = []
    buildings = []
    for building in position.buildings:
        if building.cells & taken:
            left_out.append(f"building {building.id}")
        else:
            taken |= building.cells
            buildings.append(building)
    for i, building in enumerate(buildings):
        if building.annex is not None:
            if taken >> building.annex & 1:
                buildings[i] = attrs.evolve(building, annex=None)
                left_out.append(f"the annex of {building.id}")
            else:
                taken |= 1 << building.annex
    pieces = position.pieces
    for key, sq in pieces.placed().items():
        if taken >> sq & 1:
            pieces = attrs.evolve(pieces, **{key: None})
            left_out.append(f"the {PIECE[key].label}")
        else:
            taken |= 1 << sq
    return attrs.evolve(position, buildings=tuple(buildings), pieces=pieces), left_out


def api_table(position: paris_score.Position, query: Query) -> tuple[bytes, str]:
    """``POST /api/table[?overlay=NAME...]``: everything the page shows after a change, in one ``paris-table/1``.

    ``check`` is the paris-check/1 document; ``score`` the paris-score/1 report even when the position breaks a
    rule (as ``score --no-check``), and when pieces stand on one another (W1) the report of the position without
    them, named in ``left_out``; ``counted`` the spaces each postcard line counted (S4); ``svg`` the picture.
    """
    from paris_score import annotate
    from paris_score.squares import scan, square_name

    overlays = query.get("overlay", [])
    if set(overlays) - set(annotate.OVERLAYS):
        raise RequestError(400, f"query parameter overlay: expected some of {', '.join(annotate.OVERLAYS)}")
    check = problems_document(paris_score.check(position), file=SOURCE)
    scored, left_out = without_overlaps(position) if position.overlap else (position, [])
    report = paris_score.score(scored)
    counted_spaces = {
        str(player): {str(c.card): [square_name(sq) for sq in scan(c.spaces)] for c in report[player].postcards.cards}
        for player in paris_score.Player
    }
    return _json(
        {
            "format": TABLE_FORMAT,
            "check": check,
            "score": report.to_dict(),
            "left_out": left_out,
            "counted": counted_spaces,
            "svg": str(annotate.board(position, overlays=overlays)),
        }
    )


def _json(doc: Any) -> tuple[bytes, str]:
    return json.dumps(doc, ensure_ascii=False, indent=2).encode(), "application/json"


API: Final[dict[str, Callable[[paris_score.Position, Query], tuple[bytes, str]]]] = {
    "/api/score": api_score,
    "/api/check": api_check,
    "/api/render": api_render,
    "/api/convert": api_convert,
    "/api/table": api_table,
}
PARAMETERS: Final[dict[str, tuple[str, ...]]] = {
    "/api/score": ("format", "no-check"),
    "/api/check": ("final",),
    "/api/render": ("overlay",),
    "/api/convert": ("to",),
    "/api/table": ("overlay",),
}


# -- HTTP ----------------------------------------------------------------------------------------------------


class Handler(BaseHTTPRequestHandler):
    """One request: GET an asset or POST a position to the API; every other answer a JSON 4xx."""

    server: TableServer
    server_version = "paris-score"
    protocol_version = "HTTP/1.1"
    default_request_version = "HTTP/1.0"  # a status line and headers even for a request line without a version
    timeout = READ_TIMEOUT

    def version_string(self) -> str:
        return self.server_version

    def __getattr__(self, name: str) -> Any:
        # BaseHTTPRequestHandler answers a method it has no do_X for with 501; every method gets a 4xx here.
        if name.startswith("do_"):
            return self._other_method
        raise AttributeError(name)

    def do_GET(self) -> None:
        self._guarded(self._get)

    def do_HEAD(self) -> None:
        self._guarded(self._get)

    def do_POST(self) -> None:
        self._guarded(self._post)

    def _other_method(self) -> None:
        self._guarded(lambda: self._refuse_method(self._path()))

    def _path(self) -> str:
        return urlsplit(self.path).path

    def _refuse_method(self, path: str) -> None:
        if path in API:
            raise RequestError(405, f"{path} takes POST", allow="POST")
        if path in self.server.assets:
            raise RequestError(405, f"{path} takes GET", allow="GET, HEAD")
        raise RequestError(404, "no such page")

    def _guarded(self, handle: Callable[[], None]) -> None:
        """Run ``handle``; a :class:`RequestError` or anything unexpected becomes a JSON 4xx answer."""
        try:
            handle()
        except RequestError as e:
            self._send_error(e)
        except (ConnectionError, TimeoutError):
            self.close_connection = True
        except Exception as e:  # never a 5xx or a traceback: one line on standard error
            self.log_message("unexpected %s answering %r: %s", type(e).__name__, self.requestline, e)
            self._send_error(RequestError(400, f"the server could not handle this request ({type(e).__name__})"))

    def _get(self) -> None:
        path = self._path()
        if path in API:
            self._refuse_method(path)
        asset = self.server.assets.get(path)
        if asset is None:
            raise RequestError(404, "no such page")
        self._send(200, *asset)

    def _post(self) -> None:
        split = urlsplit(self.path)
        if split.path not in API:
            self._refuse_method(split.path)
        body = self._body()
        try:
            query = parse_qs(split.query, keep_blank_values=True, max_num_fields=20)
        except ValueError:
            raise RequestError(400, "unreadable query string") from None
        unknown = sorted(set(query) - set(PARAMETERS[split.path]))
        if unknown:
            expected = ", ".join(PARAMETERS[split.path]) or "none"
            raise RequestError(400, f"unknown query parameter {unknown[0]!r}; {split.path} takes: {expected}")
        position = read_body_position(body)
        self._send(200, *API[split.path](position, query))

    def _body(self) -> bytes:
        """The request body: its length checked against 1 MiB before a byte is read."""
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            self.close_connection = True
            raise RequestError(411, "send the position with a Content-Length, not chunked")
        length = self.headers.get("Content-Length")
        if length is None:
            self.close_connection = True
            raise RequestError(411, "a Content-Length header is required")
        if not (length.isascii() and length.isdigit() and len(length) < 20):
            self.close_connection = True
            raise RequestError(400, "Content-Length must be a number of bytes")
        n = int(length)
        if n > MAX_INPUT_BYTES:
            self.close_connection = True  # the body is never read: the connection cannot be reused
            raise RequestError(413, f"the body is over 1 MiB ({n} bytes); positions are at most {MAX_INPUT_BYTES}")
        body = self.rfile.read(n)
        if len(body) != n:
            self.close_connection = True
            raise RequestError(400, f"the body ended after {len(body)} of {counted(n, 'byte')}")
        return body

    def _send(self, status: int, body: bytes, content_type: str, **headers: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in {**SECURITY_HEADERS, **headers}.items():
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _send_error(self, e: RequestError) -> None:
        allow = e.extra.pop("allow", None)
        body = json.dumps(e.body(), ensure_ascii=False, indent=2).encode()
        try:
            self._send(e.status, body, "application/json", **({"Allow": allow} if allow else {}))
        except OSError:
            self.close_connection = True

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """The request line or headers could not be read (BaseHTTPRequestHandler): a JSON 4xx all the same."""
        self.close_connection = True
        status = code if 400 <= code < 500 else 400  # 505 (an HTTP version) and 501 become 400: never a 5xx
        phrase = message or HTTPStatus(code).phrase
        self._send_error(RequestError(status, phrase))

    def log_message(self, format: str, *args: Any) -> None:
        if not self.server.quiet:
            message = format % args
            sys.stderr.write(f"{self.address_string()} - {message.replace(chr(10), ' ')}\n")


class TableServer(ThreadingHTTPServer):
    """The server: a thread a request, the assets in memory."""

    daemon_threads = True
    request_queue_size = 128  # connections waiting to be accepted (the default, 5, resets a busy table's phones)

    def __init__(self, address: tuple[str, int], quiet: bool = False) -> None:
        self.assets = load_assets()
        self.quiet = quiet
        super().__init__(address, Handler)

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        shown = "127.0.0.1" if host in ("0.0.0.0", "") else "[::1]" if host == "::" else str(host)
        if ":" in shown and not shown.startswith("["):
            shown = f"[{shown}]"
        return f"http://{shown}:{port}/"


def start(host: str = DEFAULT_HOST, port: int = 0, quiet: bool = True) -> tuple[TableServer, threading.Thread]:
    """A server running in a background thread (tests, notebooks); stop it with ``server.shutdown()``."""
    server = TableServer((host, port), quiet=quiet)
    thread = threading.Thread(target=server.serve_forever, name="paris-score-serve", daemon=True)
    thread.start()
    return server, thread


class _V6Server(TableServer):
    address_family = socket.AF_INET6


@click.command(short_help="Serve the board editor page: tap the board, read the score.")
@click.option(
    "--host",
    default=DEFAULT_HOST,
    show_default=True,
    help="Address to listen on; 0.0.0.0 lets phones on the same network open the page (anyone there can).",
)
@click.option(
    "--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT, show_default=True, help="Port (0: any free one)."
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the default web browser.")
def serve(host: str, port: int, open_browser: bool) -> None:
    """Serve the board editor page: tap the board, read the score (docs/table.md).

    Prints the page's address; Ctrl-C stops the server.

    \b
    Examples:
      paris-score serve --open
      paris-score serve --host 0.0.0.0 --port 8080
    """
    server_class = _V6Server if ":" in host else TableServer
    try:
        server = server_class((host, port))
    except OSError as e:
        if e.errno == errno.EADDRINUSE:
            message = f"port {port} is already in use on {host}; choose another with --port (or --port 0)"
        else:
            message = f"cannot listen on {host} port {port}: {e.strerror or e}"
        click.echo(f"paris-score: {message}", err=True)
        sys.exit(EXIT_INVALID)
    if host in ("0.0.0.0", "::", ""):
        click.echo(
            f"paris-score: warning: listening on every network interface ({host}): "
            "anyone on your network can open the page",
            err=True,
        )
    click.echo(f"paris-score: serving the board editor at {server.url} (Ctrl-C stops)")
    if open_browser:
        import webbrowser

        webbrowser.open(server.url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        click.echo("paris-score: stopped")
    finally:
        server.server_close()
