"""Overlays: what a score counted, as annotations for :func:`paris_score.svg.board`.

>>> import paris_score
>>> from paris_score import annotate
>>> game = paris_score.rulebook_example()
>>> picture = annotate.board(game, report=paris_score.score(game), overlays=["lit", "groups"])
>>> "orange 48 \u2013 blue 57: blue wins" in picture
True

Each overlay is read from a score report (:func:`paris_score.score`), never
computed again: the lamps and the spaces each lamp lit (S1), the largest
groups (S2), the painter's and the dancer's areas (S4a, S4b).  Without a
report the lines are scored here, one by one, so that a position whose pieces
overlap (which has no score) can still be drawn with its overlays.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from paris_score import scoring
from paris_score.errors import Problem
from paris_score.light import pattern_label, sight
from paris_score.model import PLAYERS, Position
from paris_score.postcards import Postcard
from paris_score.referee import check
from paris_score.report import CardScore, PlayerScore, Report
from paris_score.squares import Bitboard, bitboard, scan, square_name
from paris_score.svg import (
    BLOCKED,
    DANCER_AREA,
    GROUP_STROKE,
    LIGHT,
    PAINTER_AREA,
    PATTERN_EDGE,
    Badge,
    Layer,
    Mark,
    Outline,
    Picture,
    Ray,
    Ring,
    Tint,
)
from paris_score.svg import board as draw

OVERLAYS: Final = ("lit", "groups", "painter", "dancer", "large-light", "problems")
"""The overlays :func:`board` draws, in a fixed order whatever order they are asked in
(areas first, the ``lit`` rays and the problems last, on top).

``lit``: a ray from each lamp to each building it lights (S1a, S1b) and the
lamp count beside each id.  ``groups``: each player's largest group (S2).
``painter``, ``dancer``: the areas of S4a and S4b.  ``large-light``: the
spaces of the large streetlight's pattern (S1c) and its lines to buildings,
the blocked ones dashed in red (S1b).  ``problems``: the spaces of every
problem the referee finds (:func:`paris_score.check`), in red, each space once.
"""
_DRAWN: Final = ("groups", "painter", "dancer", "large-light", "lit", "problems")


def lit(position: Position, scores: Iterable[PlayerScore]) -> Layer:
    """S1: a ray from each lamp to the first space it lit of each building, and ``×n`` lamps under each id."""
    lines = {line.id: line for s in scores for line in s.lit_buildings.buildings}
    marks = []
    for b in position.buildings:
        line = lines.get(b.id)
        if line is None:
            continue
        rays = tuple(
            Ray(lamp, (spaces & -spaces).bit_length() - 1)
            for lamp, spaces in zip(line.lamps, line.reached, strict=False)
            if spaces
        )
        badge = Badge(b.id, f"\u00d7{len(line.lamps)}", "lamp-count")
        marks.append(Layer(f"lit-building {b.owner}", (*rays, badge), (("building", b.id),)))
    return Layer("overlay lit", tuple(marks))


def groups(position: Position, scores: Iterable[PlayerScore]) -> Layer:
    """S2: a dashed line round each player's largest group."""
    marks = []
    for player, s in zip(PLAYERS, scores, strict=True):
        ids = s.largest_group.buildings
        spaces = 0
        for b in position.buildings:
            if b.id in ids:
                spaces |= b.spaces
        if spaces:
            outline = Outline(spaces, GROUP_STROKE[player], -1.5, dashed=True)
            marks.append(Layer(f"group {player}", (outline,), (("buildings", " ".join(ids)),)))
    return Layer("overlay groups", tuple(marks))


def area(name: str, spaces: Bitboard, colour: str, *extra: Mark) -> Layer:
    """An area (S4a, S4b): each space tinted, the whole outlined."""
    return Layer(f"overlay {name}", (Tint(spaces, colour), Outline(spaces, colour, 3), *extra))


def large_light(position: Position, scores: Iterable[PlayerScore]) -> Layer:
    """S1b, S1c: the pattern's spaces, and a line to every building space in it, red and dashed when blocked."""
    lamp = position.pieces.large_streetlight
    pattern = position.rules.large_streetlight_pattern
    data = (("pattern", pattern_label(pattern)),)
    if lamp is None:
        return Layer("overlay large-light", (), data)
    reach = sight(pattern, lamp).reach
    seen = 0  # the spaces the score says the lamp lit
    for s in scores:
        for line in s.lit_buildings.buildings:
            for by, spaces in zip(line.lamps, line.reached, strict=False):
                if by == lamp:
                    seen |= spaces
    built = position.built
    marks: list[Mark] = [
        Tint(reach & ~built, LIGHT, 0.3, "reach"),  # buildings keep their colour; the rays tell their story
        Outline(reach | 1 << lamp, PATTERN_EDGE, -1.5, dashed=True),
    ]
    for target in scan(reach & built):
        ray = Ray(lamp, target, "reached" if seen >> target & 1 else "blocked")
        marks.append(Layer(ray.kind, (ray,), (("space", square_name(target)),)))
    return Layer("overlay large-light", tuple(marks), data)


