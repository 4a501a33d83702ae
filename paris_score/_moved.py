"""The modules that moved in 0.2.0, kept one release at their old paths, where each is the new module itself.

``import paris_score.moves`` (or ``setups``, ``bots``, ...) still works: the old path gives the module it moved
to, the very same object (a program gets the same classes, and unpickles what 0.1.0 pickled), with a
:class:`DeprecationWarning` naming the new path.  No file stands at an old path (so that a change made to the old
file elsewhere follows the file to its new place when merged): :data:`FINDER`, which ``paris_score`` puts at the
end of ``sys.meta_path``, answers for the old names that nothing else finds.  For type checkers, a stub
(``paris_score/moves.pyi``, ...) at each old path hands on the new module's names.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import Final

MOVED: Final = {
    **{old: f"paris_score.game.{old}" for old in ("actions", "bots", "chance", "generate", "moves", "observations")},
    **{old: f"paris_score.game.{old}" for old in ("openspiel", "pettingzoo", "replaying", "setups")},
    "setup": "paris_score.game.setups",
    "states": "paris_score.game._states",
    "game.states": "paris_score.game._states",
    "views": "paris_score.game.state",
    "game.views": "paris_score.game.state",
    "formats.game_json": "paris_score.game.records",
    "problems": "paris_score.codes",
    "verdict": "paris_score.check_report",
}
"""The old module's name in ``paris_score`` -> the module it moved to (``states`` and ``game.states``: the old
module's names, gathered in one)."""


_NAMED: Final = dict.fromkeys(("states", "game.states"), "paris_score.game (and paris_score.game.strings)")
"""Where to import the names of an old module that went to more than one place."""


def old_path(old: str, stacklevel: int = 2) -> ModuleType:
    """The module that ``paris_score.<old>`` moved to, with a warning naming it (for the caller's caller)."""
    new = MOVED[old]
    message = f"paris_score.{old} is deprecated: import {_NAMED.get(old, new)} instead"
    warnings.warn(message, DeprecationWarning, stacklevel=stacklevel + 1)
    return importlib.import_module(new)


class _OldPaths(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``paris_score.<old>`` and loads it as the module it moved to (warning), leaving that module as it was."""

    def __init__(self) -> None:
        self._specs: dict[str, importlib.machinery.ModuleSpec | None] = {}

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        old = fullname.removeprefix("paris_score.")
        return importlib.machinery.ModuleSpec(fullname, self) if old != fullname and old in MOVED else None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        # The warning points at the importing line: warnings skips the import system's frames.
        module = old_path(spec.name.removeprefix("paris_score."), stacklevel=2)
        self._specs[spec.name] = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # The import system has just given the module the old path's spec: it gets its own back.
        module.__spec__ = self._specs.pop(module.__spec__.name if module.__spec__ else "", module.__spec__)


FINDER: Final = _OldPaths()
"""The finder of the old paths (``paris_score`` appends it to ``sys.meta_path``)."""
