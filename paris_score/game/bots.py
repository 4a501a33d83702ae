"""Bots and a bot arena (docs' "For bot authors"): a bot sees its player's view, never the hidden tiles.

A bot is a function ``bot(view, rng) -> Move``: ``view`` is what the side to
move knows (:class:`~paris_score.game.View`), ``rng`` a ``random.Random`` of
its own.  :func:`play_match` plays two bots against each other, each setup
twice with the seats swapped.

>>> record, result = play_game(greedy_bot, random_bot, seed=3)
>>> result.returns in ((1, -1), (0, 0), (-1, 1)), record.moves[0].startswith(("tile", "take"))
(True, True)
"""

from __future__ import annotations

import math
import random
import traceback
from collections.abc import Callable, Iterable, Iterator
from typing import Final

import attrs

from paris_score.errors import MoveNotationError
from paris_score.game.generate import random_setup
from paris_score.game.moves import Move
from paris_score.game.records import GameRecord
from paris_score.game.state import GameState, Result, View
from paris_score.model import Player

Bot = Callable[[View, random.Random], Move | str]
"""A bot: what the side to move knows and a random generator of its own -> one of its legal moves (or its text)."""


def random_bot(view: View, rng: random.Random) -> Move:
    """A legal move drawn uniformly."""
    return rng.choice(view.legal_moves())


def greedy_bot(view: View, rng: random.Random) -> Move:
    """In phase 2, the move after which the side to move leads by most in points (S1-S5; ties: the first in
    ``legal_moves()``' order); in phase 1, where there is no board to score yet, a move at random."""
    state = view.sample(rng)
    moves = state.legal_moves()
    if state.phase == 1:
        return rng.choice(moves)
    me = state.turn
    return max(moves, key=lambda move: state.play(move).outcome().lead(me))


@attrs.define(eq=False)
class _Node:
    """A node of the information-set tree: the move that led to it, who played it, its statistics."""

    player: Player | None
    children: dict[Move, _Node] = attrs.field(factory=dict)
    visits: int = 0
    reward: float = 0.0
    available: int = 0


def _playout(state: GameState, rng: random.Random) -> GameState:
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    return state


def _best_leads(state: GameState, width: int) -> set[Move]:
    """The ``width`` moves after which the side to move leads by most (phase 2), ties in ``legal_moves()``' order."""
    me = state.turn
    moves = state.legal_moves()
    leads = [state.play(move).outcome().lead(me) for move in moves]
    order = sorted(range(len(moves)), key=lambda k: -leads[k])
    return {moves[k] for k in order[:width]}


def ismcts(playouts: int = 200, exploration: float = 0.7, width: int | None = 8) -> Bot:
    """An information-set Monte Carlo tree search bot (single observer) with ``playouts`` playouts a move.

    Each playout deals the unseen tiles again (:meth:`View.sample`), walks
    down a tree shared by every deal (choosing by UCB among the moves legal
    in this deal, each counted as available), adds one node, plays the game
    out at random and scores it +1 / 0 / -1 for each node's mover (draws
    count half).  The move tried most often is played.  In phase 2 the
    search considers at the root only the ``width`` moves after which the
    bot leads by most (all of them with ``width=None``): a few hundred
    playouts cannot tell apart the hundreds of moves of a phase 2 turn.
    """
    if playouts < 1:
        raise ValueError(f"playouts: expected at least 1, got {playouts}")
    if width is not None and width < 1:
        raise ValueError(f"width: expected at least 1 or None, got {width}")

    def bot(view: View, rng: random.Random) -> Move:
        root = _Node(None)
        allowed = _best_leads(view.sample(rng), width) if width is not None and view.phase == 2 else None
        for _ in range(playouts):
            state = view.sample(rng)
            node, path = root, []
            while not state.is_over:
                moves = state.legal_moves()
                if node is root and allowed is not None:
                    moves = [m for m in moves if m in allowed]
                untried = [m for m in moves if m not in node.children]
                if untried:
                    move = rng.choice(untried)
                    child = node.children[move] = _Node(state.turn)
                    state = state.play(move)
                    path.append(child)
                    break
                for m in moves:
                    node.children[m].available += 1
                move = max(moves, key=lambda m: _ucb(node.children[m], exploration))
                node = node.children[move]
                state = state.play(move)
                path.append(node)
            result = _playout(state, rng).result()
            assert result is not None
            for visited in path:
                assert visited.player is not None
                visited.visits += 1
                visited.reward += (result.value(visited.player) + 1) / 2
        legal = view.legal_moves()
        return max(legal, key=lambda m: root.children[m].visits if m in root.children else -1)

    bot.__name__ = bot.__qualname__ = f"ismcts({playouts})" if width == 8 else f"ismcts({playouts}, width={width})"
    return bot


def _ucb(node: _Node, exploration: float) -> float:
    return node.reward / node.visits + exploration * math.sqrt(math.log(max(node.available, 1)) / node.visits)


ismcts_bot: Final = ismcts()
""":func:`ismcts` with 200 playouts a move."""

BOTS: Final[dict[str, Bot]] = {"random": random_bot, "greedy": greedy_bot, "ismcts": ismcts_bot}
"""The bots above by a short name (``paris-score play --bot greedy``, the Gymnasium opponent)."""


# -- the arena --------------------------------------------------------------------------------------------------


class BotError(ValueError):
    """A bot failed: it raised, or returned a move that is not legal."""


def bot_name(bot: Bot) -> str:
    """How messages and records name a bot: its ``__name__``."""
    return str(getattr(bot, "__name__", repr(bot)))


_RETURN: Final = "a bot returns a Move (paris_score.game.moves) or a move's text, as a game record writes it ('pass')"
"""What a bot must return, said when it returns something else."""


