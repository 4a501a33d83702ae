"""Move notation (G2, G3) and game setups (G1): parse, write back, every problem named."""

from __future__ import annotations

import pickle

import pytest

from paris_score.errors import IllegalMoveError, MoveNotationError, ParisScoreError
from paris_score.game.moves import (
    Activate,
    Build,
    BuildJardin,
    Levitate,
    Move,
    Pass,
    PlaceAnnex,
    PlaceFountain,
    PlacePiece,
    PlaceStatue,
    PlaceTile,
    Take,
)
from paris_score.game.setups import PoolPiece, Setup, setup_problems, turn_tile
from paris_score.model import Player
from paris_score.postcards import Postcard
from paris_score.squares import bitboard, parse_square

CANONICAL = [
    ("tile C3 90", PlaceTile(parse_square("C3"), 90)),
    ("take F", Take("F")),
    ("pass", Pass()),
    ("build F D5 E5 F5 E6 chartier=D5", Build("F", bitboard([35, 36, 37, 44]), None, 35)),
    ("build 10 A1 B1 C1 metro=B1", Build("10", 0b111, 1, None)),
    ("card le-peintre", Activate(Postcard.LE_PEINTRE)),
    ("card chartier", Activate(Postcard.CHARTIER)),
    ("card levitation B K A7 B7 B8 metro=A7", Levitate("B", "K", bitboard([48, 49, 57]), 48, None)),
    ("card jardin-des-plantes C1 D1", BuildJardin(0b1100)),
    ("card moulin-rouge E2", PlacePiece(Postcard.MOULIN_ROUGE, 12)),
    ("card le-penseur D6 up", PlaceStatue(43, "up")),
    ("card fontaine-des-mers G5 chartier=G5", PlaceFountain(38, 38)),
    ("card fontaine-des-mers G5", PlaceFountain(38)),
    ("card bouquinistes B6 A", PlaceAnnex(41, "A")),
]


@pytest.mark.parametrize(("text", "move"), CANONICAL)
def test_canonical_text_parses_to_the_move_and_back(text: str, move: Move) -> None:
    assert Move.parse(text) == move
    assert str(move) == text
    assert hash(Move.parse(text)) == hash(move)
    assert pickle.loads(pickle.dumps(move)) == move


def test_parsing_ignores_case_and_order_and_writes_board_order() -> None:
    move = Move.parse("BUILD f e6 d5 f5 e5 Chartier=d5")
    assert str(move) == "build F D5 E5 F5 E6 chartier=D5"
    assert Move.parse("Card LE-PENSEUR d6 UP") == PlaceStatue(43, "up")


def test_moves_of_different_kinds_are_not_equal() -> None:
    assert Build("F", 0b11) != Levitate("F", "F", 0b11)
    assert Activate(Postcard.LE_PEINTRE) != Activate(Postcard.LAMPADAIRE)


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("", "G3", "empty"),
        ("jump A1", "G3", "not a move"),
        ("tile B1 0", "G2", "not an area"),
        ("tile A9 0", "G3", "not a space"),
        ("tile A1 45", "G3", "not a rotation"),
        ("tile A1", "G3", "expected 'tile AREA ROTATION'"),
        ("take FOO", "G3", "not an id"),
        ("take", "G3", "expected 'take ID'"),
        ("pass now", "G3", "nothing after"),
        ("build F", "G3", "expected 'build ID SPACE"),
        ("build F A1 A1", "G3", "listed twice"),
        ("build F A1 metro=A1 metro=B1", "G3", "given twice"),
        ("build F A1 color=A1", "G3", "unknown option"),
        ("card", "G3", "expected 'card SLUG"),
        ("card joker", "G3", "not a postcard"),
        ("card sacre-coeur A1", "G3", "nothing after"),
        ("card levitation B K", "G3", "expected 'card levitation"),
        ("card jardin-des-plantes C1", "G3", "expected 'card jardin-des-plantes"),
        ("card jardin-des-plantes C1 D1 metro=C1", "G3", "expected 'card jardin-des-plantes"),
        ("card jardin-des-plantes C1 metro=C1", "G3", "unknown option"),
        ("card le-peintre A1 B1", "G3", "expected 'card le-peintre SPACE'"),
        ("card le-penseur A1 north", "G3", "FACING"),
        ("card fontaine-des-mers A1 metro=A1", "G3", "chartier=SPACE"),
        ("card bouquinistes A1", "G3", "expected 'card bouquinistes"),
        ("card le-peintre I9", "G3", "not a space"),
    ],
)
def test_bad_notation_is_refused_with_its_rule(text: str, rule: str, words: str) -> None:
    with pytest.raises(MoveNotationError) as caught:
        Move.parse(text)
    error = caught.value
    assert (error.code, error.rule) == ("bad-notation", rule)
    assert words in error.message
    assert isinstance(error, IllegalMoveError)
    assert isinstance(error, ParisScoreError)


def test_a_huge_move_text_gives_a_short_message() -> None:
    with pytest.raises(MoveNotationError) as caught:
        Move.parse("take " + "X" * 100_000)
    assert len(caught.value.message) < 400


def test_illegal_move_errors_pickle_and_give_a_problem() -> None:
    error = IllegalMoveError("space-not-free", "P1", "not free: A1", (0,))
    again = pickle.loads(pickle.dumps(error))
    assert (again.code, again.rule, again.message, again.spaces) == ("space-not-free", "P1", "not free: A1", (0,))
    assert error.problem.to_dict()["spaces"] == ["A1"]
    notation = pickle.loads(pickle.dumps(MoveNotationError("bad", "G2")))
    assert (notation.code, notation.rule) == ("bad-notation", "G2")


