"""The text grid: a position as players type it at the table (docs/text-format.md).

A grid of 8 rows, each starting with its number, then header lines::

        A   B   C   D   E   F   G   H
    1   oA  oA  oA  o.  l.  b.  bD  bD
    2   oA  oA  mA  o@  o.  b/~ bD  b.
    ...
    orange buildings: A B C
    blue buildings: D
    postcards: le-peintre chartier ...

Each space is one token: its printed cobblestone (B2: ``o`` orange, ``b`` blue,
``m`` mixed, ``l`` streetlight), ``/`` when the Chartier space lies on it (P7),
then what stands on it: ``.`` nothing, a building id, ``+ID`` the annex of
building ID (P8), ``@`` painter, ``&`` dancer, ``~`` fountain, ``*`` streetlight
tile, ``**`` large streetlight, ``!^ !v !< !>`` the statue and its facing.

The reader collects every error, each naming its line and column; the writer
draws one thing per space, so positions whose pieces overlap cannot be written.
"""

from __future__ import annotations

import itertools
import re
import textwrap
from typing import Any, Final

import attrs

from paris_score.codes import PROBLEMS
from paris_score.errors import Located, PositionFormatError, Problem, UnwritableError, counted
from paris_score.formats.names import closest, did_you_mean, postcard_hint, postcard_runs
from paris_score.limits import MAX_ERRORS, MAX_ITEMS, TOO_MANY_LINES, too_many_lines
from paris_score.model import (
    BOX_SIZES,
    BUILDING_ID,
    GROUND_CODES,
    MAX_OFFSET,
    PATTERN_NAMES,
    PLAYERS,
    Building,
    Facing,
    Ground,
    Pattern,
    Pieces,
    Player,
    Position,
    Postcards,
    Reserve,
    Rules,
    Statue,
)
from paris_score.postcards import CHARTIER as CHARTIER_PIECE
from paris_score.postcards import PIECE, STANDING, TITLES, Postcard
from paris_score.postcards import STATUE as STATUE_PIECE
from paris_score.shapes import Shape, shape_bitboard, shape_of
from paris_score.squares import (
    COLUMN_NAMES,
    ROW_NAMES,
    Square,
    bitboard,
    is_connected,
    names,
    parse_square,
    scan,
    square,
    square_name,
)

FREE: Final = "."
ANNEX: Final = "+"
CHARTIER: Final = CHARTIER_PIECE.symbol
STATUE: Final = STATUE_PIECE.symbol
COMMENT: Final = "#"
NONE: Final = "-"
"""A header value meaning "nothing", e.g. ``blue reserve: -`` (``none`` says the same)."""
_NONE_WORDS: Final = (NONE, "none")
NOT_GIVEN: Final = "unknown"
"""A reserve line's value when the reserve is not known: scored as none, with a note (S3)."""
BLANK: Final = "?"
"""The cobblestone of a space not typed yet, in ``paris-score template``'s blank grid."""

PIECE_SYMBOLS: Final[dict[str, str]] = {p.key: p.symbol for p in STANDING if p is not STATUE_PIECE}
"""The special pieces (B7) drawn by a symbol alone; the statue is ``!`` and an arrow."""

ARROWS: Final[dict[str, Facing]] = {"^": "up", "v": "down", "<": "left", ">": "right"}
"""Statue facings (P11): up is towards row 1."""


_PIECE_OF_SYMBOL: Final = {symbol: name for name, symbol in PIECE_SYMBOLS.items()}
_ARROW_OF_FACING: Final = {facing: arrow for arrow, facing in ARROWS.items()}
_STATUE_SYMBOLS: Final = " ".join(STATUE + arrow for arrow in ARROWS)
_SYMBOLS_HELP: Final = ", ".join(f"{PIECE_SYMBOLS[p.key]} {p.label}" for p in STANDING if p is not STATUE_PIECE)
_CONTENT_HELP: Final = (
    "expected . (nothing), a building id (1-2 letters or digits), +ID (annex of building ID), "
    f"{_SYMBOLS_HELP} or {_STATUE_SYMBOLS} statue"
)

_FACING_HELP: Final = "write !^ up, !v down, !< left or !> right"

_KEYS: Final[dict[str, str]] = {
    "orange buildings": "orange buildings",
    "blue buildings": "blue buildings",
    "jardin": "jardin",
    "jardin des plantes": "jardin",
    "annex": "annex",
    "orange reserve": "orange reserve",
    "blue reserve": "blue reserve",
    "postcards": "postcards",
    "postcards in play": "postcards",
    "in play": "postcards",
    "orange used": "orange used",
    "orange postcards": "orange used",
    "blue used": "blue used",
    "blue postcards": "blue used",
    "pattern": "pattern",
    "large streetlight pattern": "pattern",
}
"""Header keys as written (lower case, single spaces) -> the key they mean."""