def _where(error: BaseException) -> str:
    """`` (at FILE, line N)``: where the bot raised ``error``, the innermost line of its traceback."""
    frames = traceback.extract_tb(error.__traceback__)
    return f" (at {frames[-1].filename}, line {frames[-1].lineno})" if frames else ""


def bot_move(bot: Bot, state: GameState, rng: random.Random, number: int, name: str | None = None) -> Move:
    """The legal move ``bot`` plays as the side to move of ``state`` (move ``number`` of the game, from 1).

    The bot sees the view alone; it may return a :class:`Move` or its text (parsed as a game record's moves
    are, G3).  :class:`BotError` names the side, the bot (``name``, its :func:`bot_name` by default), the move
    number and what it returned when it raises, returns no move, or plays an illegal one.
    """
    who = f"{state.turn} bot {bot_name(bot) if name is None else name}"
    try:
        answer: object = bot(state.view(), rng)
    except Exception as error:
        raise BotError(f"{who} raised at move {number}: {error!r}{_where(error)}") from error
    if isinstance(answer, str):
        try:
            answer = Move.parse(answer)
        except MoveNotationError as error:
            raise BotError(
                f"{who} returned {answer!r:.80} at move {number}, which does not parse ({error.message}); {_RETURN}"
            ) from None
    if not isinstance(answer, Move):
        raise BotError(f"{who} returned {answer!r:.80} at move {number}: {_RETURN}")
    if answer not in state.legal_moves():
        raise BotError(f"{who} played {answer!s:.80} at move {number}: not a legal move")
    return answer


def play_game(orange: Bot, blue: Bot, seed: int) -> tuple[GameRecord, Result]:
    """A whole game from ``random_setup(seed)`` between two bots, each with its own ``random.Random``.

    Each move is :func:`bot_move`'s (a bot may return a move's text; :class:`BotError` when a bot fails).  The
    record names the bots (:func:`bot_name`, orange's then blue's) and the seed.
    """
    setup = random_setup(seed)
    state = GameState.start(setup)
    bots = {Player.ORANGE: orange, Player.BLUE: blue}
    rngs = {player: random.Random(f"{seed}:{player}") for player in Player}
    moves: list[str] = []
    while not state.is_over:
        move = bot_move(bots[state.turn], state, rngs[state.turn], len(moves) + 1)
        moves.append(str(move))
        state = state.play(move)
    result = state.result()
    assert result is not None
    return GameRecord(setup, tuple(moves), result.scores, (bot_name(orange), bot_name(blue)), seed), result


def elo(score: float) -> float:
    """The Elo difference whose expected score is ``score`` (0 to 1): ``400 log10(score / (1 - score))``; minus
    and plus infinity at 0 and 1 (a bot that lost or won every game is unboundedly worse or better)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return 400 * math.log10(score / (1 - score))


@attrs.frozen
class MatchResult:
    """A bot's games (the first bot's against the second, for :func:`play_match`): won, drawn, lost, its points
    ahead of its opponents summed over them; its score and Elo difference, each with a 95 % interval."""

    wins: int
    draws: int
    losses: int
    points_ahead: int = 0
    """The bot's points minus its opponent's (S1-S4), summed over the games."""

    @classmethod
    def of(cls, games: Iterable[tuple[Player, Result]]) -> MatchResult:
        """The tally of games, each the bot's seat and the game's result."""
        values, ahead = [], 0
        for seat, result in games:
            values.append(result.value(seat))
            mine, theirs = result.scores if seat is Player.ORANGE else result.scores[::-1]
            ahead += mine - theirs
        return cls(values.count(1), values.count(0), values.count(-1), ahead)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        """The bot's points a game: a win 1, a draw 1/2."""
        return (self.wins + self.draws / 2) / self.games

    @property
    def margin(self) -> float:
        """The bot's mean point margin: its points minus its opponent's, a game."""
        return self.points_ahead / self.games

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """Wilson's score interval of :attr:`score` (95 % with ``z`` 1.96): the draws count half a win."""
        n, p = self.games, self.score
        centre = p + z * z / (2 * n)
        spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
        scale = 1 + z * z / n
        return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)

    @property
    def elo(self) -> float:
        """The Elo difference from the opponents that :attr:`score` gives (:func:`elo`)."""
        return elo(self.score)

    def elo_interval(self, z: float = 1.96) -> tuple[float, float]:
        """:func:`elo` of each end of :meth:`interval` (infinite where the score's interval reaches 0 or 1)."""
        low, high = self.interval(z)
        return elo(low), elo(high)


def match_game(i: int, seed: int) -> tuple[Player, int]:
    """Game ``i`` (from 0) of a match from ``seed``: the first bot's seat, orange in even games and blue in odd
    ones, and the game's seed, ``seed + i // 2``, so that each setup is played from both seats."""
    return (Player.ORANGE if i % 2 == 0 else Player.BLUE), seed + i // 2


def match_games(first: Bot, second: Bot, games: int, seed: int = 0) -> Iterator[tuple[Player, GameRecord, Result]]:
    """``games`` games of ``first`` against ``second``, each as :func:`match_game` seats it; yields ``first``'s
    seat, the record and the result of each game."""
    for i in range(games):
        seat, game_seed = match_game(i, seed)
        pair = (first, second) if seat is Player.ORANGE else (second, first)
        record, result = play_game(*pair, seed=game_seed)
        yield seat, record, result


def play_match(first: Bot, second: Bot, games: int, seed: int = 0) -> MatchResult:
    """The tally of :func:`match_games`, from ``first``'s side."""
    return MatchResult.of((seat, result) for seat, _, result in match_games(first, second, games, seed))
