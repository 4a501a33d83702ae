"""Refereeing: every rule a position breaks, all at once.

:func:`check` judges a board as it stands (the final board, not the order of
play) against the box (B2-B7), the postcards (B5, B6) and every placement
rule (P1-P13); with ``final=True`` also the end of the game (F4), and with a
catalogue the building shapes (B3).  Each :class:`~paris_score.errors.Problem`
carries a stable ``code``, the rule id of docs/rules.md, the spaces involved and a
one-line message.  ``severity`` is ``"error"`` for a broken rule and
``"warning"`` for what the box cannot confirm; a position is legal when it
has no error.

:func:`structure_problems` finds only what makes scoring meaningless (pieces
on top of each other); :func:`paris_score.score` refuses such a position.

P2 (Lévitation) and P5 (Sacré-Cœur) leave nothing on the board to check.
"""

from __future__ import annotations

import warnings
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

from paris_score.catalogue import Catalogue
from paris_score.codes import (
    ANNEXES,
    BUILDINGS_TOO_MANY,
    CARD_LISTED_TWICE,
    CARD_NOT_PLAYED,
    CARD_USED_TWICE,
    CARDS_NOT_GIVEN,
    CARDS_TOO_MANY,
    CARDS_TOO_MANY_USED,
    CHARTIER_UNCOVERED,
    COULD_BUILD,
    ERROR,
    EVERY_PIECE,
    EVERY_POLYOMINO,
    JARDIN_SIZE_WRONG,
    JARDINS,
    MAY_BUILD,
    NO_RESERVE,
    NOBODY_USED,
    NOBODY_USED_PIECE,
    NOT_CONNECTED,
    OTHER_USED,
    OVERLAP_PAIR,
    RESERVE_BUILDING,
    RESERVE_BUILDING_OF,
    RESERVE_BUILDINGS,
    SHAPE_OVERUSED,
    SHAPE_TURNED_OVER,
    SHAPE_UNKNOWN,
    SHAPES_UNKNOWN,
    SHAPES_UNKNOWN_CATALOGUE,
    SIZE_NOT_IN_BOX,
    SIZE_NOT_IN_BOX_DOMINO,
    SIZE_TOO_MANY,
    STREETLIGHTS_COUNTED,
    TOKENS_LEFT,
)
from paris_score.errors import Problem
from paris_score.i18n import NONE, Text, and_list, counting, word
from paris_score.model import (
    ACTION_TOKENS,
    ANNEX_OF,
    BOX_COUNTS,
    BOX_SIZES,
    BUILDING,
    JARDIN,
    JARDIN_SIZE,
    MAX_BUILDINGS,
    PLAYERS,
    POSTCARDS_IN_PLAY,
    THE_PIECE,
    Building,
    Player,
    PlayerLike,
    Position,
    as_player,
    building_name,
)
from paris_score.placement import (
    Placement,
    annex_ground_problems,
    building_ground_problems,
    chartier_open,
    first_placement,
    metropolitain_open,
    piece_ground_problem,
    statue_front_problems,
    streetlight_problems,
)
from paris_score.postcards import CHARTIER, PIECES, STATUE, Postcard
from paris_score.shapes import Shape, canonical, fixed_polyominoes, shape_of, shape_rows
from paris_score.squares import Bitboard, Square, is_connected, names_text, scan, square_name

__all__ = ["check", "final_problems", "is_legal", "only_errors", "structure_problems"]

STREETLIGHTS_EXPECTED: Final = 8
"""Streetlight spaces on a full board, as one review reports (B2, unconfirmed: a warning only)."""


def structure_problems(position: Position) -> list[Problem]:
    """Pieces that share a space (W1, P1): every pair, in the order the position lists them."""
    if not position.overlap:
        return []
    problems = []
    things = position.named_things()
    for i, (name_a, bb_a) in enumerate(things):
        for name_b, bb_b in things[i + 1 :]:
            shared = bb_a & bb_b
            if shared:
                problems.append(
                    OVERLAP_PAIR.problem(scan(shared), thing=name_a, thing2=name_b, spaces=names_text(shared))
                )
    return problems


def reserve_not_given(player: PlayerLike) -> str:
    """What ``check`` warns and ``score`` notes of a reserve the input did not give (S3): counted as none."""
    return str(NO_RESERVE(player=as_player(player)))


