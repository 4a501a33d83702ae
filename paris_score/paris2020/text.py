"""The end of a game of *Paris* (2020) as text a player can type at the table (docs/paris2020.md)::

    # the end of our game
    player Ula: 45 points, 7 francs, bonus 27
    player Marek: 38 points, 12 francs

    district Belleville: 18 9 4
    12 Ula
    5 Marek
    15 Ula + Marek

A ``player`` line gives a name, points (on the score track) and francs, and
``bonus 27`` for its holder; a ``district`` line a name and its scoring
tile's values (none: no tile); each line under it a property, its value then
its owners, joined by ``+`` (``3 Ula + Ula``: owned twice).  ``#`` starts a
comment; a ``note:`` line is the document's note.  It says the same as a
``paris2020-final/1`` document, and converts to one and back.
"""

from __future__ import annotations

import re
from typing import Final, Literal

from paris_score.errors import Located, Paris2020FormatError, PositionFormatError, UnwritableError, clip
from paris_score.formats import input_text, reads_as_text_grid
from paris_score.formats import looks_like_paris2020_text as looks_like_text
from paris_score.formats.jsonread import wrong_kind
from paris_score.limits import MAX_DIGITS, MAX_ERRORS, MAX_ITEMS, TOO_MANY_LINES, too_many_lines
from paris_score.paris2020.document import FINAL_FORMAT, loads_final
from paris_score.paris2020.model import District, EndOfGame, Investor, Property
from paris_score.paris2020.referee import problems

_NUMBER: Final = rf"\d{{1,{MAX_DIGITS}}}"
_FIELD: Final = re.compile(rf"({_NUMBER}) +(points?|francs?)|bonus +27")
_VALUES: Final = re.compile(rf"(?:{_NUMBER}(?: +|$))*")
_PROPERTY: Final = re.compile(rf"({_NUMBER}) +(\S.*)")
_PATH: Final = re.compile(r"(players|districts)\[(\d+)\](?:\.properties\[(\d+)\])?")
_NAME_MARKS: Final = "#:+"
"""What a name in the text never holds: ``#`` starts a comment, ``:`` ends a name, ``+`` joins owners."""
_NOTE_MARKS: Final = "#"
_SURROGATE: Final = re.compile("[\ud800-\udfff]")


class _Lines:
    """Where each player, district and property was typed: key paths to line numbers."""

    def __init__(self) -> None:
        self.players: list[int] = []
        self.districts: list[int] = []
        self.properties: list[list[int]] = []

    def of(self, match: re.Match[str]) -> int:
        kind, i, j = match[1], int(match[2]), match[3]
        if kind == "players":
            return self.players[i]
        return self.districts[i] if j is None else self.properties[i][int(j)]

    def locate(self, problem: Located) -> Located:
        """A referee's problem at its line: key paths, in its place and its message, become lines."""
        found = _PATH.match(problem.where)
        where = f"line {self.of(found)}" if found else problem.where
        message = _PATH.sub(lambda m: f"the {m[1][:-1]} on line {self.of(m)}", problem.message)
        return Located(where, problem.message_text if message == problem.message and problem.message_text else message)


def _body(text: str | bytes, expected: str) -> str:
    """The text, decoded; too large, undecodable or empty input refused as the reader's error."""
    try:
        return input_text(text, expected, "documents")
    except PositionFormatError as e:
        raise Paris2020FormatError(e.errors) from None


def _player(line: str, number: int, errors: list[Located]) -> Investor | None:
    name, _, rest = line[len("player ") :].partition(":")
    if not name.strip():
        errors.append(Located(f"line {number}", "a player line is 'player NAME: 45 points, 7 francs[, bonus 27]'"))
        return None
    if not _holds(name.strip()):
        errors.append(Located(f"line {number}", _not_held("player", name.strip())))
        return None
    said: dict[str, int] = {}
    bonus = False
    for field in (f.strip() for f in rest.split(",")):
        read = _FIELD.fullmatch(field)
        if read is None:
            errors.append(
                Located(
                    f"line {number}",
                    f"{field!r}: expected '45 points', '7 francs' or 'bonus 27'"
                    if field
                    else "a player line is 'player NAME: 45 points, 7 francs[, bonus 27]'",
                )
            )
            return None
        what = "bonus" if read[2] is None else read[2].rstrip("s")
        if what in said or (what == "bonus" and bonus):
            errors.append(Located(f"line {number}", f"{field!r}: the {what}s are given twice"))
            return None
        if what == "bonus":
            bonus = True
        else:
            said[what] = int(read[1])
    missing = [what for what in ("point", "franc") if what not in said]
    if missing:
        errors.append(
            Located(f"line {number}", f"player {name.strip()}: no {' and no '.join(m + 's' for m in missing)}")
        )
        return None
    return Investor(name.strip(), said["point"], said["franc"], bonus)


