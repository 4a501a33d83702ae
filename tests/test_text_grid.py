"""The text grid (docs/text-format.md): reading every feature, errors, tolerance, round trips, CLI."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import paris_score
from paris_score import Building, Pieces, Player, Position, PositionFormatError, Postcard, Statue
from paris_score.errors import MAX_MESSAGE, Located, ParisScoreError, clip
from paris_score.formats.position_json import dumps_json, loads_json
from paris_score.formats.text_grid import blank_template, dumps_text, loads_text
from paris_score.squares import bitboard, parse_square
from paris_score_cli.app import cli
from tests.strategies import positions

ROOT = Path(__file__).resolve().parent.parent
ORANGE, BLUE = Player.ORANGE, Player.BLUE

BOARD = """\
# a small board with one of everything
    A   B   C   D   E   F   G   H
1   oA  oA  o.  o.  l.  b.  bD  bD
2   oA  o+A o@  o.  o.  b/~ bD  b.
3   m.  m.  m.  o*  l** m.  m.  m.
4   o&  o.  o.  o.  o.  b!v b.  b.
5   o.  o.  o.  o.  o.  b.  b.  b.
6   o.  o.  o.  o.  l.  b.  b.  b.
7   oC  oC  o.  o.  o.  b.  b.  b.
8   o.  o.  o.  o.  l.  b.  b.  b.

