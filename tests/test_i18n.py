"""Messages in the players' languages (docs/languages.md): the catalogs, the texts, and what the page is given."""

from __future__ import annotations

import json
import pickle
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import attrs
import pytest

import paris_score
from paris_score import paris2020
from paris_score.codes import KINDS, OVERLAP_PAIR
from paris_score.errors import IllegalMoveError, Paris2020FormatError
from paris_score.game import GameState
from paris_score.game.generate import corpus, random_setup
from paris_score.i18n import (
    TEMPLATE_KEY,
    TEMPLATES,
    Template,
    Text,
    and_list,
    counting,
    ordinal,
    parse,
    placeholders,
    render,
)
from paris_score.i18n.catalogs import (
    LANGUAGES,
    Catalog,
    all_templates,
    catalog,
    catalog_json,
    from_environment,
    language_named,
    pot,
    source_templates,
)
from paris_score.i18n.po import PoError, read_po
from paris_score.model import BUILDING, FACING_WORDS, THE_PIECE, Player
from paris_score.paris2020.referee import TOO_MANY_KEYS
from paris_score.placement import piece_refusal
from paris_score.postcards import DANCER, FOUNTAIN, LARGE_STREETLIGHT, PAINTER, STATUE, Postcard
from paris_score.report import lines
from paris_score.squares import parse_square
from tests import fuzzing

ROOT = Path(__file__).resolve().parent.parent
OTHERS = [lang for lang in LANGUAGES if lang != "en"]
SOURCES = source_templates()
"""Every template, the command line's included."""
FIELD = re.compile(r"\{(\w+)(?::(\w+))?\}")
PLAYERS = ("player", "other", "owner", "user", "winner")
FAMILIES = {**dict.fromkeys(PLAYERS, "player"), "thing": "thing", "thing2": "thing", "piece": "piece"}
"""The arguments a catalog may ask a declined form of, and the words they take (their templates' id prefix)."""


def _names(forms: tuple[str, ...] | str) -> set[str]:
    return {name for form in ([forms] if isinstance(forms, str) else forms) for name, _ in placeholders(form)}


def _sample(name: str) -> Any:
    """An argument of every kind a template may be given, by its name."""
    samples: dict[str, Any] = {
        "player": Player.ORANGE,
        "other": Player.BLUE,
        "owner": Player.BLUE,
        "user": Player.ORANGE,
        "winner": Player.BLUE,
        "card": Postcard.LE_PEINTRE,
        "card2": Postcard.CHARTIER,
        "piece": PAINTER,
        "thing": BUILDING(id="A"),
        "thing2": THE_PIECE(piece=DANCER),
        "things": [BUILDING(id="A"), BUILDING(id="B")],
        "facing": FACING_WORDS["up"],
        "count": counting("space")(n=3),
        "place": ordinal(2),
        "before": ordinal(1),
        "players": and_list(["'Ula'", "'Marek'"]),
        "names": and_list(["Ula", "Marek"]),
        "ids": ["A", "B"],
        "lamps": ["C4", "D5"],
    }
    return samples.get(name, 3 if name in ("n", "k", "size", "most", "points", "total", "i") else f"<{name}>")


def _said(template: Template, lang: str, n: int = 2) -> str:
    args = {name: _sample(name) for name in _names(template.forms())}
    if template.rule is not None:
        args["n"] = n
    return render(template(**args), lang)


# -- the catalogs --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", OTHERS)
def test_every_template_has_a_translation_in_every_catalog(lang: str) -> None:
    found = catalog(lang)
    assert [id for id, template in sorted(SOURCES.items()) if found.translation(template) is None] == []


