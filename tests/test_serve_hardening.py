"""``paris-score serve`` answers its own page only, within bounds (docs/robustness.md), over real HTTP.

Foreign ``Host`` and ``Origin`` headers, a trickled request, more connections
than threads, hostile log lines, duplicate headers and the worst-case
positions, each against a server on a loopback port.
"""

from __future__ import annotations

import http.client
import re
import signal
import socket
import struct
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from paris_score.annotate import OVERLAYS
from paris_score_cli import serve
from paris_score_cli.serve import TableServer, start
from tests import fuzzing
from tests.test_serve import ROOT, free_port, read_all, request, serve_process

BODY = (ROOT / "examples" / "rulebook.json").read_bytes()


def raw(server: TableServer, data: bytes) -> str:
    """Send ``data`` as written and read the answer up to the server's close."""
    host, port = server.server_address[:2]
    with socket.create_connection((str(host), port), timeout=10) as sock:
        sock.sendall(data)
        return read_all(sock)


def own_host(server: TableServer) -> str:
    host, port = server.server_address[:2]
    return f"{host}:{port}"


# -- Host and Origin ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "host",
    [
        "evil.example",
        "evil.example:{port}",
        "127.0.0.1.nip.io:{port}",
        "localhost.evil",
        "[::1",
        "a b",
        "",
        "e\x1b[2Jvil",
    ],
)
def test_a_foreign_host_is_refused_with_421(server: TableServer, host: str) -> None:
    """DNS rebinding: a foreign name that resolves to this machine reads nothing, not even the page. The answer
    names the host as sent (escaped once, as JSON escapes it, not as Python's repr and then JSON)."""
    named = host.format(port=server.server_address[1])
    for method, path, body in (("GET", "/", None), ("POST", "/api/check", BODY)):
        answer = request(server, method, path, body, headers={"Host": named})
        assert answer.status == 421, (named, method)
        assert answer.json()["status"] == 421
        assert answer.json()["error"] == f"this server answers to {server.url}, not to the host '{named}'"


@pytest.mark.parametrize(
    "host", ["127.0.0.1:{port}", "localhost:{port}", "LOCALHOST:{port}", "[::1]:{port}", "127.0.0.1"]
)
def test_the_loopback_names_are_served(server: TableServer, host: str) -> None:
    answer = request(server, "POST", "/api/check", BODY, headers={"Host": host.format(port=server.server_address[1])})
    assert answer.status == 200
    assert answer.json()["legal"] is True


def test_a_post_from_another_sites_page_is_refused_with_403(server: TableServer) -> None:
    for origin in ("http://evil.example", "null", f"https://{own_host(server)}", "http://localhost:1"):
        answer = request(server, "POST", "/api/score", BODY, headers={"Origin": origin, "Content-Type": "text/plain"})
        assert answer.status == 403, origin
        assert "another site" in answer.json()["error"]


def test_the_own_page_and_origin_less_scripts_are_served(server: TableServer) -> None:
    same = request(server, "POST", "/api/score", BODY, headers={"Origin": f"http://{own_host(server)}"})
    assert same.status == 200
    assert same.json()["format"] == "paris-score/1"
    assert request(server, "POST", "/api/score", BODY).status == 200  # no Origin: curl, scripts
    assert request(server, "GET", "/", headers={"Origin": "http://evil.example"}).status == 200  # GET reads the page


def test_a_server_on_every_interface_answers_to_ip_addresses_only() -> None:
    server, _ = start(host="0.0.0.0")
    try:
        port = server.server_address[1]
        conn_server = _Loopback(server)
        for host, status in (("192.168.1.5", 200), ("[fe80::1]", 200), ("localhost", 200), ("evil.example", 421)):
            assert request(conn_server, "GET", "/", headers={"Host": f"{host}:{port}"}).status == status, host
    finally:
        server.shutdown()
        server.server_close()


class _Loopback:
    """A server on every interface, reached through 127.0.0.1 (for :func:`request`)."""

    def __init__(self, server: TableServer) -> None:
        self.server_address = ("127.0.0.1", server.server_address[1])