_KEY_ORDER: Final = tuple(dict.fromkeys(_KEYS.values()))
"""The header keys in the template's order."""
_KEY_LIST: Final = ", ".join(_KEY_ORDER)
_SINGLE_KEYS: Final = ("annex", "pattern")
_OWNER_KEYS: Final = {"orange buildings": Player.ORANGE, "blue buildings": Player.BLUE}

_LINE_END: Final = re.compile(r"\r\n|\r|\n")
"""Lines end in LF, CRLF or CR; other characters ``str.splitlines`` would break at (form feed ...) are blanks."""
_TOKEN: Final = re.compile(r"\S+")
_ITEM: Final = re.compile(r"[^\s,]+")
_CARD_ITEM: Final = re.compile(r"[^\s,;]+")
"""A postcard header's words: ``;`` separates cards as a comma does."""
_COMMA: Final = re.compile(r"[ \t]*[,;]")
_RESERVE_ITEM: Final = re.compile(r"\[[^\]]*\]?|[^\s,\[\]]+|\]")
"""A reserve header's words: a size, a shape ``[A1 B1 ...]`` (the ``]`` may be missing: an error), a stray ``]``."""
OPEN_SHAPE: Final = "["
CLOSE_SHAPE: Final = "]"
_RESERVE_KEYS: Final = ("orange reserve", "blue reserve")
_ROW_OF_LABEL: Final = {label: r for r, label in enumerate(ROW_NAMES)}
_OFFSET: Final = re.compile(r"[(\[]\s*([+-]?[0-9]{1,9})\s*,\s*([+-]?[0-9]{1,9})\s*[)\]]")
_NUMBER: Final = re.compile(r"[0-9]{1,9}")
_SEPARATORS: Final = " \t,;"
_CARD_KEYS: Final = ("postcards", "orange used", "blue used")


class _TooManyErrorsError(Exception):
    """Raised by :meth:`_Reader.fail` at :data:`~paris_score.limits.MAX_ERRORS` errors: reading stops there."""


@attrs.frozen
class _Item:
    """One word of the input and where it starts (1-based line and column)."""

    text: str
    line: int
    col: int


