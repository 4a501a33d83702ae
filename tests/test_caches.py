"""Every module-level cache of the library is bounded and listed, with its bound, in docs/performance.md."""

from __future__ import annotations

import functools
import importlib
import importlib.util
import pkgutil
import re
from pathlib import Path

import paris_score

ROOT = Path(__file__).resolve().parent.parent
CACHES = (ROOT / "docs" / "performance.md").read_text("utf-8").split("### Caches", 1)[1].split("\n## ", 1)[0]
LISTED = {name for row in re.findall(r"^\| (`.*?) \|", CACHES, re.M) for name in re.findall(r"`([\w.]+)`", row)}
"""The caches the table names in its first column."""
EXTRAS = {"paris_score.game.pettingzoo": "pettingzoo", "paris_score.game.openspiel": "pyspiel"}
HAND_MADE = (
    "squares._ROW_TEXT",
    "placement._ROOMS",
    "game.moves._GOOD_IDS",
    "game._speed._last",
    "game._speed._recent",
    "game.actions._last_pool",
    "formats.position_json._SHAPES",
)
"""The caches kept by hand in a module's dict, set or variable, each with its own bound."""


def lru_caches() -> dict[str, functools._lru_cache_wrapper[object]]:
    """Every ``functools`` cache defined at module level in the library, by ``module.name`` (``paris_score.``
    left out)."""
    found = {}
    for info in pkgutil.walk_packages(paris_score.__path__, "paris_score."):
        needs = EXTRAS.get(info.name)
        if needs is not None and importlib.util.find_spec(needs) is None:
            continue
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if hasattr(value, "cache_info") and getattr(value, "__module__", None) == info.name:
                found[f"{info.name.removeprefix('paris_score.')}.{name}"] = value
    return found


def test_every_function_cache_is_bounded_and_listed() -> None:
    caches = lru_caches()
    assert {"light.sight", "shapes.orientations", "placement.layout", "game._speed._shape_tables"} <= set(caches)
    unbounded = sorted(name for name, cache in caches.items() if cache.cache_parameters()["maxsize"] is None)
    assert unbounded == []
    assert sorted(set(caches) - LISTED) == []


def test_every_cache_listed_is_in_the_code() -> None:
    caches = set(lru_caches())
    for name in LISTED - caches:
        module, _, attribute = name.rpartition(".")
        needs = EXTRAS.get(f"paris_score.{module}")
        if needs is not None and importlib.util.find_spec(needs) is None:
            continue
        assert name in HAND_MADE, f"{name} is listed but is no function cache"
        assert hasattr(importlib.import_module(f"paris_score.{module}"), attribute), name
    assert set(HAND_MADE) <= LISTED
