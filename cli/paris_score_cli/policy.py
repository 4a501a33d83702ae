"""The table page's Content-Security-Policy: one policy for both ways of serving it (docs/table.md, "Privacy").

``paris-score serve`` sends :data:`SERVED` as a header; the static page (``paris-score site``) declares
:data:`STATIC` in a ``<meta>`` of its index.html.  They differ only where they must: the static page runs
Python compiled to WebAssembly, and a ``<meta>`` policy cannot forbid framing (browsers ignore
``frame-ancestors`` there).
"""

from __future__ import annotations

from typing import Final

DIRECTIVES: Final = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'none'",
}
"""Every address the page loads is its own: no inline script or style, no plug-in, no form sent elsewhere."""
SERVED_ONLY: Final = {"frame-ancestors": "'none'"}
"""A header can forbid other sites to frame the page; a ``<meta>`` cannot."""
STATIC_ONLY: Final = {"script-src": "'self' 'wasm-unsafe-eval'"}
"""Pyodide compiles WebAssembly (its workers fall back on script-src: 'self')."""


def policy(directives: dict[str, str]) -> str:
    """The policy's text: ``name value`` pairs joined by ``; ``."""
    return "; ".join(f"{name} {value}" for name, value in directives.items())


SERVED: Final = policy(DIRECTIVES | SERVED_ONLY)
STATIC: Final = policy(DIRECTIVES | STATIC_ONLY)
