"""``paris-score serve``: the JSON API and the page's assets, over real HTTP (docs/table.md).

The server runs in a thread on a free port; requests go through
:mod:`http.client`, so that hostile requests (no length, a huge length, raw
paths) can be sent exactly as written.
"""

from __future__ import annotations

import http.client
import json
import random
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from paris_score.formats import MAX_INPUT_BYTES
from paris_score_cli.app import cli
from paris_score_cli.serve import TableServer
from tests import fuzzing

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(p for p in (ROOT / "examples").iterdir() if p.suffix in (".json", ".txt"))


class Answer:
    def __init__(self, response: http.client.HTTPResponse) -> None:
        self.status = response.status
        self.headers = response.headers
        self.body = response.read()

    def json(self) -> Any:
        assert self.headers["Content-Type"] == "application/json", self.headers["Content-Type"]
        return json.loads(self.body)


def request(
    server: Any,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> Answer:
    host, port = server.server_address[:2]
    conn = http.client.HTTPConnection(str(host), port, timeout=30)
    try:
        sent = dict(headers or {})
        conn.putrequest(method, path, skip_host="Host" in sent, skip_accept_encoding=True)  # a Host given replaces it
        if body is not None and "Content-Length" not in sent:
            sent["Content-Length"] = str(len(body))
        for name, value in sent.items():
            conn.putheader(name, value)
        conn.endheaders(body)
        return Answer(conn.getresponse())
    finally:
        conn.close()


def post(server: TableServer, path: str, body: bytes) -> Answer:
    return request(server, "POST", path, body)


def cli_json(*args: str) -> Any:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


# -- the same answers as the command line --------------------------------------------------------------------


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_scores_as_the_command_line_does(server: TableServer, path: Path) -> None:
    answer = post(server, "/api/score", path.read_bytes())
    assert answer.status == 200
    assert answer.json() == cli_json("score", str(path), "--format", "json")
    text = post(server, "/api/score?format=text", path.read_bytes())
    assert text.headers["Content-Type"] == "text/plain; charset=utf-8"
    assert text.body.decode() == CliRunner().invoke(cli, ["score", str(path)]).stdout


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_checks_as_the_command_line_does(server: TableServer, path: Path) -> None:
    for query, flags in (("", []), ("?final", ["--final"])):
        answer = post(server, "/api/check" + query, path.read_bytes())
        assert answer.status == 200
        expected = cli_json("check", str(path), "--format", "json", *flags)
        assert answer.json() == {**expected, "file": "<request>"}


def test_render_draws_what_the_render_command_draws(server: TableServer) -> None:
    path = ROOT / "examples" / "rulebook.txt"
    answer = post(server, "/api/render?overlay=lit&overlay=groups", path.read_bytes())
    assert answer.status == 200
    assert answer.headers["Content-Type"] == "image/svg+xml"
    command = CliRunner().invoke(cli, ["render", str(path), "-o", "-", "--overlay", "lit", "--overlay", "groups"])
    assert answer.body.decode() + "\n" == command.stdout
    assert b'class="overlay lit"' in answer.body


def test_convert_writes_json_and_the_text_grid(server: TableServer) -> None:
    text = (ROOT / "examples" / "rulebook.txt").read_bytes()
    as_json = post(server, "/api/convert?to=json", text)
    assert as_json.status == 200
    assert as_json.body == (ROOT / "examples" / "rulebook.json").read_bytes()
    back = post(server, "/api/convert?to=text", as_json.body)
    assert back.status == 200
    assert back.body.decode() == CliRunner().invoke(cli, ["convert", "-", "--to", "text"], input=text).stdout


def test_a_reserve_not_given_stays_not_given_through_the_api(server: TableServer) -> None:
    """What the page sends for a reserve it was not given: warned, noted, written back unsaid and as 'unknown'."""
    doc = json.loads((ROOT / "examples" / "rulebook.json").read_text("utf-8"))
    del doc["reserve"]["orange"]  # blue's reserve (one 4) is given
    body = json.dumps(doc).encode()
    check = post(server, "/api/check", body).json()
    assert [(p["code"], p["severity"]) for p in check["problems"]] == [("reserve-not-given", "warning")]
    report = post(server, "/api/score", body).json()
    unbuilt = report["players"]["orange"]["unbuilt"]
    assert (unbuilt["count"], unbuilt["points"], unbuilt["given"]) == (0, 0, False)  # the 5 5 left out: counted as none
    assert report["players"]["blue"]["unbuilt"]["given"] is True
    text = post(server, "/api/score?format=text", body).body.decode()
    assert "none left (no reserve given; counted as none)" in text
    as_json = post(server, "/api/convert?to=json", body).json()
    assert as_json["reserve"] == {"blue": [4]}
    grid = post(server, "/api/convert?to=text", body).body.decode()
    assert "orange reserve: unknown\nblue reserve: 4\n" in grid
    assert post(server, "/api/convert?to=json", grid.encode()).json() == as_json
    del doc["reserve"]
    assert "reserve" not in post(server, "/api/convert?to=json", json.dumps(doc).encode()).json()


def test_an_illegal_position_is_refused_unless_no_check(server: TableServer) -> None:
    doc = json.loads((ROOT / "examples" / "rulebook.json").read_text("utf-8"))
    doc["reserve"]["orange"] = [6, 6, 6]  # three of a size the box holds two of (B3)
    body = json.dumps(doc).encode()
    refused = post(server, "/api/score", body)
    assert refused.status == 422
    found = refused.json()
    assert "not legal" in found["error"]
    assert found["check"]["legal"] is False
    assert any(p["rule"] == "B3" for p in found["check"]["problems"])
    scored = post(server, "/api/score?no-check", body)
    assert scored.status == 200
    assert scored.json()["players"]["orange"]["unbuilt"]["count"] == 3


def test_pieces_on_one_another_have_no_score(server: TableServer) -> None:
    doc = json.loads((ROOT / "examples" / "rulebook.json").read_text("utf-8"))
    doc["pieces"]["dancer"] = "A1"  # on building A (W1)
    answer = post(server, "/api/score?no-check", json.dumps(doc).encode())
    assert answer.status == 422
    assert any(p["code"] == "overlap" for p in answer.json()["check"]["problems"])


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_table_answers_check_score_and_picture_in_one_document(server: TableServer, path: Path) -> None:
    """``/api/table``: what /api/check, /api/score?no-check and /api/render answer, in one request."""
    body = path.read_bytes()
    answer = post(server, "/api/table?overlay=lit", body)
    assert answer.status == 200
    table = answer.json()
    assert table["format"] == "paris-table/1"
    assert table["check"] == post(server, "/api/check", body).json()
    assert table["score"] == post(server, "/api/score?no-check", body).json()
    assert table["svg"] == post(server, "/api/render?overlay=lit", body).body.decode()
    assert table["left_out"] == []
    assert table["winner"] == table["score"]["winner"]
    assert set(table["counted"]) == {"orange", "blue"}


def test_table_lists_the_spaces_each_postcard_counted(server: TableServer) -> None:
    table = post(server, "/api/table", (ROOT / "examples" / "rulebook.txt").read_bytes()).json()
    # Blue's Le Peintre: the painter on D2, its area C1 D1 D2 D3 (2 lamps: C1, D3).
    assert table["counted"] == {"orange": {}, "blue": {"le-peintre": ["C1", "D1", "D2", "D3"]}}
    assert table["score"]["players"]["blue"]["postcards"]["cards"][0]["points"] == 4


def test_table_scores_pieces_on_one_another_without_the_piece_put_down_last(server: TableServer) -> None:
    """W1 has no score, so the table scores the board without the piece on top, and says which (not final)."""
    doc = json.loads((ROOT / "examples" / "rulebook.json").read_text("utf-8"))
    doc["pieces"]["painter"] = "A1"  # moved off D2 onto building A: Le Peintre's 4 points are lost
    table = post(server, "/api/table", json.dumps(doc).encode()).json()
    assert table["left_out"] == ["the painter"]
    assert next(p["code"] for p in table["check"]["problems"] if p["severity"] == "error") == "overlap"
    assert (table["score"]["players"]["orange"]["total"], table["score"]["players"]["blue"]["total"]) == (48, 53)
    del doc["pieces"]["painter"]
    assert table["score"] == post(server, "/api/score?no-check", json.dumps(doc).encode()).json()

    doc = json.loads((ROOT / "examples" / "rulebook.json").read_text("utf-8"))
    doc["buildings"][1]["annex"] = doc["buildings"][0]["cells"][0]  # B's annex onto A's first space
    table = post(server, "/api/table", json.dumps(doc).encode()).json()
    assert table["left_out"] == ["the annex of B"]
    assert table["score"]["players"]["orange"]["lit_buildings"]["buildings"][1]["size"] == 6  # B without it


def test_table_refuses_an_unknown_overlay(server: TableServer) -> None:
    answer = post(server, "/api/table?overlay=nope", (ROOT / "examples" / "rulebook.txt").read_bytes())
    assert answer.status == 400
    assert "overlay" in answer.json()["error"]


# -- bad input: a 4xx JSON answer naming what is wrong ----------------------------------------------------------


def test_unreadable_input_gets_400_with_the_library_messages(server: TableServer) -> None:
    answer = post(server, "/api/score", b'{"format": "paris-position/1", "ground": ["oooo"]}')
    assert answer.status == 400
    found = answer.json()
    assert found["status"] == 400
    assert found["error"] == "unreadable position"
    assert any(e["where"] == "ground" or e["where"].startswith("ground") for e in found["errors"]), found
    empty = post(server, "/api/check", b"")
    assert empty.status == 400
    assert "empty" in empty.json()["errors"][0]["message"]


def test_hostile_bodies_get_4xx_json_answers(server: TableServer) -> None:
    """The fuzzer's mutations of every seed: a 200 or a 4xx, always JSON or the asked document, never a 5xx."""
    rng = random.Random(13)
    seeds = fuzzing.seeds()
    bodies = [fuzzing.mutate(rng, rng.choice(seeds), rng.choice(seeds)) for _ in range(150)]
    bodies += [b"\xff\xfe\x00", b"[" * 5000, b"{" * 5000, b"9" * 5000, b"\x00" * 100, b'{"format": NaN}']
    statuses: set[int] = set()
    for i, body in enumerate(bodies):
        path = ("/api/score?no-check", "/api/check", "/api/render", "/api/convert?to=text")[i % 4]
        answer = post(server, path, body)
        statuses.add(answer.status)
        assert answer.status in (200, 400, 422), (path, body[:200], answer.body[:500])
        if answer.status != 200:
            found = answer.json()
            assert found["status"] == answer.status
            assert found["error"]
    assert 400 in statuses


def read_all(sock: socket.socket) -> str:
    """Everything the server sends until it closes the connection."""
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks).decode("utf-8", "replace")