class _Reader:
    """Reads the text line by line, then puts the position together; every error is kept."""

    def __init__(self) -> None:
        self.errors: list[tuple[int, int, Located]] = []
        self.ground: list[str | None] = [None] * 64
        self.rows: dict[int, int] = {}
        self.cells: dict[str, int] = {}
        self.first: dict[str, _Item] = {}
        self.annexes: list[tuple[Square, _Item | None, _Item]] = []
        self.pieces: dict[str, tuple[Square, _Item]] = {}
        self.facing: Facing = "up"
        self.chartier: Square | None = None
        self.owners: list[tuple[Player, _Item]] = []
        self.owners_misspelt: set[str] = set()
        """The words of a header that looks like an owner line but is misspelt: said there, not as unowned ids."""
        self.headers: dict[str, list[_Item]] = {}
        self.breaks: dict[str, list[bool]] = {}
        """For postcard headers: whether a comma (or the line's end) follows each word."""
        self.not_given: list[Player] = []
        self.blanks: list[tuple[Square, _Item]] = []
        """The spaces of the row being read still ``?`` (a template not filled in)."""
        self.single: dict[str, tuple[str, _Item]] = {}
        self.header_lines: dict[str, list[int]] = {}
        """The lines each header key was typed on: where a missing line goes, what a problem points at."""
        self.owner_lines: dict[str, tuple[int, str]] = {}
        """Each building id -> the line of the owner header naming it, and that header's key."""
        self.reserve_lines: dict[str, int] = {}
        """The line of each reserve header: a second one is refused, not added (it would count buildings twice)."""
        self.comments: list[tuple[int, str]] = []
        """Each comment's line and text (from its ``#``): a position has no place for them."""

    def fail(self, line: int, col: int, message: str, *, last: bool = False) -> None:
        """An error at ``line`` and ``col`` (0: none); ``last``: after the line's other errors (a line to add)."""
        where = f"line {line}, col {col}" if col else f"line {line}" if line else ""
        self.errors.append((line or 1 << 30, 1 << 30 if last else col, Located(where, message)))
        if len(self.errors) >= MAX_ERRORS:
            raise _TooManyErrorsError

    def fail_at(self, item: _Item, message: str) -> None:
        self.fail(item.line, item.col, message)

    # -- lines ---------------------------------------------------------------

    def read(self, text: str) -> None:
        if too_many_lines(text):
            raise PositionFormatError([Located("", TOO_MANY_LINES)])
        for number, raw in enumerate(_LINE_END.split(text), 1):
            line, mark, comment = raw.partition(COMMENT)
            if mark:
                self.comments.append((number, (mark + comment).rstrip()))
            if not line.strip():
                continue
            if ":" in line:
                self.header(number, line)
                continue
            # At most 10 tokens are kept: a row needs 9, the column letters 8; the rest are only counted.
            matches = _TOKEN.finditer(line)
            tokens = [_Item(m.group(), number, m.start() + 1) for m in itertools.islice(matches, 10)]
            count = len(tokens) + sum(1 for _ in matches)
            first = tokens[0]
            if first.text[0].isdigit():
                self.row(tokens, count - 1)
            elif first.text.upper() == "A":
                self.columns(tokens)
            else:
                self.fail_at(
                    first,
                    "expected a grid row starting with its number 1-8 (e.g. '1  o. oA ...'), "
                    "the column letters A-H, or a header 'key: value'",
                )

    def columns(self, tokens: list[_Item]) -> None:
        """The optional line of column letters: exactly A to H."""
        if [t.text.upper() for t in tokens] != list(COLUMN_NAMES):
            self.fail_at(tokens[0], "expected the column letters A B C D E F G H")

    def row(self, tokens: list[_Item], n_spaces: int) -> None:
        """A grid row: its label, then ``n_spaces`` tokens (only the first few are in ``tokens``)."""
        label, spaces = tokens[0], tokens[1:]
        r = _ROW_OF_LABEL.get(label.text)
        if r is None:
            self.fail_at(label, f"{label.text!r} is not a row number; expected 1 to 8")
            return
        if r in self.rows:
            self.fail_at(label, f"row {label.text} is given twice; the first is on line {self.rows[r]}")
            return
        self.rows[r] = label.line
        if n_spaces > 8:
            self.fail_at(spaces[8], f"row {label.text} has {counted(n_spaces, 'space')}; expected 8")
        elif n_spaces < 8:
            self.fail(label.line, 0, f"row {label.text} has {counted(n_spaces, 'space')}; expected 8, one per column")
        self.blanks = []
        for c, token in enumerate(spaces[:8]):
            self.space(square(c, r), token)
        if self.blanks:
            which = " ".join(square_name(sq) for sq, _ in self.blanks)
            self.fail_at(
                self.blanks[0][1],
                f"not typed yet: {which}; replace each {BLANK} with the colour printed there: o, b, m or l",
            )

    def space(self, sq: Square, token: _Item) -> None:
        """One token: cobblestone, optional Chartier mark, what stands on the space."""
        code = token.text[0]
        if code == CHARTIER and len(token.text) > 1 and token.text[1].lower() in GROUND_CODES:  # ``/oF``: mark first
            swapped = token.text[1] + CHARTIER + token.text[2:]
            self.fail_at(token, f"the Chartier mark {CHARTIER} follows the cobblestone: write {swapped!r}")
            return
        if code.lower() in GROUND_CODES:
            self.ground[sq] = code.lower()
        elif code == BLANK:
            self.blanks.append((sq, token))
        else:
            self.fail_at(token, f"{code!r} is not a cobblestone; expected o, b, m or l")
        rest, col = token.text[1:], token.col + 1
        if rest.startswith(CHARTIER):
            if self.chartier is not None:
                first = square_name(self.chartier)
                self.fail(token.line, col, f"a second Chartier space; the first is at {first}")
            else:
                self.chartier = sq
            rest, col = rest[1:], col + 1
        self.content(sq, _Item(rest, token.line, col))

    def content(self, sq: Square, item: _Item) -> None:
        text = item.text
        if text in ("", FREE):
            return
        if text in _PIECE_OF_SYMBOL:
            self.piece(_PIECE_OF_SYMBOL[text], sq, item)
        elif text[0] == STATUE:
            facing = ARROWS.get(text[1:].lower())
            if facing is None:
                if text[1:]:
                    self.fail(item.line, item.col + 1, f"{text[1:]!r} is not a facing; {_FACING_HELP}")
                else:
                    self.fail_at(item, f"the statue needs a facing; {_FACING_HELP}")
            else:
                self.piece("statue", sq, item)
                self.facing = facing
        elif text[0] == ANNEX:
            target = _Item(text[1:], item.line, item.col + 1)
            if target.text and not BUILDING_ID.fullmatch(target.text):
                self.fail_at(target, f"{target.text!r} is not a building id; expected 1-2 letters or digits")
            else:
                self.annexes.append((sq, target if target.text else None, item))
        elif BUILDING_ID.fullmatch(text):
            self.cells[text] = self.cells.get(text, 0) | 1 << sq
            self.first.setdefault(text, item)
        else:
            self.fail_at(item, f"{text!r} is not a piece; {_CONTENT_HELP}")

    def piece(self, name: str, sq: Square, item: _Item) -> None:
        if name in self.pieces:
            first = square_name(self.pieces[name][0])
            self.fail_at(item, f"a second {PIECE[name].label}; the first is at {first}")
        else:
            self.pieces[name] = (sq, item)

    def header(self, number: int, line: str) -> None:
        raw_key, value = line.split(":", 1)
        key_col = len(raw_key) - len(raw_key.lstrip()) + 1
        written = " ".join(raw_key.lower().replace("_", " ").replace("-", " ").split())
        key = _KEYS.get(written)
        if key is None:
            hint = did_you_mean(written, _KEYS) or f"; expected one of {_KEY_LIST}"
            self.fail(number, key_col, f"unknown header {raw_key.strip()!r}{hint}")
            if any(_KEYS[k] in _OWNER_KEYS for k in closest(written, _KEYS)):
                self.owners_misspelt.update(value.replace(",", " ").split())
            return
        value_col = len(raw_key) + 2
        self.header_lines.setdefault(key, []).append(number)
        if key in _SINGLE_KEYS:
            if key in self.single:
                first = self.single[key][1].line
                self.fail(number, key_col, f"{key!r} is given twice; the first is on line {first}")
            else:
                start = len(value) - len(value.lstrip())
                self.single[key] = (value, _Item(value.strip(), number, value_col + start))
            return
        if key in _RESERVE_KEYS:
            first_line = self.reserve_lines.setdefault(key, number)
            if first_line != number:
                self.fail(
                    number,
                    key_col,
                    f"{key!r} is given twice, here and on line {first_line}: write the sizes once, "
                    "on one line (a repeated line would count its buildings twice)",
                )
                return
            if not self.reserve_said(key, number, key_col, value):
                return
        words = _RESERVE_ITEM if key in _RESERVE_KEYS else _CARD_ITEM if key in _CARD_KEYS else _ITEM
        limit = 4 * MAX_ITEMS if key in _RESERVE_KEYS else MAX_ITEMS  # shapes are words too; reserve() counts buildings
        have = self.headers.setdefault(key, [])
        breaks = self.breaks.setdefault(key, [])
        for m in words.finditer(value):
            if m.group().lower() in _NONE_WORDS:
                continue
            item = _Item(m.group(), number, value_col + m.start())
            if len(have) == limit:
                self.fail_at(item, f"too many words for {key!r}; at most {limit} (docs/robustness.md)")
                break
            have.append(item)
            if key in _CARD_KEYS:
                breaks.append(_COMMA.match(value, m.end()) is not None)
            if key in _OWNER_KEYS:
                self.owners.append((_OWNER_KEYS[key], item))
        if breaks:
            breaks[-1] = True  # a name never runs from one line to the next

    def reserve_said(self, key: str, number: int, key_col: int, value: str) -> bool:
        """S3: a reserve line must say something: sizes, ``none`` (or ``-``), or ``unknown``; False when done."""
        player = Player.ORANGE if key == "orange reserve" else Player.BLUE
        said = value.strip()
        if not said:
            self.headers.setdefault(key, [])
            self.fail(number, key_col, f"{key!r} is empty; write the sizes {player} did not build, {_example(key)}")
            return False
        if said.lower() == NOT_GIVEN:
            self.headers.setdefault(key, [])
            self.not_given.append(player)
            return False
        words = said.lower().replace(",", " ").split()
        if len(words) > 1 and any(word in _NONE_WORDS for word in words):
            self.headers.setdefault(key, [])
            self.fail(number, key_col, f"{key!r} says none and lists sizes too; keep one")
            return False
        return True

    # -- putting the position together ---------------------------------------

    def run_together(self, item: _Item) -> list[str]:
        """The grid's ids in a header word of 3 or more that are typed without spaces (``ABCG``), else []."""
        text = item.text
        if len(text) < 3 or not all(c in self.cells for c in text):
            return []
        return list(text)

    def building_id(self, item: _Item) -> str | None:
        """The grid's id for a header's id: exact, else the one id equal but for letter case."""
        if not BUILDING_ID.fullmatch(item.text):
            parts = self.run_together(item)
            hint = f"; separate the ids with spaces: {' '.join(parts)}" if parts else "; expected 1-2 letters or digits"
            self.fail_at(item, f"{item.text!r} is not a building id{hint}")
            return None
        if item.text in self.cells:
            return item.text
        alike = [id_ for id_ in self.cells if id_.lower() == item.text.lower()]
        if len(alike) == 1:
            return alike[0]
        self.fail_at(item, f"building {item.text!r} is not on the grid")
        return None

    def buildings(self) -> list[Building]:
        owner: dict[str, tuple[Player, _Item]] = {}
        for player, item in self.owners:
            id_ = self.building_id(item)
            if id_ is None:
                for part in self.run_together(item):  # already said: no "has no owner" for each of them
                    owner.setdefault(part, (player, item))
                continue
            if id_ in owner:
                self.fail_at(item, f"building {id_} is already listed on line {owner[id_][1].line}")
            else:
                owner[id_] = (player, item)
                self.owner_lines[id_] = (item.line, f"{player} buildings")
        for id_, item in self.first.items():
            if id_ in owner or id_ in self.owners_misspelt:
                continue
            alike = [named for named in owner if named.lower() == id_.lower()]
            if len(alike) == 1:  # ``oc`` among the spaces of C: a letter typed in the wrong case
                self.cells[alike[0]] |= self.cells.pop(id_)
                continue
            hint = did_you_mean(id_, owner) if len(id_) > 1 else ""
            self.fail_at(item, f"building {id_} has no owner; name it in 'orange buildings' or 'blue buildings'{hint}")
        jardins = {self.building_id(item) for item in self.headers.get("jardin", [])}
        annex_of = self.annex_spaces()
        return [
            Building(id_, player, self.cells[id_], annex_of.get(id_), id_ in jardins)
            for id_, (player, _) in owner.items()
        ]

    def annex_spaces(self) -> dict[str, Square]:
        """Building id -> its annex (P8), from ``+ID`` on the grid or a bare ``+`` and ``annex: ID``."""
        named: str | None = None
        bare = [item for _, target, item in self.annexes if target is None]
        if "annex" in self.single:
            item = self.single["annex"][1]
            found = itertools.islice(_ITEM.finditer(item.text), 2)  # one is right; a second is enough to refuse
            words = [_Item(m.group(), item.line, item.col + m.start()) for m in found]
            if len(words) != 1:
                self.fail_at(item, "expected the id of the building that carries the annex, e.g. 'annex: B'")
            else:
                named = self.building_id(words[0])
                if not bare:
                    self.fail_at(item, "no '+' on the grid for this annex; mark the annex's space with +")
        if len(bare) > 1:
            self.fail_at(bare[1], "a second '+' without a building id; write +ID (e.g. +B) on each annex")
        elif bare and "annex" not in self.single:
            self.fail_at(bare[0], "which building does this annex extend? write +ID (e.g. +B) or 'annex: B'")
        annex_of: dict[str, Square] = {}
        for sq, target, item in self.annexes:
            id_ = named if target is None else self.building_id(target)
            if id_ is None:
                continue
            if id_ in annex_of:
                first = square_name(annex_of[id_])
                self.fail_at(item, f"building {id_} already has an annex, at {first}; it carries one at most")
            else:
                annex_of[id_] = sq
        return annex_of

    def size(self, item: _Item) -> int | None:
        if item.text == "0":
            self.fail_at(item, "'0' is not a building size; write 'none' when every building was built")
        elif not _NUMBER.fullmatch(item.text):
            self.fail_at(item, f"{item.text!r} is not a building size; expected 3, 4, 5 or 6")
        elif int(item.text) not in BOX_SIZES:
            self.fail_at(item, f"size {item.text} is not in the box; expected 3, 4, 5 or 6 (B3)")
        else:
            return int(item.text)
        return None

    def reserve(self, key: str) -> list[tuple[int, Shape | None]]:
        """S3: each size, maybe followed by the building's shape, e.g. ``4[A1 B1 C1 A2]`` (needed by F4)."""
        entries: list[tuple[int, Shape | None]] = []
        last: tuple[int | None, int | None] | None = None  # (size, index in entries) of a size still without a shape
        for item in self.headers.get(key, []):
            if item.text == CLOSE_SHAPE:
                self.fail_at(item, "a ']' without its '['; write a shape as 4[A1 B1 C1 A2]")
            elif item.text.startswith(OPEN_SHAPE):
                if last is None:
                    self.fail_at(item, "a shape needs its building's size just before it, e.g. 4[A1 B1 C1 A2]")
                    continue
                size, index = last
                shape = self.shape(item, size)
                if shape is not None and size is not None and index is not None:
                    entries[index] = (size, shape)
                last = None
            else:
                size = self.size(item)
                if size is not None and len(entries) == MAX_ITEMS:  # as many as JSON reads
                    self.fail_at(item, f"more than {MAX_ITEMS} buildings in a reserve (docs/robustness.md)")
                    break
                if size is not None:
                    entries.append((size, None))
                last = (size, None if size is None else len(entries) - 1)
        return entries

    def shape(self, item: _Item, size: int | None) -> Shape | None:
        """A reserve building's shape: its spaces drawn anywhere on the board, connected (B3)."""
        if not item.text.endswith(CLOSE_SHAPE):
            self.fail_at(item, "this shape's '[' has no ']'; write a shape as 4[A1 B1 C1 A2]")
            return None
        cells: list[Square] = []
        good = True
        for m in _ITEM.finditer(item.text[1:-1]):
            word = _Item(m.group(), item.line, item.col + 1 + m.start())
            try:
                sq = parse_square(word.text)
            except ValueError:
                self.fail_at(word, f"{word.text!r} is not a space; expected a column A-H and a row 1-8, e.g. 'C4'")
                good = False
                continue
            if sq in cells:
                self.fail_at(word, f"{square_name(sq)} is listed twice")
                good = False
            cells.append(sq)
        if not good:
            return None
        bb = bitboard(cells)
        if not cells:
            self.fail_at(item, "an empty shape; list the building's spaces, e.g. 4[A1 B1 C1 A2]")
        elif not is_connected(bb):
            self.fail_at(item, "the spaces of a shape must be connected edge to edge (P1)")
        elif size is not None and len(cells) != size:
            self.fail_at(item, f"{counted(len(cells), 'space')} for a building of size {size}")
        else:
            return shape_of(bb)
        return None

    def cards(self, key: str) -> list[Postcard]:
        """Postcards by slug or printed title (``Le Peintre, moulin rouge``); one error per unknown name."""
        items = self.headers.get(key, [])
        cards = []
        for start, end, card in postcard_runs([item.text for item in items], self.breaks.get(key, [])):
            if card is None:
                text = " ".join(item.text for item in items[start:end])
                self.fail_at(items[start], f"{text!r} is not a postcard{postcard_hint(text)}")
            else:
                cards.append(card)
        return cards

    def pattern(self) -> Pattern:
        """S1c: a preset name or offsets written ``(dcol, drow)``."""
        if "pattern" not in self.single:
            return "square2"
        value, item = self.single["pattern"]
        pattern, found = read_pattern(value)
        lead = len(value) - len(value.lstrip())
        for at, message in found:
            self.fail(item.line, item.col + at - lead, message)
        return "square2" if pattern is None else pattern

    def reserves_given(self) -> None:
        """S3: a reserve left out is refused, not read as none (a forgotten line would score wrong)."""
        if not self.rows:
            return  # no grid at all: that error is enough
        for key in _RESERVE_KEYS:
            if key not in self.headers:
                player = key.split()[0]
                message = f"no {key!r} line; add one here with the sizes {player} did not build, {_example(key)}"
                self.fail(self.missing_line(key), 0, message, last=True)

    def missing_row_line(self, r: int) -> int:
        """Where the missing grid row ``r`` goes: below the row before it, else above the first row given."""
        above = [line for row, line in self.rows.items() if row < r]
        return max(above) + 1 if above else min(self.rows.values())

    def missing_line(self, key: str) -> int:
        """Where the header ``key`` goes: below the headers that come before it (as the template orders them),
        else below the grid."""
        before = _KEY_ORDER[: _KEY_ORDER.index(key)]
        return 1 + max(
            (self.header_lines[k][-1] for k in before if k in self.header_lines), default=max(self.rows.values())
        )

    def position(self) -> Position:
        self.reserves_given()
        if not self.rows:
            self.fail(0, 0, "no grid; expected 8 rows, each starting with its number, e.g. '1  o. oA bD ...'")
        else:
            for r in range(8):
                if r not in self.rows:
                    self.fail(
                        self.missing_row_line(r), 0, f"row {r + 1} is missing; the grid needs rows 1 to 8", last=True
                    )
        # Any: the attrs plugin types ``converter=tuple`` as an unsolvable ``Iterable[_T_co]``.
        buildings: Any = tuple(self.buildings())
        orange, blue = self.reserve("orange reserve"), self.reserve("blue reserve")
        postcards = Postcards(self.cards("postcards"), self.cards("orange used"), self.cards("blue used"))
        rules = Rules(self.pattern())
        if self.errors:
            raise PositionFormatError(e for *_, e in sorted(self.errors, key=lambda e: e[:2]))
        reserve = Reserve(
            [n for n, _ in orange],
            [n for n, _ in blue],
            [s for _, s in orange],
            [s for _, s in blue],
            self.not_given,
        )
        found: dict[str, Any] = {key: sq for key, (sq, _) in self.pieces.items()}
        if STATUE_PIECE.key in found:
            found[STATUE_PIECE.key] = Statue(found[STATUE_PIECE.key], self.facing)
        pieces = Pieces(**found, chartier=self.chartier)
        codes = "".join(code or "" for code in self.ground)
        ground = Ground.from_rows([codes[r * 8 : r * 8 + 8] for r in range(8)])
        return Position(ground, buildings, reserve, postcards, pieces, rules)


