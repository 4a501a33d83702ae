"""A round robin between bots and its summary, ``paris-arena/1`` (``paris-score play``; docs' "For bot authors").

Every pair of bots meets (the first with the second, the first with the
third, ..., the second with the third, ...) for ``games`` games: the pair's
game ``k`` (from 0) is dealt by ``random_setup(seed + k // 2)``, its first bot
orange when ``k`` is even, so each setup is played from both seats and every
pair meets on the same setups.  A game is :func:`~paris_score.game.bots.play_game`'s,
so it depends on its bots and its seed alone: the games may be played in any
order, in any process, with the same results.

>>> from paris_score.game.bots import greedy_bot, random_bot
>>> games = fixtures(2, games=2, seed=3)
>>> len(games), games[1]
(2, Fixture(number=2, seed=3, orange=1, blue=0))
>>> played = [play_fixture(f, (greedy_bot, random_bot), ("greedy", "random")) for f in games]
>>> played[1].record.players, played[1].record.seed
(('random', 'greedy'), 3)
>>> document = summary(("greedy", "random"), 2, 3, played)
>>> document["format"], [bot["games"] for bot in document["bots"]], len(document["games"])
('paris-arena/1', [2, 2], 2)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Final, cast

import attrs

from paris_score.documents import ArenaBotDict, ArenaDocument, ArenaGameDict, ArenaPairingDict, PlayerName, TallyDict
from paris_score.game.bots import Bot, MatchResult, match_game, play_game
from paris_score.game.moves import Move
from paris_score.game.records import GameRecord
from paris_score.game.state import Result, View
from paris_score.model import Player

ARENA_FORMAT: Final = "paris-arena/1"


@attrs.frozen
class Fixture:
    """One game of a round robin: its number (from 1), its seed, and which bots sit at orange and blue (their
    indices in the list of bots)."""

    number: int
    seed: int
    orange: int
    blue: int


def fixtures(bots: int, games: int, seed: int) -> tuple[Fixture, ...]:
    """The games of a round robin of ``bots`` bots, in the order the module says: each pair's ``games`` games
    seated and dealt as :func:`~paris_score.game.bots.match_game` says."""
    pairs = [(i, j) for i in range(bots) for j in range(i + 1, bots)]
    seated = [(i, j, *match_game(k, seed)) for i, j in pairs for k in range(games)]
    return tuple(
        Fixture(n + 1, game_seed, *((i, j) if seat is Player.ORANGE else (j, i)))
        for n, (i, j, seat, game_seed) in enumerate(seated)
    )


@attrs.frozen
class Played:
    """A game of a round robin as played: the record (naming the bots and the seed), the result, and for orange
    then blue the moves made and the seconds their bot took to choose them (wall clock)."""

    fixture: Fixture
    record: GameRecord
    result: Result
    moves: tuple[int, int]
    seconds: tuple[float, float]


class _Timed:
    """A bot under another name (``__name__``, which messages and records use), counting its moves and the time
    it takes to choose them (``time.perf_counter``)."""

    def __init__(self, bot: Bot, name: str) -> None:
        self.bot, self.__name__ = bot, name
        self.moves, self.seconds = 0, 0.0

    def __call__(self, view: View, rng: random.Random) -> Move | str:
        start = time.perf_counter()
        try:
            return self.bot(view, rng)
        finally:
            self.seconds += time.perf_counter() - start
            self.moves += 1


def play_fixture(fixture: Fixture, bots: Sequence[Bot], names: Sequence[str]) -> Played:
    """The game of ``fixture`` between ``bots`` (named ``names`` in the record and in messages); :class:`BotError`
    (:mod:`paris_score.game.bots`) when a bot fails."""
    orange = _Timed(bots[fixture.orange], names[fixture.orange])
    blue = _Timed(bots[fixture.blue], names[fixture.blue])
    record, result = play_game(orange, blue, fixture.seed)
    return Played(fixture, record, result, (orange.moves, blue.moves), (orange.seconds, blue.seconds))


# -- the summary ---------------------------------------------------------------------------------------------------


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def tally(games: Sequence[tuple[Player, Result]]) -> TallyDict:
    """A bot's games (its seat and the result of each) as ``paris-arena/1`` tallies them; ``None`` for what no
    game measures, and for an unbounded Elo end."""
    t = MatchResult.of(games)
    if not t.games:
        return {
            "games": 0, "wins": 0, "draws": 0, "losses": 0, "score": None, "score_interval": None,
            "elo": None, "elo_interval": None, "margin": None,
        }  # fmt: skip
    low, high = t.interval()
    elo_low, elo_high = t.elo_interval()
    return {
        "games": t.games,
        "wins": t.wins,
        "draws": t.draws,
        "losses": t.losses,
        "score": t.score,
        "score_interval": [low, high],
        "elo": _finite(t.elo),
        "elo_interval": [_finite(elo_low), _finite(elo_high)],
        "margin": t.margin,
    }


def summary(names: Sequence[str], games: int, seed: int, played: Sequence[Played]) -> ArenaDocument:
    """The ``paris-arena/1`` document of a round robin between bots named ``names``, ``games`` a pair from
    ``seed``, as ``played`` (in any order)."""
    played = sorted(played, key=lambda p: p.fixture.number)
    seats: list[list[tuple[Player, Result]]] = [[] for _ in names]
    moves, seconds = [0] * len(names), [0.0] * len(names)
    for game in played:
        for k, (player, bot) in enumerate(((Player.ORANGE, game.fixture.orange), (Player.BLUE, game.fixture.blue))):
            seats[bot].append((player, game.result))
            moves[bot] += game.moves[k]
            seconds[bot] += game.seconds[k]
    bots: list[ArenaBotDict] = [
        {
            "name": name,
            **tally(seats[i]),
            "by_seat": {
                "orange": tally([g for g in seats[i] if g[0] is Player.ORANGE]),
                "blue": tally([g for g in seats[i] if g[0] is Player.BLUE]),
            },
            "moves": moves[i],
            "seconds_per_move": seconds[i] / moves[i] if moves[i] else None,
        }
        for i, name in enumerate(names)
    ]
    pairings: list[ArenaPairingDict] = []
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            mine = [
                (Player.ORANGE if g.fixture.orange == i else Player.BLUE, g.result)
                for g in played
                if {g.fixture.orange, g.fixture.blue} == {i, j}
            ]
            pairings.append({"bots": [i, j], **tally(mine)})
    return {
        "format": ARENA_FORMAT,
        "seed": seed,
        "games_per_pairing": games,
        "bots": bots,
        "pairings": pairings,
        "games": [_game(game) for game in played],
    }


def _game(game: Played) -> ArenaGameDict:
    winner = game.result.winner
    return {
        "game": game.fixture.number,
        "seed": game.fixture.seed,
        "orange": game.fixture.orange,
        "blue": game.fixture.blue,
        "scores": {"orange": game.result.scores[0], "blue": game.result.scores[1]},
        "winner": None if winner is None else cast(PlayerName, str(winner)),
        "moves": len(game.record.moves),
    }
