"""Names as people type them: folding case and accents, postcards by their printed titles, "did you mean".

Every "did you mean" of the readers comes from :func:`did_you_mean`, so they
all suggest alike.  Postcards are read by :func:`postcard_named` (one name)
and :func:`postcard_runs` (a line of names, printed titles with their spaces
included, as in ``Le Peintre, Moulin Rouge sacre-coeur``).  Internal: shared
by the library's own readers, not part of its API (docs/api.md), it may
change in any release.
"""

from __future__ import annotations

import difflib
import functools
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Final

from paris_score.postcards import TITLES, Postcard

_CUTOFF: Final = 0.6
"""How alike a name must be to be suggested (:func:`difflib.get_close_matches`' ratio)."""
_MOST: Final = 3
"""At most this many suggestions."""
_TIE: Final = 0.05
"""Suggestions after the best are kept only when about as close as it is."""
MAX_NAME: Final = 64
"""Longer words are no name and are never compared (1 MiB of input stays fast, docs/robustness.md)."""


@functools.lru_cache(maxsize=1024)
def fold(text: str) -> str:
    """Lower case, accents dropped, spaces and ``_`` as ``-``: ``Sacré Cœur`` -> ``sacre-coeur``."""
    text = text.lower().replace("œ", "oe").replace("æ", "ae").replace("_", "-")
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    return "-".join(plain.replace("-", " ").split())


def closest(word: str, choices: Iterable[str]) -> list[str]:
    """The choices most like ``word``, compared folded: the best and any as close (at most 3); none if none is close.

    A word longer than any name is compared with nothing, and never remembered: the cache holds short words only.
    """
    return [] if len(word) > MAX_NAME else list(_closest(word, tuple(choices)))


@functools.lru_cache(maxsize=256)
def _closest(word: str, choices: tuple[str, ...]) -> tuple[str, ...]:
    """:func:`closest`, remembered: one typo repeated on many lines is looked up once."""
    by_fold: dict[str, str] = {}
    for choice in choices:
        by_fold.setdefault(fold(choice), choice)
    matcher = difflib.SequenceMatcher()
    matcher.set_seq2(fold(word))
    scored: list[tuple[float, str]] = []
    for folded in by_fold:
        matcher.set_seq1(folded)
        if matcher.real_quick_ratio() >= _CUTOFF and matcher.quick_ratio() >= _CUTOFF:
            ratio = matcher.ratio()
            if ratio >= _CUTOFF:
                scored.append((ratio, folded))
    if not scored:
        return ()
    scored.sort(key=lambda rf: -rf[0])  # stable: ties keep the choices' order
    best = scored[0][0]
    return tuple(by_fold[f] for ratio, f in scored[:_MOST] if ratio >= best - _TIE)


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``"; did you mean moulin-rouge?"`` (or ``"a or b"``), or ``""`` when no choice is close."""
    found = closest(word, choices)
    return f"; did you mean {' or '.join(found)}?" if found else ""


POSTCARD_NAMES: Final[dict[str, Postcard]] = {
    **{fold(title): card for card, title in TITLES.items()},
    **{card.value: card for card in Postcard},
}
"""Folded printed titles (``bouquinistes-sur-la-seine``) and slugs -> postcards."""

_LONGEST: Final = max(name.count("-") + 1 for name in POSTCARD_NAMES)
"""The most words a postcard's name has (``Bouquinistes sur la Seine``: 4)."""


def postcard_named(text: str) -> Postcard | None:
    """The postcard a name means, in any case, with or without accents, spaces or hyphens; else ``None``."""
    return None if len(text) > MAX_NAME else POSTCARD_NAMES.get(fold(text))


SLUG_LIST: Final = "; expected one of " + ", ".join(c.value for c in Postcard)


def postcard_hint(text: str, otherwise: str = "; `paris-score template` lists the 12 postcards") -> str:
    """What to say of a name that is no postcard: the closest slugs, or else ``otherwise``."""
    exact = postcard_named(text)  # a printed title where a slug is needed
    if exact is not None:
        return f"; did you mean {exact}?"
    folded = fold(text) if len(text) <= MAX_NAME else ""
    starts = {str(card) for name, card in POSTCARD_NAMES.items() if len(folded) >= 3 and name.startswith(folded)}
    found = sorted(starts) if len(starts) == 1 else closest(text, POSTCARD_NAMES)  # ``metro``: its start
    if not found:
        return otherwise
    slugs = dict.fromkeys(str(POSTCARD_NAMES[name]) for name in found)  # worded as the writers print them
    return f"; did you mean {' or '.join(slugs)}?"


def postcard_runs(words: Sequence[str], breaks: Sequence[bool] = ()) -> list[tuple[int, int, Postcard | None]]:
    """Split a line of words into postcards: ``(first word, end, card or None)`` runs.

    Names may be printed titles of several words (``Le Peintre``), so the
    longest run of words that names a card is taken at each place; words that
    name none are kept together up to the next card (one unknown name, one
    error).  ``breaks[i]`` is true when a comma ends word ``i``: a name never
    runs across a comma.
    """
    out: list[tuple[int, int, Postcard | None]] = []
    i, n = 0, len(words)
    unknown: int | None = None
    while i < n:
        found: tuple[int, Postcard] | None = None
        end = i
        while end < n and end - i < _LONGEST:
            end += 1
            card = postcard_named(" ".join(words[i:end]))
            if card is not None:
                found = (end, card)
            if end - 1 < len(breaks) and breaks[end - 1]:
                break
        if found is None:
            if unknown is None:
                unknown = i
            i += 1
            if i - 1 < len(breaks) and breaks[i - 1]:
                out.append((unknown, i, None))
                unknown = None
            continue
        if unknown is not None:
            out.append((unknown, i, None))
            unknown = None
        out.append((i, found[0], found[1]))
        i = found[0]
    if unknown is not None:
        out.append((unknown, n, None))
    return out
