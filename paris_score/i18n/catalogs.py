"""The languages and their gettext catalogs: one ``.po`` file a language, beside this module (docs/languages.md).

Each entry's ``msgctxt`` is a template id, its ``msgid`` the template's English (``msgid_plural`` its plural) and
its ``msgstr`` the translation.  An entry whose ``msgid`` is not the template's English as it now stands is
stale and left out, as gettext leaves out a changed string: the message is then said in English, never with a
wording that no longer fits it.  Besides the templates, a catalog may give declined forms of a word or a text
(``msgctxt "player.orange:gen"``), which its own templates ask for as ``{owner:gen}``.

Two headers say how the language counts: ``Plural-Forms`` (gettext's) chooses among a message's plural forms,
``X-Ordinal-Forms`` (``nforms=4; form=EXPR;``, the same syntax) among the forms of :data:`~paris_score.i18n.ORDINAL`.
"""

from __future__ import annotations

import functools
import gettext
import importlib
import os
import re
from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from typing import Any, Final

from paris_score.i18n import ENGLISH, TEMPLATES, Language, Template
from paris_score.i18n.po import read_po

__all__ = [
    "LANGUAGES",
    "Catalog",
    "all_templates",
    "catalog",
    "catalog_json",
    "form_table",
    "from_environment",
    "language_named",
    "pot",
    "source_templates",
]

LANGUAGES: Final[dict[str, str]] = {
    "en": "English",
    "pl": "Polski",
    "cs": "Čeština",
    "pt": "Português",
    "es": "Español",
    "fr": "Français",
    "de": "Deutsch",
}
"""Every language a message is said in, by code (its catalog is ``CODE.po``), with its own name for itself."""

MODULES: Final = (
    "paris_score.model",
    "paris_score.postcards",
    "paris_score.problems",
    "paris_score.referee",
    "paris_score.placement",
    "paris_score.report",
    "paris_score.scoring",
    "paris_score.verdict",
    "paris_score.paris2020.referee",
    "paris_score.paris2020.scoring",
    "paris_score.paris2020.report",
    "paris_score.paris2020.document",
    "paris_score.page",
    "paris_score.i18n.page_words",
)
"""The modules that make the library's templates (each when imported): the table page's words too (``page.``)."""

_EXPRESSION: Final = re.compile(r"(?:nplurals|nforms)\s*=\s*(\d+)\s*;\s*(?:plural|form)\s*=\s*([^;]+);?")


def all_templates() -> dict[str, Template]:
    """Every template of the library, by id (its modules imported)."""
    for module in MODULES:
        importlib.import_module(module)
    return TEMPLATES


_ENGLISH: Final = Language()


def _rule(header: str | None, fallback: Callable[[int], int]) -> tuple[Callable[[int], int], str]:
    """A ``Plural-Forms``-like header's choice of form, and its expression; ``fallback`` without one."""
    found = _EXPRESSION.search(header or "")
    if found is None:
        return fallback, ""
    expression = found[2].strip()
    return gettext.c2py(expression), expression


class Catalog(Language):
    """One language's catalog: its templates' wordings, and how it chooses plural and ordinal forms."""

    def __init__(self, lang: str, header: Mapping[str, str], entries: Mapping[str, tuple[tuple[str, ...], Any]]):
        self.lang = lang
        self.header = dict(header)
        self.entries = dict(entries)
        """Template id (``:form`` for a declined form) -> (its English when translated, the translation)."""
        self._plural, self.plural_expression = _rule(header.get("Plural-Forms"), _ENGLISH.plural)
        self._ordinal, self.ordinal_expression = _rule(header.get("X-Ordinal-Forms"), _ENGLISH.ordinal)

    def plural(self, n: int) -> int:
        return int(self._plural(n))

    def ordinal(self, n: int) -> int:
        return int(self._ordinal(n))

    def translation(self, template: Template, form: str | None = None) -> str | tuple[str, ...] | None:
        """The template's translation (``form``: its declined form, if given), or ``None`` when the catalog has
        none that fits its English as it now stands."""
        if template.rule == "ordinal":
            forms = [self.entries.get(f"{template.id}.{k}") for k in range(len(template.forms()))]
            if all(f is not None and f[0] == (english,) for f, english in zip(forms, template.forms(), strict=True)):
                return tuple(f[1] for f in forms if f is not None)
            return None
        found = None
        if form is not None:
            found = self.entries.get(f"{template.id}:{form}")
        if found is None:
            found = self.entries.get(template.id)
        if found is None or found[0] != template.forms():
            return None
        return found[1]  # type: ignore[no-any-return]

    def wording(self, template: Template, form: str | None) -> str | tuple[str, ...]:
        found = self.translation(template, form)
        return template.english if found is None else found


def _read(lang: str) -> Catalog:
    text = resources.files("paris_score.i18n").joinpath(f"{lang}.po").read_text(encoding="utf-8")
    header, entries = read_po(text)
    table: dict[str, tuple[tuple[str, ...], Any]] = {}
    for entry in entries:
        if entry.context is None:
            continue
        translation: Any = entry.translation[0] if len(entry.source) == 1 else entry.translation
        table[entry.context] = (entry.source, translation)
    return Catalog(lang, header, table)