@pytest.mark.parametrize("lang", OTHERS)
def test_a_catalog_translates_only_templates_there_are_as_they_now_stand(lang: str) -> None:
    """No entry is stale (its English changed) or of a template no longer made; a declined form is of one."""
    found = catalog(lang)
    wrong = []
    for key, (source, _) in found.entries.items():
        id, _, form = key.partition(":")
        if id.startswith("ordinal."):
            forms = SOURCES["ordinal"].forms()
            k = int(id.split(".")[1])
            known = not form and k < len(forms) and source == (forms[k],)
        else:
            known = id in SOURCES and source == SOURCES[id].forms()
        if not known:
            wrong.append(key)
    assert wrong == []


@pytest.mark.parametrize("lang", OTHERS)
def test_translations_have_the_placeholders_of_their_english(lang: str) -> None:
    found = catalog(lang)
    plurals = int(re.search(r"nplurals=(\d+)", found.header["Plural-Forms"])[1])  # type: ignore[index]
    wrong = []
    for id, template in SOURCES.items():
        said = found.translation(template)
        assert said is not None, id
        if template.rule == "plural" and len(said) != plurals:
            wrong.append(f"{id}: {len(said)} forms, not {plurals}")
        if _names(said) != _names(template.forms()) - ({"n"} if template.rule else set()) | (
            _names(said) & {"n"} if template.rule else set()
        ):
            wrong.append(f"{id}: {sorted(_names(said))} for {sorted(_names(template.forms()))}")
    assert wrong == []


@pytest.mark.parametrize("lang", OTHERS)
def test_a_declined_form_is_asked_only_of_words_that_all_have_it(lang: str) -> None:
    """``{owner:gen}`` needs the form ``gen`` of every player's word; ``{thing:gen}`` of every thing's."""
    found = catalog(lang)
    families = {f: [id for id in SOURCES if id.startswith(f"{f}.")] for f in set(FAMILIES.values())}
    wrong = []
    for key, (_, said) in found.entries.items():
        for form in [said] if isinstance(said, str) else said:
            for name, declined in FIELD.findall(form):
                if not declined:
                    continue
                family = FAMILIES.get(name)
                missing = [id for id in families.get(family or "", [None]) if f"{id}:{declined}" not in found.entries]
                if family is None or missing:
                    wrong.append(f"{key}: {{{name}:{declined}}} lacks {missing}")
    assert wrong == []


CONTRACTING: dict[str, tuple[str, tuple[str, ...]]] = {
    "pt": ("de|em|por|a", ("o", "a", "os", "as")),
    "es": ("de|a", ("el",)),
    "fr": ("de|à", ("le", "les")),
}
"""A language's prepositions that fuse with a definite article (pt de + o = do), and those articles."""


@pytest.mark.parametrize("lang", sorted(CONTRACTING))
def test_no_preposition_stands_before_a_word_whose_article_it_fuses_with(lang: str) -> None:
    """``de {thing}`` said "de o edifício A" where Portuguese says "do edifício A" (French "du", Spanish "del"):
    a catalog words such a sentence otherwise."""
    prepositions, articles = CONTRACTING[lang]
    found = catalog(lang)
    families = {f: [id for id in SOURCES if id.startswith(f"{f}.")] for f in set(FAMILIES.values())}
    wrong = []
    for key, (_, said) in found.entries.items():
        for form in [said] if isinstance(said, str) else said:
            for m in re.finditer(rf"\b(?:{prepositions}) \{{(\w+)\}}", form):
                words = [_said(SOURCES[id], lang) for id in families.get(FAMILIES.get(m[1], ""), [])]
                wrong += [f"{key}: {m[0]} ({word})" for word in words if word.split(" ")[0] in articles]
    assert wrong == []


def test_the_statue_s_counts_agree_with_their_words_when_one() -> None:
    """Le Penseur with one free diagonal space: "1 livres" / "1 libres" said a plural word of one."""
    report = paris_score.score(paris_score.load(ROOT / "examples" / "advanced-postcards.json"))
    statue = next(card for card in report.blue.postcards.cards if card.card is Postcard.LE_PENSEUR)
    said = {lang: render(statue.detail_text, lang).split("; ", 1)[1] for lang in ("en", "pt", "es", "fr")}
    assert said == {
        "en": "3 free adjacent (D1, F1, E2) x 2 + 1 free diagonal (F2) x 1",
        "pt": "livres ao lado: 3 (D1, F1, E2) x 2 + livres na diagonal: 1 (F2) x 1",
        "es": "libres al lado: 3 (D1, F1, E2) x 2 + libres en diagonal: 1 (F2) x 1",
        "fr": "libres à côté : 3 (D1, F1, E2) x 2 + libres en diagonale : 1 (F2) x 1",
    }


