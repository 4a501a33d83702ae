"""docs/rules.md's "Where each rule is decided" names, for every rule id, functions that exist and cite it."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
INDEX = PAGE[PAGE.index("## Where each rule is decided") :].split("\n## ", 1)[0]
RULES = list(dict.fromkeys(re.findall(r"^\| ([BFWPSG]\d+[a-d]?) \| (?!`)", PAGE, re.M)))
"""Every rule id the page's rule tables state (the index's rows start with a backquoted name instead)."""
DECIDED = {
    rule: re.findall(r"`([\w.]+)`", names)
    for rule, names in re.findall(r"^\| ([BFWPSG]\d+[a-d]?) \| (`.*) \|$", INDEX, re.M)
}


def resolve(dotted: str) -> object:
    """The object named by a dotted path: a module's function or class, or a class's method."""
    parts = dotted.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for name in parts[cut:]:
            found = getattr(found, name)
        return found.fget if isinstance(found, property) else found
    raise LookupError(dotted)


def test_every_rule_has_a_row() -> None:
    assert len(RULES) >= 50
    assert list(DECIDED) == RULES


@pytest.mark.parametrize("rule", RULES)
def test_every_function_named_exists_and_cites_the_rule(rule: str) -> None:
    assert DECIDED.get(rule), f"{rule}: no function named"
    for dotted in DECIDED[rule]:
        source = inspect.getsource(resolve(dotted))  # type: ignore[arg-type]
        assert re.search(rf"\b{rule}\b", source), f"{dotted} does not cite {rule}"
