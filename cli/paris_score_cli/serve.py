"""``paris-score serve``: the board editor page and the small JSON API it uses (docs/table.md).

The standard library's threading HTTP server is enough for one table.  The
server reads no file but the page's own assets, which are loaded into memory
when it starts (:func:`load_assets`): a request names an asset by a key of
that dictionary, never by a path.  The API's answers come from
:func:`paris_score.page.answer`, the same function the static page calls in
the browser (``paris-score site``); this module adds HTTP only.

Every answer is a 2xx or a 4xx: unreadable positions get 400 with the
library's messages, bodies over 1 MiB 413 (refused from ``Content-Length``,
before reading), a missing length 411, unknown paths 404, wrong methods 405.
Anything unexpected is logged on standard error in one line and answered 400.
The only 5xx is 503, to a connection that finds every one of the
:data:`MAX_THREADS` threads serving a request (an idle connection is closed
to make way for it).

The server answers its own page only (docs/robustness.md): a request whose
``Host`` names another server gets 421 (DNS rebinding), a POST whose
``Origin`` is another site's 403; each request must arrive whole within
:data:`READ_TIMEOUT`; each answer goes out in one write with ``TCP_NODELAY``.
"""

from __future__ import annotations

import contextlib
import errno
import io
import ipaddress
import json
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any, Final
from urllib.parse import urlsplit

import click

from paris_score import page
from paris_score.errors import counted
from paris_score.formats import MAX_INPUT_BYTES
from paris_score.page import API, RequestError
from paris_score.printable import json_text, printable
from paris_score_cli import policy
from paris_score_cli.inputs import EXIT_INVALID

DEFAULT_HOST: Final = "127.0.0.1"
DEFAULT_PORT: Final = 8765
READ_TIMEOUT: Final = 15.0
"""Seconds a client may take to send a whole request (its line, headers and body, counted from when the server
starts waiting for it), and to take an answer, before the connection is dropped."""
MAX_THREADS: Final = 64
"""Connections served at once, a thread each.  One more closes the connection idle longest (waiting for a request)
to take its thread; if every one is in a request, it is answered 503 and closed."""
SLOT_WAIT: Final = 5.0
"""Seconds a new connection waits for the thread of the idle connection closed for it to end."""
LOOPBACK_NAMES: Final = frozenset({"localhost", "127.0.0.1", "::1"})
"""What ``Host`` may name on a server listening on a loopback address."""