def test_two_things_on_one_space_are_said_whatever_their_genders() -> None:
    """W1: "oba" (Polish, Czech), "ambos" (Portuguese, Spanish), "tous deux" (French) agree with masculine words only;
    two buildings in Czech, the statue and the fountain in the others, are feminine."""
    pairs = {
        "buildings": (BUILDING(id="D"), BUILDING(id="H")),
        "statue, fountain": (THE_PIECE(piece=STATUE), THE_PIECE(piece=FOUNTAIN)),
    }
    said = {
        (lang, pair): render(OVERLAP_PAIR.problem((63,), thing=a, thing2=b, spaces="D8").message_text, lang)
        for lang in ("pl", "cs", "pt", "es", "fr")
        for pair, (a, b) in pairs.items()
    }
    assert said == {
        ("pl", "buildings"): "budynek D i budynek H stoją jednocześnie na D8",
        ("pl", "statue, fountain"): "rzeźba i fontanna stoją jednocześnie na D8",
        ("cs", "buildings"): "budova D a budova H stojí zároveň na D8",
        ("cs", "statue, fountain"): "socha a fontána stojí zároveň na D8",
        ("pt", "buildings"): "o edifício D e o edifício H estão ao mesmo tempo em D8",
        ("pt", "statue, fountain"): "a Estátua e a Fonte estão ao mesmo tempo em D8",
        ("es", "buildings"): "el edificio D y el edificio H están a la vez en D8",
        ("es", "statue, fountain"): "la estatua y la fuente están a la vez en D8",
        ("fr", "buildings"): "le bâtiment D et le bâtiment H sont en même temps sur D8",
        ("fr", "statue, fountain"): "la statue et la fontaine sont en même temps sur D8",
    }


def test_a_piece_refused_off_its_ground_is_said_in_polish_as_a_piece_not_a_person_lying_down() -> None:
    """ "malarz kładzie się na polu" says the painter lies down: the piece is named as what must stand there."""
    said = [
        render(error.message_text, "pl")
        for piece, allowed in ((PAINTER, 0), (DANCER, 0), (FOUNTAIN, 0), (LARGE_STREETLIGHT, 0))
        if (error := piece_refusal(piece, Player.ORANGE, parse_square("E2"), allowed)) is not None
    ]
    assert said == [
        "malarz musi stać na polu w kolorze gracza pomarańczowego; E2 nie jest w tym kolorze",
        "tancerka musi stać na polu w kolorze gracza pomarańczowego; E2 nie jest w tym kolorze",
        "fontanna musi stać na polu w kolorze gracza pomarańczowego lub wspólnym; E2 nie jest żadnym z nich",
        "duża latarnia musi stać na polu z latarnią; E2 nim nie jest",
    ]


def test_a_paris2020_key_count_is_said_in_polish_whatever_its_number() -> None:
    """Polish says 22 keys "22 klucze", 25 "25 kluczy": the count stands apart from the word, as Czech has it."""
    said = render(TOO_MANY_KEYS(name="Ula", held=22, n=4, limit=9, behind=7, pool=2), "pl")
    assert said.startswith("Ula ma na nieruchomościach klucze: 22 (dwa na nieruchomości posiadanej podwójnie);")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_template_is_said_in_every_language_whole(lang: str) -> None:
    for id, template in SOURCES.items():
        for n in (0, 1, 2, 3, 5, 22, 101) if template.rule else (2,):
            said = _said(template, lang, n)
            assert "{" not in said, (id, said)
            assert "}" not in said, (id, said)
            assert said.strip() or id in ("text",), id


