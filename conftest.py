"""The adapters of the optional extras are collected (their doctests run) only where the extra is installed; so is
docs/bots.md, whose examples train through PettingZoo.

The suite speaks English whatever the machine's locale (``LANGUAGE=en``, read first, docs/languages.md): the tests
of other languages set theirs.
"""

from __future__ import annotations

import importlib.util
import os

os.environ["LANGUAGE"] = "en"

collect_ignore = [
    path
    for path, needs in (
        ("paris_score/game/pettingzoo.py", "pettingzoo"),
        ("paris_score/game/openspiel.py", "pyspiel"),
        ("paris_score/game/gymnasium.py", "gymnasium"),
        ("paris_score/gymnasium.py", "gymnasium"),
        ("docs/bots.md", "pettingzoo"),
    )
    if importlib.util.find_spec(needs) is None
]
