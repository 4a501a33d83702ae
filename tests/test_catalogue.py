"""The ``paris-pieces/1`` catalogue of building shapes: reading, writing, the schema, the model."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import paris_score
from paris_score import Catalogue, CataloguePiece, PositionFormatError
from paris_score.formats import schema
from paris_score.formats.catalogue_json import catalogue_to_dict

FICTIONAL = Path(__file__).resolve().parent / "data" / "fictional-pieces.json"


def fictional() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FICTIONAL.read_text("utf-8"))
    return data


def errors_of(data: Any) -> list[str]:
    with pytest.raises(PositionFormatError) as info:
        paris_score.loads_catalogue(json.dumps(data))
    return [str(e) for e in info.value.errors]


def test_the_fictional_catalogue_says_so_and_matches_the_schema() -> None:
    data = fictional()
    assert "FICTIONAL" in data["note"]
    jsonschema.validate(data, json.loads(schema("pieces")))


def test_catalogue_round_trips() -> None:
    catalogue = paris_score.load_catalogue(FICTIONAL)
    assert len(catalogue.pieces) == 12
    again = paris_score.loads_catalogue(json.dumps(catalogue_to_dict(catalogue)))
    assert again == catalogue


def test_shapes_are_drawings_not_places() -> None:
    data = fictional()
    data["pieces"][0]["shape"] = ["f8", "G8", "H8"]
    assert paris_score.loads_catalogue(json.dumps(data)) == paris_score.load_catalogue(FICTIONAL)


def test_every_error_at_once() -> None:
    data = fictional()
    data["format"] = "paris-pieces/2"
    data["pieces"][0] = {"id": "I3!", "shape": ["A1", "C1", "D1"]}
    data["pieces"][1] = {"id": "V3", "shape": ["A1", "A1", "B1"], "colour": "red"}
    assert errors_of(data) == [
        "format: expected 'paris-pieces/1', got \"paris-pieces/2\": a version of the format this paris-score does not"
        " read",
        "pieces[0].id: 'I3!': expected 1-2 letters or digits",
        "pieces[0].shape: the spaces of a shape must be connected edge to edge (P1)",
        "pieces[1].colour: unknown key; expected one of id, shape",
        "pieces[1].shape[1]: A1 is listed twice",
    ]


def test_the_box_holds_12_pieces_of_known_sizes() -> None:
    data = fictional()
    data["pieces"] = data["pieces"][:11]
    assert errors_of(data) == [
        "pieces: the box holds 12 pieces (B3): 2 of size 3, 4 of size 4, 4 of size 5, 2 of size 6; "
        "this catalogue has 2 of size 3, 4 of size 4, 4 of size 5, 1 of size 6"
    ]


def test_piece_ids_are_unique() -> None:
    data = fictional()
    data["pieces"][1]["id"] = "I3"
    assert errors_of(data) == ["pieces[1].id: 'I3' is used by an earlier piece; ids are unique"]


def test_a_piece_that_cannot_be_read_does_not_hide_a_repeated_id() -> None:
    data = fictional()
    data["pieces"][0]["shape"] = ["A1", "Z9"]
    data["pieces"][3]["id"] = data["pieces"][2]["id"]
    assert [e.split(":")[0] for e in errors_of(data)] == ["pieces[0].shape[1]", "pieces[3].id"]


def test_not_json_and_empty_input() -> None:
    assert errors_of([]) == ["expected an object, got a list"]
    with pytest.raises(PositionFormatError, match="empty"):
        paris_score.loads_catalogue("  ")


def test_catalogue_model_checks_the_box() -> None:
    with pytest.raises(ValueError, match="12 pieces"):
        Catalogue([CataloguePiece("A", ((0, 0), (1, 0), (2, 0)))])
    with pytest.raises(ValueError, match="connected"):
        CataloguePiece("A", ((0, 0), (2, 0), (3, 0)))


def test_matching_is_by_rotation_only() -> None:
    catalogue = paris_score.load_catalogue(FICTIONAL)
    s4 = ((1, 0), (2, 0), (0, 1), (1, 1))
    z4 = ((0, 0), (1, 0), (1, 1), (2, 1))
    vertical_s4 = ((0, 0), (0, 1), (1, 1), (1, 2))
    assert [p.id for p in catalogue.matching(s4)] == [p.id for p in catalogue.matching(vertical_s4)] == ["S4"]
    assert catalogue.matching(z4) == ()
    assert [p.id for p in catalogue.mirrored(z4)] == ["S4"]