orange buildings: A C
blue buildings: D
jardin: C
orange reserve: 5 5
blue reserve: 4
postcards: le-peintre chartier lampadaire la-grande-lumiere
orange used: le-peintre lampadaire
blue used: chartier la-grande-lumiere
pattern: diamond2
"""

PLAIN_ROWS = [f"{r}   o.  o.  o.  o.  b.  b.  b.  b." for r in range(1, 9)]


def sq(name: str) -> int:
    return parse_square(name)


def bb(*names: str) -> int:
    return bitboard([sq(n) for n in names])


RESERVES = {"orange reserve": "orange reserve: none\n", "blue reserve": "blue reserve: -\n"}
"""The reserve lines every grid needs (S3), added last so that the other lines keep their numbers."""


def grid(*changes: tuple[int, str], headers: str = "") -> str:
    """The plain board (orange columns A-D, blue E-H) with some rows replaced, then headers (and reserves)."""
    rows = list(PLAIN_ROWS)
    for number, row in changes:
        rows[number - 1] = row
    missing = "".join(line for key, line in RESERVES.items() if key not in headers.lower())
    return "\n".join(rows) + "\n" + headers + ("\n" + missing if missing else "")


def errors(text: str) -> list[str]:
    with pytest.raises(PositionFormatError) as info:
        loads_text(text)
    return [str(e) for e in info.value.errors]


# -- reading each feature -------------------------------------------------------


def test_the_board_reads_every_feature() -> None:
    p = loads_text(BOARD)
    assert p.ground.rows()[0] == "oooolbbb"
    assert p.ground.rows()[2] == "mmmolmmm"
    assert p.buildings == (
        Building("A", ORANGE, bb("A1", "B1", "A2"), annex=sq("B2")),
        Building("C", ORANGE, bb("A7", "B7"), jardin=True),
        Building("D", BLUE, bb("G1", "H1", "G2")),
    )
    assert p.pieces == Pieces(
        painter=sq("C2"),
        dancer=sq("A4"),
        statue=Statue(sq("F4"), "down"),
        fountain=sq("F2"),
        streetlight=sq("D3"),
        large_streetlight=sq("E3"),
        chartier=sq("F2"),
    )
    assert p.reserve.orange == (5, 5)
    assert p.reserve.blue == (4,)
    assert p.postcards.in_play == (
        Postcard.LE_PEINTRE,
        Postcard.CHARTIER,
        Postcard.LAMPADAIRE,
        Postcard.LA_GRANDE_LUMIERE,
    )
    assert p.postcards.orange == (Postcard.LE_PEINTRE, Postcard.LAMPADAIRE)
    assert p.postcards.blue == (Postcard.CHARTIER, Postcard.LA_GRANDE_LUMIERE)
    assert p.rules.large_streetlight_pattern == "diamond2"


def test_the_chartier_space_is_ground_and_keeps_the_printed_cobblestone() -> None:
    p = loads_text(BOARD)
    assert p.ground.code(sq("F2")) == "b"
    assert p.colours.code(sq("F2")) == "m"


@pytest.mark.parametrize(
    ("arrow", "facing"), [("^", "up"), ("v", "down"), ("V", "down"), ("<", "left"), (">", "right")]
)
def test_statue_arrows(arrow: str, facing: str) -> None:
    p = loads_text(grid((3, f"3   o.  o!{arrow} o.  o.  b.  b.  b.  b.")))
    assert p.pieces.statue == Statue(sq("B3"), facing)  # type: ignore[arg-type]


def test_an_empty_position_has_defaults() -> None:
    p = loads_text(grid())
    assert p.buildings == ()
    assert p.pieces == Pieces()
    assert p.reserve.orange == p.reserve.blue == ()
    assert p.postcards.in_play == ()
    assert p.rules.large_streetlight_pattern == "square2"


def test_two_character_and_case_sensitive_ids() -> None:
    p = loads_text(
        grid((1, "1   oAb oAb oa  oA  b.  b.  b7  b."), headers="orange buildings: Ab a A\nblue buildings: 7\n")
    )
    assert [(b.id, b.cells) for b in p.buildings] == [
        ("Ab", bb("A1", "B1")),
        ("a", bb("C1")),
        ("A", bb("D1")),
        ("7", bb("G1")),
    ]


def test_a_header_id_in_another_letter_case_finds_the_one_grid_id() -> None:
    p = loads_text(grid((1, "1   oA  o.  o.  o.  b.  b.  b.  b."), headers="orange buildings: a\njardin: a\n"))
    assert p.buildings == (Building("A", ORANGE, bb("A1"), jardin=True),)


def test_buildings_keep_the_order_of_the_owner_lines_and_cells_need_not_touch() -> None:
    text = grid(
        (1, "1   oA  o.  oA  o.  bD  b.  b.  b."),
        (8, "8   oB  o.  o.  o.  b.  b.  b.  bE"),
        headers="orange buildings: B\nblue buildings: E\norange buildings: A\nblue buildings: D\n",
    )
    p = loads_text(text)
    assert [(b.id, b.owner) for b in p.buildings] == [("B", ORANGE), ("E", BLUE), ("A", ORANGE), ("D", BLUE)]
    assert p.building("A").cells == bb("A1", "C1")


def test_a_bare_annex_mark_with_an_annex_header() -> None:
    p = loads_text(grid((1, "1   oB  o+  o.  o.  b.  b.  b.  b."), headers="orange buildings: B\nannex: B\n"))
    assert p.building("B").annex == sq("B1")
    assert p.building("B").size == 2


def test_tokens_without_a_dot_are_free_spaces_and_rows_may_come_in_any_order() -> None:
    rows = [f"{r} o o o o b b b b" for r in (8, 7, 6, 5, 4, 3, 2, 1)]
    p = loads_text("\n".join(rows) + "\n" + "".join(RESERVES.values()))
    assert p.ground.rows() == ["oooobbbb"] * 8
    assert p.buildings == ()


def test_postcards_as_slugs_or_printed_titles_in_any_case() -> None:
    p = loads_text(grid(headers="postcards: Sacré-Cœur, LE_PEINTRE,la-grande-lumière  Lévitation\n"))
    assert p.postcards.in_play == (
        Postcard.SACRE_COEUR,
        Postcard.LE_PEINTRE,
        Postcard.LA_GRANDE_LUMIERE,
        Postcard.LEVITATION,
    )


def test_list_keys_may_repeat_and_add_up() -> None:
    p = loads_text(
        grid(headers="postcards: levitation\npostcards: chartier\norange used: levitation\norange used: chartier\n")
    )
    assert p.postcards.in_play == (Postcard.LEVITATION, Postcard.CHARTIER)
    assert p.postcards.orange == (Postcard.LEVITATION, Postcard.CHARTIER)


def test_a_dash_means_none() -> None:
    p = loads_text(grid(headers="orange reserve: -\npostcards: -\njardin: -\n"))
    assert p.reserve.orange == ()
    assert p.postcards.in_play == ()


def test_header_aliases() -> None:
    p = loads_text(
        grid(
            (1, "1   oA  o.  o.  o.  b.  b.  b.  b."),
            headers=(
                "Orange_Buildings: A\nJardin des Plantes: A\npostcards in play: chartier\n"
                "orange postcards: chartier\nLarge-Streetlight Pattern: rays8\n"
            ),
        )
    )
    assert p.building("A").jardin
    assert p.postcards.orange == (Postcard.CHARTIER,)
    assert p.rules.large_streetlight_pattern == "rays8"


@pytest.mark.parametrize(
    ("written", "offsets"),
    [
        ("(1,0) (0,-1)", ((1, 0), (0, -1))),
        ("( 1 , 0 ), (-7,+7);[2,2]", ((1, 0), (-7, 7), (2, 2))),
    ],
)
def test_custom_pattern_offsets(written: str, offsets: tuple[tuple[int, int], ...]) -> None:
    p = loads_text(grid(headers=f"pattern: {written}\n"))
    assert p.rules.large_streetlight_pattern == offsets


# -- tolerance -------------------------------------------------------------------


def test_crlf_bom_tabs_case_and_comments_read_the_same() -> None:
    # BOARD's building ids are upper case already, so upper-casing changes only what is case-blind
    messy = "\ufeff" + BOARD.upper().replace("\n", "  # note\r\n").replace("   ", "\t ")
    assert "!V" in messy
    assert "DIAMOND2" in messy
    assert loads_text(messy) == loads_text(BOARD)


def test_paris_score_loads_accepts_text_bytes_with_a_bom_and_crlf() -> None:
    data = ("\ufeff" + BOARD.replace("\n", "\r\n")).encode("utf-8")
    assert paris_score.loads(data) == loads_text(BOARD)


def test_paris_score_loads_tells_json_from_text() -> None:
    p = loads_text(BOARD)
    assert paris_score.loads("\ufeff \n\t" + dumps_json(p)) == p
    assert paris_score.loads(dumps_text(p)) == p
    with pytest.raises(PositionFormatError, match="line 1, col 3: not valid JSON"):
        paris_score.loads("{ nope")
    with pytest.raises(PositionFormatError, match="expected an object, got a list"):
        paris_score.loads("\n [1, 2]")
    with pytest.raises(PositionFormatError, match="line 1, col 1: expected a grid row"):
        paris_score.loads("(1, 2)")


def test_dumps_chooses_the_format() -> None:
    p = loads_text(BOARD)
    assert paris_score.dumps(p, format="text") == dumps_text(p)
    assert paris_score.dumps(p) == dumps_json(p)
    with pytest.raises(ValueError, match="expected 'json' or 'text'"):
        paris_score.dumps(p, format="xml")  # type: ignore[arg-type]


# -- errors ----------------------------------------------------------------------


def test_a_wrong_cobblestone_names_line_and_column() -> None:
    text = "# my game\n    A   B   C   D   E   F   G   H\n" + grid((3, "3   o.  q.  o.  o.  b.  b.  b.  b."))
    assert errors(text) == ["line 5, col 9: 'q' is not a cobblestone; expected o, b, m or l"]


def test_every_error_at_once_in_line_order() -> None:
    text = grid(
        (2, "2   o.  o.  o.  o.  b.  b.  b.  b.  b."),
        (3, "3   oA  o@  o@  o.  b.  b%  b!  bZ"),
        (5, "5   o.  o.  o.  o.  b.  b.  b."),
        headers=(
            "orange buildings: A Q\n"
            "orange reserve: 4 7 x\n"
            "postcards: chartier foo\n"
            "pattern: (1,0) (0,0) (1,0) (9,1)\n"
            "pattern: rays4\n"
            "colour: blue\n"
        ),
    )
    assert errors(text) == [
        "line 2, col 37: row 2 has 9 spaces; expected 8",
        "line 3, col 14: a second painter; the first is at B3",
        "line 3, col 26: '%' is not a piece; expected . (nothing), a building id (1-2 letters or digits), "
        "+ID (annex of building ID), @ painter, & dancer, ~ fountain, * streetlight tile, "
        "** large streetlight or !^ !v !< !> statue",
        "line 3, col 30: the statue needs a facing; write !^ up, !v down, !< left or !> right",
        "line 3, col 34: building Z has no owner; name it in 'orange buildings' or 'blue buildings'",
        "line 5: row 5 has 7 spaces; expected 8, one per column",
        "line 9, col 21: building 'Q' is not on the grid",
        "line 10, col 19: size 7 is not in the box; expected 3, 4, 5 or 6 (B3)",
        "line 10, col 21: 'x' is not a building size; expected 3, 4, 5 or 6",
        "line 11, col 21: 'foo' is not a postcard; `paris-score template` lists the 12 postcards",
        "line 12, col 16: (0,0) is the lamp's own space; a pattern leaves it out",
        "line 12, col 22: (1,0) is listed twice",
        "line 12, col 28: (9,1) reaches off any board; parts are -7 to 7",
        "line 13, col 1: 'pattern' is given twice; the first is on line 12",
        "line 14, col 1: unknown header 'colour'; expected one of orange buildings, blue buildings, jardin, "
        "annex, orange reserve, blue reserve, postcards, orange used, blue used, pattern",
    ]


def test_rows_missing_twice_or_mislabelled() -> None:
    rows = [*PLAIN_ROWS[:6], "9   o.  o.  o.  o.  b.  b.  b.  b.", PLAIN_ROWS[0], *RESERVES.values()]
    assert errors("\n".join(rows)) == [
        "line 7, col 1: '9' is not a row number; expected 1 to 8",
        "line 7: row 7 is missing; the grid needs rows 1 to 8",
        "line 7: row 8 is missing; the grid needs rows 1 to 8",
        "line 8, col 1: row 1 is given twice; the first is on line 1",
    ]


def test_no_grid_and_stray_lines() -> None:
    assert errors("postcards: chartier\n") == [
        "no grid; expected 8 rows, each starting with its number, e.g. '1  o. oA bD ...'"
    ]
    assert errors(grid(headers="oA oA\nA B C\n"))[:2] == [
        "line 9, col 1: expected a grid row starting with its number 1-8 (e.g. '1  o. oA ...'), "
        "the column letters A-H, or a header 'key: value'",
        "line 10, col 1: expected the column letters A B C D E F G H",
    ]


def test_pieces_and_chartier_only_once() -> None:
    text = grid((1, "1   o/&  o/  o&  o**  b**  b~  b~  b*"), (2, "2   o*  o!^ o!> o.  b.  b.  b.  b."))
    assert errors(text) == [
        "line 1, col 11: a second Chartier space; the first is at A1",
        "line 1, col 15: a second dancer; the first is at A1",
        "line 1, col 24: a second large streetlight; the first is at D1",
        "line 1, col 33: a second fountain; the first is at F1",
        "line 2, col 6: a second streetlight tile; the first is at H1",
        "line 2, col 14: a second statue; the first is at B2",
    ]


def test_building_and_header_id_errors() -> None:
    text = grid(
        (1, "1   oA  o+A o+A o+  o+  b+x! b.  b."),
        headers="orange buildings: A A\nblue buildings: A-B\njardin: Z\n",
    )
    assert errors(text) == [
        "line 1, col 14: building A already has an annex, at B1; it carries one at most",
        "line 1, col 22: a second '+' without a building id; write +ID (e.g. +B) on each annex",
        "line 1, col 27: 'x!' is not a building id; expected 1-2 letters or digits",
        "line 9, col 21: building A is already listed on line 9",
        "line 10, col 17: 'A-B' is not a building id; expected 1-2 letters or digits",
        "line 11, col 9: building 'Z' is not on the grid",
    ]


def test_a_misspelt_owner_header_is_the_one_error_for_its_buildings() -> None:
    """Not three "has no owner" errors before the line that causes them; an unrelated header still lets them show."""
    row = (1, "1   oA  oA  oA  bB  bB  bB  b.  b.")
    assert errors(grid(row, headers="orange building: A\nblue buildings: B\n")) == [
        "line 9, col 1: unknown header 'orange building'; did you mean orange buildings?"
    ]
    assert errors(grid(row, headers="colours: A\nblue buildings: B\n")) == [
        "line 1, col 6: building A has no owner; name it in 'orange buildings' or 'blue buildings'",
        "line 9, col 1: unknown header 'colours'; expected one of orange buildings, blue buildings, jardin, annex, "
        "orange reserve, blue reserve, postcards, orange used, blue used, pattern",
    ]


def test_annex_header_errors() -> None:
    assert errors(grid((1, "1   oA  o+  o.  o.  b.  b.  b.  b."), headers="orange buildings: A\n")) == [
        "line 1, col 10: which building does this annex extend? write +ID (e.g. +B) or 'annex: B'"
    ]
    assert errors(grid((1, "1   oA  o+A o.  o.  b.  b.  b.  b."), headers="orange buildings: A\nannex: A\n")) == [
        "line 10, col 8: no '+' on the grid for this annex; mark the annex's space with +"
    ]
    assert errors(grid((1, "1   oA  o+  o.  o.  b.  b.  b.  b."), headers="orange buildings: A\nannex: A B\n")) == [
        "line 10, col 8: expected the id of the building that carries the annex, e.g. 'annex: B'"
    ]


@pytest.mark.parametrize(
    ("written", "what"),
    [
        ("", "the pattern is missing"),
        ("square3", "'square3' is not a pattern"),
        ("(1,0) x", "'(1,0) x' is not a pattern"),
        ("1,0", "'1,0' is not a pattern"),
    ],
)
def test_bad_patterns(written: str, what: str) -> None:
    assert errors(grid(headers=f"pattern: {written}\n")) == [
        f"line 9, col 10: {what}; expected square2, diamond2, rays4, rays8 or offsets (dcol,drow) such as (1,0) (0,-1)"
    ]


def test_format_errors_are_value_errors_with_located_fields() -> None:
    with pytest.raises(ValueError, match="'q' is not a cobblestone") as info:
        loads_text(grid((1, "1   q.  o.  o.  o.  b.  b.  b.  b.")))
    assert isinstance(info.value, PositionFormatError)
    assert info.value.errors == (Located("line 1, col 5", "'q' is not a cobblestone; expected o, b, m or l"),)


# -- writing ---------------------------------------------------------------------


def test_dumps_draws_the_grid_then_the_headers() -> None:
    p = loads_text(BOARD)
    assert dumps_text(p, legend=False) == (
        "    A   B   C   D   E   F   G   H\n"
        "1   oA  oA  o.  o.  l.  b.  bD  bD\n"
        "2   oA  o+A o@  o.  o.  b/~ bD  b.\n"
        "3   m.  m.  m.  o*  l** m.  m.  m.\n"
        "4   o&  o.  o.  o.  o.  b!v b.  b.\n"
        "5   o.  o.  o.  o.  o.  b.  b.  b.\n"
        "6   o.  o.  o.  o.  l.  b.  b.  b.\n"
        "7   oC  oC  o.  o.  o.  b.  b.  b.\n"
        "8   o.  o.  o.  o.  l.  b.  b.  b.\n"
        "\n"
        "orange buildings: A C\n"
        "blue buildings: D\n"
        "jardin: C\n"
        "orange reserve: 5 5\n"
        "blue reserve: 4\n"
        "postcards: le-peintre chartier lampadaire la-grande-lumiere\n"
        "orange used: le-peintre lampadaire\n"
        "blue used: chartier la-grande-lumiere\n"
        "pattern: diamond2\n"
    )
    assert dumps_text(p).startswith("# Paris: La Cité de la Lumière")


def test_dumps_widens_every_column_for_long_tokens_and_writes_offsets() -> None:
    p = loads_text(grid((1, "1   o/+Ab oAb o.  o.  b.  b.  b.  b."), headers="orange buildings: Ab\npattern: (2,-1)"))
    lines = dumps_text(p, legend=False).splitlines()
    assert lines[0] == "    A     B     C     D     E     F     G     H"
    assert lines[1] == "1   o/+Ab oAb   o.    o.    b.    b.    b.    b."
    assert lines[2] == "2   o.    o.    o.    o.    b.    b.    b.    b."
    assert lines[-1] == "pattern: (2,-1)"


def test_dumps_refuses_two_things_on_one_space_and_names_it() -> None:
    p = loads_text(BOARD)
    crowded = Position(
        p.ground,
        (*p.buildings, Building("E", BLUE, bb("H1", "H2"))),
        pieces=Pieces(painter=sq("A1"), dancer=sq("A1"), chartier=sq("A1")),
    )
    with pytest.raises(ParisScoreError) as info:
        dumps_text(crowded)
    assert str(info.value) == (
        "the text grid shows one thing per space; these spaces hold more (keep this position as JSON):\n"
        "A1: building A, the painter and the dancer\n"
        "H1: building D and building E"
    )
    assert isinstance(info.value, ValueError)


# -- round trips -----------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(positions())
def test_json_to_text_to_json_gives_the_same_position(position: Position) -> None:
    text = dumps_text(position)
    again = loads_text(text)
    assert again == position
    assert dumps_json(again) == dumps_json(position)


@settings(max_examples=150, deadline=None)
@given(positions())
def test_text_to_json_to_text_gives_the_same_text(position: Position) -> None:
    text = dumps_text(position)
    assert dumps_text(loads_json(dumps_json(loads_text(text)))) == text


@settings(max_examples=100, deadline=None)
@given(positions(), st.sampled_from(["\n", "\r\n"]), st.booleans(), st.sampled_from([" ", "  ", "\t"]))
def test_retyped_text_reads_the_same(position: Position, newline: str, bom: bool, gap: str) -> None:
    """Another line ending, a BOM, other spacing, upper-case cobblestones and keys: the same position."""
    lines = []
    for line in dumps_text(position).splitlines():
        if line[:1].isdigit():
            label, *tokens = line.split()
            line = gap.join([label, *(t[0].upper() + t[1:] for t in tokens)]) + gap
        elif ":" in line:
            key, value = line.split(":", 1)
            line = key.upper().replace(" ", "_") + " :" + value.replace(" ", gap) + "  # checked"
        lines.append(line)
    text = ("\ufeff" if bom else "") + newline.join(lines)
    assert paris_score.loads(text) == position


# -- the rulebook example and the command line ------------------------------------


def test_the_rulebook_text_is_the_rulebook_json() -> None:
    """examples/rulebook.txt is generated by `paris-score convert examples/rulebook.json --to text`."""
    assert paris_score.load(ROOT / "examples" / "rulebook.txt") == paris_score.load(ROOT / "examples" / "rulebook.json")


def test_cli_convert_json_to_text_and_back(tmp_path: Path) -> None:
    runner = CliRunner()
    out = runner.invoke(cli, ["convert", str(ROOT / "examples" / "rulebook.json"), "--to", "text"])
    assert out.exit_code == 0, out.output
    assert out.output == dumps_text(paris_score.load(ROOT / "examples" / "rulebook.json"))
    grid_file = tmp_path / "game.txt"
    grid_file.write_text(out.output, encoding="utf-8")
    json_file = tmp_path / "game.json"
    back = runner.invoke(cli, ["convert", str(grid_file), "--to", "json", "-o", str(json_file)])
    assert back.exit_code == 0, back.output
    assert back.output == ""
    assert json_file.read_text(encoding="utf-8") == dumps_json(paris_score.load(ROOT / "examples" / "rulebook.json"))


def test_cli_convert_reads_standard_input() -> None:
    out = CliRunner().invoke(cli, ["convert", "-", "--to", "json"], input=BOARD)
    assert out.exit_code == 0
    assert loads_json(out.stdout) == loads_text(BOARD)


def test_cli_convert_names_the_comments_it_cannot_keep(tmp_path: Path) -> None:
    """A position has no place for a comment: those the user typed are named on standard error, either way; the
    text grid's own legend (written anew) is not."""
    mine = f"# Saturday: Ula (orange) v Jan (blue)\n{dumps_text(paris_score.rulebook_example())}# 48 to 57, ask Jan\n"
    path = tmp_path / "saturday.txt"
    path.write_text(mine, encoding="utf-8")
    last = len(mine.splitlines())
    for target in ("json", "text"):
        out = CliRunner().invoke(cli, ["convert", str(path), "--to", target])
        assert out.exit_code == 0
        assert out.stderr == (
            f"paris-score: note: {path}: the comments on lines 1, {last} are not kept (a position has no place for"
            " them)\n"
        )
        assert paris_score.loads(out.stdout) == paris_score.rulebook_example()
    path.write_text(dumps_text(paris_score.rulebook_example()), encoding="utf-8")
    assert CliRunner().invoke(cli, ["convert", str(path), "--to", "json"]).stderr == ""