@pytest.mark.parametrize("lang", OTHERS)
def test_the_catalogs_speak_the_language_not_english(lang: str) -> None:
    """A sentence of the templates is said in other words in every language (names and codes aside)."""
    same = [
        id
        for id, template in SOURCES.items()
        if len(re.findall(r"[a-z]{4,}", FIELD.sub("", template.forms()[-1]))) >= 3
        and _said(template, lang) == _said(template, "en")
    ]
    assert same == []


def test_every_problem_code_is_worded_and_said_in_every_language() -> None:
    """Driven by the table of codes: a code added without wordings, or wordings without translations, fails."""
    for code, kind in KINDS.items():
        assert kind.wordings, f"{code} has no wording"
        for wording in kind.wordings.values():
            assert wording.id.split(".")[0] == code
            for lang in OTHERS:
                assert catalog(lang).translation(wording) is not None, (lang, wording.id)
                said = _said(wording, lang)
                assert said != _said(wording, "en"), (lang, wording.id)


REPORTS = [
    paris_score.rulebook_example(),
    paris_score.load(ROOT / "examples" / "tie-break.json"),
    paris_score.load(ROOT / "examples" / "advanced-postcards.json"),
    *corpus(60, 11),
]


def _reports() -> list[paris_score.Report]:
    """Scores with every kind of line: the examples, a corpus, an empty board (no reserve given, no buildings), a
    shared victory."""
    empty = paris_score.loads(json.dumps({"format": "paris-position/1", "ground": ["o" * 8] * 8}))
    reports = [paris_score.score(position) for position in (*REPORTS, empty)]
    return [*reports, attrs.evolve(reports[0], winner="tie")]


def test_every_line_of_the_breakdown_is_said_in_every_language() -> None:
    """Driven by the lines scores make: every template of the breakdown shows up, each translated everywhere."""
    seen: set[str] = set()
    for report in _reports():
        for line in lines(report):
            seen |= {line.text.id, *(v.id for v in line.text.args.values() if type(v) is Text)}
        for lang in OTHERS:
            said = paris_score.report.render_text(report, lang)
            assert "{" not in said
            assert said != str(report)
    assert {id for id in SOURCES if id.startswith("report.")} <= seen
    for id in seen:
        for lang in OTHERS:
            assert catalog(lang).translation(SOURCES[id]) is not None, (lang, id)


# -- what the page is given: the texts as JSON, the catalogs as JSON --------------------------------------------


def _say(text: dict[str, Any], page: dict[str, Any], form: str | None = None) -> str:
    """A text said from its JSON and a catalog of :func:`catalog_json` alone, as docs/languages.md tells the page
    to: the algorithm the page's JavaScript follows."""
    messages = page["messages"]
    key = f"{text['id']}:{form}" if form and f"{text['id']}:{form}" in messages else text["id"]
    wording = messages[key]
    if isinstance(wording, list):
        n = abs(text["args"]["n"])
        table = page["ordinal"] if text["id"] == "ordinal" else page["plural"]
        wording = wording[table[n if n < len(table) else 100 + n % 100]]
    return FIELD.sub(lambda m: _say_arg(text["args"][m[1]], page, m[2]), wording)


def _say_arg(value: Any, page: dict[str, Any], form: str | None) -> str:
    if isinstance(value, list):
        return ", ".join(_say_arg(v, page, form) for v in value)
    if isinstance(value, dict):
        return _say(value, page, form)
    return str(value)