@functools.lru_cache(maxsize=len(LANGUAGES))
def catalog(lang: str) -> Catalog:
    """The catalog of ``lang`` (a code of :data:`LANGUAGES`; English's has no entries: the templates are its
    words), read once."""
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}; expected one of {', '.join(LANGUAGES)}")
    if lang == ENGLISH:
        return Catalog(ENGLISH, {}, {})
    return _read(lang)


def language_named(name: str | None) -> str | None:
    """The language of :data:`LANGUAGES` a locale or language name means: ``pl``, ``pl_PL.UTF-8``, ``pt-BR``,
    ``de_DE@euro`` (``C`` and ``POSIX`` are English); ``None`` for none of them."""
    if not name:
        return None
    base = re.split(r"[_.@-]", name.strip(), maxsplit=1)[0].lower()
    if base in ("c", "posix"):
        return ENGLISH
    return base if base in LANGUAGES else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language gettext programs would speak: the first of ``LANGUAGE`` (a colon list) that has a catalog,
    else the locale's (``LC_ALL``, then ``LC_MESSAGES``, then ``LANG``); English for ``C``, ``POSIX``, a language
    without a catalog, or nothing set.  As GNU gettext, ``LANGUAGE`` is not read when the locale is ``C`` or
    ``POSIX`` itself (``LC_ALL=C`` speaks English whatever ``LANGUAGE`` says; ``C.UTF-8`` does not stop it)."""
    env = os.environ if environ is None else environ
    locale = next((env[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(name)), "")
    if locale in ("C", "POSIX"):
        return ENGLISH
    for name in env.get("LANGUAGE", "").split(":"):
        found = language_named(name)
        if found is not None:
            return found
    return language_named(locale) or ENGLISH


def _wordings(lang: str, templates: Iterable[Template]) -> dict[str, Any]:
    """Each template's wording in ``lang`` (English where it has none), by id; plural forms as a list."""
    found = catalog(lang)
    out: dict[str, Any] = {}
    for template in templates:
        said = found.wording(template, None)
        out[template.id] = said if isinstance(said, str) else list(said)
        prefix = f"{template.id}:"
        for key, (source, translation) in found.entries.items():
            if key.startswith(prefix) and source == template.forms():
                out[key] = translation if isinstance(translation, str) else list(translation)
    return out


FORMS_TABLE: Final = 200
"""How far :func:`catalog_json`'s tables of forms go: past it, the form of ``n`` is that of ``100 + n % 100``."""


def form_table(choose: Callable[[int], int]) -> list[int]:
    """The form ``choose`` gives each of 0 ... 199: enough to know every number's (the catalogs' rules read
    ``n % 10``, ``n % 100`` and ranges below 200), and data a page can read with no code evaluated."""
    return [choose(n) for n in range(FORMS_TABLE)]


def catalog_json(lang: str) -> dict[str, Any]:
    """Everything a program needs to say the library's texts (their ``{"id", "args"}`` objects) in ``lang``: the
    table page's catalog (docs/languages.md).

    ``messages`` maps every template id (and declined form, ``id:form``) to its wording, English where the
    language has none; a message said of a number has a list of forms, of which ``plural[n]`` is the one for its
    ``n`` argument (``ordinal[n]`` for the id ``ordinal``), ``plural[100 + n % 100]`` for ``n`` of 200 or more.
    The command line's own texts (``cli.``) are left out.
    """
    found = catalog(lang)
    templates = sorted((t for id, t in all_templates().items() if not id.startswith("cli.")), key=lambda t: t.id)
    return {
        "language": lang,
        "name": LANGUAGES[lang],
        "plural": form_table(found.plural),
        "ordinal": form_table(found.ordinal),
        "messages": _wordings(lang, templates),
    }


CLI_MODULES: Final = ("paris_score_cli.inputs", "paris_score_cli.check", "paris_score_cli.game")
"""The command line's modules that make templates of its text output (their ids begin with ``cli.``)."""


def source_templates() -> dict[str, Template]:
    """Every template the catalogs translate: the library's, and the command line's when it is installed."""
    for module in CLI_MODULES:
        try:
            importlib.import_module(module)
        except ImportError:  # the library alone (the table page): no command line, no templates of its own
            break
    return all_templates()


def _po_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def pot() -> str:
    """The catalogs' template (``messages.pot``): every template's id and English, for ``msgmerge``
    (docs/languages.md)."""
    out = [
        "# The messages of paris-score (docs/languages.md): msgctxt is a template's id, msgid its English.",
        'msgid ""',
        'msgstr ""',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        "",
    ]
    for id, template in sorted(source_templates().items()):
        meaning = getattr(getattr(template, "kind", None), "meaning", None)
        forms = template.forms()
        if template.rule == "ordinal":
            for k, form in enumerate(forms):
                out += [f"#. ordinal form {k} (X-Ordinal-Forms)", f"msgctxt {_po_string(f'{id}.{k}')}"]
                out += [f"msgid {_po_string(form)}", 'msgstr ""', ""]
            continue
        if meaning:
            out.append(f"#. {meaning}")
        out.append(f"msgctxt {_po_string(id)}")
        out.append(f"msgid {_po_string(forms[0])}")
        if len(forms) == 1:
            out.append('msgstr ""')
        else:
            out.append(f"msgid_plural {_po_string(forms[1])}")
            out += ['msgstr[0] ""', 'msgstr[1] ""']
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":
    print(pot(), end="")
