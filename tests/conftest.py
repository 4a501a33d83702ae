"""Fixtures shared by test files: the board editor's server (tests/test_serve.py, tests/test_serve_browser.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from paris_score_cli.serve import TableServer, start


@pytest.fixture(scope="module")
def server() -> Iterator[TableServer]:
    """``paris-score serve`` on a free port of 127.0.0.1, in a thread, quiet."""
    server, thread = start(port=0)
    yield server
    server.shutdown()
    server.server_close()
    thread.join(5)