def test_a_request_without_host_is_400_in_http_1_1_and_served_in_http_1_0(server: TableServer) -> None:
    assert raw(server, b"GET / HTTP/1.1\r\nConnection: close\r\n\r\n").startswith("HTTP/1.1 400 ")
    assert raw(server, b"GET / HTTP/1.0\r\n\r\n").startswith("HTTP/1.1 200 ")


# -- duplicate headers ----------------------------------------------------------------------------------------------


def test_differing_duplicate_content_length_is_400(server: TableServer) -> None:
    host = own_host(server)
    twice = f"POST /api/check HTTP/1.1\r\nHost: {host}\r\nContent-Length: {len(BODY)}\r\nContent-Length: 2\r\n\r\n"
    reply = raw(server, twice.encode() + BODY)
    assert reply.startswith("HTTP/1.1 400 ")
    assert "Content-Length is given twice with different values" in reply
    same = f"POST /api/check HTTP/1.1\r\nHost: {host}\r\nContent-Length: {len(BODY)}\r\nContent-Length: {len(BODY)}\r\n"
    assert raw(server, same.encode() + b"Connection: close\r\n\r\n" + BODY).startswith("HTTP/1.1 200 ")


def test_differing_duplicate_host_is_400(server: TableServer) -> None:
    reply = raw(server, f"GET / HTTP/1.1\r\nHost: {own_host(server)}\r\nHost: evil.example\r\n\r\n".encode())
    assert reply.startswith("HTTP/1.1 400 ")


@pytest.mark.parametrize(
    ("method", "path"), [("POST", "/api/nope"), ("POST", "/"), ("PUT", "/api/score"), ("GET", "/"), ("GET", "/x")]
)
def test_a_body_the_answer_leaves_unread_closes_the_connection(server: TableServer, method: str, path: str) -> None:
    # A body the server does not read (no such page, a wrong method, a GET's) would stay on a kept-alive
    # connection and be read as the next request: here one the server would answer 405.
    host = own_host(server)
    inner = f"GET /api/score HTTP/1.1\r\nHost: {host}\r\n\r\n".encode()
    reply = raw(
        server, f"{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Length: {len(inner)}\r\n\r\n".encode() + inner
    )
    assert len(re.findall(r"HTTP/1\.1 \d{3} ", reply)) == 1, reply
    assert "\r\nConnection: close\r\n" in reply


def test_a_body_that_is_read_keeps_the_connection(server: TableServer) -> None:
    host, port = server.server_address[:2]
    head = f"POST /api/check HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Length: {len(BODY)}\r\n\r\n".encode()
    with socket.create_connection((str(host), port), timeout=10) as sock:
        sock.sendall(head + BODY + head.replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n") + BODY)
        reply = read_all(sock)
    assert re.findall(r"HTTP/1\.1 \d{3} ", reply) == ["HTTP/1.1 200 ", "HTTP/1.1 200 "]


# -- bounded threads and time ------------------------------------------------------------------------------------------


def states(server: TableServer) -> list[float | None]:
    """Each connection the server holds: since when it has waited for a request, or ``None`` while in one."""
    with server.lock:
        return list(server.connections.values())


def wait_until(condition: Callable[[], bool], what: str) -> None:
    """Wait for the server's threads to reach a state (at most 10 s, then fail saying ``what``)."""
    deadline = time.monotonic() + 10
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.01)


def running(server: TableServer) -> TableServer:
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def connect(server: TableServer) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=10)


def begin_request(server: TableServer) -> socket.socket:
    """A connection in the middle of a request: its line and one header sent, never the rest."""
    sock = connect(server)
    sock.sendall(f"POST /api/check HTTP/1.1\r\nHost: {own_host(server)}\r\n".encode())
    return sock


def kept_alive(server: TableServer, sock: socket.socket | None = None) -> socket.socket:
    """A connection that has had its answer (200) and is kept alive, as a phone's browser keeps it between requests;
    once the server waits for its next request."""
    sock = sock or connect(server)
    sock.sendall(f"GET /static/icon.svg HTTP/1.1\r\nHost: {own_host(server)}\r\n\r\n".encode())
    answer = http.client.HTTPResponse(sock)
    answer.begin()
    assert (answer.status, answer.will_close, len(answer.read())) == (200, False, int(answer.headers["Content-Length"]))
    wait_until(lambda: None not in states(server), "the server does not wait for the next request")
    return sock


