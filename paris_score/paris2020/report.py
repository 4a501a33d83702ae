"""A final scoring of *Paris* (2020) told two ways: the readable breakdown, and ``paris2020-score/1`` JSON."""

from __future__ import annotations

from typing import Final

from paris_score.documents import Paris2020ScoreDocument
from paris_score.paris2020.referee import and_list, ordinal
from paris_score.paris2020.scoring import WIN_ORDER, DistrictScore, Score

SCORE_FORMAT: Final = "paris2020-score/1"


def _district_lines(d: DistrictScore) -> list[str]:
    tile = ", ".join(map(str, d.scoring)) if d.scoring else "none"
    lines = [f"{d.name}: scoring tile {tile}"]
    names = max((len(s.name) for s in d.standings), default=0)
    sums = [f"{s.value} = {' + '.join(map(str, s.parts))}" if len(s.parts) > 1 else str(s.value) for s in d.standings]
    width = max(map(len, sums), default=0)
    for s, told in zip(d.standings, sums, strict=True):
        why = f"  {s.why_none}" if s.why_none else ""
        lines.append(f"  {ordinal(s.place):>4}  {s.name:<{names}}  {told:<{width}}  {s.points:>3}{why}")
    lines += [f"  {tie}" for tie in d.ties]
    if d.unplaced:
        lines.append(f"  no place, owning nothing here: {and_list(d.unplaced)} (K4)")
    return lines


_TIED_ON: Final = {"points": "{} points", "francs": "{} francs", "property value": "properties worth {}"}
_WINS_ON: Final = {"francs": "francs", "property value": "the value of their properties"}


def _result(score: Score) -> str:
    """K7: the winners and the tie-breaks used, with the numbers compared."""
    if score.decided_by == "points":
        winner = score[score.winners[0]]
        return f"RESULT: {winner.name} wins with {winner.total} points"
    leaders = list(score.players)
    ties: list[tuple[list[str], list[str]]] = []  # who is still tied, and on what
    for decider, key in WIN_ORDER:
        if decider == score.decided_by:
            versus = " to ".join(str(key(p)) for p in sorted(leaders, key=key, reverse=True))
            said = "; ".join(f"{and_list(names)} tie on {and_list(on)}" for names, on in ties)
            return f"RESULT: {said}; {score.winners[0]} wins on {_WINS_ON[decider]}, {versus} (K7)"
        top = max(key(p) for p in leaders)
        leaders = [p for p in leaders if key(p) == top]
        names = [p.name for p in leaders]
        if ties and ties[-1][0] == names:
            ties[-1][1].append(_TIED_ON[decider].format(top))
        else:
            ties.append((names, [_TIED_ON[decider].format(top)]))
    said = "; ".join(f"{and_list(names)} tie on {and_list(on)}" for names, on in ties)
    return f"RESULT: {said}: they share the win (K7)"


def breakdown(score: Score) -> str:
    """The readable final scoring: each district's places and points, each player's lines, the result."""
    lines = ["Paris (2020): final scoring", ""]
    for district in score.districts:
        lines += [*_district_lines(district), ""]
    labels = [d.name for d in score.districts]
    width = max([len("on the score track"), len("bonus tile 27 (99 francs)"), *map(len, labels)])
    for p in score.players:
        bonus = f"bonus tile 27 ({p.francs} francs)" if p.tile_27 else "bonus tile 27: none"
        lines.append(p.name)
        lines.append(f"  {'on the score track':<{width}}  {p.points:>4}")
        lines.append(f"  {bonus:<{width}}  {p.bonus_27:>4}")
        lines += [f"  {label:<{width}}  {points:>4}" for label, points in zip(labels, p.districts, strict=True)]
        lines.append(f"  {'total':<{width}}  {p.total:>4}")
        lines.append(f"  francs {p.francs}; value of all properties {p.property_value}")
        lines.append("")
    lines.append(_result(score))
    return "\n".join(lines) + "\n"


def score_to_dict(score: Score) -> Paris2020ScoreDocument:
    """The ``paris2020-score/1`` document: players in the input's order, each district, the winners."""
    return {
        "format": SCORE_FORMAT,
        "players": [
            {
                "name": p.name,
                "total": p.total,
                "points": p.points,
                "bonus_27": p.bonus_27,
                "districts": {d.name: points for d, points in zip(score.districts, p.districts, strict=True)},
                "francs": p.francs,
                "property_value": p.property_value,
            }
            for p in score.players
        ],
        "districts": [
            {
                "name": d.name,
                "scoring": list(d.scoring),
                "standings": [
                    {
                        "name": s.name,
                        "value": s.value,
                        "parts": list(s.parts),
                        "place": s.place,
                        "points": s.points,
                        "why_none": s.why_none,
                    }
                    for s in d.standings
                ],
                "ties": list(d.ties),
                "unplaced": list(d.unplaced),
            }
            for d in score.districts
        ],
        "winners": list(score.winners),
        "decided_by": score.decided_by,
        "warnings": [{"where": w.where, "message": w.message} for w in score.warnings],
    }