def read_pattern(value: str) -> tuple[Pattern | None, list[tuple[int, str]]]:
    """S1c: a preset name or offsets ``(dcol, drow)``; the pattern (``None`` if none is readable) and errors.

    Each error is ``(index in value, message)``; the text grid and ``--pattern`` word them alike.
    """
    text = value.strip()
    if text.lower() in PATTERN_NAMES:
        return text.lower(), []  # type: ignore[return-value]  # one of PATTERN_NAMES
    errors: list[tuple[int, str]] = []
    written: set[tuple[int, int]] = set()
    good: list[tuple[int, int]] = []
    at = 0
    for match in _OFFSET.finditer(value):
        if value[at : match.start()].strip(_SEPARATORS):
            break
        pair = (int(match.group(1)), int(match.group(2)))
        if pair == (0, 0):
            errors.append((match.start(), "(0,0) is the lamp's own space; a pattern leaves it out"))
        elif max(map(abs, pair)) > MAX_OFFSET:
            errors.append((match.start(), f"({pair[0]},{pair[1]}) reaches off any board; parts are -7 to 7"))
        elif pair in written:
            errors.append((match.start(), f"({pair[0]},{pair[1]}) is listed twice"))
        else:
            good.append(pair)
        written.add(pair)
        at = match.end()
    if not written or value[at:].strip(_SEPARATORS):
        what = f"{text!r} is not a pattern" if text else "the pattern is missing"
        expected = f"{', '.join(PATTERN_NAMES)} or offsets (dcol,drow) such as (1,0) (0,-1)"
        errors.append((len(value) - len(value.lstrip()), f"{what}; expected {expected}"))
    return (tuple(good) if good else None), errors