CONTENT_TYPES: Final = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
    ".json": "application/json",
}
SECURITY_HEADERS: Final = {
    "Content-Security-Policy": policy.SERVED,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def load_assets() -> dict[str, tuple[bytes, str]]:
    """URL path -> (bytes, content type) for every file shipped in the package's ``static`` folder."""
    assets: dict[str, tuple[bytes, str]] = {}
    for entry in resources.files("paris_score_cli").joinpath("static").iterdir():
        suffix = "." + entry.name.rpartition(".")[2]
        if entry.is_file() and suffix in CONTENT_TYPES:
            assets[f"/static/{entry.name}"] = (entry.read_bytes(), CONTENT_TYPES[suffix])
    assets["/"] = assets["/static/index.html"]
    assets["/static/facts.json"] = (page.facts_json(), "application/json")
    assets.update({f"/{path}": (data, "application/json") for path, data in page.catalog_files().items()})
    return assets


# -- HTTP ----------------------------------------------------------------------------------------------------


def escape_controls(text: str) -> str:
    r"""``text`` for the log: each backslash, control character and lone surrogate written as an escape (the
    backslash first, so that a ``\x1b`` typed in a request stays apart from an ESC; then :func:`printable`).

    >>> escape_controls("GET /\x1b[31mred\x07 HTTP/1.1\r")
    'GET /\\x1b[31mred\\x07 HTTP/1.1\\x0d'
    """
    return printable(text.replace("\\", "\\x5c"))


def host_names(address: str) -> frozenset[str] | None:
    """The names ``Host`` may give for a server listening on ``address``; ``None``: any IP address (all interfaces).

    A loopback server answers to ``localhost``, ``127.0.0.1`` and ``[::1]``; one on a single address to that
    address; one on every interface (``0.0.0.0``, ``::``) to any IP address and ``localhost``.  A name that
    only resolves here (DNS rebinding) is never among them.

    >>> sorted(host_names("127.0.0.1"))
    ['127.0.0.1', '::1', 'localhost']
    >>> sorted(host_names("192.168.1.5"))
    ['192.168.1.5']
    >>> host_names("0.0.0.0") is None
    True
    """
    ip = ipaddress.ip_address(address.split("%")[0])
    if ip.is_unspecified:
        return None
    if ip.is_loopback:
        return LOOPBACK_NAMES
    return frozenset({ip.compressed})


class _DeadlineReader(io.RawIOBase):
    """The connection's bytes, each read given only the time left before :attr:`deadline` (a whole-request bound)."""

    def __init__(self, connection: socket.socket) -> None:
        super().__init__()
        self.connection = connection
        self.deadline = time.monotonic() + READ_TIMEOUT

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request took over its time")
        self.connection.settimeout(left)
        return self.connection.recv_into(buffer)


class Handler(BaseHTTPRequestHandler):
    """One request: GET an asset or POST a position to the API; every other answer a JSON 4xx."""

    server: TableServer
    _headers_buffer: list[bytes]  # BaseHTTPRequestHandler's, sent by :meth:`_send` with the body
    server_version = "paris-score"
    protocol_version = "HTTP/1.1"
    default_request_version = "HTTP/1.0"  # a status line and headers even for a request line without a version
    timeout = READ_TIMEOUT

    def setup(self) -> None:
        super().setup()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, True)  # one write an answer: no wait
        self.rfile.close()  # the plain reader StreamRequestHandler made: replaced by one that keeps a deadline
        self._reader = _DeadlineReader(self.connection)
        self.rfile = io.BufferedReader(self._reader)

    def handle_one_request(self) -> None:
        self._reader.deadline = time.monotonic() + READ_TIMEOUT  # the whole next request, idle time included
        self._body_read = False
        self.server.idle(self.connection)  # until its request line comes (parse_request)
        try:
            super().handle_one_request()
        except ConnectionError:  # the client reset or closed the connection mid-request: nobody to answer
            self.close_connection = True

    def parse_request(self) -> bool:
        self.server.in_request(self.connection)
        return super().parse_request()

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
            self._check_origin()
            handle()
        except RequestError as e:
            self._send_error(e)
        except (ConnectionError, TimeoutError):
            self.close_connection = True
        except Exception as e:  # never a 5xx or a traceback: one line on standard error
            self.log_message("unexpected %s answering %r: %s", type(e).__name__, self.requestline, e)
            self._send_error(RequestError(400, f"the server could not handle this request ({type(e).__name__})"))

    def _one_header(self, name: str) -> str | None:
        """The header ``name``; given twice with different values, a 400 (a request two readers would read apart)."""
        values = set(self.headers.get_all(name, []))
        if len(values) > 1:
            self.close_connection = True
            raise RequestError(400, f"{name} is given twice with different values")
        return values.pop() if values else None

    def _check_origin(self) -> None:
        """421 for a ``Host`` that is not this server (DNS rebinding), 403 for a POST from another site's page.

        A request without ``Origin`` (a script, curl) is answered; HTTP/1.0 may leave ``Host`` out.
        """
        host = self._one_header("Host")
        if host is None:
            if self.request_version == "HTTP/1.0":
                return
            raise RequestError(400, "a Host header is required")
        try:
            name = urlsplit(f"//{host}").hostname or ""
        except ValueError:  # "[::1", an unclosed bracket
            name = ""
        if not self.server.answers_to(name):
            self.close_connection = True
            # The host as sent (JSON escapes what needs it; the log escapes it too), not Python's repr of it.
            raise RequestError(421, f"this server answers to {self.server.url}, not to the host '{host[:100]}'")
        origin = self.headers.get_all("Origin", [])
        if self.command == "POST" and origin and [o.lower() for o in origin] != [f"http://{host}".lower()]:
            self.close_connection = True
            raise RequestError(403, "only the page this server serves may post to it, not another site's")

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
        got = page.answer(split.path, split.query, self._body())
        self._send(got.status, got.body, got.content_type)

    def handle_expect_100(self) -> bool:
        """``Expect: 100-continue``: a body the server would refuse for its length (411, 413) is refused before the
        client sends it, not after a ``100 Continue`` that asks for up to a MiB for nothing."""
        if self.command == "POST":
            try:
                self._length()
            except RequestError as e:
                self._send_error(e)
                return False
        return super().handle_expect_100()

    def _body(self) -> bytes:
        """The request body: its length checked against 1 MiB before a byte is read."""
        n = self._length()
        body = self.rfile.read(n)
        self._body_read = True
        if len(body) != n:
            self.close_connection = True
            raise RequestError(400, f"the body ended after {len(body)} of {counted(n, 'byte')}")
        return body

    def _length(self) -> int:
        """The body's length from ``Content-Length``: a number of bytes, at most 1 MiB (411, 400 or 413 otherwise)."""
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            self.close_connection = True
            raise RequestError(411, "send the position with a Content-Length, not chunked")
        length = self._one_header("Content-Length")
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
        return n

    def _announces_body(self) -> bool:
        """Whether the request says a body follows (a ``Content-Length`` but 0, or a ``Transfer-Encoding``)."""
        return self.headers.get("Content-Length", "0").strip() != "0" or "Transfer-Encoding" in self.headers

    def _send(self, status: int, body: bytes, content_type: str, **headers: str) -> None:
        """The status line, the headers and the body in one write (with ``TCP_NODELAY``, sent at once)."""
        if not (self.close_connection or self._body_read) and self._announces_body():
            self.close_connection = True  # an unread body would be read as the next request
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in {**SECURITY_HEADERS, **headers}.items():
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self._headers_buffer.append(b"\r\n")
        answer = b"".join(self._headers_buffer) + (body if self.command != "HEAD" else b"")
        self._headers_buffer = []
        self.connection.settimeout(READ_TIMEOUT)
        self.wfile.write(answer)

    def _send_error(self, e: RequestError) -> None:
        allow = e.extra.pop("allow", None)
        body = json_text(e.body()).encode()
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
        """One line on standard error, every control character escaped (a request line may carry any)."""
        if not self.server.quiet:
            sys.stderr.write(f"{escape_controls(self.address_string())} - {escape_controls(format % args)}\n")


