"""The public API is what docs/api.md says it is: a module shown in part shows exactly its ``__all__``, every name
shown exists, and no public name is an alias of another module's."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

import paris_score

ROOT = Path(__file__).resolve().parent.parent
API = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")


def shown() -> dict[str, set[str] | None]:
    """Each module the page shows -> the names it shows (``None``: the whole module); a module shown twice adds up."""
    found: dict[str, set[str] | None] = {}
    for module, options in re.findall(r"^::: ([\w.]+)\n((?:    .*\n)*)", API, re.M):
        members = re.search(r"members: \[(.*)\]", options)
        if members is None:
            found[module] = None
        elif found.get(module, set()) is not None:
            found[module] = found.get(module, set()) | {name.strip() for name in members.group(1).split(",")}  # type: ignore[operator]
    return found


SHOWN = shown()


def test_the_page_shows_the_modules_it_names() -> None:
    assert {"paris_score.game", "paris_score.referee", "paris_score.placement", "paris_score.game.moves"} <= set(SHOWN)
    assert SHOWN["paris_score.shapes"] is None
    assert SHOWN["paris_score.game.generate"] == {"random_position", "corpus", "random_ground", "random_pattern"}


def test_the_game_face_hands_on_what_a_bot_author_needs() -> None:
    """``paris_score.game`` is a short face: each name it exports is defined in one of its modules."""
    import paris_score.game as game
    from paris_score.game import chance, generate, moves, replaying, setups, state

    assert {"GameState", "Move", "View", "ChanceGame", "Result", "replay", "random_game", "random_setup"} <= set(
        game.__all__
    )
    assert set(moves.MOVE_KINDS) <= {getattr(game, name) for name in game.__all__}
    homes = (chance, generate, moves, replaying, setups, state)
    for name in game.__all__:
        assert any(vars(home).get(name) is getattr(game, name) for home in homes), name
    source = Path(game.__file__).read_text("utf-8")
    assert len(source.splitlines()) <= 60


@pytest.mark.parametrize("module", sorted(m for m, names in SHOWN.items() if names is not None))
def test_a_module_shown_in_part_shows_its_all(module: str) -> None:
    found = importlib.import_module(module)
    names = SHOWN[module]
    assert names is not None
    missing = sorted(name for name in names if not hasattr(found, name))
    assert missing == [], f"{module} has no {missing}"
    public = getattr(found, "__all__", None)
    if public is not None:
        assert set(public) == names, f"{module}.__all__ is not what docs/api.md shows"


def test_the_package_exports_are_its_all_and_nothing_private() -> None:
    assert sorted(paris_score.__all__) == paris_score.__all__
    assert all(hasattr(paris_score, name) and not name.startswith("_") for name in paris_score.__all__)


def test_the_referee_and_the_table_of_codes_say_what_is_theirs() -> None:
    from paris_score import codes, referee

    assert "errors" not in referee.__all__  # deprecated: it warns (tests/test_deprecated.py)
    assert "OVERLAP" not in codes.__all__  # the rows are the library's own; programs read the tables
    assert set(codes.__all__) == {"Kind", "Wording", "PROBLEMS", "REFUSALS", "RECORDS", "KINDS", "SEVERITIES"}


def test_the_tree_of_errors_in_their_module_is_their_class_tree() -> None:
    """The drawing at the top of :mod:`paris_score.errors` shows every error of the family, once, under its parent,
    in one unbroken block."""
    from paris_score import errors

    assert errors.__doc__ is not None
    block = errors.__doc__.split("::\n\n", 1)[1].split("\n\n", 1)[0].splitlines()
    parents: dict[str, str | None] = {}
    above: list[tuple[int, str]] = []  # (column, name) of the errors the next line may be under
    for line in block:
        drawn = re.match(r"([ |]*(?:\+-- )?)(\w+)", line)
        assert drawn is not None, line
        column, name = len(drawn[1]), drawn[2]
        while above and above[-1][0] >= column:
            above.pop()
        assert name not in parents
        parents[name] = above[-1][1] if above else None
        above.append((column, name))
    family = {
        name: cls
        for name, cls in vars(errors).items()
        if isinstance(cls, type) and issubclass(cls, errors.ParisScoreError)
    }
    assert sorted(parents) == sorted(family)
    for name, parent in parents.items():
        assert [b.__name__ for b in family[name].__bases__ if issubclass(b, errors.ParisScoreError)] == (
            [parent] if parent else []
        ), name