def _example(key: str) -> str:
    """How to write a reserve line, e.g. ``'blue reserve: 4 5' or 'blue reserve: none'``."""
    return f"e.g. '{key}: 4 5', or '{key}: none' if every building was built"


_OWNER: Final = "owner"
"""In ``Kind.headers``: the owner line naming each building on the problem's spaces."""


@attrs.frozen
class Typed:
    """A position read from a text grid, and where each part of it was typed (for messages)."""

    position: Position
    row_lines: tuple[int, ...]
    """The line number of rows 1 to 8."""
    header_lines: dict[str, tuple[int, ...]] = attrs.field(factory=dict)
    """Each header key given -> the lines it was typed on."""
    owner_lines: dict[str, tuple[int, str]] = attrs.field(factory=dict)
    """Each building id -> the line of the owner header naming it, and that header's key."""
    comments: tuple[tuple[int, str], ...] = ()
    """Each comment's line and text, from its ``#`` (the position holds none of them)."""

    def line_of(self, sq: Square) -> int:
        """The line the space ``sq`` was typed on."""
        return self.row_lines[sq >> 3]

    def headers_of(self, problem: Problem) -> list[tuple[int, str]]:
        """The header lines that decide ``problem`` (its ``Kind.headers``), as (line, what it says), in the order
        ``Kind.headers`` names them, the likeliest typo first; lines of a player the message does not name left out.

        ``(18, "blue buildings: G")`` for a building on the wrong colour: the
        owner line is the other place the typo may be.
        """
        found: dict[tuple[int, str], None] = {}  # an ordered set
        left_out = _unnamed_player(problem.message)
        kind = PROBLEMS.get(problem.code)
        for key in kind.headers if kind is not None else ():
            if key == _OWNER:
                spaces = sum(1 << sq for sq in problem.spaces)
                for b in self.position.buildings:
                    if b.spaces & spaces and b.id in self.owner_lines:
                        line, owner = self.owner_lines[b.id]
                        found[line, f"{owner}: {b.id}"] = None
            elif not key.startswith(left_out):
                found.update(((line, key), None) for line in sorted(self.header_lines.get(key, ())))
        return list(found)