def test_cli_score_accepts_a_text_grid(tmp_path: Path) -> None:
    path = tmp_path / "board.txt"
    path.write_text(BOARD, encoding="utf-8")
    out = CliRunner().invoke(cli, ["score", str(path), "--format", "json", "--no-check"])
    assert out.exit_code == 0, out.output
    assert '"format": "paris-score/1"' in out.output


def test_cli_convert_bad_text_exits_1_with_every_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(grid((1, "1   q.  o.  o.  o.  b.  b.  b.  b."), headers="colour: x\n"), encoding="utf-8")
    out = CliRunner().invoke(cli, ["convert", str(path), "--to", "json"])
    assert out.exit_code == 1
    assert out.output.splitlines() == [
        f"{path}: line 1, col 5: 'q' is not a cobblestone; expected o, b, m or l",
        f"{path}: line 9, col 1: unknown header 'colour'; expected one of orange buildings, blue buildings, "
        "jardin, annex, orange reserve, blue reserve, postcards, orange used, blue used, pattern",
    ]
    assert "Traceback" not in out.output


def test_cli_convert_overlapping_json_to_text_exits_1_naming_the_space() -> None:
    doc = dumps_json(loads_text(BOARD)).replace('"painter": "C2"', '"painter": "A1"')
    out = CliRunner().invoke(cli, ["convert", "-", "--to", "text"], input=doc)
    assert out.exit_code == 1
    assert out.output.splitlines()[-1] == "<stdin>: A1: building A and the painter"


