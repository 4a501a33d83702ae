"""A position: immutable values for everything on and beside the board.

Sets of spaces are bitboards (:mod:`paris_score.squares`).  Construction checks
only what makes a value meaningless (a space off the board, a duplicate id);
whether the position could happen under the rules is :func:`paris_score.check`'s job.
"""

from __future__ import annotations

import enum
import operator
import re
from collections.abc import Iterable
from typing import Any, Final, Literal, NamedTuple

import attrs

from paris_score.errors import NotAPlayerError, counted
from paris_score.i18n import Template, Text, word, words_of
from paris_score.postcards import LAMP_PIECES, PIECE, PIECES, STANDING, Allowed, Piece, Postcard
from paris_score.shapes import Shape, is_shape, normalise
from paris_score.squares import (
    BB_ALL,
    DIRECTIONS,
    SQUARES,
    Bitboard,
    Square,
    offset,
)


class Player(enum.StrEnum):
    """The two sides (F1)."""

    ORANGE = "orange"
    BLUE = "blue"

    @property
    def other(self) -> Player:
        """The opponent: ``Player.ORANGE.other is Player.BLUE`` and back."""
        return _BLUE if self is _ORANGE else _ORANGE


PLAYERS: Final = (Player.ORANGE, Player.BLUE)
_ORANGE, _BLUE = PLAYERS
"""The players read once: Python 3.11 looks ``Player.ORANGE`` up in the enum's class at each read, about 1 k
instructions, as dear as a call; the accessors below run many times a check or a score."""

PlayerLike = Player | Literal["orange", "blue"]
"""What every call that takes a player accepts: a :class:`Player`, or its name (any case at run time)."""

_BY_NAME: Final = {"orange": Player.ORANGE, "blue": Player.BLUE}


def as_player(player: PlayerLike, argument: str = "player") -> Player:
    """``player`` as a :class:`Player`: ``Player.BLUE``, ``"blue"`` and ``"BLUE"`` give ``Player.BLUE``.

    Anything else raises :class:`~paris_score.errors.NotAPlayerError` (a
    ``ValueError`` and a ``KeyError``) naming ``argument``.

    >>> as_player("Orange")
    <Player.ORANGE: 'orange'>
    """
    if type(player) is Player:
        return player
    found = _BY_NAME.get(player.lower()) if isinstance(player, str) else None
    if found is None:
        raise NotAPlayerError(f"{argument}: expected a Player, 'orange' or 'blue', got {player!r}"[:200])
    return found


def _owner(value: PlayerLike) -> Player:
    return value if type(value) is Player else as_player(value, "owner")


Facing = Literal["up", "down", "left", "right"]
FACINGS: Final[tuple[Facing, ...]] = ("up", "down", "left", "right")

# The words of messages (paris_score.i18n): a player said as a word of the game, a facing, what stands on the board.
_PLAYER_WORDS: Final = {player: word(Template(f"player.{player}", str(player))) for player in PLAYERS}
words_of(Player, _PLAYER_WORDS.__getitem__)
FACING_WORDS: Final = {facing: word(Template(f"facing.{facing}", facing)) for facing in FACINGS}
"""Each facing as a word of messages (``the statue on C4 faces up``)."""
BUILDING: Final = Template("thing.building", "building {id}")
JARDIN: Final = Template("thing.jardin", "the Jardin des Plantes {id}")
ANNEX_OF: Final = Template("thing.annex", "the annex of {id}")
THE_PIECE: Final = Template("thing.piece", "the {piece}")
THE_ANNEX: Final = word(Template("thing.the-annex", "the annex"))


def building_name(building: Building) -> Text:
    """A building in messages: ``building A``, or ``the Jardin des Plantes J``."""
    return JARDIN(id=building.id) if building.jardin else BUILDING(id=building.id)


PatternName = Literal["square2", "diamond2", "rays4", "rays8"]
PATTERN_NAMES: Final[tuple[PatternName, ...]] = ("square2", "diamond2", "rays4", "rays8")
Offsets = tuple[tuple[int, int], ...]
MAX_OFFSET: Final = 7
"""The farthest a pattern offset may reach in each direction: beyond 7 it leaves the board from any space (S1c)."""
Pattern = PatternName | Offsets

