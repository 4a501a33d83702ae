"""The texts of messages: :class:`Template`, :class:`Text`, the words of the game, and every template made.

What :mod:`paris_score.i18n` hands on (all but :func:`~paris_score.i18n.render`, which says a text in another
language from the catalogs of :mod:`paris_score.i18n.catalogs`, a module that builds on this one).
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, Self, TypeAlias, Union

from paris_score.documents import TextDict

__all__ = [
    "ENGLISH",
    "MODULES",
    "NONE",
    "TEMPLATES",
    "TEMPLATE_KEY",
    "Arg",
    "Language",
    "Template",
    "Text",
    "all_templates",
    "and_list",
    "as_dict",
    "counting",
    "ordinal",
    "parse",
    "placeholders",
    "say",
    "word",
    "words_of",
]

ENGLISH: Final = "en"
"""The language of the templates themselves (the catalogs' source)."""

Arg: TypeAlias = Union[str, int, "Text", Sequence["Arg"], Any]
"""An argument: a number, a text said as it is, a :class:`Text`, a word of the game, or a list of them."""

TEMPLATES: Final[dict[str, Template]] = {}
"""Every template made so far, by id (each module makes its own when imported; :func:`all_templates` imports them
all)."""
MODULES: Final = (
    "paris_score.model",
    "paris_score.postcards",
    "paris_score.codes",
    "paris_score.referee",
    "paris_score.placement",
    "paris_score.report",
    "paris_score.scoring",
    "paris_score.check_report",
    "paris_score.paris2020.referee",
    "paris_score.paris2020.scoring",
    "paris_score.paris2020.report",
    "paris_score.paris2020.document",
    "paris_score.page",
    "paris_score.i18n.page_words",
)
"""The modules that make the library's templates (each when imported): the table page's words too (``page.``)."""


def all_templates() -> dict[str, Template]:
    """Every template of the library, by id (its modules imported)."""
    for module in MODULES:
        importlib.import_module(module)
    return TEMPLATES


_FIELD: Final = re.compile(r"\{(\w+)(?::(\w+))?\}")
"""A placeholder: ``{name}`` or ``{name:form}``."""

Parts = tuple[tuple[str, str | None, str | None], ...]
"""A template parsed: (text before, name, form) for each placeholder, the last part's text with no name."""


def parse(template: str) -> Parts:
    """``template`` cut at its placeholders."""
    parts = []
    at = 0
    for found in _FIELD.finditer(template):
        parts.append((template[at : found.start()], found[1], found[2]))
        at = found.end()
    parts.append((template[at:], None, None))
    return tuple(parts)


_PARSED: Final[dict[str, Parts]] = {}


def _parts(template: str) -> Parts:
    parts = _PARSED.get(template)
    if parts is None:
        parts = _PARSED[template] = parse(template)
    return parts


def placeholders(template: str) -> set[tuple[str, str | None]]:
    """The placeholders of ``template``: (name, form) pairs."""
    return {(name, form) for _, name, form in _parts(template) if name is not None}


TEMPLATE_KEY: Final = ""
"""The key under which a :class:`Text` keeps its template: no placeholder's name (those are words) can take it.
``Text({TEMPLATE_KEY: template, **args})`` is the text ``template(**args)``, made without the copy of its
arguments a call makes: for the few texts every score makes."""


class Template(functools.partial):  # type: ignore[type-arg]
    """One message's wording: its id (stable: the catalogs' ``msgctxt``) and its English.

    ``english`` is a string, or for a message said of a number (``plural``: its ``n`` argument) the singular and
    the plural (``ordinal``: the forms of an ordinal, ``1st``, ``2nd``, ``3rd``, ``4th``).  Calling it with the
    arguments makes a :class:`Text`.  (It is a :func:`functools.partial` of :class:`Text` with itself as the
    template: the call that makes a text is all C, as cheap as the f-string it replaces; a check or a score
    makes many texts, and says few of them.)
    """

    id: str
    english: str | tuple[str, ...]
    rule: str | None
    """``None``, ``"plural"`` (one form a number, as the catalog's Plural-Forms choose) or ``"ordinal"``."""

    def __new__(cls, id: str, english: str | tuple[str, ...], rule: str | None = None) -> Self:
        self = super().__new__(cls, Text)
        self.keywords[TEMPLATE_KEY] = self
        if not isinstance(english, str) and rule is None:
            rule = "plural"
        self.id = id
        self.english = english
        self.rule = rule
        known = TEMPLATES.get(id)
        if known is not None and (known.english, known.rule) != (english, rule):
            raise ValueError(f"two templates have the id {id!r}")
        TEMPLATES[id] = self
        return self

    if TYPE_CHECKING:

        def __call__(self, **args: Arg) -> Text: ...

    def __repr__(self) -> str:
        return f"Template({self.id!r}, {self.english!r})"

    def __reduce__(self) -> tuple[object, ...]:
        return (_template, (self.id,))

    def forms(self) -> tuple[str, ...]:
        """The English as a tuple: one form, or one a number."""
        return (self.english,) if isinstance(self.english, str) else self.english


def _immutable(self: Text, *args: object, **kwargs: object) -> None:
    raise TypeError("a Text does not change")


class Text(dict[str, Any]):
    """A message: a :class:`Template` and its arguments; ``str()`` is the English, :func:`render` any language.

    Made by calling its template.  It is a mapping of its arguments that also keeps its template (under a key no
    argument can have), and does not change.
    """

    __slots__ = ()
    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _immutable  # type: ignore[assignment]

    @property
    def template(self) -> Template:
        return self[TEMPLATE_KEY]  # type: ignore[no-any-return]

    @property
    def args(self) -> dict[str, Arg]:
        """The arguments, by name."""
        return {name: value for name, value in self.items() if name}

    @property
    def id(self) -> str:
        return self.template.id

    def __str__(self) -> str:
        return say(self)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Text({self.template.id!r}, {self.args!r})"

    def __hash__(self) -> int:  # type: ignore[override]
        return hash((self.template.id, tuple(sorted((k, _hashable(v)) for k, v in self.args.items()))))

    def __reduce__(self) -> tuple[object, ...]:
        return (_text, (self.template, self.args))

    def to_dict(self) -> TextDict:
        """``{"id": ..., "args": {...}}``: each argument as JSON (a word or a nested text as such an object)."""
        return {"id": self.template.id, "args": {name: _json(value) for name, value in self.items() if name}}


def _text(template: Template, args: dict[str, Arg]) -> Text:
    """``template(**args)`` (how a pickled text is made again)."""
    return template(**args)


VERBATIM: Final = Template("text", "{text}")
"""A text said as it is in every language: what was given as a plain string where texts are kept."""


def as_dict(text: Text | str) -> TextDict:
    """``text`` as its ``{"id", "args"}`` object, a plain string as :data:`VERBATIM`'s."""
    return (text if type(text) is Text else VERBATIM(text=str(text))).to_dict()


def _template(id: str) -> Template:
    """The template of ``id`` (how a pickled text finds its template again, its module imported if need be)."""
    if id not in TEMPLATES:
        all_templates()
    return TEMPLATES[id]


def _hashable(value: Arg) -> Any:
    return tuple(_hashable(v) for v in value) if isinstance(value, list) else value


def word(template: Template) -> Text:
    """A word of the game (a template without arguments) as a text."""
    return template()


# -- the words of the game: a player, a postcard, a piece, said with their templates ---------------------------

_WORDS: dict[type, Callable[[Any], Text]] = {}
"""How a value of each type of the game is said: its word's text (filled by the modules that own the types)."""


def words_of(kind: type, say: Callable[[Any], Text]) -> None:
    """Say every value of ``kind`` (a :class:`~paris_score.model.Player`, ...) as ``say(value)`` gives it."""
    _WORDS[kind] = say


def _as_text(value: Any) -> Text | None:
    """``value`` as a text if it is one, or a word of the game; ``None`` for a plain value."""
    if type(value) is Text:
        return value
    say = _WORDS.get(type(value))
    return None if say is None else say(value)


def _json(value: Arg) -> Any:
    if type(value) is int or type(value) is str:
        return value
    text = _as_text(value)
    if text is not None:
        return text.to_dict()
    if isinstance(value, list | tuple):
        return [_json(v) for v in value]
    return str(value)


# -- saying a text --------------------------------------------------------------------------------------------


class Language:
    """What :func:`say` needs of a language: its templates and how it counts; this one is English, the
    templates' own (:class:`paris_score.i18n.catalogs.Catalog` is one of another language)."""

    def wording(self, template: Template, form: str | None) -> str | tuple[str, ...]:
        """The template's wording in this language (``form``: a declined form, if the language has one)."""
        return template.english

    def plural(self, n: int) -> int:
        """Which form of a plural message says ``n`` (English: 0 for one, else 1)."""
        return int(n != 1)

    def ordinal(self, n: int) -> int:
        """Which form of an ordinal says ``n`` (English: ``1st``, ``2nd``, ``3rd``, ``4th``)."""
        last, tens = n % 10, n % 100
        return last - 1 if 1 <= last <= 3 and not 11 <= tens <= 13 else 3


_SOURCE: Final = Language()


def say(text: Arg, language: Language = _SOURCE) -> str:
    """``text`` said in ``language`` (English by default): :func:`paris_score.i18n.render` with the language's
    catalog in hand."""
    return text if type(text) is str else _say_arg(text, language, None)


def _say(text: Text, language: Language, form: str | None) -> str:
    template = text[TEMPLATE_KEY]
    said = language.wording(template, form)
    if not isinstance(said, str):
        n = text["n"]
        assert isinstance(n, int)
        k = language.ordinal(n) if template.rule == "ordinal" else language.plural(n)
        said = said[min(k, len(said) - 1)]
    out = []
    for before, name, part_form in _parts(said):
        out.append(before)
        if name is not None:
            out.append(_say_arg(text[name], language, part_form))
    return "".join(out)


def _say_arg(value: Arg, language: Language, form: str | None) -> str:
    kind = type(value)
    if kind is str:
        return value  # type: ignore[return-value]
    if kind is int:
        return str(value)
    text = _as_text(value)
    if text is not None:
        return _say(text, language, form)
    if isinstance(value, list | tuple):
        return ", ".join(_say_arg(v, language, form) for v in value)
    return str(value)


# -- helpers for the common shapes of a message ----------------------------------------------------------------

_COUNTS: Final[dict[str, Template]] = {}


def counting(noun: str, nouns: str | None = None) -> Template:
    """The template ``{n} noun`` / ``{n} nouns`` (id ``count.noun``), made once a noun: ``counting("space")(n=2)``
    is said ``2 spaces``."""
    found = _COUNTS.get(noun)
    if found is None:
        found = _COUNTS[noun] = Template(
            f"count.{noun.replace(' ', '-')}", (f"{{n}} {noun}", f"{{n}} {nouns or noun + 's'}")
        )
    return found


AND: Final = Template("and", "{a} and {b}")
"""The last two items of a list: ``A, B and C``."""
NONE: Final = Template("none", "none")
"""What an empty list of spaces or buildings is said as."""
ORDINAL: Final = Template("ordinal", ("{n}st", "{n}nd", "{n}rd", "{n}th"), "ordinal")
"""A place: ``1st``, ``2nd`` ... (the catalogs' ``X-Ordinal-Forms`` header chooses a language's form)."""


def and_list(items: Iterable[Arg]) -> Arg:
    """``A``, ``A and B``, ``A, B and C``: the items, the last two joined by :data:`AND` (``""`` for none)."""
    found = list(items)
    if len(found) < 2:
        return found[0] if found else ""
    return AND(a=found[:-1], b=found[-1])


def ordinal(n: int) -> Text:
    """``1st``, ``2nd``, ``3rd``, ``4th`` ... ``11th`` ... ``22nd``, in any language."""
    return ORDINAL(n=n)