def test_cli_convert_needs_a_target_format() -> None:
    out = CliRunner().invoke(cli, ["convert", "-"], input=BOARD)
    assert out.exit_code == 2


# -- the docs' examples ----------------------------------------------------------


def text_blocks(page: str) -> list[str]:
    return re.findall(r"```text\n(.*?)```", (ROOT / "docs" / page).read_text(encoding="utf-8"), re.S)


def test_the_full_example_of_the_docs_is_what_the_writer_writes() -> None:
    example = text_blocks("text-format.md")[0]
    p = loads_text(example)
    assert p.building("A").size == 6
    assert p.building("D").cells >> sq("E5") & 1
    assert p.pieces.chartier == sq("E5")
    assert p.pieces.statue == Statue(sq("F4"), "right")
    assert p.building("C").jardin
    assert dumps_text(p, legend=False) == example.split("\n", 1)[1]


def test_the_players_blank_board_reads_once_the_colours_and_reserves_are_typed() -> None:
    blank = blank_template()
    assert len(errors(blank)) == 8 + 2  # one a row of ?, one a reserve line left empty
    typed = blank.replace("?", "o").replace("orange reserve:", "orange reserve: none")
    p = loads_text(typed.replace("blue reserve:", "blue reserve: -"))
    assert p.ground.rows() == ["oooooooo"] * 8
    assert p.buildings == ()


