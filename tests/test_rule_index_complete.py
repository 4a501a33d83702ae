"""docs/rules.md's "Where each rule is decided" is complete: a function that reports a problem or refuses a move
under a rule is named in that rule's row (tests/test_rule_index.py checks the other way: every name exists and
cites its rule).

A function is found deciding a rule where it calls a row of :mod:`paris_score.codes`, or one of its wordings, by
its name, as ``OVERLAP(...)``, ``OVERLAP_PAIR.problem(...)`` or ``WRONG_PHASE_BUILD.refuse(..., rule="G9")``: the
rule is the ``rule=`` it names, else the row's only rule.  Rows or wordings chosen at run time (a table of them) are
not seen; their functions are in the index by hand.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from paris_score import codes

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
INDEX = PAGE[PAGE.index("## Where each rule is decided") :].split("\n## ", 1)[0]
NAMED = {
    (rule, name)
    for rule, names in re.findall(r"^\| ([BFWPSG]\d+[a-d]?) \| (`.*) \|$", INDEX, re.M)
    for name in re.findall(r"`([\w.]+)`", names)
}
KINDS = {name: kind for name, kind in vars(codes).items() if isinstance(kind, codes.Kind)}
WORDINGS = {name: wording for name, wording in vars(codes).items() if isinstance(wording, codes.Wording)}
UNCITED: set[tuple[str, str]] = set()
"""Functions that decide a rule without citing its id in their source, so the index cannot name them yet (the
other test would fail): each wants the id in its docstring, then its row here goes and its name into the index."""


def _rule_of(call: ast.Call) -> str | None:
    """The rule a call of a row (``KIND(...)``, ``KIND.refuse(...)``) reports or refuses under, if it can be told."""
    func = call.func
    if isinstance(func, ast.Name) and func.id in KINDS:
        rules = KINDS[func.id].rules
    elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        name = func.value.id
        if name in WORDINGS and func.attr in ("problem", "refuse"):
            kind = WORDINGS[name].kind
        elif name in KINDS and func.attr == "refuse":
            kind = KINDS[name]
        else:
            return None
        rules = kind.move_rules if func.attr == "refuse" else kind.rules
    else:
        return None
    for keyword in call.keywords:
        if keyword.arg == "rule":
            return keyword.value.value if isinstance(keyword.value, ast.Constant) else None
    return rules[0] if len(rules) == 1 else None


def deciders() -> set[tuple[str, str]]:
    """Every (rule, dotted function name) of the package (Paris (2020) apart) whose body calls a row under that rule."""
    found: set[tuple[str, str]] = set()
    for path in sorted((ROOT / "paris_score").rglob("*.py")):
        if "paris2020" not in path.parts and path.name != "codes.py":
            module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            _visit(ast.parse(path.read_text(encoding="utf-8")), f"{module}.", found)
    return found


def _visit(node: ast.AST, prefix: str, found: set[tuple[str, str]]) -> None:
    """Add to ``found`` the (rule, name) of every function under ``node``, its dotted name after ``prefix``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.ClassDef):
            _visit(child, f"{prefix}{child.name}.", found)
        elif isinstance(child, ast.FunctionDef):
            for call in ast.walk(child):
                rule = _rule_of(call) if isinstance(call, ast.Call) else None
                if rule is not None:
                    found.add((rule, f"{prefix}{child.name}"))


def test_every_function_deciding_a_rule_is_in_its_row() -> None:
    found = deciders()
    assert len(found) > 40
    missing = sorted(found - NAMED - UNCITED)
    assert missing == [], f"not in docs/rules.md's index: {missing}"


def test_the_uncited_are_still_deciders_and_still_not_in_the_index() -> None:
    """Each row of :data:`UNCITED` goes once it is fixed: this test fails to say so."""
    assert deciders() >= UNCITED
    assert not NAMED & UNCITED


def test_a_row_chosen_by_name_is_seen() -> None:
    call = ast.parse('WRONG_PHASE.refuse("x", rule="G9")').body[0].value  # type: ignore[attr-defined]
    assert _rule_of(call) == "G9"
    assert _rule_of(ast.parse('OVERLAP("x")').body[0].value) == "W1"  # type: ignore[attr-defined]
    assert _rule_of(ast.parse('kind("x")').body[0].value) is None  # type: ignore[attr-defined]
    assert _rule_of(ast.parse("OVERLAP_PAIR.problem((1,), thing=a)").body[0].value) == "W1"  # type: ignore[attr-defined]
    assert _rule_of(ast.parse('WRONG_PHASE_BUILD.refuse(rule="G9")').body[0].value) == "G9"  # type: ignore[attr-defined]
    assert _rule_of(ast.parse("NO_TILE.refuse(player=p)").body[0].value) == "G4"  # type: ignore[attr-defined]
