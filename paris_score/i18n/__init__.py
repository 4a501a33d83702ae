"""Messages as a template id and its arguments, said in English or in a player's language (docs/languages.md).

Every message a player reads (a problem, a refused move, a line of the score, a verdict) is a :class:`Text`: the
:class:`Template` it fills in and its arguments.  ``str(text)`` is the English, built when asked for (a referee
that only counts problems never words them); :func:`render` says it in another language, from the gettext
catalogs of :mod:`paris_score.i18n.catalogs`; :meth:`Text.to_dict` is the ``{"id", "args"}`` object the JSON
documents carry beside their English ``message``, from which a program (the table page) renders it alone::

    >>> from paris_score.report import LEFT
    >>> LEFT.english
    ('{n} left (size {sizes})', '{n} left (sizes {sizes})')
    >>> text = LEFT(n=2, sizes=["5", "3"])
    >>> str(text)
    '2 left (sizes 5, 3)'
    >>> text.to_dict()
    {'id': 'report.reserve', 'args': {'n': 2, 'sizes': ['5', '3']}}

A template's English is one string, or a singular and a plural chosen by its ``n`` argument.  Placeholders are
``{name}``, or ``{name:form}`` where a language declines a word (``player.orange:gen``, docs/languages.md).  An
argument is a number, a text said as it is in every language (a space ``C4``, a building's id, a player's own
name), a :class:`Text`, a word of the game (:class:`~paris_score.model.Player`,
:class:`~paris_score.postcards.Postcard` and :class:`~paris_score.postcards.Piece` are said with their word
templates, ``player.orange``, ``card.le-peintre``, ``piece.painter``), or a list of them, said joined by commas.
"""

from __future__ import annotations

from paris_score.i18n.texts import (
    ENGLISH,
    TEMPLATE_KEY,
    TEMPLATES,
    Arg,
    Template,
    Text,
    and_list,
    as_dict,
    counting,
    ordinal,
    say,
    word,
    words_of,
)
from paris_score.i18n.texts import NONE as NONE
from paris_score.i18n.texts import parse as parse
from paris_score.i18n.texts import placeholders as placeholders

__all__ = [
    "ENGLISH",
    "TEMPLATES",
    "TEMPLATE_KEY",
    "Arg",
    "Template",
    "Text",
    "and_list",
    "as_dict",
    "counting",
    "ordinal",
    "render",
    "word",
    "words_of",
]


def render(text: Arg, lang: str = ENGLISH) -> str:
    """``text`` said in ``lang`` (a code of :data:`~paris_score.i18n.catalogs.LANGUAGES`): a :class:`Text`, a word
    of the game, or a plain string (said as it is in every language).  A template the language's catalog does not
    translate is said in English."""
    if lang == ENGLISH or type(text) is str:
        return say(text)
    from paris_score.i18n.catalogs import catalog  # only for another language: gettext and its files load late

    return say(text, catalog(lang))
