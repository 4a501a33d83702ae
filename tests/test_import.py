"""Importing the library: it leaves the CLI's click unloaded, and its imports run one way (read from the code).

The rules, for every module of ``paris_score`` (the old paths' ``.pyi`` stubs apart):

- no module takes a private name (``_x``, or a module ``_x``) from a module of another package: the packages are
  ``paris_score`` itself, ``paris_score.game``, ``.formats``, ``.paris2020`` and ``.i18n``;
- no import stands below the module's first definition (an import at the bottom of a file, to break a loop);
- no import inside a function closes a loop: the module it imports does not import, at load time, the module
  that imports it.  Imports inside a function that only keep the start fast are fine (``formats`` loads the text
  grid when a text grid comes), and so is the notebook picture's (``Position._repr_svg_`` imports ``svg``, which
  draws positions), as python-chess does.  ``if TYPE_CHECKING:`` blocks are never run, so never count.

A package's ``__init__`` that runs before its modules is not taken as an import of them: only what a line names.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAZY_PICTURE = ("paris_score.model", "paris_score.svg")
"""The one import inside a function that closes a loop on purpose: a position draws itself in a notebook."""


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted((ROOT / "paris_score").rglob("*.py"))}


def package_of(module: str) -> str:
    """The package a module belongs to: a package's ``__init__`` to itself."""
    return module if (ROOT / module.replace(".", "/") / "__init__.py").exists() else module.rpartition(".")[0]


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def imports(tree: ast.Module) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import that runs (``TYPE_CHECKING`` blocks left out), and whether it stands inside a function."""

    def walk(node: ast.AST, inside: bool) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
        for child in ast.iter_child_nodes(node):
            if _type_checking(child):
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                yield child, inside
            yield from walk(child, inside or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda))

    return walk(tree, False)


def targets(node: ast.Import | ast.ImportFrom) -> list[tuple[str, str | None]]:
    """The library's modules an import names, each with the name it takes from it (``None``: the module itself)."""
    if isinstance(node, ast.Import):
        return [(alias.name, None) for alias in node.names if alias.name in MODULES]
    assert node.level == 0, "the library imports absolutely"
    base = node.module or ""
    if base not in MODULES:
        return []
    return [(f"{base}.{a.name}", None) if f"{base}.{a.name}" in MODULES else (base, a.name) for a in node.names]


def private_imports(module: str, tree: ast.Module) -> list[str]:
    """``module``'s imports of a private name or module from another package."""
    found = []
    for node, _ in imports(tree):
        for target, name in targets(node):
            private = any(part.startswith("_") for part in target.split(".")) or (name or "x").startswith("_")
            if private and package_of(target) != package_of(module) and not (name or "").startswith("__"):
                found.append(f"{module} line {node.lineno}: {target}{'.' + name if name else ''}")
    return found


def late_imports(module: str, tree: ast.Module) -> list[str]:
    """``module``'s imports at module level below its first definition or statement."""
    found, started = [], False
    for statement in tree.body:
        is_import = isinstance(statement, ast.Import | ast.ImportFrom)
        if started and any(not inside for _, inside in imports(ast.Module([statement], []))):
            found.append(f"{module} line {statement.lineno}")
        docstring = isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
        started = started or not (is_import or docstring or _type_checking(statement))
    return found


TREES = {module: ast.parse(path.read_text(encoding="utf-8")) for module, path in MODULES.items()}
AT_LOAD = {
    module: {target for node, inside in imports(tree) if not inside for target, _ in targets(node)} - {module}
    for module, tree in TREES.items()
}
"""Each module -> the library's modules it imports when loaded."""


def loads(start: str, goal: str) -> bool:
    """Whether loading ``start`` loads ``goal`` (through the imports each module makes when loaded)."""
    seen, todo = set(), [start]
    while todo:
        module = todo.pop()
        if module == goal:
            return True
        if module not in seen:
            seen.add(module)
            todo.extend(AT_LOAD.get(module, ()))
    return False


def loop_breakers() -> set[tuple[str, str]]:
    """Every (module, module it imports inside a function) where the second, when loaded, loads the first."""
    return {
        (module, target)
        for module, tree in TREES.items()
        for node, inside in imports(tree)
        if inside
        for target, _ in targets(node)
        if target != module and loads(target, module)
    }


def test_importing_the_library_leaves_click_unloaded() -> None:
    code = "import sys, paris_score; paris_score.score(paris_score.rulebook_example()); print('click' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_no_module_takes_a_private_name_from_another_package() -> None:
    assert len(TREES) > 50
    assert [found for module, tree in TREES.items() for found in private_imports(module, tree)] == []


def test_no_import_stands_at_the_bottom_of_a_module() -> None:
    assert [found for module, tree in TREES.items() for found in late_imports(module, tree)] == []


def test_no_import_inside_a_function_breaks_a_loop_but_the_pictures() -> None:
    assert loop_breakers() == {LAZY_PICTURE}


def test_the_rules_see_what_they_forbid() -> None:
    """Each rule finds its fault in a module made for it (so that a clean answer above means something)."""
    game = ast.parse("from paris_score.scoring import _make\nfrom paris_score.game import _speed, state\n")
    assert private_imports("paris_score.game.chance", game) == [
        "paris_score.game.chance line 1: paris_score.scoring._make"
    ]
    assert private_imports("paris_score.formats.text_grid", game) == [
        "paris_score.formats.text_grid line 1: paris_score.scoring._make",
        "paris_score.formats.text_grid line 2: paris_score.game._speed",
    ]
    bottom = ast.parse('"""Doc."""\nimport os\nX = 1\nif X:\n    from paris_score import svg\nimport re\n')
    assert late_imports("m", bottom) == ["m line 4", "m line 6"]
    assert loads("paris_score.svg", "paris_score.model")
    assert not loads("paris_score.model", "paris_score.svg")
