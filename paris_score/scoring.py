"""Scoring at the end of the game (RULES.md section 5): S1-S5 as pure functions."""

from __future__ import annotations

from paris_score.errors import IllegalPositionError
from paris_score.light import lighting_lamps, pattern_label
from paris_score.model import PLAYERS, Player, Position
from paris_score.postcards import PIECE_CARDS, STAMPED, TITLES, Postcard
from paris_score.referee import structure_problems
from paris_score.report import (
    CardScore,
    CardScores,
    LargestGroup,
    LitBuilding,
    LitBuildings,
    PlayerScore,
    Report,
    Unbuilt,
    area_names,
)
from paris_score.squares import (
    BB_ADJACENT,
    BB_ALL,
    BB_DIAGONAL,
    adjacent,
    flood,
    square_name,
)

UNBUILT_PENALTY = -3
PAINTER_POINTS_PER_LAMP = 2
STATUE_POINTS_ADJACENT = 2
STATUE_POINTS_DIAGONAL = 1
FOUNTAIN_POINTS_PER_BUILDING = 3


def lit_buildings(position: Position, player: Player) -> LitBuildings:
    """S1: size x lamps for each of the player's buildings, in position order."""
    built = position.built
    lines = []
    for b in position.buildings_of(player):
        lamps = tuple(lighting_lamps(position, b, built))
        lines.append(LitBuilding(b.id, b.size, lamps, b.size * len(lamps), b.annex is not None, b.jardin))
    return LitBuildings(sum(line.points for line in lines), tuple(lines))


def largest_group(position: Position, player: Player) -> LargestGroup:
    """S2: the largest edge-connected group of the player's buildings, by total size.

    Ties go to the group holding the first building id in string order.
    """
    own = position.buildings_of(player)
    groups: list[list[int]] = []
    unassigned = list(range(len(own)))
    while unassigned:
        group = [unassigned.pop(0)]
        reach = adjacent(own[group[0]].spaces)
        grew = True
        while grew:
            grew = False
            for i in list(unassigned):
                if own[i].spaces & reach:
                    group.append(i)
                    unassigned.remove(i)
                    reach |= adjacent(own[i].spaces)
                    grew = True
        groups.append(group)
    best = LargestGroup(0, ())
    for group in groups:
        ids = tuple(sorted(own[i].id for i in group))
        size = sum(own[i].size for i in group)
        if size > best.points or (size == best.points and ids[0] < best.buildings[0]):
            best = LargestGroup(size, ids)
    return best


def unbuilt(position: Position, player: Player) -> Unbuilt:
    """S3: -3 a building left in reserve, waived by Sacré-Cœur."""
    count = len(position.reserve.of(player))
    if Postcard.SACRE_COEUR in position.postcards.used(player):
        return Unbuilt(count, 0, Postcard.SACRE_COEUR if count else None)
    return Unbuilt(count, UNBUILT_PENALTY * count, None)


def painter(position: Position) -> CardScore:
    """S4a: +2 a lamp in the painter's area (bounded by buildings and the edge only)."""
    sq = position.pieces.painter
    if sq is None:
        return CardScore(Postcard.LE_PEINTRE, 0, "the painter is not on the board")
    area = flood(1 << sq, BB_ALL & ~position.built)
    lamps = position.lamps() & area
    n = lamps.bit_count()
    return CardScore(
        Postcard.LE_PEINTRE,
        PAINTER_POINTS_PER_LAMP * n,
        f"{n} lamp{'s' * (n != 1)} in the painter's area: {area_names(lamps) or 'none'}",
        area,
    )


def dancer(position: Position) -> CardScore:
    """S4b: +1 a space of the dancer's area (free, unlit spaces reachable from the dancer)."""
    sq = position.pieces.dancer
    if sq is None:
        return CardScore(Postcard.MOULIN_ROUGE, 0, "the dancer is not on the board")
    # Lamps are uncovered streetlight spaces or pieces, so this excludes them all.
    open_ground = BB_ALL & ~position.occupied & ~position.ground.streetlight
    area = flood(1 << sq, open_ground | 1 << sq)
    n = area.bit_count()
    return CardScore(
        Postcard.MOULIN_ROUGE,
        n,
        f"{n} space{'s' * (n != 1)} in the dancer's area: {area_names(area)}",
        area,
    )