def _texts() -> list[Text]:
    """Texts of every kind real inputs give: problems, refusals, breakdowns, notes, Paris (2020)."""
    found: list[Text] = []
    rng = random.Random(3)
    for i in range(240):
        data, game, _ = fuzzing.mutated(rng, i)
        if game:
            try:
                done = paris_score.replay(data)
            except paris_score.GameFormatError:
                continue
            found += [p.message_text for p in paris_score.check_report.record_problems(done, True) if p.message_text]
            continue
        try:
            position = paris_score.loads(data)
        except paris_score.PositionFormatError:
            continue
        found += [p.message_text for p in paris_score.check(position, final=True, catalogue=fuzzing.CATALOGUE)]
        if not position.overlap:
            report = paris_score.score(position)
            found += [line.text for line in lines(report)]
    state = GameState.start(random_setup(4))
    moves = rng.sample(["tile A1 0", "take Z", "pass", "build A A1 B1", "card le-peintre C4", "tile Q9 0"], 6)
    for move in moves:
        try:
            state.play(move)
        except IllegalMoveError as e:
            found.append(e.message_text)
    for path in sorted((ROOT / "examples" / "paris2020").glob("*.json")):
        result = paris2020.score(paris2020.load_final(path))
        found.append(paris2020.report.result_text(result))
        for d in result.districts:
            found += [t for t in d.tie_texts if type(t) is Text]
            found += [s.why_none_text for s in d.standings if s.why_none_text]
    return [t for t in found if t is not None]


TEXTS = _texts()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_text_said_from_its_json_and_the_page_catalog_is_the_library_s(lang: str) -> None:
    page = json.loads(json.dumps(catalog_json(lang)))
    assert len({t.id for t in TEXTS}) > 40
    for text in TEXTS:
        assert _say(json.loads(json.dumps(text.to_dict())), page) == render(text, lang), text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_catalog_counts_as_the_language_does(lang: str) -> None:
    found, page = catalog(lang), catalog_json(lang)
    for n in range(3000):
        index = n if n < 200 else 100 + n % 100
        assert page["plural"][index] == found.plural(n), n
        assert page["ordinal"][index] == found.ordinal(n), n


def test_the_page_catalog_leaves_the_command_line_out() -> None:
    page = catalog_json("pl")
    assert not [id for id in page["messages"] if id.startswith("cli.")]
    assert page["messages"]["player.orange"] == "pomarańczowy"
    assert page["messages"]["player.orange:gen"] == "pomarańczowego"
    assert page["messages"]["count.space"] == ["{n} pole", "{n} pola", "{n} pól"]
    assert page["name"] == "Polski"


def test_a_problem_in_json_carries_its_text() -> None:
    position = paris_score.loads((ROOT / "examples" / "rulebook.txt").read_text().replace("orange used:", "#"))
    doc = paris_score.check_document(position)
    assert doc["problems"]
    for problem in doc["problems"]:
        assert problem["message_i18n"]["id"].split(".")[0] == problem["code"]
    assert doc["verdict_i18n"] == {"id": "verdict.not-legal", "args": {}}


def test_a_text_is_a_value() -> None:
    text = counting("space")(n=2)
    assert text == counting("space")(n=2) != counting("space")(n=3)
    assert hash(text) == hash(counting("space")(n=2))
    assert pickle.loads(pickle.dumps(text)) == text
    assert Text({TEMPLATE_KEY: counting("space"), "n": 2}) == text
    with pytest.raises(TypeError):
        text["n"] = 3  # type: ignore[index]
    assert (text.id, text.args, str(text)) == ("count.space", {"n": 2}, "2 spaces")
    assert repr(text) == "Text('count.space', {'n': 2})"


def test_a_template_id_is_one_wording() -> None:
    with pytest.raises(ValueError, match="two templates"):
        Template("count.space", "{n} square")


def test_no_template_is_made_after_import() -> None:
    """Every template is made when its module is imported, so the catalogs' template (the .pot) lists them all."""
    before = set(TEMPLATES)
    assert len(TEXTS) > 200  # every kind of text made again
    for lang in LANGUAGES:
        render(TEXTS[0], lang)
    assert set(TEMPLATES) == before