def _ordinary(position: Position) -> list[Building]:
    """The buildings that are box pieces (B3): all but the Jardin des Plantes."""
    return [b for b in position.buildings if not b.jardin]


# -- The box (B2-B7) ---------------------------------------------------------------


def box_problems(position: Position) -> list[Problem]:
    """B2 streetlight count and S3 reserve not given (warnings), B3 sizes, B4 chimneys, B7 one Jardin and annex."""
    problems = []
    lights = position.ground.streetlight
    if lights.bit_count() != STREETLIGHTS_EXPECTED:
        problems.append(
            STREETLIGHTS_COUNTED.problem(
                scan(lights), count=_STREETLIGHT_SPACES(n=lights.bit_count()), n=STREETLIGHTS_EXPECTED
            )
        )
    for player in position.reserve.not_given:
        problems.append(NO_RESERVE.problem(player=player))
    built: dict[int, list[Building]] = {size: [] for size in BOX_SIZES}
    for b in _ordinary(position):
        size = b.cells.bit_count()
        if size in built:
            built[size].append(b)
        else:
            # a domino when no Jardin des Plantes is marked: the likely slip (P4, B7)
            domino = size == 2 and not any(o.jardin for o in position.buildings)
            wording = SIZE_NOT_IN_BOX_DOMINO if domino else SIZE_NOT_IN_BOX
            problems.append(wording.problem(scan(b.cells), id=b.id, count=_SPACES(n=size)))
    reserved = Counter(position.reserve.orange + position.reserve.blue)
    for size, most in BOX_COUNTS.items():
        here = len(built[size]) + reserved[size]
        if here > most:
            problems.append(
                SIZE_TOO_MANY.problem(
                    scan(_union(b.cells for b in built[size])),
                    n=here,
                    size=size,
                    ids=_ids(built[size]),
                    reserved=reserved[size],
                    most=most,
                )
            )
    for player in PLAYERS:
        own = position.buildings_of(player)
        if len(own) > MAX_BUILDINGS:
            problems.append(BUILDINGS_TOO_MANY.problem(player=player, n=len(own), most=MAX_BUILDINGS))
    jardins = [b for b in position.buildings if b.jardin]
    if len(jardins) > 1:
        problems.append(
            JARDINS.problem(scan(_union(b.cells for b in jardins)), n=len(jardins), ids=[b.id for b in jardins])
        )
    annexed = [b for b in position.buildings if b.annex is not None]
    if len(annexed) > 1:
        problems.append(
            ANNEXES.problem(
                tuple(sorted(b.annex for b in annexed if b.annex is not None)),
                n=len(annexed),
                ids=[b.id for b in annexed],
            )
        )
    return problems


_SPACES: Final = counting("space")
_STREETLIGHT_SPACES: Final = counting("streetlight space")
_RESERVE_BUILDINGS: Final = counting("reserve building")
_NONE: Final = word(NONE)


def _ids(buildings: Iterable[Building]) -> list[str] | Text:
    """The buildings' ids, said as a list (``A, B``), or ``none``."""
    return [b.id for b in buildings] or _NONE


def _union(parts: Iterable[Bitboard]) -> Bitboard:
    bb = 0
    for part in parts:
        bb |= part
    return bb


def postcard_problems(position: Position) -> list[Problem]:
    """B5 four tokens a player; B6 at most 8 cards in play, each used at most once and only if in play."""
    problems = []
    cards = position.postcards
    # Counters only where a card is listed twice: the common case needs none.
    in_play = (
        Counter(cards.in_play) if len(set(cards.in_play)) != len(cards.in_play) else dict.fromkeys(cards.in_play, 1)
    )
    if len(in_play) > POSTCARDS_IN_PLAY:
        problems.append(CARDS_TOO_MANY.problem(n=len(in_play), most=POSTCARDS_IN_PLAY))
    for card, n in in_play.items():
        if n > 1:
            problems.append(CARD_LISTED_TWICE.problem(card=card, n=n))
    for player in PLAYERS:
        used = cards.used(player)
        if len(used) > ACTION_TOKENS:
            problems.append(CARDS_TOO_MANY_USED.problem(player=player, n=len(used), most=ACTION_TOKENS))
    used = cards.orange + cards.blue
    tokens = Counter(used) if len(set(used)) != len(used) else dict.fromkeys(used, 1)
    for card, n in tokens.items():
        if n > 1:
            who = and_list(p for p in PLAYERS if card in cards.used(p))
            problems.append(CARD_USED_TWICE.problem(card=card, n=n, players=who))
    if not in_play and tokens:
        # The document left the postcards in play out: they cannot be checked, which is no proof of a broken rule.
        problems.append(CARDS_NOT_GIVEN.problem())
        return problems
    for card in tokens:
        if card not in in_play:
            problems.append(CARD_NOT_PLAYED.problem(user=cards.user(card), card=card))
    return problems


