"""The adapters of the optional extras are collected (their doctests run) only where the extra is installed.

The deprecated ``paris_score/setup.py`` is never collected: importing it warns (tests/test_deprecated.py checks it).
The suite speaks English whatever the machine's locale (``LANGUAGE=en``, read first, docs/languages.md): the tests
of other languages set theirs.
"""

from __future__ import annotations

import importlib.util
import os

os.environ["LANGUAGE"] = "en"

collect_ignore = [
    path
    for path, needs in (("paris_score/pettingzoo.py", "pettingzoo"), ("paris_score/openspiel.py", "pyspiel"))
    if importlib.util.find_spec(needs) is None
] + ["paris_score/setup.py"]
