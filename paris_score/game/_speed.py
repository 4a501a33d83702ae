"""The game engine's speed machinery, in one private room: tables kept per setup, a positional evolve, an in-place twin.

Nothing here decides a rule: :mod:`paris_score.game.state` does, and it reads
the same whether these tricks are used or not.  What is kept, and why it is safe:

**Tables of a setup** (:func:`tables`).  A setup fixes, for the whole game,
each pool piece's placements (every rotation, never turned over, B3; laid
out once from A1: :func:`paris_score.placement.layout`), the set of its
rotations (the shape check, G9), its ``take`` move, and each tile's four
faces in each rotation (G2).  They are made once and shared by every state
of every game with those pieces and tiles, in four caches, each bounded:

- the last setup, and the last :data:`RECENT` setups, by identity: games
  played side by side, or a server replaying records in turn, find theirs
  at once.  A setup kept here stays alive, so its ``id`` is not another's;
  an equal setup that is another object misses and is made again (equal);
- the tables of a set of pieces, by their ids and shapes (16 sets,
  ``functools.lru_cache``): a bot that deals the hidden tiles again (a new
  setup, the same pieces) makes only the tuple of faces;
- a shape's placements and rotations (512 shapes; there are 304 of 3 to 6
  spaces), and a tile's faces (1,024 tiles).

Setups and shapes are immutable values, so a table made once is right
for ever.  The only thing a table gains later is :attr:`Tables.moves`, the
build and Lévitation moves made so far with those pieces (the same few recur
move after move): immutable values, equal for equal keys, one a placement.

**A positional evolve** (:func:`evolver`).  ``attrs.evolve`` names every
field by keyword; this one reads a value's ``__init__`` fields in order,
replaces the changed ones, and calls the class with them by position: about
twice as quick, the same value (the class's own ``__init__`` runs).  A
field that ``__init__`` does not take (``late``: the state's tally of S1
and S2) is written into the new value's slot once it is made: the one the
move passes, or else the old value's, still right (a move that changes the
board passes its own).  It is no part of the value (no equality, hash or
string), and it is immutable, so two states may share it.

**An in-place twin** (:func:`in_place`).  ``paris_score.replay`` plays a
whole record and keeps only the last state, so it plays on a subclass of
the state whose ``_evolve`` writes the changed fields into the object's own
slots instead of making a new one: one object a replay instead of one a
move.  Every rule is the state's own (the twin changes nothing but
``_evolve``); a refused move changes nothing, as every check comes before
the change; and the twin never leaves the replay: :func:`frozen` makes the
immutable state the replay returns, and the twin is neither hashable nor
shared.  Its caches (the position made on demand) are cleared at each move.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from typing import Any, Final, NamedTuple, TypeVar, cast

import attrs

from paris_score.game.moves import ROTATIONS, Build, Levitate, PlaceAnnex, Take
from paris_score.game.setups import Setup, Tile, turn_tile
from paris_score.game.strings import Faces
from paris_score.placement import layout
from paris_score.shapes import Shape, orientations
from paris_score.squares import Bitboard

T = TypeVar("T", bound=attrs.AttrsInstance)

Layout = tuple[Bitboard, tuple[int, ...], Bitboard]
"""A piece turned one way, laid out from A1: its spaces, the offsets of its other spaces from its first, and the
spaces where its first may go (:func:`paris_score.placement.layout`)."""

_GROUND_INDEX: Final = {"o": 0, "b": 1, "m": 2, "l": 3}
RECENT: Final = 32
"""How many setups :func:`tables` keeps by identity."""


class Tables(NamedTuple):
    """What a setup fixes for the whole game, computed once per set of pieces and ground tiles."""

    ids: tuple[str, ...]
    """The pool pieces' ids, in setup order; piece ``i`` is bit ``i`` of the pool and reserve masks."""
    by_id: dict[str, int]
    """Upper-case id -> piece index."""
    layouts: tuple[tuple[Layout, ...], ...]
    """Each piece's rotations, laid out from A1 (base, offsets, anchors where it fits)."""
    rotations: tuple[frozenset[Shape], ...]
    """Each piece's rotations, never turned over (the shape check, G9)."""
    takes: tuple[Take, ...]
    """``take`` of each piece."""
    moves: dict[tuple[object, ...], Build | Levitate | PlaceAnnex]
    """Build, Lévitation and annex moves made so far in games with these pieces: the same few recur move after move
    (and the same object each time: the adapters find a move's id by its identity)."""
    faces: tuple[tuple[tuple[Faces, ...], ...], tuple[tuple[Faces, ...], ...]]
    """faces[player][k][r]: tile ``k`` of the player's stack, turned ``ROTATIONS[r]``, laid on area A1."""


def tables(setup: Setup) -> Tables:
    """The setup's tables: the last setup's, or one of the last :data:`RECENT` setups', by identity, else made from
    the tables of its pieces and of its tiles."""
    global _last
    last = _last
    if last is not None and last[0] is setup:
        return last[1]
    last = _recent.get(id(setup))
    if last is None or last[0] is not setup:
        orange, blue = setup.tiles
        faces = (tuple(map(_turned_faces, orange)), tuple(map(_turned_faces, blue)))
        pool = setup.pool
        made = _piece_tables(tuple([p.id for p in pool]), tuple([p.shape for p in pool]))
        last = (setup, made._replace(faces=faces))
        if len(_recent) >= RECENT:
            del _recent[next(iter(_recent))]  # the oldest
        _recent[id(setup)] = last
    _last = last
    return last[1]