# -- Buildings (P1, P3, P4) and the annex (P8) ---------------------------------------


def _card_owner_problem(
    position: Position, card: Postcard, owner: Player, what: Text | Building, rule: str, spaces: Iterable[Square]
) -> Problem | None:
    """A piece that belongs to ``owner`` needs ``card`` used by ``owner`` (B7); ``what``: the piece, or the
    building whose annex it is."""
    user = position.postcards.user(card)
    if user is owner:
        return None
    thing = ANNEX_OF(id=what.id) if isinstance(what, Building) else what
    if user is None:
        return NOBODY_USED.problem(spaces, rule=rule, thing=thing, card=card)
    return OTHER_USED.problem(spaces, rule=rule, thing=thing, owner=owner, user=user, card=card)


def building_problems(position: Position) -> list[Problem]:
    """P1 connected, right colour, no streetlight; P3 one streetlight with Métropolitain; P4 the Jardin."""
    problems = []
    colours = position.colours
    lights = colours.streetlight
    for b in position.buildings:
        if b.jardin:
            label = JARDIN(id=b.id)
            problem = _card_owner_problem(position, Postcard.JARDIN_DES_PLANTES, b.owner, label, "P4", scan(b.cells))
            if problem:
                problems.append(problem)
            if b.cells.bit_count() != JARDIN_SIZE:
                problems.append(
                    JARDIN_SIZE_WRONG.problem(
                        scan(b.cells), thing=label, count=_SPACES(n=b.cells.bit_count()), n=JARDIN_SIZE
                    )
                )
        if not is_connected(b.cells):
            problems.append(NOT_CONNECTED.problem(scan(b.cells), thing=building_name(b)))
        problems += building_ground_problems(b, colours.own(b.owner.other), lights)
    return problems + streetlight_problems(position, lights)


def annex_problems(position: Position) -> list[Problem]:
    """P8: the annex on its owner's colour, beside the building it extends, Bouquinistes used by the owner."""
    problems = []
    colours = position.colours
    for b in position.buildings:
        if b.annex is None:
            continue
        problem = _card_owner_problem(position, Postcard.BOUQUINISTES, b.owner, b, "P8", (b.annex,))
        if problem:
            problems.append(problem)
        problems += annex_ground_problems(b, colours.own(b.owner))
    return problems


# -- Special pieces (P6, P7, P9, P10, P11, P12, P13) ----------------------------------


def piece_problems(position: Position) -> list[Problem]:
    """Each special piece: its postcard used (B7), on the ground its rule allows (P6, P7, P9, P10, P11, P12, P13).

    The ground each rule allows is :attr:`paris_score.postcards.Piece.allowed`;
    the statue's front (P11, :func:`~paris_score.placement.statue_front_problems`)
    and the Chartier space's cover (P7) are checked by their own functions.
    """
    problems = []
    printed, colours, pieces = position.ground, position.colours, position.pieces
    for piece, sq in zip(PIECES, pieces.spaces(), strict=True):
        if sq is None:
            continue
        user = position.postcards.user(piece.card)
        if user is None:
            problems.append(
                NOBODY_USED_PIECE.problem(
                    (sq,), rule=piece.rule, thing=THE_PIECE(piece=piece), space=square_name(sq), card=piece.card
                )
            )
            continue
        allowed = piece.allowed.spaces(colours.own(user), colours.mixed, printed.streetlight, printed.own(user.other))
        problem = piece_ground_problem(piece, user, sq, allowed)
        if problem is not None:
            problems.append(problem)
        if piece is STATUE:
            assert pieces.statue is not None
            problems.extend(statue_front_problems(pieces.statue, position.occupied))
        elif piece is CHARTIER:
            problems.extend(_chartier_problems(position, sq, user))
    return problems


