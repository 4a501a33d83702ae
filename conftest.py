"""The adapters of the optional extras are collected (their doctests run) only where the extra is installed; so is
docs/bots.md, whose examples train through PettingZoo."""

from __future__ import annotations

import importlib.util

collect_ignore = [
    path
    for path, needs in (
        ("paris_score/game/pettingzoo.py", "pettingzoo"),
        ("paris_score/game/openspiel.py", "pyspiel"),
        ("docs/bots.md", "pettingzoo"),
    )
    if importlib.util.find_spec(needs) is None
]
