"""The rulebook's scoring example (docs/example.md), reconstructed.

The printed diagram is not available to us: the board in ``data/rulebook.json``
is our own layout, built so that every line of the printed breakdown comes out
exactly (orange 48, blue 57).  Left, what stands on the board; right, the
printed ground (``o`` orange, ``b`` blue, ``m`` mixed, ``l`` streetlight)::

        A B C D E F G H            A B C D E F G H
    1   A A * . E . . .        1   o o l o b b b b
    2   A A B I E . . *        2   o o o b b o o l
    3   A B B * E E * G        3   o o o l b b l b
    4   A B C C * F . G        4   o o o m l b m b
    5   B B * D F F L G        5   o o l o m l b b
    6   . B . D F . . .        6   b o o b b b b b
    7   . . . D * . H H        7   o o b b l o b b
    8   . . D D . . . H        8   o o b b o o b b

A, B, C are orange (C is the Jardin des Plantes, B6 is the Bouquinistes annex
of B); D to H are blue.  ``*`` is an uncovered streetlight space (a lamp),
``L`` the Lampadaire tile (a lamp, on blue G5), ``I`` the painter (blue D2),
``.`` a free space.  F stands on the streetlight space F5 with Métropolitain,
so F5 is no lamp; D5 carries the Chartier mixed space under D.

* Lamps: C1, H2, D3, G3, E4, C5, E7 and the Lampadaire on G5.
* Orange: A 6 x 1 (C1), B 7 x 3 (C1, D3, C5), C 2 x 3 (D3, E4, C5) = 33;
  group A + B + C = 15; reserve 5, 5 waived by Sacré-Cœur; total 48.
* Blue: D 5 x 2 (C5, E7), E 4 x 3 (D3, G3, E4), F 4 x 3 (E4, G5, E7),
  G 3 x 3 (H2, G3, G5), H 3 x 0 = 43; group D + E + F = 13; reserve 4: -3;
  Le Peintre: the painter's area is C1, D1, D2, D3, with 2 lamps: +4; total 57.
* A finished game (F4): every free region orange could build on has at most
  4 spaces (its reserve holds two 5s) and every one blue could build on at
  most 3 (its reserve holds a 4); all 8 action tokens are on postcards.
* 8 of the 16 tile squares hold one streetlight each.  Tile backs are not
  part of a position; taking each tile's majority colour as its back gives 8
  orange tiles and 8 blue ones, with 4 streetlights each (B2).
"""

from __future__ import annotations

from paris_score.model import Position

RECONSTRUCTION_NOTE = (
    "The rulebook prints this example as a picture that we could not see: this "
    "layout is our reconstruction. It reproduces every printed line of the breakdown."
)


def rulebook_json() -> str:
    """The example as ``paris-position/1`` JSON text (the same as ``examples/rulebook.json``)."""
    from importlib import resources  # only when needed: a faster start

    return resources.files("paris_score").joinpath("data/rulebook.json").read_text("utf-8")


def rulebook_example() -> Position:
    """The example as a :class:`Position`."""
    from paris_score.formats import loads

    return loads(rulebook_json())
