"""The table of postcards and special pieces (B6, B7): one source for every fact about them."""

from __future__ import annotations

import attrs

from paris_score.model import Pieces, Player, occupancy
from paris_score.postcards import (
    CARDS,
    CHARTIER,
    FOUNTAIN,
    LARGE_STREETLIGHT,
    PAINTER,
    PIECE,
    PIECES,
    STAMPED,
    STARRED,
    STATUE,
    STREETLIGHT,
    TITLES,
    Allowed,
    Postcard,
)
from paris_score.squares import names, parse_square
from tests.grids import board


def test_every_postcard_has_a_printed_title_and_its_rule() -> None:
    assert list(CARDS) == list(Postcard)
    assert [c.rule for c in CARDS.values()] == [f"P{n}" for n in range(2, 14)]
    assert Postcard.SACRE_COEUR.title == "Sacré-Cœur"
    assert Postcard.BOUQUINISTES.title == "Bouquinistes sur la Seine"
    assert Postcard.LE_PEINTRE.title == TITLES[Postcard.LE_PEINTRE] == "Le Peintre"
    assert len(STARRED) == 8
    assert Postcard.MOULIN_ROUGE not in STARRED
    assert STAMPED == (Postcard.LE_PEINTRE, Postcard.MOULIN_ROUGE, Postcard.LE_PENSEUR, Postcard.FONTAINE_DES_MERS)


def test_every_piece_is_a_field_of_pieces_in_the_same_order() -> None:
    assert [p.key for p in PIECES] == [f.name for f in attrs.fields(Pieces)]
    assert all(p.card.piece is p for p in PIECES)
    assert all(PIECE[p.key] is p for p in PIECES)


def test_a_piece_reads_its_rule_and_title_from_its_card() -> None:
    assert FOUNTAIN.rule == "P12"
    assert LARGE_STREETLIGHT.rule == "P13"
    assert CHARTIER.rule == "P7"
    assert PAINTER.title == "Le Peintre"
    assert Postcard.LE_PENSEUR.piece is STATUE
    assert Postcard.SACRE_COEUR.piece is None


def test_symbols_and_pictures_are_distinct() -> None:
    assert len({p.symbol for p in PIECES}) == len(PIECES)
    assert len({p.picture for p in PIECES}) == len(PIECES)


def test_allowed_ground_per_rule() -> None:
    # Row 1: A1 orange, B1 blue, C1 mixed, D1 streetlight; blue rows below.
    plain = board("obml")
    laid = board("obml", chartier=parse_square("B1"))
    a1, b1, c1, d1 = (parse_square(n) for n in ("A1", "B1", "C1", "D1"))
    orange = Player.ORANGE
    assert plain.allowed(Allowed.OWN, orange) >> a1 & 1
    assert not plain.allowed(Allowed.OWN, orange) >> c1 & 1
    assert plain.allowed(Allowed.OWN_OR_MIXED, orange) >> c1 & 1
    assert plain.allowed(Allowed.STREETLIGHT, orange) == 1 << d1
    assert plain.allowed(Allowed.OPPONENT, orange) >> b1 & 1
    # P7: the laid Chartier space is mixed: not blue's colour any more, open to the fountain (P12).
    assert not laid.allowed(Allowed.OWN, Player.BLUE) >> b1 & 1
    assert laid.allowed(Allowed.OWN_OR_MIXED, orange) >> b1 & 1
    assert laid.allowed(Allowed.OPPONENT, orange) >> b1 & 1


def test_occupancy_counts_pieces_lamps_and_overlaps() -> None:
    position = board(
        """
        oolo  AAA+
        oooo  ....
        oooo  pvt.
        .......l
        """,
        orange="A",
        annex="A",
        chartier=parse_square("D3"),
    )
    found = occupancy(position)
    assert names(found.built) == ["A1", "B1", "C1", "D1"]
    # The Chartier space (D3) is ground, not a piece (W1).
    assert names(found.occupied) == ["A1", "B1", "C1", "D1", "A3", "B3", "C3"]
    # W4: the streetlight space C1 is covered; H4 and the streetlight tile are lamps.
    assert names(found.lamps) == ["C3", "H4"]
    assert not found.overlap
    assert not position.overlap
    clash = attrs.evolve(position, pieces=attrs.evolve(position.pieces, painter=parse_square("B1")))
    assert clash.overlap
    assert occupancy(clash).overlap
    assert STREETLIGHT.lamp
    assert LARGE_STREETLIGHT.lamp
    assert not PAINTER.lamp