def statue(position: Position) -> CardScore:
    """S4c: with a free front, +2 a free adjacent space and +1 a free diagonal one."""
    piece = position.pieces.statue
    if piece is None:
        return CardScore(Postcard.LE_PENSEUR, 0, "the statue is not on the board")
    free = BB_ALL & ~position.occupied
    front = piece.front
    if front is None:
        return CardScore(Postcard.LE_PENSEUR, 0, "the space in front of the statue is off the board")
    if not free >> front & 1:
        return CardScore(Postcard.LE_PENSEUR, 0, f"the space in front ({square_name(front)}) is not free")
    near = BB_ADJACENT[piece.at] & free
    corner = BB_DIAGONAL[piece.at] & free
    points = STATUE_POINTS_ADJACENT * near.bit_count() + STATUE_POINTS_DIAGONAL * corner.bit_count()
    detail = (
        f"front {square_name(front)} free; {near.bit_count()} free adjacent "
        f"({area_names(near)}) x 2 + {corner.bit_count()} free diagonal "
        f"({area_names(corner) or 'none'}) x 1"
    )
    return CardScore(Postcard.LE_PENSEUR, points, detail, near | corner)


def fountain(position: Position, player: Player) -> CardScore:
    """S4d: +3 for each of the player's buildings adjacent to the fountain."""
    sq = position.pieces.fountain
    if sq is None:
        return CardScore(Postcard.FONTAINE_DES_MERS, 0, "the fountain is not on the board")
    near = BB_ADJACENT[sq]
    ids = [b.id for b in position.buildings_of(player) if b.spaces & near]
    n = len(ids)
    return CardScore(
        Postcard.FONTAINE_DES_MERS,
        FOUNTAIN_POINTS_PER_BUILDING * n,
        f"{n} building{'s' * (n != 1)} beside the fountain: {', '.join(ids) or 'none'}",
    )


def postcards(position: Position, player: Player) -> CardScores:
    """S4: the stamped postcards the player used, in card order."""
    scorers = {
        Postcard.LE_PEINTRE: lambda: painter(position),
        Postcard.MOULIN_ROUGE: lambda: dancer(position),
        Postcard.LE_PENSEUR: lambda: statue(position),
        Postcard.FONTAINE_DES_MERS: lambda: fountain(position, player),
    }
    used = position.postcards.used(player)
    cards = tuple(scorers[card]() for card in STAMPED if card in used)
    return CardScores(sum(c.points for c in cards), cards)


def free_own_spaces(position: Position, player: Player) -> int:
    """S5 tie-break: free spaces of the player's colour (W1, W5; Chartier makes its space mixed)."""
    return (position.colours.own(player) & ~position.occupied).bit_count()


def player_score(position: Position, player: Player) -> PlayerScore:
    return PlayerScore(
        lit_buildings(position, player),
        largest_group(position, player),
        unbuilt(position, player),
        postcards(position, player),
        free_own_spaces(position, player),
    )


def notes(position: Position, report_winner: str, scores: dict[Player, PlayerScore]) -> list[str]:
    """Notices that explain how the report was made."""
    out = []
    if position.pieces.large_streetlight is not None:
        out.append(
            "the large streetlight's pattern is "
            f"{pattern_label(position.rules.large_streetlight_pattern)} (S1c; the printed card's "
            "pattern is unknown, set rules.large_streetlight_pattern to change it)"
        )
    for name, sq in position.pieces.placed().items():
        card = PIECE_CARDS[name]
        if position.postcards.user(card) is None:
            out.append(
                f"the {name.replace('_', ' ')} on {square_name(sq)} scores for nobody: no player used {TITLES[card]}"
            )
    o, b = scores[Player.ORANGE], scores[Player.BLUE]
    if o.total == b.total:
        if report_winner == "tie":
            out.append(f"tied at {o.total} with {o.free_own_spaces} free own-colour spaces each: a shared victory (S5)")
        else:
            out.append(
                f"tied at {o.total}; {report_winner} wins on free spaces of own colour, "
                f"{o.free_own_spaces} to {b.free_own_spaces} (S5)"
            )
    return out


def winner(orange: PlayerScore, blue: PlayerScore) -> str:
    """S5: higher total, then more free own-colour spaces, then a tie."""
    key_o = (orange.total, orange.free_own_spaces)
    key_b = (blue.total, blue.free_own_spaces)
    if key_o == key_b:
        return "tie"
    return "orange" if key_o > key_b else "blue"


def score(position: Position) -> Report:
    """Score a position (S1-S5).

    Raises :class:`~paris_score.errors.IllegalPositionError` when pieces share a
    space, since such a board has no meaningful score.
    """
    problems = structure_problems(position)
    if problems:
        raise IllegalPositionError(problems)
    scores = {p: player_score(position, p) for p in PLAYERS}
    won = winner(scores[Player.ORANGE], scores[Player.BLUE])
    return Report(scores[Player.ORANGE], scores[Player.BLUE], won, tuple(notes(position, won, scores)))