def problems(found: Iterable[Problem]) -> Layer:
    """The spaces of every problem (:func:`paris_score.check`), each space tinted once in red and the whole outlined.

    Each space is drawn once however many problems name it, so the picture stays small whatever the position
    (docs/robustness.md); the layer's ``data-codes`` lists the problems' codes, once each, in the referee's order.
    """
    spaces = 0
    codes: dict[str, None] = {}
    for p in found:
        if p.spaces:
            spaces |= bitboard(p.spaces)
            codes.setdefault(p.code)
    marks = (Tint(spaces, BLOCKED, 0.3, "problem-space"), Outline(spaces, BLOCKED, 2)) if spaces else ()
    return Layer("overlay problems", marks, (("codes", " ".join(codes)),) if codes else ())


def footer(report: Report) -> str:
    """The totals and the result, for the line under the board."""
    result = "a tie" if report.winner == "tie" else f"{report.winner} wins"
    return f"orange {report.orange.total} \u2013 blue {report.blue.total}: {result}"


def report_overlays(position: Position, report: Report) -> tuple[str, ...]:
    """The overlays that explain a report: light, groups, and each area a card counted."""
    names = ["lit", "groups"]
    used = {c.card for player in PLAYERS for c in report[player].postcards.cards}
    if Postcard.LE_PEINTRE in used and position.pieces.painter is not None:
        names.append("painter")
    if Postcard.MOULIN_ROUGE in used and position.pieces.dancer is not None:
        names.append("dancer")
    if position.pieces.large_streetlight is not None:
        names.append("large-light")
    return tuple(names)


def _card(scores: Iterable[PlayerScore], card: Postcard) -> CardScore | None:
    for s in scores:
        for c in s.postcards.cards:
            if c.card is card and c.spaces:
                return c
    return None


def layers(position: Position, names: Iterable[str], report: Report | None = None) -> tuple[Layer, ...]:
    """The named overlays (:data:`OVERLAYS`) of ``position``, from ``report`` when given; unknown names raise."""
    wanted = set(names)
    unknown = sorted(wanted - set(OVERLAYS))
    if unknown:
        raise ValueError(f"unknown overlay {', '.join(map(repr, unknown))}; expected some of {', '.join(OVERLAYS)}")
    if not wanted:
        return ()
    board = scoring.board_of(position)
    scores = (
        (report.orange, report.blue)
        if report is not None
        else tuple(scoring.player_score(position, player, board) for player in PLAYERS)
    )
    drawn = []
    for name in _DRAWN:
        if name not in wanted:
            continue
        if name == "lit":
            drawn.append(lit(position, scores))
        elif name == "groups":
            drawn.append(groups(position, scores))
        elif name == "painter":
            painted = 0
            if position.pieces.painter is not None:
                painted = (_card(scores, Postcard.LE_PEINTRE) or scoring.painter(position, board)).spaces
            drawn.append(
                area("painter", painted, PAINTER_AREA, Ring(position.lamps() & painted, PAINTER_AREA, "counted-lamp"))
            )
        elif name == "dancer":
            danced = 0
            if position.pieces.dancer is not None:
                danced = (_card(scores, Postcard.MOULIN_ROUGE) or scoring.dancer(position, board)).spaces
            drawn.append(area("dancer", danced, DANCER_AREA))
        elif name == "large-light":
            drawn.append(large_light(position, scores))
        else:
            drawn.append(problems(check(position)))
    return tuple(drawn)


def board(
    position: Position,
    *,
    size: int | None = None,
    overlays: Iterable[str] = (),
    report: Report | None = None,
) -> Picture:
    """Draw ``position`` with the named overlays (:data:`OVERLAYS`) as an SVG document.

    :param size: width in pixels, as :func:`paris_score.svg.board`.
    :param overlays: names from :data:`OVERLAYS`; unknown names raise :class:`ValueError`.
    :param report: the position's score report (:func:`paris_score.score`):
        the totals are written under the board and the overlays take their data from it.
    """
    return draw(
        position,
        size=size,
        annotations=layers(position, overlays, report),
        footer=None if report is None else footer(report),
    )