def _unnamed_player(message: str) -> tuple[str, ...]:
    """The header prefix of the player a problem's message leaves out when it names only the other one
    (``no reserve given for blue``: ``orange ``, whose lines are not the place to fix); else none."""
    named = [p for p in ("orange", "blue") if re.search(rf"\b{p}\b", message)]
    return (("blue " if named == ["orange"] else "orange "),) if len(named) == 1 else ()


def loads_text(text: str) -> Position:
    """Read a text grid (docs/text-format.md); :class:`PositionFormatError` lists every error."""
    return loads_typed(text).position


def loads_typed(text: str) -> Typed:
    """:func:`loads_text`, with the line of each grid row, so that messages can point at a space's line."""
    reader = _Reader()
    try:
        reader.read(text.removeprefix("\ufeff"))
        position = reader.position()
        return Typed(
            position,
            tuple(reader.rows[r] for r in range(8)),
            {key: tuple(lines) for key, lines in reader.header_lines.items()},
            reader.owner_lines,
            tuple(reader.comments),
        )
    except _TooManyErrorsError:
        found = [e for *_, e in sorted(reader.errors, key=lambda e: e[:2])]
        raise PositionFormatError([*found, Located("", f"stopped after {MAX_ERRORS} errors")]) from None


# -- writing ------------------------------------------------------------------