def _chartier_problems(position: Position, sq: Square, user: Player) -> list[Problem]:
    """P7: the Chartier space covered by the user's building or fountain (its ground: :func:`piece_problems`)."""
    problems = []
    bit = 1 << sq
    # Ruling: the build Chartier asks for comes from the reserve, so neither the Jardin des Plantes (P4, a card
    # action, never in a reserve) nor the annex (P8, own colour only) can be what covers the space.
    by_building = any(b.cells & bit and not b.jardin for b in position.buildings_of(user))
    fountain = position.pieces.fountain == sq and position.postcards.user(Postcard.FONTAINE_DES_MERS) is user
    if not (by_building or fountain):
        problems.append(CHARTIER_UNCOVERED.problem((sq,), space=square_name(sq), user=user))
    return problems


# -- The shapes of the pieces (B3, with a catalogue) --------------------------------


def catalogue_problems(position: Position, catalogue: Catalogue) -> list[Problem]:
    """B3 with a catalogue: every built piece and reserve shape is a catalogue piece, each used once.

    Pieces only rotate; a shape that matches only turned over does not match
    (the B3 ruling of docs/rules.md).  The annex and the Jardin des Plantes are
    not box pieces and are left out.
    """
    items: list[tuple[Text, Shape, Bitboard]] = []
    for b in _ordinary(position):
        items.append((BUILDING(id=b.id), shape_of(b.cells), b.cells))
    for player in PLAYERS:
        for i, (size, shape) in enumerate(position.reserve.entries(player)):
            if shape is not None:
                items.append((RESERVE_BUILDING_OF(player=player, i=i + 1, size=size), shape, 0))
    problems = []
    groups: dict[Shape, list[tuple[Text, Shape, Bitboard]]] = {}
    for label, shape, cells in items:
        if not catalogue.matching(shape):
            mirrored = catalogue.mirrored(shape)
            rows = "/".join(shape_rows(shape))
            if mirrored:
                problems.append(SHAPE_TURNED_OVER.problem(scan(cells), thing=label, rows=rows, piece=mirrored[0].id))
            else:
                problems.append(SHAPE_UNKNOWN.problem(scan(cells), thing=label, rows=rows))
            continue
        groups.setdefault(canonical(shape), []).append((label, shape, cells))
    for shape, members in groups.items():
        pieces = catalogue.matching(shape)
        if len(members) > len(pieces):
            problems.append(
                SHAPE_OVERUSED.problem(
                    scan(_union(m[2] for m in members)),
                    things=[m[0] for m in members],
                    pieces=" / ".join(p.id for p in pieces),
                    n=len(pieces),
                )
            )
    return problems


# -- The end of the game (F4) ---------------------------------------------------------


def _candidates(position: Position, size: int, catalogue: Catalogue | None) -> list[Shape]:
    """The shapes a reserve building of ``size`` may have, one per piece up to rotation.

    With a catalogue, the pieces already built or known in a reserve are left
    out: each piece is in the box once (B3).
    """
    if catalogue is not None:
        taken = Counter(canonical(shape_of(b.cells)) for b in _ordinary(position) if b.cells.bit_count() == size)
        for player in PLAYERS:
            taken.update(canonical(shape) for shape in position.reserve.shapes(player) if shape and len(shape) == size)
        free = []
        for piece in catalogue.of_size(size):
            key = canonical(piece.shape)
            if taken[key]:
                taken[key] -= 1
            else:
                free.append(piece.shape)
        return free
    seen: dict[Shape, Shape] = {}
    for shape in fixed_polyominoes(size):
        seen.setdefault(canonical(shape), shape)
    return list(seen.values())


def _fit(position: Position, player: Player, shape: Shape) -> tuple[Placement | None, bool]:
    """Where ``shape`` fits by P1 alone, else with an open card's build; and whether a card was needed."""
    plain = first_placement(position, player, shape, metropolitain=False, chartier=False)
    if plain is not None:
        return plain, False
    if metropolitain_open(position, player) or chartier_open(position, player):
        return first_placement(position, player, shape), True
    return None, False


