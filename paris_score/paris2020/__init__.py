"""The final scoring of the other *Paris*: Kramer & Kiesling's game of 2020 (docs/paris2020.md).

Not *La Cité de la Lumière*: 2-4 investors own buildings and landscapes in
the districts of Paris, and each district's scoring tile pays by place (K1-K8).

>>> from paris_score import paris2020
>>> game = paris2020.loads_final('''{"format": "paris2020-final/1",
...   "players": [{"name": "Ula", "points": 45, "francs": 7, "bonus_27": true},
...               {"name": "Marek", "points": 38, "francs": 12}],
...   "districts": [{"name": "Belleville", "scoring": [18, 9, 4],
...                  "properties": [{"value": 12, "owners": ["Ula"]}, {"value": 5, "owners": ["Marek"]}]}]}''')
>>> result = paris2020.score(game)
>>> [(p.name, p.total) for p in result.players], result.winners
([('Ula', 70), ('Marek', 38)], ('Ula',))
"""

from __future__ import annotations

import warnings as _warnings
from typing import TYPE_CHECKING

from paris_score.documents import Decider
from paris_score.paris2020.document import dumps_final, final_from_dict, final_to_dict, load_final, loads_final
from paris_score.paris2020.model import District, EndOfGame, Investor, Property
from paris_score.paris2020.referee import key_warnings, problems
from paris_score.paris2020.report import DistrictScore, PlayerScore, Score, Standing, breakdown, score_to_dict
from paris_score.paris2020.scoring import district_score, score

__all__ = [
    "Decider",
    "District",
    "DistrictScore",
    "EndOfGame",
    "Investor",
    "PlayerScore",
    "Property",
    "Score",
    "Standing",
    "breakdown",
    "district_score",
    "dumps_final",
    "final_from_dict",
    "final_to_dict",
    "key_warnings",
    "load_final",
    "loads_final",
    "problems",
    "score",
    "score_to_dict",
]

if not TYPE_CHECKING:  # hidden from type checkers, so that a misspelt name stays an error there

    def __getattr__(name: str) -> object:
        """The deprecated names ``Player`` (:class:`Investor`: ``Player`` is a colour elsewhere) and ``warnings``
        (:func:`key_warnings`: it hid the standard library's module); they warn."""
        new = {"Player": "Investor", "warnings": "key_warnings"}.get(name)
        if new is None:
            raise AttributeError(f"module 'paris_score.paris2020' has no attribute {name!r}")
        _warnings.warn(f"paris_score.paris2020.{name} is deprecated: use {new}", DeprecationWarning, stacklevel=2)
        return globals()[new]