GROUND_CODES: Final = "obml"
"""Ground characters: orange, blue, mixed, streetlight (B2)."""

BUILDING_ID: Final = re.compile(r"[A-Za-z0-9]{1,2}")


_IDS_SEEN: Final[set[str]] = set()
"""The building ids :func:`is_building_id` has accepted (at most the 3,906 that exist)."""


def is_building_id(text: str) -> bool:
    """True when ``text`` is a building id (:data:`BUILDING_ID`); the ids accepted are kept, as the regular
    expression costs several times a set lookup and a game uses a dozen ids."""
    if text in _IDS_SEEN:
        return True
    if BUILDING_ID.fullmatch(text) is None:
        return False
    _IDS_SEEN.add(text)
    return True


BOX_SIZES: Final = (3, 4, 5, 6)
BOX_COUNTS: Final[dict[int, int]] = {3: 2, 4: 4, 5: 4, 6: 2}
"""How many of the 12 building pieces the box holds of each size (B3)."""
MAX_BUILDINGS: Final = 7
"""Chimneys a player has, so buildings a player can build (B4)."""
ACTION_TOKENS: Final = 4
"""Action tokens a player has, so postcards a player can use (B5)."""
POSTCARDS_IN_PLAY: Final = 8
"""Postcards chosen for a game (B6, F1)."""
JARDIN_SIZE: Final = 2
"""The Jardin des Plantes tile is a domino (P4)."""


_DROP_CODES: Final = str.maketrans("", "", GROUND_CODES)
_CODE_BITS: Final = tuple(
    str.maketrans({other: "0" if other != code else "1" for other in GROUND_CODES}) for code in GROUND_CODES
)


