"""What ``check`` reports: the verdict, its summary and the ``paris-check/1`` document (the CLI, the server, programs).

:func:`check_document` referees a position and returns what
``paris-score check --format json`` prints; :func:`unreadable_document` is
that document for an input that could not be read.  :func:`verdict` and
:func:`summary` are the words of the text output, in any language (``lang``,
the templates of :mod:`paris_score.i18n`)::

    game.json: not legal (2 errors, 0 warnings)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final, cast

from paris_score.catalogue import Catalogue
from paris_score.codes import NOT_OVER_AFTER, RESULT_SAYS
from paris_score.documents import CheckDocument, MoveCode, UnreadableDocument, Verdict
from paris_score.errors import Located, Problem
from paris_score.formats.position_json import pattern_to_json
from paris_score.i18n import ENGLISH, Template, Text, counting, render
from paris_score.limits import MAX_PROBLEMS
from paris_score.model import Pattern, Position
from paris_score.referee import check, only_errors

if TYPE_CHECKING:
    from paris_score.game.replaying import Replay

CHECK_FORMAT: Final = "paris-check/1"
"""The ``format`` of the referee's documents (docs/formats.md)."""
UNFINISHED: Final[Verdict] = "legal, but not a finished game"
"""The verdict of a legal position or record whose game is not over (F4, G12)."""

__all__ = [
    "CHECK_FORMAT",
    "UNFINISHED",
    "VERDICTS",
    "check_document",
    "left_out_line",
    "listed",
    "problems_document",
    "record_document",
    "record_problems",
    "record_verdict",
    "stands",
    "stands_text",
    "summary",
    "summary_text",
    "unreadable_document",
    "verdict",
]


def verdict(problems: Sequence[Problem], final: bool = False) -> Verdict:
    """``legal``, ``not legal``, or with ``final`` whether the game is over (F4).

    >>> verdict([])
    'legal'
    >>> verdict([], final=True)
    'legal, a finished game'
    """
    broken = only_errors(problems)
    if any(not p.rule.startswith("F") for p in broken):
        return "not legal"
    if broken:
        return UNFINISHED
    if not final:
        return "legal"
    if any(p.rule.startswith("F") for p in problems):
        return "legal; whether the game is over could not be settled"
    return "legal, a finished game"


VERDICTS: Final[dict[Verdict, Template]] = {
    "legal": Template("verdict.legal", "legal"),
    "not legal": Template("verdict.not-legal", "not legal"),
    UNFINISHED: Template("verdict.unfinished", UNFINISHED),
    "legal; whether the game is over could not be settled": Template(
        "verdict.unsettled", "legal; whether the game is over could not be settled"
    ),
    "legal, a finished game": Template("verdict.finished", "legal, a finished game"),
}
"""Each verdict's words (the JSON documents keep the English, the key of this table)."""
SUMMARY: Final = Template("summary", "{errors}, {warnings}")
ERRORS: Final = counting("error")
WARNINGS: Final = counting("warning")
LEFT_OUT: Final = Template("left-out", "note: {count} not listed (only the first {n} are)")
MORE_PROBLEMS: Final = counting("more problem")


def summary(problems: Sequence[Problem], lang: str = ENGLISH) -> str:
    """``"2 errors, 1 warning"`` (in ``lang``)."""
    return render(summary_text(problems), lang)


def summary_text(problems: Sequence[Problem]) -> Text:
    """:func:`summary` as a text."""
    n_err = len(only_errors(problems))
    return SUMMARY(errors=ERRORS(n=n_err), warnings=WARNINGS(n=len(problems) - n_err))


def listed(problems: Sequence[Problem]) -> tuple[Sequence[Problem], int]:
    """The problems an output lists (the first :data:`~paris_score.limits.MAX_PROBLEMS`) and how many it leaves out.

    >>> listed([])
    ([], 0)
    """
    return problems[:MAX_PROBLEMS], max(0, len(problems) - MAX_PROBLEMS)


def left_out_line(n: int, lang: str = ENGLISH) -> str:
    """What the text outputs say under a cut list of problems (in ``lang``).

    >>> left_out_line(7)
    'note: 7 more problems not listed (only the first 100 are)'
    """
    return render(LEFT_OUT(count=MORE_PROBLEMS(n=n), n=MAX_PROBLEMS), lang)


def problems_document(
    problems: Sequence[Problem],
    *,
    final: bool = False,
    file: str = "<input>",
    pieces: str | None = None,
    pattern: Pattern | None = None,
) -> CheckDocument:
    """The ``paris-check/1`` document of problems :func:`~paris_score.check` found.

    ``file`` and ``pieces`` name the position's and the catalogue's inputs; ``pattern`` is the large
    streetlight's pattern the position was refereed with instead of its own (``check --pattern``, S1c).
    ``problems`` lists the first :data:`~paris_score.limits.MAX_PROBLEMS` only; ``problems_left_out`` (only when
    some are) says how many more there are, and ``counts`` counts them all.
    """
    n_err = len(only_errors(problems))
    shown, left_out = listed(problems)
    said = verdict(problems, final)
    doc: CheckDocument = {
        "format": CHECK_FORMAT,
        "file": file,
        "readable": True,
        "legal": not n_err,
        "verdict": said,
        "verdict_i18n": VERDICTS[said]().to_dict(),
        "final": final,
        "pieces": pieces,
        "counts": {"errors": n_err, "warnings": len(problems) - n_err},
        "problems": [p.to_dict() for p in shown],
    }
    if left_out:
        doc["problems_left_out"] = left_out
    if pattern is not None:
        doc["pattern"] = pattern_to_json(pattern)
    return doc