BUSY: Final = json.dumps(
    {"status": 503, "error": f"the server is busy ({MAX_THREADS} connections at once); try again", "errors": []}
).encode()


class TableServer(ThreadingHTTPServer):
    """The server: a thread a connection, at most :data:`MAX_THREADS` at once; the assets in memory.

    When every thread is taken, a new connection closes the one that has waited longest for a request (a phone's
    kept-alive connection between two requests, or one that has sent nothing yet), as nginx does, and takes its
    thread; only when every connection is in a request is it answered 503.  The 503s are logged as a count: one
    line when they start, one with their number when a connection is served again (or the server stops).
    """

    daemon_threads = True
    request_queue_size = 128  # connections waiting to be accepted (the default, 5, resets a busy table's phones)

    def __init__(self, address: tuple[str, int], quiet: bool = False, max_threads: int = MAX_THREADS) -> None:
        self.assets = load_assets()
        self.quiet = quiet
        self.max_threads = max_threads
        self.slots = threading.BoundedSemaphore(max_threads)
        self.lock = threading.Lock()
        self.connections: dict[Any, float | None] = {}
        """Each connection served: since when it has waited for a request, or ``None`` while it is in one."""
        self.refused = 0
        """The 503s since the server was last able to serve a connection, not yet logged with their number."""
        super().__init__(address, Handler)
        self.host_names = host_names(str(self.server_address[0]))

    def idle(self, connection: Any) -> None:
        with self.lock:
            self.connections[connection] = time.monotonic()

    def in_request(self, connection: Any) -> None:
        with self.lock:
            if connection in self.connections:  # not if closed for a new one meanwhile
                self.connections[connection] = None

    def close_longest_idle(self) -> bool:
        """Close the connection that has waited longest for a request (its thread then ends); whether there was one."""
        with self.lock:
            waiting = [(since, id(c), c) for c, since in self.connections.items() if since is not None]
            if not waiting:
                return False
            connection = min(waiting)[2]
            del self.connections[connection]
        with contextlib.suppress(OSError):  # closed meanwhile
            connection.shutdown(socket.SHUT_RDWR)  # its thread's read returns: nothing more comes
        return True

    def process_request(self, request: Any, client_address: Any) -> None:
        """A thread for the connection if one of the slots is free, or once the connection idle longest is closed
        for it; else a 503 and the connection closed."""
        if not self.slots.acquire(blocking=False) and not (
            self.close_longest_idle() and self.slots.acquire(timeout=SLOT_WAIT)
        ):
            self._refuse(request)
            return
        self._log_refused()
        try:
            super().process_request(request, client_address)
        except Exception:  # no thread could start (a Ctrl-C in start() leaves it to the thread that did)
            self.slots.release()
            raise

    def process_request_thread(self, request: Any, client_address: Any) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            with self.lock:  # in one step: a connection no longer listed has given its thread back
                self.connections.pop(request, None)
                self.slots.release()

    def _refuse(self, request: Any) -> None:
        """A 503 and the connection closed; the first of a run of them logged at once, the others counted."""
        answer = (
            "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(BUSY)}\r\nRetry-After: 1\r\nConnection: close\r\n\r\n"
        )
        try:
            request.settimeout(1.0)
            request.sendall(answer.encode() + BUSY)
        except OSError:
            pass
        self.shutdown_request(request)
        self.refused += 1
        if self.refused == 1:
            self._log(
                f"busy: every one of the {counted(self.max_threads, 'connection')} served at once is in a request; "
                "new connections are answered 503 until one ends"
            )

    def _log_refused(self) -> None:
        if self.refused:
            self._log(f"{counted(self.refused, 'connection')} answered 503 while busy")
            self.refused = 0

    def _log(self, message: str) -> None:
        if not self.quiet:
            sys.stderr.write(f"paris-score: {message}\n")

    def server_close(self) -> None:
        self._log_refused()
        super().server_close()

    def answers_to(self, name: str) -> bool:
        """Whether ``name`` (a ``Host`` header's, lower case, without brackets or port) is this server's."""
        if self.host_names is not None:
            return name in self.host_names
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return name == "localhost"
        return True

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


def _stop(signum: int, frame: object) -> None:
    """SIGTERM ends the server as Ctrl-C does: the refusals counted are logged, "stopped" said, exit status 0."""
    raise KeyboardInterrupt


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
    signal.signal(signal.SIGTERM, _stop)  # a service manager's stop (systemd, docker stop): as Ctrl-C
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        click.echo("paris-score: stopped")
    finally:
        server.server_close()