LEGEND: Final = (
    "# Paris: La Cité de la Lumière, a position as a paris-score text grid (docs/text-format.md).",
    *textwrap.wrap(
        f"Each space: its cobblestone (o orange, b blue, m mixed, l streetlight), {CHARTIER} if the Chartier space "
        f"lies on it, then what stands there: {FREE} nothing, A building A, {ANNEX}A annex of A, {_SYMBOLS_HELP}, "
        f"{_STATUE_SYMBOLS} statue facing.",
        94,
        initial_indent="# ",
        subsequent_indent="# ",
        break_on_hyphens=False,
    ),
)


def _drawn(position: Position) -> list[str]:
    """What stands on each space, one symbol per space; two things on one space cannot be drawn."""
    drawn: list[tuple[str, str] | None] = [None] * 64
    clashes: dict[Square, list[str]] = {}

    def put(sq: Square, symbol: str, what: str) -> None:
        there = drawn[sq]
        if there is None:
            drawn[sq] = (symbol, what)
        else:
            clashes.setdefault(sq, [there[1]]).append(what)

    for b in position.buildings:
        for sq in scan(b.cells):
            put(sq, b.id, f"building {b.id}")
    for b in position.buildings:
        if b.annex is not None:
            put(b.annex, ANNEX + b.id, f"the annex of {b.id}")
    statue = position.pieces.statue
    for key, sq in position.pieces.placed().items():
        symbol = STATUE + _ARROW_OF_FACING[statue.facing] if key == STATUE_PIECE.key and statue else PIECE_SYMBOLS[key]
        put(sq, symbol, f"the {PIECE[key].label}")
    if clashes:
        lines = [f"{square_name(sq)}: {', '.join(w[:-1])} and {w[-1]}" for sq, w in sorted(clashes.items())]
        raise UnwritableError(
            "the text grid shows one thing per space; these spaces hold more (keep this position as JSON):\n"
            + "\n".join(lines),
            sorted(clashes),
        )
    return [FREE if d is None else d[0] for d in drawn]