def test_a_body_over_1_mib_is_refused_before_it_is_read(server: TableServer) -> None:
    # The length alone is enough: the server answers 413 without waiting for the body that never comes.
    host, port = server.server_address[:2]
    with socket.create_connection((str(host), port), timeout=10) as sock:
        head = f"POST /api/score HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Length: {MAX_INPUT_BYTES + 1}\r\n\r\n"
        sock.sendall(head.encode())
        reply = read_all(sock)
    assert reply.startswith("HTTP/1.1 413 ")
    assert '"status": 413' in reply
    at_the_limit = post(server, "/api/check", b" " * MAX_INPUT_BYTES)  # read, and found empty
    assert at_the_limit.status == 400
    assert "empty" in at_the_limit.json()["errors"][0]["message"]


def test_length_is_required_and_must_be_a_number(server: TableServer) -> None:
    missing = request(server, "POST", "/api/score")
    assert missing.status == 411
    assert missing.json()["status"] == 411
    for value in ("-1", "abc", "1e3", "9" * 40):
        bad = request(server, "POST", "/api/score", b"", headers={"Content-Length": value})
        assert bad.status in (400, 413), value
    chunked = request(server, "POST", "/api/score", headers={"Transfer-Encoding": "chunked"})
    assert chunked.status == 411


