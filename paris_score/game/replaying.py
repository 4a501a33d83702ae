"""Replaying a ``paris-game/1`` record move by move: how far it plays, the first illegal move, the score.

(The module is not called ``replay``: that name is the function, ``paris_score.replay``.)

>>> import paris_score
>>> from paris_score.game.records import GameRecord
>>> from paris_score.game.generate import random_setup
>>> replay = paris_score.replay(GameRecord(random_setup(1), ["tile A1 0", "tile Z9 0"]))
>>> replay.legal, replay.moves_played, replay.illegal.move, replay.illegal.rule
(False, 1, 2, 'G3')

:func:`replay` plays every move through the referee (:meth:`GameState.play
<paris_score.game.GameState.play>`) and stops at the first one it refuses;
when every move is legal and the game is over, :attr:`Replay.score` is the
final position's report, made when first asked for.
:meth:`Replay.to_dict` is the ``paris-replay/1`` document that
``paris-score replay --format json`` prints.
"""

from __future__ import annotations

from typing import Any, Final, cast

import attrs

from paris_score.documents import IllegalMoveDict, MoveCode, PlayerName, ReplayDocument
from paris_score.errors import IllegalMoveError, Worded
from paris_score.game import _speed
from paris_score.game.moves import Move
from paris_score.game.records import GameRecord, game_from_dict, loads_game
from paris_score.game.state import GameState
from paris_score.i18n import Text
from paris_score.model import PLAYERS, Player, as_player
from paris_score.report import Report
from paris_score.scoring import score
from paris_score.squares import Square, square_name

REPLAY_FORMAT: Final = "paris-replay/1"
_IN_PLACE: Final = _speed.in_place(GameState, clear="_board", _KEEPS_TALLY=False)
"""The state's in-place twin (:func:`paris_score.game._speed.in_place`), its position (made on demand) dropped at
each move: a replay asks no outcome of the states it goes through, so the twin keeps no tally; the last state
makes its own at its first ``outcome()``."""


@attrs.frozen
class IllegalMove(Worded):
    """The first move a replay refuses: its 1-based number, whose turn it was, its text and the rule it breaks."""

    move: int
    player: Player = attrs.field(converter=as_player)
    text: str
    code: str
    rule: str
    _message: str | Text = attrs.field(alias="message")
    spaces: tuple[Square, ...] = ()

    def __str__(self) -> str:
        return self.said()

    def to_dict(self) -> IllegalMoveDict:
        """The ``illegal`` object of ``paris-replay/1``."""
        found: IllegalMoveDict = {
            "move": self.move,
            "player": cast(PlayerName, str(self.player)),
            "text": self.text,
            "code": cast(MoveCode, self.code),
            "rule": self.rule,
            "message": self.message,
            "spaces": [square_name(sq) for sq in self.spaces],
        }
        if type(self._message) is Text:
            found["message_i18n"] = self._message.to_dict()
        return found


@attrs.frozen
class Replay:
    """What replaying a record gives; :meth:`to_dict` is ``paris-replay/1``."""

    record: GameRecord
    state: GameState
    """The game after the last legal move (the start when the first move is refused)."""
    moves: tuple[Move, ...]
    """The legal moves played, parsed: ``moves[i]`` is the record's move ``i + 1``."""
    players: tuple[Player, ...]
    """Who played each of :attr:`moves`."""
    illegal: IllegalMove | None
    """The first refused move; ``None`` when every move of the record is legal."""
    _report: Report | None = attrs.field(default=None, init=False, eq=False, repr=False)

    @property
    def score(self) -> Report | None:
        """The report of the final position when every move is legal and the game is over, else ``None``.

        Made the first time it is asked for (a replay that only referees does not score)."""
        report = self._report
        if report is None and self.illegal is None and self.state.is_over:
            report = score(self.state.position())
            object.__setattr__(self, "_report", report)
        return report

    @property
    def legal(self) -> bool:
        return self.illegal is None

    @property
    def moves_played(self) -> int:
        return len(self.moves)

    @property
    def phase(self) -> int:
        return self.state.phase

    @property
    def finished(self) -> bool:
        return self.state.is_over

    @property
    def result_agrees(self) -> bool | None:
        """Whether the record's ``result`` is the score's totals; ``None`` without a result or a score."""
        if self.record.result is None or self.score is None:
            return None
        return self.record.result == tuple(self.score[player].total for player in PLAYERS)

    def to_dict(self) -> ReplayDocument:
        """The ``paris-replay/1`` document."""
        return {
            "format": REPLAY_FORMAT,
            "legal": self.legal,
            "moves_played": self.moves_played,
            "phase": self.phase,
            "finished": self.finished,
            "illegal": None if self.illegal is None else self.illegal.to_dict(),
            "score": None if self.score is None else self.score.to_dict(),
            "result_agrees": self.result_agrees,
        }


def replay(record: GameRecord | dict[str, Any] | str | bytes) -> Replay:
    """Play the record's moves in order, up to the first illegal one (a finished game's score: :attr:`Replay.score`).

    ``record`` is a :class:`GameRecord`, a decoded ``paris-game/1`` document or
    its JSON text; one that cannot be read raises
    :class:`~paris_score.errors.GameFormatError` with every error.  A move that
    does not parse is illegal like any other (code ``bad-notation``, G3).
    """
    if isinstance(record, str | bytes):
        record = loads_game(record)
    elif not isinstance(record, GameRecord):
        record = game_from_dict(record)
    referee = _IN_PLACE.start(record.setup)  # one state changed move by move, the same rules (._speed)
    played: list[Move] = []
    players: list[Player] = []
    illegal = None
    for number, text in enumerate(record.moves, 1):
        turn = referee.turn
        try:
            move = Move.parse(text)
            referee.play(move)
        except IllegalMoveError as e:
            illegal = IllegalMove(number, turn, text, e.code, e.rule, e.message_text or e.message, e.spaces)
            break
        played.append(move)
        players.append(turn)
    return Replay(record, _speed.frozen(GameState, referee), tuple(played), tuple(players), illegal)