def test_the_pot_lists_every_template() -> None:
    """The catalogs' template lists every template, untranslated (a catalog filled in from it reads as one)."""
    text = pot()
    ids = set(re.findall(r'^msgctxt "([^"]+)"$', text, re.M))
    assert ids == (set(SOURCES) - {"ordinal"}) | {f"ordinal.{k}" for k in range(4)}
    filled = re.sub(r'^(msgstr(?:\[\d\])?) ""$', r'\1 "x"', text, flags=re.M)
    assert len(read_po(filled)[1]) == len(ids)


# -- the .po reader ---------------------------------------------------------------------------------------------

PO = r"""# a comment
msgid ""
msgstr ""
"Language: xx\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

#. for translators
#: somewhere.py:1
msgctxt "a.b"
msgid "one {x}"
msgstr "un "
"{x} \"quoted\"\n"

#, fuzzy
msgctxt "fuzzy"
msgid "guess"
msgstr "devinette"

msgctxt "plural"
msgid "{n} thing"
msgid_plural "{n} things"
msgstr[0] "{n} chose"
msgstr[1] "{n} choses"

msgctxt "empty"
msgid "untranslated"
msgstr ""

#~ msgctxt "old"
#~ msgid "gone"
#~ msgstr "parti"
"""


def test_the_po_reader_reads_what_translators_tools_write() -> None:
    header, entries = read_po(PO)
    assert header == {"Language": "xx", "Plural-Forms": "nplurals=2; plural=(n != 1);"}
    assert [(e.context, e.source, e.translation) for e in entries] == [
        ("a.b", ("one {x}",), ('un {x} "quoted"\n',)),
        ("plural", ("{n} thing", "{n} things"), ("{n} chose", "{n} choses")),
    ]


@pytest.mark.parametrize(
    ("text", "line"),
    [('msgid "a"\nmsgstr "b', 2), ('msgid "a"\nnonsense\n', 2), ('"orphan"\n', 1), ('msgid "a\\q"\nmsgstr ""', 1)],
)
def test_a_po_that_does_not_read_names_its_line(text: str, line: int) -> None:
    with pytest.raises(PoError, match=f"^line {line}:"):
        read_po(text)


@pytest.mark.parametrize("lang", OTHERS)
def test_the_po_reader_agrees_with_babel(lang: str) -> None:
    pofile = pytest.importorskip("babel.messages.pofile")
    text = (ROOT / "paris_score" / "i18n" / f"{lang}.po").read_text("utf-8")
    _, entries = read_po(text)
    theirs = {
        m.context: tuple(m.id if isinstance(m.id, tuple) else (m.id,))
        + tuple(m.string if isinstance(m.string, tuple) else (m.string,))
        for m in pofile.read_po(text.splitlines(keepends=True))
        if m.id
    }
    assert {e.context: e.source + e.translation for e in entries} == theirs


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed")
@pytest.mark.parametrize("lang", OTHERS)
def test_msgfmt_accepts_every_catalog(lang: str) -> None:
    done = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(ROOT / "paris_score" / "i18n" / f"{lang}.po")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


def test_a_stale_translation_is_not_said() -> None:
    """A translation of an English that has since changed is left out, as gettext leaves it out."""
    space = counting("space")
    found = Catalog("xx", {}, {"count.space": (("{n} square", "{n} squares"), ("{n} case", "{n} cases"))})
    assert found.translation(space) is None
    assert found.wording(space, None) == space.english


