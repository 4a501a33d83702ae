"""A gettext ``.po`` catalog read with the standard library alone (the library depends on attrs only).

Reads what translators' tools (Poedit, Weblate, ``msgmerge``) write: comments, ``msgctxt``, ``msgid``,
``msgid_plural``, ``msgstr`` and ``msgstr[N]``, strings continued over several lines with C escapes.  Fuzzy
entries (``#, fuzzy``: a guess a translator has not confirmed) and obsolete ones (``#~``) are left out, as
``msgfmt`` leaves them out.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

__all__ = ["Entry", "PoError", "read_po"]

_ESCAPE: Final = re.compile(r"\\(.)")
_ESCAPES: Final = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}
_KEYWORD: Final = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*\")\s*$")


class PoError(ValueError):
    """A ``.po`` file that does not read; the message names the line."""


class Entry(NamedTuple):
    """One translation: its context (this project's template id), its source text(s) and its translation(s)."""

    context: str | None
    source: tuple[str, ...]
    """``msgid``, and ``msgid_plural`` for a message said of a number."""
    translation: tuple[str, ...]
    """``msgstr``, or ``msgstr[0]``, ``msgstr[1]`` ... in order."""


def _string(literal: str, number: int) -> str:
    if len(literal) < 2 or literal[0] != '"' or literal[-1] != '"':
        raise PoError(f"line {number}: expected a string in double quotes")
    body = literal[1:-1]

    def escape(found: re.Match[str]) -> str:
        if found[1] not in _ESCAPES:
            raise PoError(f"line {number}: unknown escape \\{found[1]}")
        return _ESCAPES[found[1]]

    return _ESCAPE.sub(escape, body)


def read_po(text: str) -> tuple[dict[str, str], list[Entry]]:
    """The header's fields (``Plural-Forms``, ``Language`` ...) and every translated entry of a ``.po`` text."""
    entries: list[Entry] = []
    header: dict[str, str] = {}
    fields: dict[str, str] = {}
    plurals: dict[int, str] = {}
    last: str | None = None
    fuzzy = False

    def finish() -> None:
        nonlocal fuzzy
        if "msgid" in fields and not fuzzy:
            source = (fields["msgid"], fields["msgid_plural"]) if "msgid_plural" in fields else (fields["msgid"],)
            translation = tuple(plurals[k] for k in sorted(plurals)) if plurals else (fields.get("msgstr", ""),)
            if source == ("",) and "msgctxt" not in fields:
                for line in translation[0].splitlines():
                    name, _, value = line.partition(":")
                    if name.strip():
                        header[name.strip()] = value.strip()
            elif all(translation):
                entries.append(Entry(fields.get("msgctxt"), source, translation))
        fields.clear()
        plurals.clear()
        fuzzy = False

    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if line.startswith("#,") and "fuzzy" in line[2:].replace(",", " ").split():
                if "msgid" in fields:
                    finish()
                fuzzy = True
            continue
        if line.startswith('"'):
            if last is None:
                raise PoError(f"line {number}: a string continues no keyword")
            value = _string(line, number)
            if last.startswith("msgstr["):
                plurals[int(last[7:-1])] += value
            else:
                fields[last] += value
            continue
        found = _KEYWORD.match(line)
        if found is None:
            raise PoError(f"line {number}: expected msgctxt, msgid, msgid_plural or msgstr")
        keyword, index, literal = found[1], found[2], found[3]
        if keyword in ("msgctxt", "msgid") and ("msgstr" in fields or plurals or keyword in fields):
            finish()
        value = _string(literal, number)
        if index is not None:
            plurals[int(index)] = value
        else:
            fields[keyword] = value
        last = keyword
    finish()
    return header, entries
