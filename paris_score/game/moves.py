"""Moves of a game and their notation (G2-G11): one line of text each, parsed and written back.

``Move.parse`` reads any case and returns one of the move classes below;
``str(move)`` writes the canonical text (lower-case words, upper-case spaces
and ids, a building's spaces in board order), which parses back to an equal
move::

    >>> str(Move.parse("BUILD f e6 d5 f5 e5 Chartier=d5"))
    'build F D5 E5 F5 E6 chartier=D5'

Parsing knows nothing of a game: whether a move is legal is the game's
question (:meth:`paris_score.game.GameState.play`).  Text that does not
parse raises :class:`~paris_score.errors.MoveNotationError` (code
``bad-notation``, rule G3; G2 for an area that is not one of the 16).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, ClassVar, Final

import attrs

from paris_score.codes import NOT_A_LINE, NOT_PARSED
from paris_score.errors import IllegalMoveError, clip
from paris_score.limits import MAX_MOVE_CHARS
from paris_score.model import BUILDING_ID, FACINGS, Facing
from paris_score.postcards import Postcard
from paris_score.squares import BB_ALL, BB_TILES, SQUARE_NAMES, Bitboard, Square, names, parse_square, square_name

AREAS: Final[tuple[Square, ...]] = tuple((bb & -bb).bit_length() - 1 for bb in BB_TILES)
"""The 16 areas (G2), each named by its top-left space: A1 C1 E1 G1, A3 ... G7."""
AREA_NAMES: Final = " ".join(SQUARE_NAMES[sq] for sq in AREAS)
ROTATIONS: Final = (0, 90, 180, 270)
"""A tile turns 0, 90, 180 or 270 degrees clockwise (G4)."""

PIECE_CARDS: Final = (
    Postcard.LE_PEINTRE,
    Postcard.MOULIN_ROUGE,
    Postcard.LAMPADAIRE,
    Postcard.LA_GRANDE_LUMIERE,
)
"""Cards whose action puts one piece on one space: painter, dancer, streetlight tile, large streetlight."""
NO_ACTION_CARDS: Final = (Postcard.METROPOLITAIN, Postcard.CHARTIER, Postcard.SACRE_COEUR)
"""Cards activated with no piece to place now (P3, P5, P7)."""


class Move:
    """A move of either phase; :meth:`parse` reads one, ``str()`` writes it canonically."""

    __slots__ = ()
    card: ClassVar[Postcard | None] = None
    """The postcard a ``card`` move activates (set on instances of card moves)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """The kinds of move are closed (:data:`MoveKind`): only this module defines them."""
        if cls.__module__ != __name__:
            raise TypeError(f"{cls.__name__}: the kinds of move are the eleven of paris_score.game.moves (MoveKind)")
        super().__init_subclass__(**kwargs)

    @staticmethod
    def parse(text: str) -> MoveKind:
        """The move ``text`` writes (any case); :class:`MoveNotationError` if it does not parse."""
        if not isinstance(text, str):
            raise NOT_A_LINE.refuse(rule="G3", type=type(text).__name__)
        return _parse(text) if len(text) <= MAX_MOVE_CHARS else _parse.__wrapped__(text)  # long texts: not kept


def _spaces_text(cells: Bitboard) -> str:
    return " ".join(names(cells))


def _options_text(metro: Square | None, chartier: Square | None) -> str:
    text = ""
    if metro is not None:
        text += f" metro={square_name(metro)}"
    if chartier is not None:
        text += f" chartier={square_name(chartier)}"
    return text


# -- values: a move made in code is checked as the parser checks its text (ValueError otherwise) -----------------


def _check(ok: bool, attribute: attrs.Attribute[Any], value: object, expected: str) -> None:
    if not ok:
        raise ValueError(f"{attribute.name}: {value!r} is not {expected}")