def test_turning_a_tile_clockwise() -> None:
    assert turn_tile(("ab", "cd"), 0) == ("ab", "cd")
    assert turn_tile(("ab", "cd"), 90) == ("ca", "db")
    assert turn_tile(("ab", "cd"), 180) == ("dc", "ba")
    assert turn_tile(("ab", "cd"), 270) == ("bd", "ac")


def _pool() -> list[PoolPiece]:
    """Fictional pieces of the box's sizes (B3): straight lines, not the real shapes."""
    sizes = [3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6]
    return [PoolPiece(pid, tuple((dc, 0) for dc in range(n))) for pid, n in zip("ABCDEFGHKLMN", sizes, strict=True)]


def _setup(**changes: object) -> Setup:
    values: dict[str, object] = {
        "postcards": list(Postcard)[:8],
        "pool": _pool(),
        "tiles": ([("ob", "ml")] * 8, [("bo", "lm")] * 8),
    }
    values.update(changes)
    return Setup(**values)  # type: ignore[arg-type]


def test_a_good_setup_has_no_problems_and_is_hashable() -> None:
    setup = _setup()
    assert setup_problems(setup) == []
    assert hash(setup) == hash(_setup())
    assert setup.first is Player.ORANGE
    assert setup.stack(Player.BLUE)[0] == ("bo", "lm")
    assert setup.piece("n").size == 6


def test_every_setup_problem_is_named_by_key_path() -> None:
    pool = _pool()
    pool[1] = PoolPiece("a", pool[1].shape)  # the same id as A, in another case
    pool[2] = PoolPiece("J", pool[2].shape)
    pool[3] = PoolPiece("ABC", ((0, 0), (2, 0), (0, 1), (1, 1)))  # not connected? (0,0)-(0,1)-(1,1) and (2,0) apart
    cards = [Postcard.LEVITATION] * 2 + list(Postcard)[2:8]
    setup = _setup(postcards=cards, pool=pool, tiles=([("ob", "ml")] * 7, [("bo", "lx")] * 8))
    found = {(p.where, p.message.split(" ")[0]) for p in setup_problems(setup)}
    assert found == {
        ("setup.postcards[1]", "levitation"),
        ("setup.pool[1].id", "'a'"),
        ("setup.pool[2].id", "J"),
        ("setup.pool[3].id", "'ABC':"),
        ("setup.pool[3].shape", "the"),
        ("setup.tiles.orange", "expected"),
    } | {(f"setup.tiles.blue[{i}]", "expected") for i in range(8)}


def test_wrong_box_sizes_and_counts() -> None:
    pool = _pool()
    pool[0] = PoolPiece("A", ((0, 0), (1, 0)))
    problems = setup_problems(_setup(pool=pool, postcards=list(Postcard)[:7]), where="game.setup")
    assert [p.where for p in problems] == ["game.setup.postcards", "game.setup.pool"]
    assert "1 of size 2" in problems[1].message
    assert [p.where for p in setup_problems(_setup(pool=_pool()[:11]))] == ["setup.pool"]


@pytest.mark.parametrize(
    ("row", "good"),
    [("ob", True), ("ML", True), ("oB", True), ("lx", False), ("o", False), ("obm", False), (["o", "b"], False)],
)
def test_a_tile_row_is_two_ground_characters_in_any_case(row: object, good: bool) -> None:
    """B2: each row of a tile is 2 of o, b, m, l in any case; anything else is named by its key path."""
    found = setup_problems(_setup(tiles=([("ob", "ml")] * 8, [("bo", row)] + [("bo", "lm")] * 7)))
    assert [p.where for p in found] == ([] if good else ["setup.tiles.blue[0]"])


def test_a_pool_piece_shape_is_normalised_however_it_is_given() -> None:
    """A shape given as lists, as a tuple of pairs or moved away from A1 is the same normalised shape."""
    shape = ((1, 0), (0, 1), (1, 1))
    assert PoolPiece("A", [[1, 2], [0, 3], [1, 3]]).shape == shape
    assert PoolPiece("A", ((1, 2), (0, 3), (1, 3))).shape == shape
    assert PoolPiece("A", ([1, 0], (0, 1), [1, 1])).shape == shape
    with pytest.raises(TypeError):
        PoolPiece("A", (("a", "b"),))


@pytest.mark.parametrize(
    "make",
    [
        lambda: PlaceTile(parse_square("B1"), 0),
        lambda: PlaceTile(0, 45),
        lambda: Take("a"),
        lambda: Take("ABC"),
        lambda: Build("F", 0),
        lambda: Build("F", 1 << 64),
        lambda: Build("F", 1, metro=64),
        lambda: Levitate("B", "K", 1, chartier=-1),
        lambda: BuildJardin(0),
        lambda: PlacePiece(Postcard.LE_PENSEUR, 0),
        lambda: PlaceStatue(0, "north"),
        lambda: PlaceFountain(99),
        lambda: PlaceAnnex(0, "j"),
        lambda: Activate("chartier"),
    ],
)
def test_a_move_made_in_code_is_checked_like_its_text(make: object) -> None:
    with pytest.raises(ValueError, match="is not"):
        make()  # type: ignore[operator]


def test_tile_characters_may_be_of_either_case() -> None:
    setup = _setup(tiles=([("OB", "mL")] * 8, [("bo", "lm")] * 8))
    assert setup_problems(setup) == []
