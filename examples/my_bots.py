"""Two small bots to start from, for ``paris-score play`` (docs/bots.md, "Bots and the arena").

    paris-score play --orange examples.my_bots:builder --blue greedy --games 10

A bot is a function ``bot(view, rng) -> move``: ``view`` is what its player
may know, ``rng`` a ``random.Random`` of its own (draw every chance from it,
and the same seed replays the same games, in one process or several).  It
returns one of ``view.legal_moves()``, or that move's text.
"""

from __future__ import annotations

import random

from paris_score.game import Build, View


def builder(view: View, rng: random.Random) -> str:
    """Builds the largest building it can (the first such in ``legal_moves()``' order), else a move at random;
    answers with the move's text, as a game record writes it."""
    moves = view.legal_moves()
    builds = [move for move in moves if isinstance(move, Build)]
    if builds:
        return str(max(builds, key=lambda move: move.cells.bit_count()))
    return str(rng.choice(moves))


def first(view: View, rng: random.Random) -> str:
    """Always the first legal move, whatever the game: a yardstick that never thinks."""
    return str(view.legal_moves()[0])