def test_a_body_shorter_than_its_length_is_400(server: TableServer) -> None:
    host, port = server.server_address[:2]
    with socket.create_connection((str(host), port), timeout=10) as sock:
        sock.sendall(f"POST /api/score HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Length: 100\r\n\r\n{{}}".encode())
        sock.shutdown(socket.SHUT_WR)
        reply = read_all(sock)
    assert reply.startswith("HTTP/1.1 400 ")


def test_expect_100_continue_is_refused_before_the_body_when_its_length_is(server: TableServer) -> None:
    """A client that asks before sending (``Expect: 100-continue``) is told 413 or 411 at once, never invited to
    send a body the server then refuses; a body of a good length is invited, read and answered."""
    host, port = server.server_address[:2]

    def ask(length: str | None, body: bytes = b"") -> str:
        headers = f"Host: {host}:{port}\r\nExpect: 100-continue\r\n"
        headers += f"Content-Length: {length}\r\n" if length is not None else ""
        with socket.create_connection((str(host), port), timeout=10) as sock:
            sock.sendall(f"POST /api/score HTTP/1.1\r\n{headers}\r\n".encode())
            first = sock.recv(65536).decode("latin-1")
            if first.startswith("HTTP/1.1 100 "):
                sock.sendall(body)
                sock.shutdown(socket.SHUT_WR)
                first += read_all(sock)
            return first

    assert ask(str(2 << 20)).startswith("HTTP/1.1 413 ")
    assert ask(None).startswith("HTTP/1.1 411 ")
    rulebook = (ROOT / "examples" / "rulebook.json").read_bytes()
    answered = ask(str(len(rulebook)), rulebook)
    assert answered.startswith("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 "), answered[:80]