# -- which language ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "lang"),
    [
        ("pl", "pl"),
        ("pl_PL.UTF-8", "pl"),
        ("pt-BR", "pt"),
        ("de_DE@euro", "de"),
        ("CS", "cs"),
        ("C", "en"),
        ("POSIX", "en"),
        ("C.UTF-8", "en"),
        ("en_GB", "en"),
        ("it_IT", None),
        ("", None),
        (None, None),
    ],
)
def test_a_locale_names_its_language(name: str | None, lang: str | None) -> None:
    assert language_named(name) == lang


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({}, "en"),
        ({"LANG": "pl_PL.UTF-8"}, "pl"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "it_IT.UTF-8"}, "en"),
        ({"LC_MESSAGES": "fr_FR", "LANG": "pl_PL"}, "fr"),
        ({"LC_ALL": "de_DE", "LC_MESSAGES": "fr_FR", "LANG": "pl_PL"}, "de"),
        ({"LANGUAGE": "cs:pl", "LANG": "pl_PL"}, "cs"),
        ({"LANGUAGE": "it:nl:pt", "LANG": "pl_PL"}, "pt"),
        ({"LANGUAGE": "it", "LANG": "es_ES"}, "es"),
        ({"LANGUAGE": "pl"}, "pl"),
        ({"LANGUAGE": "pl", "LC_ALL": "C"}, "en"),
        ({"LANGUAGE": "pl", "LANG": "POSIX"}, "en"),
        ({"LANGUAGE": "cs", "LANG": "C.UTF-8"}, "cs"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANGUAGE": "", "LC_ALL": "", "LANG": "fr_FR.UTF-8"}, "fr"),
    ],
)
def test_the_environment_names_the_language_as_gettext_programs_read_it(env: dict[str, str], lang: str) -> None:
    assert from_environment(env) == lang


# -- the package ------------------------------------------------------------------------------------------------


def test_the_catalogs_ship_in_the_package_and_in_the_page() -> None:
    from paris_score import page
    from paris_score_cli.site import wheel_files

    files = wheel_files("paris-score")
    assert {f"paris_score/i18n/{lang}.po" for lang in OTHERS} <= set(files)
    shipped = page.catalog_files()
    assert set(shipped) == {f"static/i18n/{lang}.json" for lang in LANGUAGES}
    assert all(len(data) < 40_000 and json.loads(data)["language"] in LANGUAGES for data in shipped.values())
    assert page.facts()["languages"] == LANGUAGES
    from paris_score_cli.serve import load_assets

    served = load_assets()
    assert all(served[f"/{path}"] == (data, "application/json") for path, data in shipped.items())


def test_every_library_template_is_in_the_library() -> None:
    """The page's catalog has every template but the command line's, whose ids say so."""
    cli_only = set(SOURCES) - set(all_templates()) - {id for id in SOURCES if not id.startswith("cli.")}
    assert all(id.startswith("cli.") for id in cli_only)


def test_parse_cuts_a_template_at_its_placeholders() -> None:
    assert parse("a {x} b {y:gen}") == (("a ", "x", None), (" b ", "y", "gen"), ("", None, None))


def test_a_paris2020_error_is_a_text_the_form_can_say() -> None:
    with pytest.raises(Paris2020FormatError) as raised:
        paris2020.final_from_dict(
            {"format": "paris2020-final/1", "players": [{"name": "A", "points": "", "francs": 1}], "districts": []}
        )
    said = [e.message_text for e in raised.value.errors]
    assert [t.id if t else None for t in said] == ["p2020.not-entered"]
    assert render(said[0], "pl") == "wpisz liczbę całkowitą"


def test_portuguese_says_a_replay_s_count_once_and_the_players_names_alike() -> None:
    """ "20 jogadas legais jogadas" said the moves twice, and "ganha o jogador Azul, laranja 48 - azul 57" wrote one
    player two ways."""
    from paris_score.report import WINS
    from paris_score_cli.check import LEGAL_MOVES, RECORD_ILLEGAL
    from paris_score_cli.game import STOPS

    played = LEGAL_MOVES(n=20)
    assert render(STOPS(count=played, phase=2), "pt") == "a reprodução para aí: 20 jogadas legais feitas, fase 2"
    assert render(RECORD_ILLEGAL(moves=LEGAL_MOVES(n=28), n=21, played=played), "pt").endswith(
        "a reprodução para aí (20 jogadas legais feitas)"
    )
    assert (
        render(WINS(winner=Player.BLUE, orange=48, blue=57), "pt")
        == "RESULTADO: ganha o jogador Azul, Laranja 48 - Azul 57"
    )