def _square(_: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not (isinstance(value, int) and 0 <= value < 64):
        raise ValueError(f"{attribute.name} must be a space 0-63, got {value!r}")


def _optional_square(instance: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is not None:
        _square(instance, attribute, value)


def _bitboard(_: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not (isinstance(value, int) and 0 <= value <= BB_ALL):
        raise ValueError(f"{attribute.name} must be a 64-bit bitboard, got {value!r}")


@attrs.frozen
class Ground:
    """The printed cobblestone spaces (B2): four disjoint sets covering the board."""

    orange: Bitboard = attrs.field(validator=_bitboard)
    blue: Bitboard = attrs.field(validator=_bitboard)
    mixed: Bitboard = attrs.field(validator=_bitboard)
    streetlight: Bitboard = attrs.field(validator=_bitboard)

    def __attrs_post_init__(self) -> None:
        o, b, m, s = self.orange, self.blue, self.mixed, self.streetlight
        if o.bit_count() + b.bit_count() + m.bit_count() + s.bit_count() != 64 or o | b | m | s != BB_ALL:
            raise ValueError("ground: orange, blue, mixed and streetlight must split the 64 spaces")

    @classmethod
    def from_rows(cls, rows: list[str] | tuple[str, ...]) -> Ground:
        """From 8 strings of 8 characters ``o``/``b``/``m``/``l``, row 1 first."""
        sets = dict.fromkeys(GROUND_CODES, 0)
        if len(rows) != 8 or {*map(len, rows)} != {8}:  # map: quicker than a generator
            raise ValueError("ground: expected 8 rows of 8 spaces")
        text = "".join(rows) if {*map(type, rows)} == {str} else ""
        if text.isascii():
            text = text.lower()
            if len(text) == 64 and not text.translate(_DROP_CODES):
                # One pass per code: "1" where the code is, reversed so that A1 is the lowest bit.
                return cls(*(int(text.translate(bits)[::-1], 2) for bits in _CODE_BITS))
        for r, row in enumerate(rows):
            for c, ch in enumerate(row):
                if ch.lower() not in sets:
                    raise ValueError(f"ground: {ch!r} is not a cobblestone; expected o, b, m or l")
                sets[ch.lower()] |= 1 << (r * 8 + c)
        return cls(sets["o"], sets["b"], sets["m"], sets["l"])

    def rows(self) -> list[str]:
        """The 8 ground strings, row 1 first, lower case."""
        return ["".join(self.code(r * 8 + c) for c in range(8)) for r in range(8)]

    def code(self, sq: Square) -> str:
        """``o``, ``b``, ``m`` or ``l`` for one space."""
        bit = 1 << sq
        for code, bb in zip(GROUND_CODES, (self.orange, self.blue, self.mixed, self.streetlight), strict=True):
            if bb & bit:
                return code
        raise AssertionError("ground covers every space")

    def own(self, player: PlayerLike) -> Bitboard:
        """The spaces of ``player``'s colour (W5)."""
        if player is _ORANGE:
            return self.orange
        if player is _BLUE:
            return self.blue
        return self.own(as_player(player))


@attrs.frozen
class Building:
    """A built building (W3): a piece or the Jardin des Plantes, maybe with the annex."""

    id: str
    owner: Player = attrs.field(converter=_owner)
    """``Player.ORANGE`` or ``Player.BLUE``; ``"orange"``/``"blue"`` are converted."""
    cells: Bitboard = attrs.field(validator=_bitboard)
    annex: Square | None = attrs.field(default=None, validator=_optional_square)
    jardin: bool = False
    """True for the Jardin des Plantes tile (P4)."""

    spaces: Bitboard = attrs.field(init=False, eq=False, repr=False)
    """Every space of the building, the annex included (P8 ruling): the one place this union is made."""

    def __attrs_post_init__(self) -> None:
        if not is_building_id(self.id):
            raise ValueError(f"building id {self.id!r}: expected 1-2 letters or digits")
        if not self.cells:
            raise ValueError(f"building {self.id}: no cells")
        if self.annex is not None and self.cells >> self.annex & 1:
            raise ValueError(f"building {self.id}: the annex stands on one of its own cells")
        object.__setattr__(self, "spaces", self.cells if self.annex is None else self.cells | 1 << self.annex)

    @property
    def size(self) -> int:
        """Its number of spaces, the annex included (W3)."""
        return self.spaces.bit_count()


@attrs.frozen
class Statue:
    """Le Penseur's statue (P11): its space and the direction it faces."""

    at: Square = attrs.field(validator=_square)
    facing: Facing = attrs.field(validator=attrs.validators.in_(FACINGS))

    @property
    def front(self) -> Square | None:
        """The space in front of the statue (P11), or ``None`` off the board."""
        return FRONT[self.facing][self.at]


FRONT: Final = {facing: tuple(offset(sq, *step) for sq in SQUARES) for facing, step in DIRECTIONS.items()}
"""The space in front of a statue on each space, facing each way (P11); ``None`` off the board."""


@attrs.frozen
class Pieces:
    """Where the special pieces stand (B7); ``None`` when not on the board."""

    painter: Square | None = attrs.field(default=None, validator=_optional_square)
    dancer: Square | None = attrs.field(default=None, validator=_optional_square)
    statue: Statue | None = None
    fountain: Square | None = attrs.field(default=None, validator=_optional_square)
    streetlight: Square | None = attrs.field(default=None, validator=_optional_square)
    large_streetlight: Square | None = attrs.field(default=None, validator=_optional_square)
    chartier: Square | None = attrs.field(default=None, validator=_optional_square)
    """The space under the Chartier mixed space: ground, not a piece (W1)."""

    def at(self, piece: Piece) -> Square | None:
        """The space ``piece`` stands on (the Chartier space: lies on), or ``None``."""
        value: Statue | Square | None = getattr(self, piece.key)
        return value.at if isinstance(value, Statue) else value

    def spaces(self) -> tuple[Square | None, ...]:
        """The space of each piece of :data:`~paris_score.postcards.PIECES`, in its order (``None``: off the board)."""
        return tuple([None if v is None else v if type(v) is int else v.at for v in _PIECES_OF(self)])

    def placed(self) -> dict[str, Square]:
        """Each piece standing on a space (Chartier excluded) -> its space, in table order."""
        return {
            key: value if type(value) is int else value.at
            for key, value in zip(_STANDING_KEYS, _STANDING_OF(self), strict=True)
            if value is not None
        }


_STANDING_KEYS: Final = tuple(piece.key for piece in STANDING)
_STANDING_OF: Final = operator.attrgetter(*_STANDING_KEYS)
_PIECES_OF: Final = operator.attrgetter(*(piece.key for piece in PIECES))


def _cards(value: Iterable[Postcard]) -> tuple[Postcard, ...]:
    """Postcards, or their slugs (``"painter"``), converted; a bare string is not a list of them."""
    if isinstance(value, str):
        raise ValueError(f"postcards: expected a list of postcards, got the string {value[:40]!r}")
    return tuple([v if type(v) is Postcard else Postcard(v) for v in value])  # a list: quicker than a generator


@attrs.frozen
class Postcards:
    """The postcards chosen for the game and those each player's tokens are on."""

    in_play: tuple[Postcard, ...] = attrs.field(default=(), converter=_cards)
    orange: tuple[Postcard, ...] = attrs.field(default=(), converter=_cards)
    blue: tuple[Postcard, ...] = attrs.field(default=(), converter=_cards)

    def used(self, player: PlayerLike) -> tuple[Postcard, ...]:
        """The postcards ``player``'s action tokens are on."""
        player = player if type(player) is Player else as_player(player)
        return self.orange if player is _ORANGE else self.blue

    def user(self, card: Postcard) -> Player | None:
        """Who activated ``card`` (the first side listing it), or ``None``."""
        return _ORANGE if card in self.orange else _BLUE if card in self.blue else None


def _reserve(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _sizes(_: object, attribute: attrs.Attribute[Any], value: tuple[int, ...]) -> None:
    for size in value:
        if size not in BOX_SIZES:
            raise ValueError(f"reserve {attribute.name}: size {size!r} is not 3, 4, 5 or 6 (B3)")


def _shapes(value: Iterable[Shape | None]) -> tuple[Shape | None, ...]:
    return tuple([None if s is None else normalise(s) for s in value])


def _players(value: Any) -> tuple[Player, ...]:
    if not value and isinstance(value, (list, tuple)):  # the usual case: every reserve given
        return ()
    said = {Player(v) for v in value}
    return tuple(p for p in PLAYERS if p in said)


@attrs.frozen
class Reserve:
    """Buildings each player has left unbuilt (S3): their sizes, and their shapes where known.

    ``orange`` / ``blue`` are the sizes.  ``orange_shapes`` / ``blue_shapes`` are
    either empty (no shape known) or run parallel to the sizes, one
    :data:`~paris_score.shapes.Shape` or ``None`` per building; the finished-game
    test (F4) needs the shapes.  All-``None`` shape lists are stored as ``()``.

    ``not_given`` names the players whose reserve the input did not give (a
    JSON document without it): scored as none, with a note and a warning (S3).
    """

    orange: tuple[int, ...] = attrs.field(default=(), converter=_reserve, validator=_sizes)
    blue: tuple[int, ...] = attrs.field(default=(), converter=_reserve, validator=_sizes)
    orange_shapes: tuple[Shape | None, ...] = attrs.field(default=(), converter=_shapes)
    blue_shapes: tuple[Shape | None, ...] = attrs.field(default=(), converter=_shapes)
    not_given: tuple[Player, ...] = attrs.field(default=(), converter=_players)

    def __attrs_post_init__(self) -> None:
        for player, sizes, shapes in ((_ORANGE, self.orange, self.orange_shapes), (_BLUE, self.blue, self.blue_shapes)):
            if sizes and player in self.not_given:
                raise ValueError(f"reserve {player}: not given, yet {counted(len(sizes), 'building')} listed")
            if not shapes:  # no shape known: nothing to check
                continue
            if len(shapes) != len(sizes):
                given = f"{counted(len(shapes), 'shape')} for {counted(len(sizes), 'building')}"
                raise ValueError(f"reserve {player}: {given}")
            for size, shape in zip(sizes, shapes, strict=True):
                if shape is not None and not (is_shape(shape) and len(shape) == size):
                    raise ValueError(f"reserve {player}: {shape!r} is not a connected shape of size {size}")
            if all(shape is None for shape in shapes):
                object.__setattr__(self, f"{player}_shapes", ())

    def of(self, player: PlayerLike) -> tuple[int, ...]:
        """The sizes of the player's reserve buildings."""
        player = player if type(player) is Player else as_player(player)
        return self.orange if player is _ORANGE else self.blue

    def shapes(self, player: PlayerLike) -> tuple[Shape | None, ...]:
        """One shape (or ``None`` where unknown) per reserve building, parallel to :meth:`of`."""
        player = player if type(player) is Player else as_player(player)
        shapes = self.orange_shapes if player is _ORANGE else self.blue_shapes
        return shapes or (None,) * len(self.of(player))

    def entries(self, player: PlayerLike) -> tuple[tuple[int, Shape | None], ...]:
        """``(size, shape or None)`` for each of the player's reserve buildings."""
        return tuple(zip(self.of(player), self.shapes(player), strict=True))


def own_spaces(printed: Bitboard, chartier: Square | None) -> Bitboard:
    """A player's colour as play sees it (W5), from its ``printed`` spaces: the laid Chartier space is mixed (P7)."""
    return printed if chartier is None else printed & ~(1 << chartier)


def _pattern(_: object, attribute: attrs.Attribute[Any], value: Any) -> None:
    if isinstance(value, str):
        if value not in PATTERN_NAMES:
            raise ValueError(f"pattern {value!r}: expected one of {', '.join(PATTERN_NAMES)} or offsets")
        return
    seen = set()
    for item in value:
        if not (isinstance(item, tuple) and len(item) == 2 and all(type(v) is int for v in item)):
            raise ValueError(f"pattern offset {item!r}: expected a pair of integers")
        if item == (0, 0) or item in seen:
            raise ValueError(f"pattern offset {item!r}: offsets are distinct and never (0, 0)")
        seen.add(item)


@attrs.frozen
class Rules:
    """Options for facts the rulebook only shows in pictures (docs/unknowns.md)."""

    large_streetlight_pattern: Pattern = attrs.field(default="square2", validator=_pattern)


def _buildings(value: Iterable[Building]) -> tuple[Building, ...]:
    return tuple(value)


@attrs.frozen
class Position:
    """A board, finished or not, and everything scoring or refereeing needs."""

    ground: Ground
    buildings: tuple[Building, ...] = attrs.field(default=(), converter=_buildings)
    reserve: Reserve = Reserve()
    postcards: Postcards = Postcards()
    pieces: Pieces = Pieces()
    rules: Rules = Rules()
    _colours: Ground | None = attrs.field(default=None, init=False, eq=False, repr=False)
    """:attr:`colours`, made on first use (a position is immutable)."""

    def __attrs_post_init__(self) -> None:
        seen: set[str] = set()
        for building in self.buildings:
            if building.id in seen:
                raise ValueError(f"building id {building.id!r} is used twice")
            seen.add(building.id)

    def building(self, building_id: str) -> Building:
        """The building with this id; :class:`KeyError` if there is none."""
        for building in self.buildings:
            if building.id == building_id:
                return building
        raise KeyError(building_id)

    def buildings_of(self, player: PlayerLike) -> tuple[Building, ...]:
        """``player``'s buildings, in the position's order."""
        player = player if type(player) is Player else as_player(player)
        return tuple(b for b in self.buildings if b.owner is player)

    @property
    def built(self) -> Bitboard:
        """Every building space, annexes included."""
        return occupancy(self).built

    @property
    def occupied(self) -> Bitboard:
        """Every space with a piece on it: the complement of the free spaces (W1)."""
        return occupancy(self).occupied

    @property
    def overlap(self) -> bool:
        """True when two pieces share a space (W1): such a board has no score."""
        return occupancy(self).overlap

    def own(self, player: PlayerLike) -> Bitboard:
        """The spaces of ``player``'s colour as play sees them (W5): the laid Chartier space is mixed (P7)."""
        return own_spaces(self.ground.own(player), self.pieces.chartier)

    @property
    def colours(self) -> Ground:
        """The ground as play sees it: the Chartier space turns its space mixed (P7, see :meth:`own`)."""
        sq = self.pieces.chartier
        if sq is None:
            return self.ground
        made = self._colours
        if made is None:
            g = self.ground
            bit = 1 << sq
            made = Ground(self.own(_ORANGE), self.own(_BLUE), g.mixed | bit, g.streetlight & ~bit)
            object.__setattr__(self, "_colours", made)
        return made

    def allowed(self, ground: Allowed, player: PlayerLike) -> Bitboard:
        """The spaces, free or not, where a piece of ``player`` with this ``ground`` may stand.

        Which piece has which ground is :data:`paris_score.postcards.PIECES`;
        :func:`paris_score.referee.piece_problems` checks it.
        """
        player = player if type(player) is Player else as_player(player)
        c = self.colours
        return ground.spaces(c.own(player), c.mixed, self.ground.streetlight, self.ground.own(player.other))

    def things(self) -> list[tuple[str, Bitboard]]:
        """Every piece standing on the board, named (``building A``, ``the painter``), with its spaces."""
        return [(str(name), spaces) for name, spaces in self.named_things()]

    def named_things(self) -> list[tuple[Text, Bitboard]]:
        """:meth:`things`, each name a text to say in any language (:mod:`paris_score.i18n`)."""
        things = [(BUILDING(id=b.id), b.cells) for b in self.buildings]
        things += [(ANNEX_OF(id=b.id), 1 << b.annex) for b in self.buildings if b.annex is not None]
        things += [(THE_PIECE(piece=PIECE[key]), 1 << sq) for key, sq in self.pieces.placed().items()]
        return things

    def _repr_svg_(self) -> str:
        """The board as SVG, for notebooks (:func:`paris_score.svg.board`, imported only when drawn)."""
        from paris_score import svg

        return svg.board(self)

    def lamps(self) -> Bitboard:
        """Every lamp (W4), see :func:`occupancy`."""
        return occupancy(self).lamps


class Occupancy(NamedTuple):
    """What stands on the board, computed in one pass by :func:`occupancy`."""

    built: Bitboard
    """Every building space, annexes included."""
    occupied: Bitboard
    """Every space with a piece on it (W1): buildings, annexes and the pieces standing on a space."""
    lamps: Bitboard
    """Every lamp (W4): uncovered streetlight spaces and the two streetlight tiles."""
    overlap: bool
    """True when two pieces share a space (W1): fewer spaces covered than spaces counted."""


def occupancy(position: Position, built: Bitboard | None = None, count: int = 0) -> Occupancy:
    """W1, W4: the built, occupied and lamp spaces of ``position``, and whether pieces overlap.

    A caller that has already gone over the buildings passes ``built`` (the
    union of their spaces) and ``count`` (the sum of their sizes).
    """
    if built is None:
        built = 0
        for b in position.buildings:
            spaces = b.spaces
            built |= spaces
            count += spaces.bit_count()
    occupied, lamps, overlap = pieces_occupancy(position.pieces, position.ground.streetlight, built, count)
    return Occupancy(built, occupied, lamps, overlap)


def pieces_occupancy(
    pieces: Pieces, streetlight: Bitboard, built: Bitboard, count: int
) -> tuple[Bitboard, Bitboard, bool]:
    """:func:`occupancy`'s occupied spaces, lamps and overlap from the special ``pieces``, the printed
    ``streetlight`` spaces and the buildings' union (``built``) and sizes' sum (``count``): a plain tuple, as
    :func:`paris_score.scoring.board_from` takes it apart at once."""
    occupied = built
    for value in _STANDING_OF(pieces):
        if value is not None:
            occupied |= 1 << (value if type(value) is int else value.at)
            count += 1
    lamps = streetlight & ~built
    for sq in _LAMPS_OF(pieces):
        if sq is not None:
            lamps |= 1 << sq
    return occupied, lamps, occupied.bit_count() != count


_LAMPS_OF: Final = operator.attrgetter(*(piece.key for piece in LAMP_PIECES))
