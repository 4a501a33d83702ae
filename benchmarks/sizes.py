"""The deep size of a value in memory: what it owns, in bytes (no pympler needed)."""

from __future__ import annotations

import enum
import sys
from typing import Any

_SMALL_INTS = range(-5, 257)


def _shared(obj: Any) -> bool:
    """Objects every position shares, so no position owns them: None, booleans, enum members, small ints."""
    if obj is None or isinstance(obj, bool | enum.Enum | type):
        return True
    return type(obj) is int and obj in _SMALL_INTS


def _children(obj: Any) -> list[Any]:
    if isinstance(obj, str | bytes | int | float):
        return []
    if isinstance(obj, dict):
        return [*obj.keys(), *obj.values()]
    if isinstance(obj, list | tuple | set | frozenset):
        return list(obj)
    found = []
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name not in ("__weakref__", "__dict__") and hasattr(obj, name):
                found.append(getattr(obj, name))
    if hasattr(obj, "__dict__"):
        found.append(vars(obj))
    return found


def deep_size(obj: Any) -> int:
    """``sys.getsizeof`` of ``obj`` and of everything it refers to, each object once.

    Shared singletons (``None``, booleans, enum members, classes, the small ints
    CPython caches) are not counted: every position refers to the same ones.
    """
    seen: set[int] = set()
    total = 0
    stack = [obj]
    while stack:
        item = stack.pop()
        if id(item) in seen or _shared(item):
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        stack.extend(_children(item))
    return total