def test_cli_convert_cannot_write_exits_1(tmp_path: Path) -> None:
    out = CliRunner().invoke(cli, ["convert", "-", "--to", "json", "-o", str(tmp_path)], input=BOARD)
    assert out.exit_code == 1
    assert out.output.startswith(f"{tmp_path}: cannot write the file: ")


def read_or_error(text: str) -> Position | PositionFormatError:
    try:
        return loads_text(text)
    except PositionFormatError as e:
        return e


def well_refused(result: Position | PositionFormatError) -> bool:
    """A position, or a format error with at least one located message (never another exception)."""
    if isinstance(result, Position):
        return True
    return bool(result.errors) and all(isinstance(err, Located) and err.message for err in result.errors)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_any_text_reads_or_fails_with_located_errors(text: str) -> None:
    assert well_refused(read_or_error(text))


TYPOS = [*"ombl.+@&~*!^v<>/#:-,()[]0123456789 \nAZaz²٣", "9" * 5000]


@settings(max_examples=200, deadline=None)
@given(positions(), st.data())
def test_a_typo_anywhere_reads_or_fails_with_located_errors(position: Position, data: st.DataObject) -> None:
    text = dumps_text(position, legend=False)
    at = data.draw(st.integers(0, len(text) - 1))
    typo = data.draw(st.sampled_from(TYPOS))
    assert well_refused(read_or_error(text[:at] + typo + text[at + 1 :]))