_recent: dict[int, tuple[Setup, Tables]] = {}
_last: tuple[Setup, Tables] | None = None


@functools.lru_cache(maxsize=16)
def _piece_tables(ids: tuple[str, ...], pool: tuple[Shape, ...]) -> Tables:
    """The tables of a setup's pool pieces, by their ids and shapes (its faces left empty): keyed by plain tuples,
    whose hash and equality cost a fraction of the pieces' own (a record read again is a new setup)."""
    layouts, rotations = zip(*map(_shape_tables, pool), strict=True)
    upper = list(map(str.upper, ids))
    by_id = dict(zip(upper, range(len(ids)), strict=True))
    return Tables(ids, by_id, layouts, rotations, tuple(map(_take, upper)), {}, ((), ()))


@functools.lru_cache(maxsize=512)
def _shape_tables(shape: Shape) -> tuple[tuple[Layout, ...], frozenset[Shape]]:
    """A piece's rotations laid out from A1 and the set of its rotations (never turned over, G9): a pool new to the
    engine (a record of fictional pieces) makes only the shapes it has not seen."""
    turned = orientations(shape)
    return tuple(layout(t) for t in turned), frozenset(turned)


@functools.lru_cache(maxsize=1024)
def _take(piece: str) -> Take:
    return Take(piece)


@functools.lru_cache(maxsize=1024)
def _faces(tile: Tile) -> Faces:
    found = [0, 0, 0, 0]
    for r, row in enumerate(tile):
        for c, ch in enumerate(row):
            found[_GROUND_INDEX[ch.lower()]] |= 1 << (r * 8 + c)
    return found[0], found[1], found[2], found[3]


@functools.lru_cache(maxsize=1024)
def _turned_faces(tile: Tile) -> tuple[Faces, ...]:
    """A tile's faces in each rotation (G2)."""
    return tuple(_faces(turn_tile(tile, rotation)) for rotation in ROTATIONS)


# -- making values by position -----------------------------------------------------------------------------------


def _slot(cls: type, name: str) -> Callable[[object, object], None]:
    """The setter of the slot ``name`` of the slotted class ``cls``: it writes even a frozen attrs class."""
    return cast(Callable[[object, object], None], vars(cls)[name].__set__)


def _init_fields(cls: type[T]) -> list[attrs.Attribute[Any]]:
    return [a for a in attrs.fields(cls) if a.init]


def evolver(cls: type[T], late: str = "") -> Callable[[T, dict[str, Any]], T]:
    """``attrs.evolve`` for ``cls``, by position: the value's ``__init__`` fields read in order, those ``changes``
    names (by their ``__init__`` names) replaced, the value made by position.  ``late``, a field ``__init__`` does
    not take, is then written into the new value: the changed one, else the old value's (a cache kept along)."""
    init = _init_fields(cls)
    index = {str(a.alias): i for i, a in enumerate(init)}
    fields = operator.attrgetter(*(a.name for a in init))
    name = next((a.name for a in attrs.fields(cls) if a.alias == late), "")
    get_late = operator.attrgetter(name) if name else None
    set_late = _slot(cls, name) if name else None

    def evolve(value: T, changes: dict[str, Any]) -> T:
        kept = changes.pop(late) if late in changes else get_late(value) if get_late else None
        values = list(fields(value))
        for field, new in changes.items():
            values[index[field]] = new
        made = cls(*values)
        if kept is not None and set_late is not None:
            set_late(made, kept)
        return made

    return evolve


def in_place(cls: type[T], clear: str, **overrides: object) -> type[T]:
    """A subclass of ``cls`` (slotted, attrs) whose ``_evolve(**changes)`` writes ``changes`` (fields by their
    ``__init__`` names) into the value itself and returns it, its cache ``clear`` emptied; ``overrides`` are its
    class attributes.  :func:`frozen` makes an immutable ``cls`` of it again."""
    setters = {a.alias: _slot(cls, a.name) for a in attrs.fields(cls)}
    empty = _slot(cls, clear)

    def _evolve(self: T, **changes: object) -> T:
        for name, value in changes.items():
            setters[name](self, value)
        empty(self, None)
        return self

    _FIELDS[cls] = operator.attrgetter(*(a.name for a in _init_fields(cls)))
    return cast(type[T], type(f"InPlace{cls.__name__}", (cls,), {"__slots__": (), "_evolve": _evolve, **overrides}))


def frozen(cls: type[T], value: T) -> T:
    """The value of ``cls`` with the ``__init__`` fields of ``value``, its :func:`in_place` twin: immutable again."""
    return cls(*_FIELDS[cls](value))


_FIELDS: dict[type, Callable[[Any], tuple[object, ...]]] = {}
"""Each class with an :func:`in_place` twin (one: the game state): its ``__init__`` fields in order."""
