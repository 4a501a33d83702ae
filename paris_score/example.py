"""The rulebook's scoring example (RULES.md section 6), reconstructed.

The printed diagram is not available to us: the board in ``data/rulebook.json``
is our own layout, built so that every line of the printed breakdown comes out
exactly (orange 48, blue 57).
"""

from __future__ import annotations

from importlib import resources

from paris_score.model import Position

RECONSTRUCTION_NOTE = (
    "The rulebook prints this example as a picture that we could not see: this "
    "layout is our reconstruction. It reproduces every printed line of the breakdown."
)


def rulebook_json() -> str:
    """The example as ``paris-position/1`` JSON text (the same as ``examples/rulebook.json``)."""
    return resources.files("paris_score").joinpath("data/rulebook.json").read_text("utf-8")


def rulebook_example() -> Position:
    """The example as a :class:`Position`."""
    from paris_score.formats import loads

    return loads(rulebook_json())
