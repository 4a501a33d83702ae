"""A state's parts written as one line, ``paris-state/1``, and read back; its transposition key; the check that
the parts agree with each other.

The ``paris-state/1`` string and the transposition key are public contracts
(docs' "For bot authors"): :meth:`GameState.to_string
<paris_score.game.GameState.to_string>`, :meth:`~paris_score.game.GameState.key`
and :meth:`~paris_score.game.GameState.from_string` are their faces.  This
module knows a state by its parts only (:class:`Parts`): the state, made from
them by :func:`~paris_score.game.state.checked_state`, is built on it.

>>> from paris_score.game import GameState, random_setup
>>> state = GameState.start(random_setup(1)).play("tile A1 90").play("take B")
>>> text = to_string(state)
>>> print(*text.split()[5:9])
1b bm....../ob....../......../......../......../......../......../........ 0,1 -
>>> setup, parts = read(text)
>>> setup == state.setup, parts["ground"] == state.ground, parts["reserves"] == state.reserves
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final, Protocol, TypedDict, TypeVar

from paris_score.errors import Located, StateStringError
from paris_score.game.setups import JARDIN_ID, POOL_SIZE, TILES_PER_PLAYER, PoolPiece, Setup, Tile
from paris_score.model import (
    ACTION_TOKENS,
    FACINGS,
    MAX_BUILDINGS,
    PATTERN_NAMES,
    Building,
    Pieces,
    Player,
    Rules,
    Statue,
)
from paris_score.postcards import Postcard
from paris_score.shapes import orientations, shape_bitboard, shape_of
from paris_score.squares import BB_TILES, SQUARE_NAMES, Bitboard, Square, parse_square, scan

Faces = tuple[Bitboard, Bitboard, Bitboard, Bitboard]
"""Orange, blue, mixed and streetlight spaces (B2)."""
Cards = tuple[tuple[Postcard, ...], tuple[Postcard, ...]]
"""The postcards carrying orange's tokens, then blue's, in the order they were put there."""
CARD_ORDER: Final = tuple(Postcard)
"""The postcard order of the state string (and of the integer actions' card block)."""


class Parts(Protocol):
    """What a state is made of (:class:`~paris_score.game.GameState`'s fields), as this module reads them."""

    @property
    def setup(self) -> Setup: ...
    @property
    def phase(self) -> int: ...
    @property
    def turn(self) -> Player: ...
    @property
    def placed(self) -> tuple[int, int]: ...
    @property
    def ground(self) -> Faces: ...
    @property
    def first_done(self) -> Player | None: ...
    @property
    def pool(self) -> int: ...
    @property
    def reserves(self) -> tuple[int, int]: ...
    @property
    def chimneys(self) -> tuple[int, int]: ...
    @property
    def cards(self) -> Cards: ...
    @property
    def metro(self) -> Player | None: ...
    @property
    def chartier(self) -> Player | None: ...
    @property
    def buildings(self) -> tuple[Building, ...]: ...
    @property
    def pieces(self) -> Pieces: ...


class ReadParts(TypedDict):
    """The parts a ``paris-state/1`` line gives besides its setup: ``checked_state(setup, **parts)``'s keywords."""

    phase: int
    turn: Player
    placed: tuple[int, int]
    areas: int
    ground: Faces
    first_done: Player | None
    pool: int
    reserves: tuple[int, int]
    chimneys: tuple[int, int]
    cards: Cards
    metro: Player | None
    chartier: Player | None
    buildings: tuple[Building, ...]
    pieces: Pieces


T = TypeVar("T")
VERSION: Final = "paris-state/1"
_SIDE: Final = {"o": Player.ORANGE, "b": Player.BLUE}
_CODE: Final = {Player.ORANGE: "o", Player.BLUE: "b"}
_GROUND: Final = "obml"
_PIECE_KEYS: Final = ("painter", "dancer", "statue", "fountain", "streetlight", "large_streetlight", "chartier")
_FIELDS: Final = (
    "version",
    "postcards",
    "pool",
    "tiles",
    "first and rules",
    "phase and turn",
    "ground",
    "tiles down",
    "first done",
    "pool and reserves",
    "chimneys",
    "tokens",
    "held cards",
    "buildings",
    "pieces",
)


# -- the parts agree (checked_state) -------------------------------------------------------------------------------


def occupied(buildings: tuple[Building, ...], pieces: Pieces) -> Bitboard:
    """Every space with a piece on it (W1): the buildings' spaces and the special pieces'."""
    occupied = 0
    for building in buildings:
        occupied |= building.spaces
    for sq in pieces.placed().values():
        occupied |= 1 << sq
    return occupied


def part_problems(
    setup: Setup,
    phase: int,
    placed: tuple[int, int],
    areas: int,
    ground: Faces,
    pool: int,
    reserves: tuple[int, int],
    chimneys: tuple[int, int],
    cards: Cards,
    buildings: tuple[Building, ...],
) -> list[Located]:
    """Each way the parts of a state contradict each other (its setup being one the box allows), by part."""
    found: list[Located] = []
    if phase not in (1, 2):
        found.append(Located("phase", f"{phase!r}: expected 1 or 2"))
    if not all(0 <= n <= TILES_PER_PLAYER for n in placed):
        found.append(Located("placed", f"{placed}: each player puts down 0 to {TILES_PER_PLAYER} tiles"))
    if (phase == 2) != (sum(placed) == 2 * TILES_PER_PLAYER):
        found.append(Located("phase", f"phase {phase} with {sum(placed)} tiles down: phase 2 begins at the 16th (G7)"))
    if areas & ~0xFFFF or areas.bit_count() != sum(placed):
        found.append(Located("areas", f"{areas.bit_count()} areas with a tile, {sum(placed)} tiles down"))
    covered = 0
    for area in scan(areas & 0xFFFF):
        covered |= BB_TILES[area]
    union = 0
    for face in ground:
        if face & union:
            found.append(Located("ground", "the orange, blue, mixed and streetlight spaces overlap"))
        union |= face
    if union != covered:
        found.append(Located("ground", "the ground must cover exactly the areas with a tile"))
    everything = (1 << POOL_SIZE) - 1
    if (
        pool & reserves[0]
        or pool & reserves[1]
        or reserves[0] & reserves[1]
        or (pool | reserves[0] | reserves[1]) & ~everything
    ):
        found.append(Located("pool", "the pool and the two reserves must be disjoint sets of the 12 pieces"))
    ids = {p.id.upper(): i for i, p in enumerate(setup.pool)}
    built = 0
    for k, building in enumerate(buildings):
        i = ids.get(building.id.upper())
        if building.id.upper() == JARDIN_ID and building.jardin:
            continue
        if i is None or building.jardin:
            found.append(Located(f"buildings[{k}]", f"{building.id}: not a piece of the pool"))
        elif shape_of(building.cells) not in orientations(setup.pool[i].shape):
            found.append(Located(f"buildings[{k}]", f"{building.id}: its spaces do not draw the piece turned"))
        else:
            built |= 1 << i
    if built & (pool | reserves[0] | reserves[1]) or built | pool | reserves[0] | reserves[1] != everything:
        found.append(Located("buildings", "each of the 12 pieces is in the pool, in a reserve or built, once"))
    for side, player in enumerate((Player.ORANGE, Player.BLUE)):
        mine = sum(b.owner is player for b in buildings)
        if chimneys[side] != MAX_BUILDINGS - mine:
            found.append(Located("chimneys", f"{player}: {chimneys[side]} chimneys left with {mine} buildings (B4)"))
        if len(cards[side]) > ACTION_TOKENS:
            found.append(Located("cards", f"{player}: more than {ACTION_TOKENS} tokens (B5)"))
    used = cards[0] + cards[1]
    if len(set(used)) != len(used) or not set(used) <= set(setup.postcards):
        found.append(Located("cards", "tokens lie on distinct postcards in play, one a card"))
    return found


# -- writing ---------------------------------------------------------------------------------------------------


def _who(player: Player | None) -> str:
    return "-" if player is None else _CODE[player]


def _hex_cards(cards: Iterable[Postcard]) -> str:
    return "".join(f"{CARD_ORDER.index(card):x}" for card in cards) or "-"


def _space(sq: Square | None) -> str:
    return "-" if sq is None else SQUARE_NAMES[sq]


def _pattern(rules: Rules) -> str:
    pattern = rules.large_streetlight_pattern
    if isinstance(pattern, str):
        return pattern
    return "_".join(f"{dc}.{dr}" for dc, dr in pattern)


def _ground_text(ground: Faces) -> str:
    chars = ["."] * 64
    for code, face in zip(_GROUND, ground, strict=True):
        for sq in scan(face):
            chars[sq] = code
    return "/".join("".join(chars[r * 8 : r * 8 + 8]) for r in range(8))


def _building_text(b: Building) -> str:
    annex = "" if b.annex is None else "@" + SQUARE_NAMES[b.annex]
    return f"{_CODE[b.owner]}{b.id}:{b.cells:x}{annex}"


def _pieces_text(pieces: Pieces) -> str:
    out = []
    for key in _PIECE_KEYS:
        value: Statue | Square | None = getattr(pieces, key)
        out.append(f"{SQUARE_NAMES[value.at]}{value.facing[0]}" if isinstance(value, Statue) else _space(value))
    return ",".join(out)


def _setup_text(setup: Setup) -> str:
    return " ".join(
        (
            "".join(f"{CARD_ORDER.index(card):x}" for card in setup.postcards),
            ",".join(f"{p.id}:{shape_bitboard(p.shape):x}" for p in setup.pool),
            "/".join("".join(top + bottom for top, bottom in stack) for stack in setup.tiles),
            f"{_CODE[setup.first]}:{_pattern(setup.rules)}",
        )
    )


def _text(state: Parts, buildings: Iterable[Building], cards: Cards) -> str:
    return " ".join(
        (
            VERSION,
            _setup_text(state.setup),
            f"{state.phase}{_CODE[state.turn]}",
            _ground_text(state.ground),
            f"{state.placed[0]},{state.placed[1]}",
            _who(state.first_done),
            f"{state.pool:x},{state.reserves[0]:x},{state.reserves[1]:x}",
            f"{state.chimneys[0]},{state.chimneys[1]}",
            f"{_hex_cards(cards[0])}/{_hex_cards(cards[1])}",
            _who(state.metro) + _who(state.chartier),
            ",".join(_building_text(b) for b in buildings) or "-",
            _pieces_text(state.pieces),
        )
    )


def to_string(state: Parts) -> str:
    """The ``paris-state/1`` line of ``state``: :func:`read` reads its parts back."""
    return _text(state, state.buildings, state.cards)


def key(state: Parts) -> str:
    """A transposition key: equal for the same game situation whatever the move order, different otherwise.

    The state string with the buildings sorted by id and each player's tokens by postcard.
    """
    cards = (tuple(sorted(state.cards[0], key=CARD_ORDER.index)), tuple(sorted(state.cards[1], key=CARD_ORDER.index)))
    return _text(state, sorted(state.buildings, key=lambda b: b.id), cards)


# -- reading ---------------------------------------------------------------------------------------------------


class _BadFieldError(Exception):
    """A field that does not read: its message."""


def _hex(text: str, limit: int) -> int:
    if not text or len(text) > 16 or any(c not in "0123456789abcdef" for c in text):
        raise _BadFieldError(f"{text[:20]!r} is not a lower-case hex number")
    value = int(text, 16)
    if value >= 1 << limit:
        raise _BadFieldError(f"{text} is too large")
    return value


def _player(code: str) -> Player | None:
    if code == "-":
        return None
    if code not in _SIDE:
        raise _BadFieldError(f"{code[:10]!r}: expected o, b or -")
    return _SIDE[code]


def _pair(text: str, limit: int) -> tuple[int, int]:
    parts = text.split(",")
    if len(parts) != 2 or not all(p.isdigit() and len(p) <= 2 for p in parts):
        raise _BadFieldError(f"{text[:20]!r}: expected two numbers, e.g. 3,2")
    a, b = int(parts[0]), int(parts[1])
    if a > limit or b > limit:
        raise _BadFieldError(f"{text}: at most {limit} each")
    return a, b


def _read_cards(text: str) -> tuple[Postcard, ...]:
    if text == "-":
        return ()
    if len(text) > len(CARD_ORDER):
        raise _BadFieldError("too many postcards")
    found = []
    for c in text:
        i = _hex(c, 4)
        if i >= len(CARD_ORDER):
            raise _BadFieldError(f"{c}: a postcard index is 0-{len(CARD_ORDER) - 1:x}")
        found.append(CARD_ORDER[i])
    return tuple(found)


def _square(text: str) -> Square | None:
    if text == "-":
        return None
    try:
        return parse_square(text)
    except ValueError:
        raise _BadFieldError(f"{text[:10]!r} is not a space (A1-H8) nor -") from None


def _read_pattern(text: str) -> Rules:
    if text in PATTERN_NAMES:
        return Rules(text)
    try:
        offsets = tuple((int(a), int(b)) for a, _, b in (part.partition(".") for part in text.split("_")))
        return Rules(offsets)
    except ValueError:
        raise _BadFieldError(f"{text[:40]!r}: expected {', '.join(PATTERN_NAMES)} or offsets like 1.0_-1.0") from None


def _read_pool(text: str) -> tuple[PoolPiece, ...]:
    pool = []
    for item in text.split(","):
        pid, colon, bits = item.partition(":")
        if not colon:
            raise _BadFieldError(f"{item[:20]!r}: expected ID:HEX")
        pool.append(PoolPiece(pid, shape_of(_hex(bits, 64))))
    return tuple(pool)


def _read_tiles(text: str) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    stacks = []
    for stack in text.split("/"):
        if len(stack) % 4:
            raise _BadFieldError("each tile is 4 characters")
        stacks.append(tuple((stack[k : k + 2], stack[k + 2 : k + 4]) for k in range(0, len(stack), 4)))
    if len(stacks) != 2:
        raise _BadFieldError("expected orange's tiles, /, blue's tiles")
    return stacks[0], stacks[1]


def _read_first(text: str) -> tuple[Player, Rules]:
    first, colon, pattern = text.partition(":")
    who = _player(first)
    if who is None or not colon:
        raise _BadFieldError("expected o or b, :, the pattern")
    return who, _read_pattern(pattern)


def _read_turn(text: str) -> tuple[int, Player]:
    turn = _player(text[1:])
    if text[:1] not in ("1", "2") or turn is None:
        raise _BadFieldError(f"{text[:10]!r}: expected 1 or 2, then o or b")
    return int(text[0]), turn


def _read_masks(text: str) -> tuple[int, int, int]:
    masks = text.split(",")
    if len(masks) != 3:
        raise _BadFieldError("expected three hex masks: pool, orange's reserve, blue's")
    return _hex(masks[0], POOL_SIZE), _hex(masks[1], POOL_SIZE), _hex(masks[2], POOL_SIZE)


def _read_tokens(text: str) -> Cards:
    both = text.split("/")
    if len(both) != 2:
        raise _BadFieldError("expected orange's postcards, /, blue's")
    return _read_cards(both[0]), _read_cards(both[1])


def _read_held(text: str) -> tuple[Player | None, Player | None]:
    if len(text) != 2:
        raise _BadFieldError("expected two characters: who holds Métropolitain, who holds Chartier")
    return _player(text[0]), _player(text[1])


def _read_buildings(text: str) -> tuple[Building, ...]:
    return () if text == "-" else tuple(_read_building(b) for b in text.split(","))


def _read_ground(text: str) -> tuple[Faces, int]:
    rows = text.split("/")
    if len(rows) != 8 or any(len(row) != 8 for row in rows):
        raise _BadFieldError("expected 8 rows of 8 characters joined by /")
    faces = [0, 0, 0, 0]
    areas = 0
    for sq, ch in enumerate("".join(rows)):
        if ch == ".":
            continue
        if ch not in _GROUND:
            raise _BadFieldError(f"{ch!r} at {SQUARE_NAMES[sq]}: expected o, b, m, l or .")
        faces[_GROUND.index(ch)] |= 1 << sq
        areas |= next(1 << i for i, tile in enumerate(BB_TILES) if tile >> sq & 1)
    return (faces[0], faces[1], faces[2], faces[3]), areas


def _read_building(text: str) -> Building:
    owner, rest = _player(text[:1]), text[1:]
    pid, colon, spaces = rest.partition(":")
    cells, _, annex = spaces.partition("@")
    if owner is None or not colon:
        raise _BadFieldError(f"{text[:20]!r}: expected o or b, the id, :, the spaces in hex")
    try:
        return Building(pid, owner, _hex(cells, 64), _square(annex) if annex else None, jardin=pid == JARDIN_ID)
    except ValueError as error:
        raise _BadFieldError(str(error)) from None


def _read_pieces(text: str) -> Pieces:
    parts = text.split(",")
    if len(parts) != len(_PIECE_KEYS):
        raise _BadFieldError(f"expected {len(_PIECE_KEYS)} spaces or - joined by commas")
    values: dict[str, Statue | Square | None] = {}
    for key_, part in zip(_PIECE_KEYS, parts, strict=True):
        if key_ == "statue" and part != "-":
            facing = next((f for f in FACINGS if f[0] == part[-1:]), None)
            where = _square(part[:-1])
            if facing is None or where is None:
                raise _BadFieldError(f"{part[:10]!r}: the statue is a space and u, d, l or r")
            values[key_] = Statue(where, facing)
        else:
            values[key_] = _square(part)
    return Pieces(**values)  # type: ignore[arg-type]


def read(text: str) -> tuple[Setup, ReadParts]:
    """The setup and the other parts a ``paris-state/1`` line writes; :class:`StateStringError` naming the field
    it cannot read.  Whether they agree is :func:`~paris_score.game.state.checked_state`'s question."""
    if not isinstance(text, str):
        raise StateStringError([Located("state", f"expected a string, got {type(text).__name__}")])
    fields = text.strip().split(" ")
    if len(fields) != len(_FIELDS):
        raise StateStringError(
            [Located("state", f"expected {len(_FIELDS)} fields separated by spaces, got {len(fields)}")]
        )
    if fields[0] != VERSION:
        raise StateStringError([Located("field 1 (version)", f"{fields[0][:30]!r}: expected {VERSION}")])

    def read(k: int, reader: Callable[[str], T]) -> T:
        try:
            return reader(fields[k])
        except (_BadFieldError, ValueError) as error:
            raise StateStringError([Located(f"field {k + 1} ({_FIELDS[k]})", str(error))]) from None

    setup = Setup(read(1, _read_cards), read(2, _read_pool), read(3, _read_tiles), *read(4, _read_first))
    phase, turn = read(5, _read_turn)
    ground, areas = read(6, _read_ground)
    pool, orange, blue = read(9, _read_masks)
    metro, chartier = read(12, _read_held)
    return setup, ReadParts(
        phase=phase,
        turn=turn,
        placed=read(7, lambda text: _pair(text, TILES_PER_PLAYER)),
        areas=areas,
        ground=ground,
        first_done=read(8, _player),
        pool=pool,
        reserves=(orange, blue),
        chimneys=read(10, lambda text: _pair(text, MAX_BUILDINGS)),
        cards=read(11, _read_tokens),
        metro=metro,
        chartier=chartier,
        buildings=read(13, _read_buildings),
        pieces=read(14, _read_pieces),
    )
