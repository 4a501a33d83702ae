r"""What a file holds, made safe to show: control characters and lone surrogates as escapes (docs/robustness.md).

A name, a move or a wrong value quoted in a message may carry anything: an
ESC that retitles the terminal, a BEL, a carriage return that writes over a
line, or a lone surrogate, which UTF-8 cannot encode at all.  Every text
output that echoes what the user gave goes through :func:`printable` at its
edge (the command line, the table page's text answers, the server's log);
JSON outputs through :func:`json_text`, which escapes them as JSON does.

>>> printable("Ula\x1b]0;PWNED\x07 \ud800")
'Ula\\x1b]0;PWNED\\x07 \\ud800'
"""

from __future__ import annotations

import json
import re
from typing import Final

_CONTROL: Final = "\x00-\x1f\x7f-\x9f"
"""C0 and C1 control characters, and DEL."""
_SURROGATE: Final = "\ud800-\udfff"
_UNPRINTABLE: Final = re.compile(f"[{_CONTROL}{_SURROGATE}]")
_UNPRINTABLE_BUT_LINE_FEEDS: Final = re.compile(f"[\x00-\x09\x0b-\x1f\x7f-\x9f{_SURROGATE}]")
_NOT_IN_JSON_OUTPUT: Final = re.compile(f"[\x7f-\x9f{_SURROGATE}]")
"""What ``json.dumps(..., ensure_ascii=False)`` leaves raw that a terminal or UTF-8 cannot take (it escapes C0)."""


def _escape(found: re.Match[str]) -> str:
    code = ord(found[0])
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, *, lines: bool = False) -> str:
    r"""``text`` with each control character and lone surrogate written as a Python escape (``\x1b``, ``\ud800``).

    A one-line text (a message) has its line breaks escaped too; with ``lines``, a text of several lines keeps
    its line feeds.  Escaping twice changes nothing more.

    >>> printable("a\nb\tc\r"), printable("a\nb\tc\r", lines=True)
    ('a\\x0ab\\x09c\\x0d', 'a\nb\\x09c\\x0d')
    """
    return (_UNPRINTABLE_BUT_LINE_FEEDS if lines else _UNPRINTABLE).sub(_escape, text)


def json_text(value: object, indent: int | None = 2) -> str:
    r"""``value`` as JSON text, non-ASCII letters as they are: control characters and lone surrogates as ``\u``
    escapes, so the text encodes as UTF-8 and reads back to the same value.

    >>> json_text({"name": "\x1b\x9b\ud800é"}, None)
    '{"name": "\\u001b\\u009b\\ud800é"}'
    """
    text = json.dumps(value, ensure_ascii=False, indent=indent)
    return _NOT_IN_JSON_OUTPUT.sub(lambda found: f"\\u{ord(found[0]):04x}", text)