def test_odd_digits_and_huge_numbers_are_refused_cleanly() -> None:
    huge = "9" * 5000
    assert errors(grid(headers=f"orange reserve: ² 3\npattern: ({huge},1)\n")) == [
        "line 9, col 17: '²' is not a building size; expected 3, 4, 5 or 6",
        "line 10, col 10: "
        + clip(  # the 5000 digits lose their middle: messages stay short
            f"'({huge},1)' is not a pattern; expected square2, diamond2, rays4, rays8 "
            "or offsets (dcol,drow) such as (1,0) (0,-1)",
            MAX_MESSAGE,
        ),
    ]


# -- reserve shapes and limits (issue 7) ---------------------------------------------

L4 = ((0, 0), (1, 0), (2, 0), (0, 1))


@pytest.mark.parametrize(
    "written",
    [
        "orange reserve: 5 4[A1 B1 C1 A2]",
        "orange reserve: 5 4 [a1 b1 c1 a2]",
        "orange reserve: 5, 4[A1,B1,C1,A2]",
        "ORANGE RESERVE:5 4[ F6  G6 H6 F7 ]",
    ],
)
def test_a_reserve_size_may_carry_its_shape_drawn_anywhere(written: str) -> None:
    reserve = loads_text(grid(headers=written + "\nblue reserve: 3")).reserve
    assert reserve.entries(ORANGE) == ((5, None), (4, L4))
    assert reserve.entries(BLUE) == ((3, None),)