def test_unknown_paths_404_and_wrong_methods_405(server: TableServer) -> None:
    assert request(server, "GET", "/nothing").status == 404
    assert request(server, "POST", "/api/nothing", b"{}").status == 404
    for method in ("GET", "PUT", "DELETE", "PATCH", "OPTIONS", "BREW"):
        answer = request(server, method, "/api/score")
        assert answer.status == 405, method
        assert answer.headers["Allow"] == "POST"
    answer = request(server, "POST", "/", b"{}")
    assert answer.status == 405
    assert answer.headers["Allow"] == "GET, HEAD"
    assert request(server, "DELETE", "/nothing").status == 404


def test_query_parameters_are_checked(server: TableServer) -> None:
    body = (ROOT / "examples" / "rulebook.txt").read_bytes()
    for path in ("/api/score?fromat=text", "/api/score?format=xml", "/api/render?overlay=nope", "/api/convert"):
        answer = post(server, path, body)
        assert answer.status == 400, path
        assert "parameter" in answer.json()["error"]


@pytest.mark.parametrize(
    "path",
    [
        "/../README.md",
        "/static/../serve.py",
        "/static/%2e%2e/serve.py",
        "/static/..%2fserve.py",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/static//etc/passwd",
        "//etc/passwd",
        "/etc/passwd",
        "/static/",
        "/static",
        "/static/index.html/",
        "/static/app.js%00.html",
        "/static/../../pyproject.toml",
        "/static/..\\serve.py",
        "/static/C:/Windows/win.ini",
        "/static/app.JS",
        "/__init__.py",
        "/serve.py",
    ],
)
def test_path_traversal_is_refused(server: TableServer, path: str) -> None:
    answer = request(server, "GET", path)
    assert answer.status == 404
    assert answer.json() == {"status": 404, "error": "no such page", "errors": []}