def check_document(
    position: Position,
    *,
    final: bool = False,
    catalogue: Catalogue | None = None,
    file: str = "<input>",
    pieces: str | None = None,
) -> CheckDocument:
    """Referee ``position`` (:func:`~paris_score.check`) and return its ``paris-check/1`` document.

    >>> import paris_score
    >>> doc = check_document(paris_score.rulebook_example(), final=True, file="rulebook.json")
    >>> doc["legal"], doc["verdict"], doc["counts"]
    (True, 'legal, a finished game', {'errors': 0, 'warnings': 0})
    """
    problems = check(position, final=final, catalogue=catalogue)
    return problems_document(problems, final=final, file=file, pieces=pieces)


def record_problems(done: Replay, final: bool = False) -> list[Problem]:
    """What ``check`` reports of a replayed ``paris-game/1`` record: its first illegal move, a ``result`` the
    score disagrees with, and with ``final`` a game that is not over (G12); none for a legal record."""
    if done.illegal is not None:
        bad = done.illegal
        said = ILLEGAL_MOVE(n=bad.move, player=bad.player, move=bad.text, message=bad.message_text or bad.message)
        return [Problem(cast("MoveCode", bad.code), bad.rule, said, bad.spaces)]
    found = []
    if done.result_agrees is False and done.record.result is not None and done.score is not None:
        orange, blue = done.record.result
        found.append(
            RESULT_SAYS.problem(orange=orange, blue=blue, scored=done.score.orange.total, scored2=done.score.blue.total)
        )
    if final and not done.finished:
        found.append(NOT_OVER_AFTER.problem(count=MOVES(n=done.moves_played), stands=stands_text(done)))
    return found


ILLEGAL_MOVE: Final = Template("record.illegal-move", "move {n} ({player}) `{move}`: {message}")
"""A record's first illegal move as its problem: its number, its player, its text and the refusal."""
MOVES: Final = counting("move")
PHASE: Final = Template("stands.phase", "phase {phase}")
TO_MOVE: Final = Template("stands.turn", "phase {phase}, {player} to move")


def stands(done: Replay, lang: str = ENGLISH) -> str:
    """Where an unfinished game stands: ``phase 2, blue to move`` (in ``lang``)."""
    return render(stands_text(done), lang)


def stands_text(done: Replay) -> Text:
    """:func:`stands` as a text."""
    turn = done.state.turn
    return PHASE(phase=done.phase) if turn is None else TO_MOVE(phase=done.phase, player=turn)


def record_verdict(done: Replay, final: bool = False) -> Verdict:
    """``not legal`` for an illegal move or a disagreeing result; with ``final``, whether the game is over."""
    if not done.legal or done.result_agrees is False:
        return "not legal"
    if final:
        return "legal, a finished game" if done.finished else UNFINISHED
    return "legal"


def record_document(
    done: Replay, *, final: bool = False, file: str = "<input>", pattern: Pattern | None = None
) -> CheckDocument:
    """The ``paris-check/1`` document of a replayed ``paris-game/1`` record (:func:`paris_score.replay`).

    Its problems are :func:`record_problems`; ``record`` says how far the replay went, as ``paris-replay/1``;
    ``pattern`` is the large streetlight's pattern the record was replayed with instead of its setup's (S1c).

    >>> import paris_score
    >>> from pathlib import Path
    >>> done = paris_score.replay(Path("examples/games/short-game.json").read_bytes())
    >>> doc = record_document(done, final=True, file="short-game.json")
    >>> record = doc["record"]
    >>> doc["verdict"], doc["problems"], record["moves"], record["finished"]
    ('legal, a finished game', [], 28, True)
    """
    doc = problems_document(record_problems(done, final), final=final, file=file, pattern=pattern)
    doc["verdict"] = record_verdict(done, final)
    doc["verdict_i18n"] = VERDICTS[doc["verdict"]]().to_dict()
    doc["record"] = {
        "moves": len(done.record.moves),
        "moves_played": done.moves_played,
        "phase": done.phase,
        "finished": done.finished,
        "illegal": None if done.illegal is None else done.illegal.to_dict(),
        "result_agrees": done.result_agrees,
    }
    return doc


def unreadable_document(file: str, failures: Iterable[tuple[str, Sequence[Located]]]) -> UnreadableDocument:
    """The ``paris-check/1`` document of an input that could not be read.

    ``failures``: for each input that failed (the position, the catalogue), its
    name and its errors (:attr:`~paris_score.PositionFormatError.errors`).
    """
    return {
        "format": CHECK_FORMAT,
        "file": file,
        "readable": False,
        "errors": [
            {"file": source, "where": e.where, "message": e.message} for source, found in failures for e in found
        ],
    }