def loads_text(text: str | bytes) -> EndOfGame:
    """An end of game from its text (``str`` or UTF-8 ``bytes``), refereed (K1-K3).

    :class:`~paris_score.errors.Paris2020FormatError` lists every error, each at its line.
    """
    body = _body(text, "the end of a game of Paris (2020)")
    if too_many_lines(body):
        raise Paris2020FormatError([Located("", TOO_MANY_LINES)])
    errors: list[Located] = []
    lines = _Lines()
    players: list[Investor] = []
    districts: list[tuple[str, tuple[int, ...], list[Property]]] = []
    note = ""
    for number, raw in enumerate(body.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if len(errors) >= MAX_ERRORS:
            errors.append(Located("", f"stopped after {MAX_ERRORS} errors"))
            break
        if not line:
            continue
        at = f"line {number}"
        keyword = line.lower()  # Player, PLAYER: keywords in any case, as the text grid's headers
        if keyword.startswith("note:"):
            if note:
                errors.append(Located(at, "a second note; the text has one 'note:' line"))
            note = line[len("note:") :].strip()
            if note and not _holds(note, _NOTE_MARKS):
                errors.append(Located(at, _not_held("note", note, _NOTE_MARKS)))
        elif keyword.startswith("player "):
            player = _player(line, number, errors)
            if player is not None:
                players.append(player)
                lines.players.append(number)
        elif keyword.startswith("district "):
            name, colon, values = line[len("district ") :].partition(":")
            values = values.replace(",", " ")  # 18 9 4, or 18, 9, 4
            tile = values.split()
            if not colon or not name.strip() or not _VALUES.fullmatch(values.strip()):
                errors.append(Located(at, "a district line is 'district NAME: 18 9 4', the scoring tile's values"))
                tile = []
            elif not _holds(name.strip()):  # said, and read on: its properties are no error
                errors.append(Located(at, _not_held("district", name.strip())))
            if len(tile) > MAX_ITEMS:
                errors.append(Located(at, f"a scoring tile of at most {MAX_ITEMS} values (docs/robustness.md)"))
                tile = []
            # A district line with a slip still opens its district: the properties below it are its own, no error.
            districts.append((name.strip(), tuple(int(v) for v in tile), []))
            lines.districts.append(number)
            lines.properties.append([])
        elif (found := _PROPERTY.fullmatch(line)) is not None:
            if not districts:
                errors.append(Located(at, "a property before any 'district NAME: ...' line"))
                continue
            if len(districts[-1][2]) == MAX_ITEMS:
                errors.append(Located(at, f"a district holds at most {MAX_ITEMS} properties (docs/robustness.md)"))
                continue
            owners = tuple(owner.strip() for owner in found[2].split("+"))
            districts[-1][2].append(Property(int(found[1]), owners))
            lines.properties[-1].append(number)
        else:
            errors.append(
                Located(
                    at,
                    f"{clip(line, 60)!r}: expected 'player NAME: ...', 'district NAME: ...' or a property, "
                    "'12 Ula' (its value, then its owners joined by +)",
                )
            )
    if errors and not looks_like_text(body) and reads_as_text_grid(body):
        raise Paris2020FormatError([Located("", wrong_kind(None, FINAL_FORMAT))])
    if errors:
        raise Paris2020FormatError(errors)
    game = EndOfGame(tuple(players), tuple(District(name, tile, tuple(owned)) for name, tile, owned in districts), note)
    found_problems = problems(game)
    if found_problems:
        raise Paris2020FormatError(lines.locate(p) for p in found_problems)
    return game


def _holds(name: str, marks: str = _NAME_MARKS) -> bool:
    """Whether the text holds ``name`` as it is, which its reader and its writer both ask: not blank, no spaces
    around it, no line break (any that :meth:`str.splitlines` breaks at), none of ``marks``, no lone surrogate."""
    return (
        name == name.strip() != ""
        and len(name.splitlines()) == 1
        and not any(mark in name for mark in marks)
        and _SURROGATE.search(name) is None
    )


def _rule(marks: str) -> str:
    return f"{', '.join(marks)}, a line break or a lone surrogate"


def _not_held(what: str, name: str, marks: str = _NAME_MARKS) -> str:
    """The reader's message for a name (or the note) the text cannot hold, which the writer could not write back."""
    noun = "note" if marks == _NOTE_MARKS else "name"
    return f"the {what} {clip(name, 40)!r}: a {noun} in this text holds no {_rule(marks)}"


def _name(name: str, what: str, marks: str = _NAME_MARKS) -> str:
    """``name`` as typed, if the text can hold it as it is (a note may hold : and +)."""
    if not _holds(name, marks):
        raise UnwritableError(
            f"{what} {clip(name, 40)!r} cannot be written as text: it would hold {_rule(marks)}, "
            "or spaces around it; keep it as paris2020-final/1 JSON"
        )
    return name


def dumps_text(game: EndOfGame) -> str:
    """``game`` as text; :class:`~paris_score.errors.UnwritableError` for a name the text cannot hold."""
    out = ["# Paris (2020), the end of a game: paris-score paris2020 score FILE"]
    if game.note:
        out.append(f"note: {_name(game.note, 'the note', _NOTE_MARKS)}")
    for p in game.players:
        bonus = ", bonus 27" if p.bonus_27 else ""
        out.append(f"player {_name(p.name, 'the player')}: {p.points} points, {p.francs} francs{bonus}")
    for d in game.districts:
        out.append("")
        out.append(f"district {_name(d.name, 'the district')}: {' '.join(map(str, d.scoring))}".rstrip())
        out += [f"{p.value} {' + '.join(_name(o, 'the owner') for o in p.owners)}" for p in d.properties]
    return "\n".join(out) + "\n"


def loads_any(text: str | bytes, format: Literal["json", "text"] | None = None) -> EndOfGame:
    """An end of game from ``paris2020-final/1`` JSON or its text; ``None`` tells them apart by the first
    character (``{`` or ``[``: JSON)."""
    if format == "json":
        return loads_final(text)
    body = _body(text, "the end of a game of Paris (2020): JSON or text")
    if format is None and body.lstrip()[:1] in ("{", "["):
        return loads_final(body)
    return loads_text(body)