def test_a_bad_request_line_is_a_json_4xx(server: TableServer) -> None:
    host, port = server.server_address[:2]
    for line in (b"GET / HTTP/9.9\r\n\r\n", b"NONSENSE\r\n\r\n", b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n"):
        with socket.create_connection((str(host), port), timeout=10) as sock:
            sock.sendall(line)
            reply = read_all(sock)
        status = int(reply.split()[1])
        assert 400 <= status < 500, reply[:200]


def test_the_page_and_its_assets(server: TableServer) -> None:
    page = request(server, "GET", "/")
    assert page.status == 200
    assert page.headers["Content-Type"] == "text/html; charset=utf-8"
    html = page.body.decode()
    assert "<script>" not in html
    for asset in ("/static/app.js", "/static/paris2020.js", "/static/style.css", "/static/icon.svg"):
        assert f'"{asset}"' in html
        assert request(server, "GET", asset).status == 200
    facts = request(server, "GET", "/static/facts.json").json()
    assert facts["ground_colours"]["o"] == "#f7b267"
    assert len(facts["cards"]) == 12
    assert sum(card["starred"] for card in facts["cards"]) == 8
    head = request(server, "HEAD", "/static/app.js")
    assert head.status == 200
    assert head.body == b""


def test_the_page_has_no_inline_script_no_handlers_no_external_urls() -> None:
    static = ROOT / "cli" / "paris_score_cli" / "static"
    for path in static.iterdir():
        text = path.read_text("utf-8")
        assert "http://" not in text.replace("http://www.w3.org/2000/svg", ""), path.name
        assert "https://" not in text, path.name
        for unsafe in ("eval(", "new Function", "innerHTML", 'setAttribute("style'):
            assert unsafe not in text, (path.name, unsafe)
        if path.suffix == ".html":
            for attribute in (" onclick=", " onload=", " onchange=", " style="):
                assert attribute not in text, (path.name, attribute)
            assert text.count("<script") == 3
            scripts = ("i18n.js", "app.js", "paris2020.js")  # i18n.js first: the others say their words with it
            assert "\n".join(f'<script src="/static/{name}" defer></script>' for name in scripts) in text


@pytest.mark.parametrize("path", ["/", "/static/app.js", "/nothing", "/api/score"])
def test_security_headers_on_every_answer(server: TableServer, path: str) -> None:
    answer = request(server, "GET", path)
    csp = answer.headers["Content-Security-Policy"]
    assert "default-src 'self'" in csp
    assert "script-src 'self'" in csp
    assert "unsafe-inline" not in csp
    assert "unsafe-eval" not in csp
    assert answer.headers["X-Content-Type-Options"] == "nosniff"


def directives(text: str) -> dict[str, str]:
    return dict(d.strip().partition(" ")[::2] for d in text.split(";"))


def test_the_served_and_the_static_page_have_one_policy_but_for_webassembly_and_framing(server: TableServer) -> None:
    """The header ``serve`` sends and the <meta> ``site`` writes differ only as paris_score_cli.policy states."""
    import re

    from paris_score_cli import site

    served = directives(request(server, "GET", "/").headers["Content-Security-Policy"])
    html = site.static_index((ROOT / "cli" / "paris_score_cli" / "static" / "index.html").read_text("utf-8"))
    meta = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
    assert meta is not None
    static = directives(meta.group(1))
    assert {k: v for k, v in served.items() if k != "frame-ancestors"} == {**static, "script-src": "'self'"}
    assert served["frame-ancestors"] == "'none'"  # a header only: browsers ignore it in a <meta>
    assert static["script-src"] == "'self' 'wasm-unsafe-eval'"  # Pyodide compiles WebAssembly
    assert served["default-src"] == "'self'"


def test_50_concurrent_requests_are_all_answered_correctly(server: TableServer) -> None:
    bodies = {p.name: p.read_bytes() for p in EXAMPLES}
    expected = {name: cli_json("score", str(ROOT / "examples" / name), "--format", "json") for name in bodies}
    names = [EXAMPLES[i % len(EXAMPLES)].name for i in range(50)]

    def one(name: str) -> tuple[str, int, Any]:
        answer = post(server, "/api/score", bodies[name])
        return name, answer.status, answer.json()

    with ThreadPoolExecutor(max_workers=50) as pool:
        results = list(pool.map(one, names))
    assert len(results) == 50
    for name, status, doc in results:
        assert status == 200
        assert doc == expected[name], name


# -- the command ------------------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def serve_process(*args: str) -> subprocess.Popen[str]:
    """``paris-score serve ARGS`` in a process that Ctrl-C stops, even when the suite itself runs with SIGINT ignored
    (a shell's background job does, and its children inherit it)."""
    import signal

    return subprocess.Popen(
        [sys.executable, "-m", "paris_score_cli", "serve", *args],
        cwd=ROOT,
        env={"PYTHONPATH": f"{ROOT}:{ROOT / 'cli'}", "PATH": "/usr/bin:/bin"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


@pytest.mark.parametrize("stop", ["SIGINT", "SIGTERM"])
def test_serve_prints_its_url_and_stops_cleanly_on_ctrl_c(stop: str) -> None:
    """Ctrl-C, or a service manager's stop (SIGTERM, as systemd and ``docker stop`` send): the same clean end."""
    import signal

    port = free_port()
    proc = serve_process("--port", str(port))
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in line
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/")
        assert conn.getresponse().status == 200
        conn.close()
        proc.send_signal(getattr(signal, stop))
        out, err = proc.communicate(timeout=10)
    finally:
        proc.kill() if proc.poll() is None else None
    assert proc.returncode == 0
    assert "Traceback" not in err
    assert "stopped" in out


def test_serve_on_a_port_in_use_exits_1_with_a_clear_message() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        port = sock.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--port", str(port)])
    assert result.exit_code == 1
    assert f"port {port} is already in use" in result.stderr
    assert "Traceback" not in result.output


def test_serve_on_every_interface_warns_in_one_line() -> None:
    port = free_port()
    proc = serve_process("--host", "0.0.0.0", "--port", str(port))
    try:
        deadline = time.monotonic() + 10
        assert proc.stdout is not None
        proc.stdout.readline()
        assert time.monotonic() < deadline
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    warnings = [line for line in err.splitlines() if "warning" in line]
    assert len(warnings) == 1
    assert "anyone on your network" in warnings[0]


def test_importing_the_library_does_not_load_the_server() -> None:
    code = "import sys, paris_score; print('http.server' in sys.modules, 'paris_score_cli' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.split() == ["False", "False"]


def test_the_wheel_ships_the_page() -> None:
    """hatch's wheel target takes the whole package folder: the static assets go with it."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    wheel = config["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert "cli/paris_score_cli" in wheel["packages"]
    assert not wheel.get("exclude")