def test_the_writer_draws_reserve_shapes_from_a1_and_they_read_back() -> None:
    position = loads_text(grid(headers="orange reserve: 5 4[F6 G6 H6 F7]\nblue reserve: 3[h8 h7 h6]"))
    text = dumps_text(position)
    assert "orange reserve: 5 4[A1 B1 C1 A2]\n" in text
    assert "blue reserve: 3[A1 A2 A3]\n" in text
    assert loads_text(text) == position
    assert loads_json(dumps_json(position)) == position


def test_reserve_shape_errors_name_line_and_column() -> None:
    headers = (
        "orange reserve: 4[A1 B1 C1] 3[A1 I9 AA1] [A1 A2 A3] 4[]\n"
        "blue reserve: 3[A1 A1 A2] 4[A1 C1 D1 E1] ] 7[A1] 5[A1 B1\n"
    )
    assert errors(grid(headers=headers)) == [
        "line 9, col 18: 3 spaces for a building of size 4",
        "line 9, col 34: 'I9' is not a space; expected a column A-H and a row 1-8, e.g. 'C4'",
        "line 9, col 37: 'AA1' is not a space; expected a column A-H and a row 1-8, e.g. 'C4'",
        "line 9, col 42: a shape needs its building's size just before it, e.g. 4[A1 B1 C1 A2]",
        "line 9, col 54: an empty shape; list the building's spaces, e.g. 4[A1 B1 C1 A2]",
        "line 10, col 20: A1 is listed twice",
        "line 10, col 28: the spaces of a shape must be connected edge to edge (P1)",
        "line 10, col 42: a ']' without its '['; write a shape as 4[A1 B1 C1 A2]",
        "line 10, col 44: size 7 is not in the box; expected 3, 4, 5 or 6 (B3)",
        "line 10, col 51: this shape's '[' has no ']'; write a shape as 4[A1 B1 C1 A2]",
    ]