def _reserve_word(size: int, shape: Shape | None) -> str:
    """``5``, or ``4[A1 B1 C1 A2]`` when the shape is known (drawn from A1, as the JSON writer does)."""
    if shape is None:
        return str(size)
    return f"{size}{OPEN_SHAPE}{' '.join(names(shape_bitboard(shape)))}{CLOSE_SHAPE}"


def _line(key: str, words: list[str]) -> str:
    return f"{key}: {' '.join(words) if words else NONE}"


def dumps_text(position: Position, *, legend: bool = True) -> str:
    """The position as a text grid; :class:`~paris_score.errors.UnwritableError` if two things share a space."""
    drawn = _drawn(position)
    chartier = position.pieces.chartier
    tokens = [position.ground.code(sq) + (CHARTIER if sq == chartier else "") + drawn[sq] for sq in range(64)]
    width = max(4, max(len(t) for t in tokens) + 1)
    lines = [*LEGEND, ""] if legend else []
    lines.append(" " * 4 + "".join(c.ljust(width) for c in COLUMN_NAMES))
    for r in range(8):
        lines.append(ROW_NAMES[r].ljust(4) + "".join(t.ljust(width) for t in tokens[r * 8 : r * 8 + 8]))
    lines.append("")
    runs: list[tuple[Player, list[str]]] = []
    for b in position.buildings:
        if runs and runs[-1][0] is b.owner:
            runs[-1][1].append(b.id)
        else:
            runs.append((b.owner, [b.id]))
    for player in PLAYERS:
        if not any(owner is player for owner, _ in runs):
            runs.append((player, []))
    lines += [_line(f"{player} buildings", ids) for player, ids in runs]
    lines.append(_line("jardin", [b.id for b in position.buildings if b.jardin]))
    reserve = position.reserve
    lines += [
        f"{player} reserve: {NOT_GIVEN}"
        if player in reserve.not_given
        else _line(f"{player} reserve", [_reserve_word(*e) for e in reserve.entries(player)])
        for player in PLAYERS
    ]
    cards = position.postcards
    lines.append(_line("postcards", [str(c) for c in cards.in_play]))
    lines += [_line(f"{player} used", [str(c) for c in cards.used(player)]) for player in PLAYERS]
    pattern = position.rules.large_streetlight_pattern
    offsets: list[str] = [pattern] if isinstance(pattern, str) else [f"({dc},{dr})" for dc, dr in pattern]
    lines.append(_line("pattern", offsets))
    return "\n".join(line.rstrip() for line in lines) + "\n"


def blank_template() -> str:
    """A blank text grid to fill in (``paris-score template``): every header, the postcards as comments.

    Each ``?`` waits for a cobblestone and each reserve line for its sizes (or
    ``none``): left as they are, the reader refuses them, so a half-filled
    template cannot score.
    """
    lines = [
        *LEGEND,
        "# Replace each ? with the colour printed on the space, then each . with what stands there.",
        "",
        " " * 4 + "   ".join(COLUMN_NAMES),
        *(ROW_NAMES[r].ljust(4) + "  ".join([BLANK + FREE] * 8) for r in range(8)),
        "",
        "orange buildings:     # the ids of orange's buildings, e.g. A B C",
        "blue buildings:       # the ids of blue's buildings, e.g. D E F",
        "jardin: -             # the id of the Jardin des Plantes tile, if it was built",
        "orange reserve:       # sizes orange did not build, e.g. 4 5; none if every building was built",
        "blue reserve:         # sizes blue did not build, e.g. 4 5; none if every building was built",
        "postcards:            # the 8 postcards of the game",
        "orange used:          # the postcards orange put an action token on",
        "blue used:            # the postcards blue put an action token on",
        "pattern: square2      # the large streetlight's pattern: square2, diamond2, rays4, rays8 or offsets",
        "",
        "# The postcards, as printed (capitals, accents, spaces and hyphens do not matter; commas may separate):",
        *(f"#   {title:<27} {card.value}" for card, title in TITLES.items()),
    ]
    return "\n".join(lines) + "\n"