def final_problems(position: Position, catalogue: Catalogue | None = None) -> list[Problem]:
    """F4: all 8 action tokens on postcards, and neither player could still build from the reserve.

    Where a reserve building's shape is unknown, every shape it may have is
    tried (the catalogue's pieces of its size, or every polyomino of its
    size): all fit means it could be built, none fits means it could not, and
    otherwise the test cannot be made (``final-unknown-shapes``, a warning).
    Where a building fits only with a card's build that may have been given
    up (see :mod:`paris_score.placement`), the result is a warning.
    """
    problems = []
    for player in PLAYERS:
        used = len(position.postcards.used(player))
        if used < ACTION_TOKENS:
            problems.append(TOKENS_LEFT.problem(player=player, n=used, most=ACTION_TOKENS))
    for player in PLAYERS:
        if len(position.buildings_of(player)) >= MAX_BUILDINGS or not position.reserve.of(player):
            continue
        unknown_sizes: list[int] = []
        for i, (size, shape) in enumerate(position.reserve.entries(player)):
            if shape is None:
                if size not in unknown_sizes:
                    unknown_sizes.append(size)
                continue
            where, needs_card = _fit(position, player, shape)
            if where is not None:
                problems.append(_could_build(player, RESERVE_BUILDING(i=i + 1, size=size), where, needs_card))
        for size in unknown_sizes:
            problems.extend(_unknown_shape(position, player, size, catalogue))
    return problems


def _could_build(player: Player, what: Text, where: Placement, needs_card: bool) -> Problem:
    """F4: ``player`` could still build ``what`` on ``where`` (a warning when only a card's build allows it)."""
    wording = MAY_BUILD if needs_card else COULD_BUILD
    return wording.problem(scan(where.cells), player=player, what=what, where=where.text)


def _unknown_shape(position: Position, player: Player, size: int, catalogue: Catalogue | None) -> list[Problem]:
    """F4 for the player's reserve buildings of ``size`` whose shapes are unknown: every shape they may have fits,
    some do (a warning), or none does."""
    count = _RESERVE_BUILDINGS(n=position.reserve.of(player).count(size))
    shapes = _candidates(position, size, catalogue)
    fits = [(shape, *_fit(position, player, shape)) for shape in shapes]
    plain = [f for f in fits if f[1] is not None and not f[2]]
    any_fit = [f for f in fits if f[1] is not None]
    if shapes and len(plain) == len(shapes):
        first = plain[0][1]
        assert first is not None
        every = EVERY_PIECE if catalogue is not None else EVERY_POLYOMINO
        return [_could_build(player, every(count=count, size=size), first, False)]
    if not any_fit:
        return []
    wording = SHAPES_UNKNOWN_CATALOGUE if catalogue is not None else SHAPES_UNKNOWN
    what = RESERVE_BUILDINGS(count=count, size=size)
    return [wording.problem(player=player, what=what, k=len(any_fit), n=len(shapes))]


# -- Everything ------------------------------------------------------------------------


def check(position: Position, *, final: bool = False, catalogue: Catalogue | None = None) -> list[Problem]:
    """Every problem of ``position``: broken rules (errors) and what the box cannot confirm (warnings).

    ``final=True`` also requires a finished game (F4).  ``catalogue`` turns on
    the shape checks (B3 and its ruling).  An empty list means legal.
    """
    problems = structure_problems(position)
    problems += box_problems(position)
    problems += postcard_problems(position)
    problems += building_problems(position)
    problems += annex_problems(position)
    problems += piece_problems(position)
    if catalogue is not None:
        problems += catalogue_problems(position, catalogue)
    if final:
        problems += final_problems(position, catalogue)
    return problems


def only_errors(problems: Sequence[Problem]) -> list[Problem]:
    """The problems that make a position illegal (warnings left out)."""
    return [p for p in problems if p.severity == ERROR]


def errors(problems: Sequence[Problem]) -> list[Problem]:
    """Deprecated name of :func:`only_errors` (it shadowed the module :mod:`paris_score.errors`)."""
    warnings.warn(
        "paris_score.referee.errors is deprecated: use paris_score.referee.only_errors",
        DeprecationWarning,
        stacklevel=2,
    )
    return only_errors(problems)


def is_legal(position: Position, *, final: bool = False, catalogue: Catalogue | None = None) -> bool:
    """True when :func:`check` finds no error (warnings allowed)."""
    return not only_errors(check(position, final=final, catalogue=catalogue))