def test_a_reserve_line_given_twice_is_refused_not_added() -> None:
    """S3: a reserve line typed twice would count its buildings twice (-3 each): refused, naming both lines."""
    for second in ("orange reserve: 5", "orange reserve: none", "orange reserve: unknown"):
        assert errors(grid(headers=f"orange reserve: 5\nblue reserve: none\n{second}\n")) == [
            "line 11, col 1: 'orange reserve' is given twice, here and on line 9: write the sizes once, "
            "on one line (a repeated line would count its buildings twice)"
        ]
    assert loads_text(grid(headers="orange reserve: 5\nblue reserve: none\n")).reserve.orange == (5,)


def test_row_labels_are_exact_numbers() -> None:
    # Found while auditing for issue 7: '23' was read as row 2 (a substring test), silently.
    text = grid((2, "23  o.  o.  o.  o.  b.  b.  b.  b."))
    assert errors(text) == [
        "line 2, col 1: '23' is not a row number; expected 1 to 8",
        "line 2: row 2 is missing; the grid needs rows 1 to 8",
    ]


def test_only_lf_crlf_and_cr_end_lines() -> None:
    # str.splitlines() also breaks at form feeds, vertical tabs, U+2028 ...: line numbers then disagree
    # with every editor. Those characters are blanks now, and lines are counted as editors count them.
    text = grid(headers="orange reserve: 9\f3\x0b4\u2028 x")
    assert errors(text) == [
        "line 9, col 17: size 9 is not in the box; expected 3, 4, 5 or 6 (B3)",
        "line 9, col 24: 'x' is not a building size; expected 3, 4, 5 or 6",
    ]
    assert loads_text(grid().replace("\n", "\r")) == loads_text(grid())


def test_too_many_words_in_a_header_and_too_many_errors() -> None:
    assert errors(grid(headers="postcards: " + "levitation " * 65)) == [
        f"line 9, col {12 + 11 * 64}: too many words for 'postcards'; at most 64 (docs/robustness.md)"
    ]
    # A reserve holds 64 buildings, as in JSON (found by the fuzzer: the text read 101, its JSON did not).
    assert errors(grid(headers="orange reserve: " + "3 " * 65)) == [
        f"line 9, col {17 + 2 * 64}: more than 64 buildings in a reserve (docs/robustness.md)"
    ]
    assert errors(grid(headers="orange reserve: " + "3[a1 a2 a3] " * 65)) == [
        f"line 9, col {17 + 12 * 64}: more than 64 buildings in a reserve (docs/robustness.md)"
    ]
    assert errors(grid(headers="orange reserve: " + "3 " * 200)) == [
        f"line 9, col {17 + 2 * 64}: more than 64 buildings in a reserve (docs/robustness.md)"
    ]
    junk = "\n".join(["?"] * 5000)
    found = errors(grid(headers=junk))
    assert len(found) == 101
    assert found[0].startswith("line 9, col 1: expected a grid row")
    assert found[-1] == "stopped after 100 errors"
