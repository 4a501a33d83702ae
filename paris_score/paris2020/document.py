"""The ``paris2020-final/1`` JSON document: an end of game of *Paris* (2020) to score (docs/paris2020.md).

::

    {
      "format": "paris2020-final/1",
      "note": "free text (optional)",
      "players": [{"name": "Ula", "points": 45, "francs": 7, "bonus_27": true}, ...],
      "districts": [
        {"name": "Belleville", "scoring": [18, 9, 4],
         "properties": [{"value": 12, "owners": ["Ula"]}, {"value": 5, "owners": ["Marek"]}]},
        ...
      ]
    }

``bonus_27`` is optional (false).  Unknown keys are an error; every error is
listed at once, each at its key path, the referee's (K1-K3) once the document
reads.
"""

from __future__ import annotations

import os
from typing import Final

from paris_score.documents import Paris2020DistrictDict, Paris2020FinalDocument, Paris2020PlayerDict
from paris_score.errors import Located, Paris2020FormatError
from paris_score.formats import loads_document, read_bounded
from paris_score.formats.jsonread import Reader, kind
from paris_score.i18n import Template
from paris_score.paris2020.model import District, EndOfGame, Investor, Property
from paris_score.paris2020.referee import NO_OWNER_TEXT, UNNAMED, problems
from paris_score.printable import json_text

FINAL_FORMAT: Final = "paris2020-final/1"
_TOP_KEYS: Final = ("format", "note", "players", "districts")
_PLAYER_KEYS: Final = ("name", "points", "francs", "bonus_27")
_DISTRICT_KEYS: Final = ("name", "scoring", "properties")
_PROPERTY_KEYS: Final = ("value", "owners")
NOT_ENTERED_TEXT: Final = Template("p2020.not-entered", "enter a whole number")
"""A number left blank: a text with nothing in it (the table page's form sends its fields as typed)."""
NOT_ENTERED: Final = str(NOT_ENTERED_TEXT())
NOT_A_NUMBER: Final = Template("p2020.not-a-number", f'{NOT_ENTERED}, not the text "{{text}}"')
"""A text typed where a whole number goes."""
_UNFINISHED: Final = (NOT_ENTERED_TEXT, NO_OWNER_TEXT, *UNNAMED.values())
"""What an entry not finished yet gets: a number or a name left blank, a property with no owner."""


def _whole(r: Reader, path: str, value: object) -> int | None:
    """A whole number; a text in its place is said as a player reads it (left blank, or not a whole number)."""
    if isinstance(value, str):
        r.fail(path, NOT_A_NUMBER(text=value.strip()) if value.strip() else NOT_ENTERED_TEXT())
        return None
    return r.integer(path, value)


def unfinished(errors: list[Located]) -> bool:
    """Whether ``errors`` are all of an entry not finished (a blank number or name, a property with no owner)."""
    return bool(errors) and all((said := e.message_text) is not None and said.template in _UNFINISHED for e in errors)


def _boolean(r: Reader, path: str, value: object) -> bool | None:
    if not isinstance(value, bool):
        r.fail(path, f"expected true or false, got {kind(value)}")
        return None
    return value


def _player(r: Reader, path: str, value: object) -> Investor | None:
    obj = r.mapping(path, value, _PLAYER_KEYS, _PLAYER_KEYS[:3])
    if obj is None:
        return None
    name = r.string(f"{path}.name", obj["name"]) if "name" in obj else None
    points = _whole(r, f"{path}.points", obj["points"]) if "points" in obj else None
    francs = _whole(r, f"{path}.francs", obj["francs"]) if "francs" in obj else None
    bonus = _boolean(r, f"{path}.bonus_27", obj["bonus_27"]) if "bonus_27" in obj else False
    if name is None or points is None or francs is None or bonus is None:
        return None
    return Investor(name, points, francs, bonus)


def _property(r: Reader, path: str, value: object) -> Property | None:
    obj = r.mapping(path, value, _PROPERTY_KEYS, _PROPERTY_KEYS)
    if obj is None:
        return None
    worth = _whole(r, f"{path}.value", obj["value"]) if "value" in obj else None
    owners = r.each(f"{path}.owners", obj["owners"], r.string) if "owners" in obj else None
    return None if worth is None or owners is None else Property(worth, tuple(owners))


def _district(r: Reader, path: str, value: object) -> District | None:
    obj = r.mapping(path, value, _DISTRICT_KEYS, _DISTRICT_KEYS)
    if obj is None:
        return None
    name = r.string(f"{path}.name", obj["name"]) if "name" in obj else None
    scoring = r.each(f"{path}.scoring", obj["scoring"], lambda p, v: _whole(r, p, v)) if "scoring" in obj else None
    found = (
        r.each(f"{path}.properties", obj["properties"], lambda p, v: _property(r, p, v))
        if "properties" in obj
        else None
    )
    if name is None or scoring is None or found is None:
        return None
    return District(name, tuple(scoring), tuple(found))


def final_from_dict(data: object) -> EndOfGame:
    """An end of game from decoded ``paris2020-final/1`` JSON, refereed (K1-K3).

    :class:`~paris_score.errors.Paris2020FormatError` lists every error, each at its key path.
    """
    r = Reader()
    obj = r.document(data, FINAL_FORMAT, _TOP_KEYS, ("format", "players", "districts"))
    if obj is None:
        raise Paris2020FormatError(r.errors)
    note = r.string("note", obj["note"]) if "note" in obj else ""
    players = r.each("players", obj["players"], lambda p, v: _player(r, p, v)) if "players" in obj else None
    districts = r.each("districts", obj["districts"], lambda p, v: _district(r, p, v)) if "districts" in obj else None
    if r.errors or players is None or districts is None or note is None:
        raise Paris2020FormatError(r.errors)
    game = EndOfGame(tuple(players), tuple(districts), note)
    r.report(problems(game))
    if r.errors:
        raise Paris2020FormatError(r.errors)
    return game


def loads_final(text: str | bytes) -> EndOfGame:
    """An end of game from its ``paris2020-final/1`` JSON text (``str`` or UTF-8 ``bytes``), refereed (K1-K3)."""
    return loads_document(text, FINAL_FORMAT, final_from_dict, Paris2020FormatError)


def load_final(path: str | os.PathLike[str]) -> EndOfGame:
    """An end of game from a ``paris2020-final/1`` file."""
    return loads_final(read_bounded(path))


def final_to_dict(game: EndOfGame) -> Paris2020FinalDocument:
    """The ``paris2020-final/1`` document of ``game`` (``bonus_27`` only where true, ``note`` only if given)."""
    players: list[Paris2020PlayerDict] = []
    for p in game.players:
        players.append({"name": p.name, "points": p.points, "francs": p.francs})
        if p.bonus_27:
            players[-1]["bonus_27"] = True
    districts: list[Paris2020DistrictDict] = [
        {
            "name": d.name,
            "scoring": list(d.scoring),
            "properties": [{"value": p.value, "owners": list(p.owners)} for p in d.properties],
        }
        for d in game.districts
    ]
    if game.note:
        return {"format": "paris2020-final/1", "note": game.note, "players": players, "districts": districts}
    return {"format": "paris2020-final/1", "players": players, "districts": districts}


def dumps_final(game: EndOfGame) -> str:
    """``game`` as ``paris2020-final/1`` JSON text, indented, ending with a newline (a control character or a lone
    surrogate in a name as a JSON escape, which reads back as it was)."""
    return json_text(final_to_dict(game)) + "\n"