def closed(sock: socket.socket) -> bool:
    """Whether the server has closed the connection (and sent nothing more)."""
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True


def test_a_connection_past_the_thread_bound_gets_503_when_every_connection_is_in_a_request(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Refusals are logged as a count: one line when they start, one with their number once a connection is served."""
    server = running(TableServer(("127.0.0.1", 0), quiet=False, max_threads=2))
    holders = [begin_request(server) for _ in range(2)]
    try:
        wait_until(lambda: states(server) == [None, None], "the holders' requests have not begun")
        for _ in range(3):
            with connect(server) as sock:
                reply = read_all(sock)
            assert reply.startswith("HTTP/1.1 503 ")
            assert "Retry-After: 1" in reply
            assert '"status": 503' in reply
    finally:
        for sock in holders:
            sock.close()
    wait_until(lambda: not states(server), "the holders' threads have not ended")
    assert request(server, "POST", "/api/check", BODY).status == 200
    server.shutdown()
    server.server_close()
    assert [line for line in capsys.readouterr().err.splitlines() if line.startswith("paris-score: ")] == [
        "paris-score: busy: every one of the 2 connections served at once is in a request; "
        "new connections are answered 503 until one ends",
        "paris-score: 3 connections answered 503 while busy",
    ]


def test_when_every_thread_is_taken_the_connection_idle_longest_makes_way() -> None:
    """As nginx does: a connection that has sent nothing yet, then the kept-alive one idle longest, is closed for a
    new client; the others are kept, and answer their next request."""
    server = running(TableServer(("127.0.0.1", 0), quiet=True, max_threads=3))
    silent = connect(server)
    wait_until(lambda: len(states(server)) == 1, "the silent connection is not served")
    first, second = kept_alive(server), kept_alive(server)
    try:
        newcomer = kept_alive(server)  # served: the silent connection made way
        assert closed(silent)
        last = kept_alive(server)  # served: the first kept-alive connection made way
        assert closed(first)
        for sock in (second, newcomer, last):
            kept_alive(server, sock)
        assert len(states(server)) == 3
    finally:
        for sock in (silent, first, second, newcomer, last):
            sock.close()
        server.shutdown()
        server.server_close()


def test_64_idle_kept_alive_clients_do_not_lock_a_new_one_out() -> None:
    """The issue's case, with the default bound: 64 phones each kept alive between two requests, and one more."""
    server = running(TableServer(("127.0.0.1", 0), quiet=True))
    assert server.max_threads == serve.MAX_THREADS == 64
    idle = [kept_alive(server) for _ in range(64)]
    try:
        assert request(server, "POST", "/api/check", BODY).status == 200
        assert closed(idle[0])
        kept_alive(server, idle[1])
    finally:
        for sock in idle:
            sock.close()
        server.shutdown()
        server.server_close()


def test_a_request_trickled_a_header_at_a_time_is_dropped_at_its_deadline(
    server: TableServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The deadline covers the whole request, not each read: a header every 0.2 s does not keep it open."""
    monkeypatch.setattr(serve, "READ_TIMEOUT", 1.0)
    host, port = server.server_address[:2]
    with socket.create_connection((str(host), port), timeout=10) as sock:
        sock.sendall(f"POST /api/check HTTP/1.1\r\nHost: {host}:{port}\r\n".encode())
        sock.settimeout(0.2)
        closed = False
        for i in range(50):  # 10 s of trickle, ten times the deadline
            try:
                sock.sendall(f"X-Trickle-{i}: x\r\n".encode())
                closed = sock.recv(1024) == b""
            except TimeoutError:
                continue
            except OSError:
                closed = True
            if closed:
                break
    assert closed, "the connection outlived ten times its deadline"


# -- one write an answer ---------------------------------------------------------------------------------------------


class _Counting:
    """The handler's ``wfile``, counting the writes of each answer."""

    def __init__(self, wfile: Any, writes: list[int]) -> None:
        self.wfile = wfile
        self.writes = writes

    def write(self, data: bytes) -> int:
        self.writes.append(len(data))
        return int(self.wfile.write(data))

    def flush(self) -> None:
        self.wfile.flush()


def test_each_answer_is_one_write_with_tcp_nodelay(monkeypatch: pytest.MonkeyPatch) -> None:
    writes: list[int] = []
    nodelay: list[int] = []
    setup = serve.Handler.setup

    def counting_setup(handler: serve.Handler) -> None:
        setup(handler)
        nodelay.append(handler.connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
        handler.wfile = _Counting(handler.wfile, writes)  # type: ignore[assignment]

    monkeypatch.setattr(serve.Handler, "setup", counting_setup)
    server, _ = start()
    try:
        host, port = server.server_address[:2]
        conn = http.client.HTTPConnection(str(host), port, timeout=30)  # one kept-alive connection
        answers = []
        for method, path, body in (
            ("GET", "/", None),
            ("POST", "/api/check", BODY),
            ("POST", "/api/render?overlay=lit", BODY),
            ("POST", "/api/score", b"{}"),
            ("GET", "/nothing", None),
            ("HEAD", "/", None),
        ):
            conn.request(method, path, body)
            response = conn.getresponse()
            answers.append((response.status, len(response.read()), response.getheader("Content-Length")))
        conn.close()
    finally:
        server.shutdown()
        server.server_close()
    assert [status for status, _, _ in answers] == [200, 200, 200, 400, 404, 200]
    assert len(writes) == len(answers), writes  # one write an answer: status line, headers and body together
    for written, (_, size, length) in zip(writes[:-1], answers[:-1], strict=True):
        assert size == int(length or 0) < written
    assert nodelay == [1]


# -- the log ----------------------------------------------------------------------------------------------------------


def test_the_log_holds_no_raw_control_characters() -> None:
    port = free_port()
    proc = serve_process("--port", str(port))
    try:
        assert proc.stdout is not None
        proc.stdout.readline()
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(
                b"GET /\x1b[2J\x1b]0;owned\x07\rX\x9b\x7f HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
            )
            assert read_all(sock).startswith("HTTP/1.1 400 ")
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=10)
    finally:
        proc.kill() if proc.poll() is None else None
    assert "/\\x1b[2J\\x1b]0;owned\\x07\\x0dX" in err
    assert not re.search(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]", err), repr(err)


def test_a_client_that_resets_its_connection_leaves_no_traceback() -> None:
    """A reset (RST) where the server waits for a request is a client gone: the log says nothing of it."""
    port = free_port()
    proc = serve_process("--port", str(port))
    try:
        assert proc.stdout is not None
        proc.stdout.readline()
        for sent in (b"", b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"):  # nothing, or half a request
            sock = socket.create_connection(("127.0.0.1", port), timeout=10)
            sock.sendall(sent)
            time.sleep(0.2)  # the server is reading; a timing that only makes the test weaker, never wrong
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            sock.close()  # with a zero linger: a reset, not a polite close
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/")
        answer = conn.getresponse()
        assert (answer.status, answer.read()[:15]) == (200, b"<!doctype html>")  # and the server still answers
        conn.close()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=10)
    finally:
        proc.kill() if proc.poll() is None else None
    assert "Traceback" not in err, err
    assert "Connection reset" not in err, err


# -- the worst case -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/api/check", "/api/score", "/api/score?no-check", "/api/render?overlay=problems", "/api/render"]
)
def test_the_worst_case_positions_get_answers_under_1_mb(server: TableServer, path: str) -> None:
    if path == "/api/render":
        path += "?" + "&".join(f"overlay={name}" for name in OVERLAYS)
    for name, body in fuzzing.worst_cases().items():
        if "record" in name:
            continue
        answer = request(server, "POST", path, body)
        assert answer.status in (200, 422), (name, answer.body[:300])
        assert len(answer.body) < 1_000_000, (name, len(answer.body))