def _one_of(options: tuple[object, ...], expected: str) -> Callable[[object, attrs.Attribute[Any], object], None]:
    def check(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
        _check(value in options, attribute, value, expected)

    return check


def _is_space(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    _check(type(value) is int and 0 <= value < 64, attribute, value, "a space 0-63")


def _is_option(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None:
        _is_space(_, attribute, value)


def _is_cells(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    _check(type(value) is int and 0 < value <= BB_ALL, attribute, value, "a non-empty bitboard")


def _is_piece(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value not in _GOOD_IDS:
        ok = isinstance(value, str) and BUILDING_ID.fullmatch(value) is not None and value == value.upper()
        _check(ok, attribute, value, "an id of 1-2 capital letters or digits")
        if len(_GOOD_IDS) < 4096:
            _GOOD_IDS.add(value)  # type: ignore[arg-type]


_GOOD_IDS: set[str] = set()
"""Ids already found good: moves are made by the thousand, their ids are few."""


def _is_card(_: object, attribute: attrs.Attribute[Any], value: object) -> None:
    _check(isinstance(value, Postcard), attribute, value, "a Postcard")


@attrs.frozen
class PlaceTile(Move):
    """G4: put the tile in hand on an empty area (its top-left space, G2), turned clockwise."""

    area: Square = attrs.field(validator=_one_of(AREAS, f"an area ({AREA_NAMES})"))
    rotation: int = attrs.field(default=0, validator=_one_of(ROTATIONS, "0, 90, 180 or 270"))

    def __str__(self) -> str:
        return f"tile {square_name(self.area)} {self.rotation}"


@attrs.frozen
class Take(Move):
    """G5: take a piece of the pool into your reserve."""

    piece: str = attrs.field(validator=_is_piece)

    def __str__(self) -> str:
        return f"take {self.piece}"


@attrs.frozen
class Pass(Move):
    """G6 (phase 1) or G11 (phase 2): do nothing, where allowed."""

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Build(Move):
    """G9: build a reserve piece on ``cells``; ``metro`` / ``chartier`` name the spaces P3 / P7 serve."""

    piece: str = attrs.field(validator=_is_piece)
    cells: Bitboard = attrs.field(validator=_is_cells)
    metro: Square | None = attrs.field(default=None, validator=_is_option)
    chartier: Square | None = attrs.field(default=None, validator=_is_option)

    def __str__(self) -> str:
        return f"build {self.piece} {_spaces_text(self.cells)}{_options_text(self.metro, self.chartier)}"


@attrs.frozen
class Activate(Move):
    """G10 without an action: a card declined (F3), or Métropolitain, Chartier, Sacré-Cœur (P3, P7, P5: they act
    later, or at the end)."""

    card: Postcard = attrs.field(validator=_is_card)  # type: ignore[misc]

    def __str__(self) -> str:
        return f"card {self.card.value}"


@attrs.frozen
class Levitate(Move):
    """G10 Lévitation (P2): give a reserve piece back, take one of the pool and build it at once."""

    give: str = attrs.field(validator=_is_piece)
    take: str = attrs.field(validator=_is_piece)
    cells: Bitboard = attrs.field(validator=_is_cells)
    metro: Square | None = attrs.field(default=None, validator=_is_option)
    chartier: Square | None = attrs.field(default=None, validator=_is_option)
    card: ClassVar[Postcard] = Postcard.LEVITATION

    def __str__(self) -> str:
        spaces = _spaces_text(self.cells)
        return f"card levitation {self.give} {self.take} {spaces}{_options_text(self.metro, self.chartier)}"


@attrs.frozen
class BuildJardin(Move):
    """G10 Jardin des Plantes (P4): build the domino on ``cells``."""

    cells: Bitboard = attrs.field(validator=_is_cells)
    card: ClassVar[Postcard] = Postcard.JARDIN_DES_PLANTES

    def __str__(self) -> str:
        return f"card jardin-des-plantes {_spaces_text(self.cells)}"


@attrs.frozen
class PlacePiece(Move):
    """G10: the painter, the dancer, the streetlight tile or the large streetlight on a space (P6, P10, P9, P13)."""

    card: Postcard = attrs.field(validator=_one_of(PIECE_CARDS, "a card putting one piece on one space"))  # type: ignore[misc]
    at: Square = attrs.field(validator=_is_space)

    def __str__(self) -> str:
        return f"card {self.card.value} {square_name(self.at)}"


@attrs.frozen
class PlaceStatue(Move):
    """G10 Le Penseur (P11): the statue on a space, facing up, down, left or right."""

    at: Square = attrs.field(validator=_is_space)
    facing: Facing = attrs.field(validator=_one_of(FACINGS, "up, down, left or right"))
    card: ClassVar[Postcard] = Postcard.LE_PENSEUR

    def __str__(self) -> str:
        return f"card le-penseur {square_name(self.at)} {self.facing}"


@attrs.frozen
class PlaceFountain(Move):
    """G10 Fontaine des Mers (P12): the fountain on a space, maybe on the Chartier space laid there (P7)."""

    at: Square = attrs.field(validator=_is_space)
    chartier: Square | None = attrs.field(default=None, validator=_is_option)
    card: ClassVar[Postcard] = Postcard.FONTAINE_DES_MERS

    def __str__(self) -> str:
        return f"card fontaine-des-mers {square_name(self.at)}{_options_text(None, self.chartier)}"


@attrs.frozen
class PlaceAnnex(Move):
    """G10 Bouquinistes (P8): the annex on a space, extending the named building."""

    at: Square = attrs.field(validator=_is_space)
    building: str = attrs.field(validator=_is_piece)
    card: ClassVar[Postcard] = Postcard.BOUQUINISTES

    def __str__(self) -> str:
        return f"card bouquinistes {square_name(self.at)} {self.building}"


MoveKind = (
    PlaceTile
    | Take
    | Pass
    | Build
    | Activate
    | Levitate
    | BuildJardin
    | PlacePiece
    | PlaceStatue
    | PlaceFountain
    | PlaceAnnex
)
"""Every kind of move: a closed union (no other subclass of :class:`Move` can be made), so mypy checks that a
``match`` over a ``MoveKind`` names them all (``case _: assert_never(move)``)."""
MOVE_KINDS: Final = (
    PlaceTile,
    Take,
    Pass,
    Build,
    Activate,
    Levitate,
    BuildJardin,
    PlacePiece,
    PlaceStatue,
    PlaceFountain,
    PlaceAnnex,
)
"""The classes of :data:`MoveKind`, for ``isinstance``."""


# -- parsing ------------------------------------------------------------------------------------------------------

_CARDS: Final = {card.value: card for card in Postcard}


def _fail(text: str, why: str, rule: str = "G3") -> IllegalMoveError:
    return NOT_PARSED.refuse(rule=rule, move=repr(clip(text, 80)), why=clip(why, 200))


def _space(text: str, word: str) -> Square:
    try:
        return parse_square(word)
    except ValueError:
        raise _fail(text, f"{word!r} is not a space; expected a column A-H and a row 1-8, e.g. C4") from None


def _id(text: str, word: str) -> str:
    if not BUILDING_ID.fullmatch(word):
        raise _fail(text, f"{word!r} is not an id; expected 1-2 letters or digits")
    return word.upper()


def _cells(text: str, words: list[str], *, options: bool) -> tuple[Bitboard, Square | None, Square | None]:
    """The spaces of a building and its ``metro=`` / ``chartier=`` options."""
    cells = 0
    found: dict[str, Square] = {}
    for word in words:
        key, eq, value = word.partition("=")
        if eq:
            key = key.lower()
            if not options or key not in ("metro", "chartier"):
                raise _fail(text, f"unknown option {word!r}" + ("; expected metro= or chartier=" if options else ""))
            if key in found:
                raise _fail(text, f"{key}= is given twice")
            found[key] = _space(text, value)
            continue
        bit = 1 << _space(text, word)
        if cells & bit:
            raise _fail(text, f"{word.upper()} is listed twice")
        cells |= bit
    if not cells:
        raise _fail(text, "expected the spaces the building covers")
    return cells, found.get("metro"), found.get("chartier")


@functools.lru_cache(maxsize=4096)
def _parse(text: str) -> MoveKind:
    """Moves are values, so a text parsed once is not parsed again: the same few recur game after game."""
    words = text.split()
    if not words:
        raise _fail(text, "empty; expected tile, take, pass, build or card")
    verb, args = words[0].lower(), words[1:]
    if verb == "tile":
        if len(args) != 2:
            raise _fail(text, "expected 'tile AREA ROTATION', e.g. 'tile C3 90'")
        area = _space(text, args[0])
        if area not in AREAS:
            raise _fail(text, f"{args[0].upper()} is not an area; the areas are {AREA_NAMES}", "G2")
        if args[1] not in ("0", "90", "180", "270"):
            raise _fail(text, f"{args[1]!r} is not a rotation; expected 0, 90, 180 or 270")
        return PlaceTile(area, int(args[1]))
    if verb == "take":
        if len(args) != 1:
            raise _fail(text, "expected 'take ID', e.g. 'take F'")
        return Take(_id(text, args[0]))
    if verb == "pass":
        if args:
            raise _fail(text, "'pass' takes nothing after it")
        return Pass()
    if verb == "build":
        if len(args) < 2:
            raise _fail(text, "expected 'build ID SPACE...', e.g. 'build F D5 E5 F5'")
        return Build(_id(text, args[0]), *_cells(text, args[1:], options=True))
    if verb == "card":
        if not args:
            raise _fail(text, "expected 'card SLUG ...', e.g. 'card le-peintre C4'")
        return _parse_card(text, args[0].lower(), args[1:])
    raise _fail(text, f"{words[0]!r} is not a move; expected tile, take, pass, build or card")


def _parse_card(text: str, slug: str, args: list[str]) -> MoveKind:
    card = _CARDS.get(slug)
    if card is None:
        raise _fail(text, f"{slug!r} is not a postcard; expected one of {', '.join(_CARDS)}")
    if not args:
        return Activate(card)
    if card in NO_ACTION_CARDS:
        raise _fail(text, f"'card {slug}' takes nothing after it")
    if card is Postcard.LEVITATION:
        if len(args) < 3:
            raise _fail(text, "expected 'card levitation GIVE TAKE SPACE...', e.g. 'card levitation B K A7 B7 B8'")
        return Levitate(_id(text, args[0]), _id(text, args[1]), *_cells(text, args[2:], options=True))
    if card is Postcard.JARDIN_DES_PLANTES:
        if len(args) != 2:
            raise _fail(text, "expected 'card jardin-des-plantes SPACE SPACE', e.g. 'card jardin-des-plantes C1 D1'")
        return BuildJardin(_cells(text, args, options=False)[0])
    if card in PIECE_CARDS:
        if len(args) != 1:
            raise _fail(text, f"expected 'card {slug} SPACE', e.g. 'card {slug} E2'")
        return PlacePiece(card, _space(text, args[0]))
    if card is Postcard.LE_PENSEUR:
        if len(args) != 2 or args[1].lower() not in FACINGS:
            raise _fail(
                text, "expected 'card le-penseur SPACE FACING' (up, down, left or right), e.g. 'card le-penseur D6 up'"
            )
        return PlaceStatue(_space(text, args[0]), args[1].lower())  # type: ignore[arg-type]
    if card is Postcard.FONTAINE_DES_MERS:
        if len(args) > 2:
            raise _fail(text, "expected 'card fontaine-des-mers SPACE [chartier=SPACE]'")
        at = _space(text, args[0])
        chartier = None
        if len(args) == 2:
            key, eq, value = args[1].partition("=")
            if not eq or key.lower() != "chartier":
                raise _fail(text, f"{args[1]!r}: expected chartier=SPACE")
            chartier = _space(text, value)
        return PlaceFountain(at, chartier)
    # Bouquinistes
    if len(args) != 2:
        raise _fail(text, "expected 'card bouquinistes SPACE BUILDING', e.g. 'card bouquinistes B6 A'")
    return PlaceAnnex(_space(text, args[0]), _id(text, args[1]))
