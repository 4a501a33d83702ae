"""The 12 postcards (B6) and the special pieces they bring (B7): one table of each.

Every fact the library knows about a card or a piece is written here once:
:data:`CARDS` gives each :class:`Postcard` its printed title and rule id,
:data:`PIECES` gives each special piece of :class:`~paris_score.model.Pieces`
its card, display name, allowed ground, text-grid symbol, JSON key and
picture id.  The referee, the scoring, the readers and writers and the
generator read them from here; each piece's own rule stays in the function
that decides it (search its rule id, e.g. ``P12``).
"""

from __future__ import annotations

import enum
import warnings
from typing import TYPE_CHECKING, Final

import attrs

from paris_score.i18n import Template, word, words_of


class Postcard(enum.StrEnum):
    """A postcard, named by its slug in ``paris-position/1``."""

    LEVITATION = "levitation"
    METROPOLITAIN = "metropolitain"
    JARDIN_DES_PLANTES = "jardin-des-plantes"
    SACRE_COEUR = "sacre-coeur"
    LE_PEINTRE = "le-peintre"
    CHARTIER = "chartier"
    BOUQUINISTES = "bouquinistes"
    LAMPADAIRE = "lampadaire"
    MOULIN_ROUGE = "moulin-rouge"
    LE_PENSEUR = "le-penseur"
    FONTAINE_DES_MERS = "fontaine-des-mers"
    LA_GRANDE_LUMIERE = "la-grande-lumiere"

    @property
    def title(self) -> str:  # type: ignore[override]
        """The card's printed name, e.g. ``Sacré-Cœur``."""
        return CARDS[self].title

    @property
    def rule(self) -> str:
        """The placement rule of the card's action, e.g. ``P12``."""
        return CARDS[self].rule

    @property
    def piece(self) -> Piece | None:
        """The special piece the card puts on the board, or ``None`` (B7)."""
        return _PIECE_OF_CARD.get(self)


@attrs.frozen
class Card:
    """What is printed on a postcard, and the rule that plays it."""

    title: str
    """The printed name, accents as printed: ``Sacré-Cœur``."""
    rule: str
    """The placement rule of its action (P2-P13)."""
    starred: bool = False
    """One of the 8 "first game" cards (B6)."""
    stamped: bool = False
    """Scores at the end of the game (S4)."""


CARDS: Final[dict[Postcard, Card]] = {
    Postcard.LEVITATION: Card("Lévitation", "P2", starred=True),
    Postcard.METROPOLITAIN: Card("Métropolitain", "P3", starred=True),
    Postcard.JARDIN_DES_PLANTES: Card("Jardin des Plantes", "P4", starred=True),
    Postcard.SACRE_COEUR: Card("Sacré-Cœur", "P5", starred=True),
    Postcard.LE_PEINTRE: Card("Le Peintre", "P6", starred=True, stamped=True),
    Postcard.CHARTIER: Card("Chartier", "P7", starred=True),
    Postcard.BOUQUINISTES: Card("Bouquinistes sur la Seine", "P8", starred=True),
    Postcard.LAMPADAIRE: Card("Lampadaire", "P9", starred=True),
    Postcard.MOULIN_ROUGE: Card("Moulin Rouge", "P10", stamped=True),
    Postcard.LE_PENSEUR: Card("Le Penseur", "P11", stamped=True),
    Postcard.FONTAINE_DES_MERS: Card("Fontaine des Mers", "P12", stamped=True),
    Postcard.LA_GRANDE_LUMIERE: Card("La Grande Lumière", "P13"),
}
"""Each postcard's printed title and rule, in card order."""


class Allowed(enum.Enum):
    """The ground a special piece may be placed on, for the player who used its card (P6, P7, P9-P13)."""

    OWN = "own"
    """A space of the player's colour (the laid Chartier space is mixed, so not one)."""
    OWN_OR_MIXED = "own-or-mixed"
    """A space of the player's colour, or mixed (the laid Chartier space included)."""
    STREETLIGHT = "streetlight"
    """A printed streetlight space."""
    OPPONENT = "opponent"
    """A printed space of the opponent's colour."""

    def spaces(self, own: int, mixed: int, lights: int, opponent: int) -> int:
        """The spaces, free or not, this ground allows, from the player's colour and the mixed spaces as play sees
        them (the laid Chartier space mixed, P7), the printed streetlight spaces and the opponent's printed colour."""
        if self is Allowed.OWN:  # P6 painter, P9 streetlight tile, P10 dancer, P11 statue (not mixed)
            return own
        if self is Allowed.OWN_OR_MIXED:  # P12 fountain: own colour or mixed, the laid Chartier space included
            return own | mixed
        if self is Allowed.STREETLIGHT:  # P13 large streetlight: a printed streetlight space
            return lights
        return opponent  # P7 Chartier space: the opponent's printed colour


@attrs.frozen
class Piece:
    """A special piece (B7) and every fact about it but its rule's code."""

    key: str
    """Its attribute of :class:`~paris_score.model.Pieces` and its key under ``pieces`` in ``paris-position/1``."""
    card: Postcard
    """The postcard that puts it on the board; its rule id is the card's."""
    label: str
    """Its name in messages: ``the {label}``."""
    allowed: Allowed
    """Where its rule lets it stand."""
    symbol: str
    """Its text-grid symbol (the statue's is followed by an arrow; the Chartier mark precedes the content)."""
    picture: str
    """Its SVG picture id (the drawing itself is in :mod:`paris_score.svg`)."""
    stands: bool = True
    """False for the Chartier space: ground, not a piece standing on a space (W1)."""
    lamp: bool = False
    """A lamp (W4): the two streetlight tiles."""

    @property
    def rule(self) -> str:
        """The rule that places it, e.g. ``P12`` for the fountain."""
        return CARDS[self.card].rule

    @property
    def title(self) -> str:
        """The printed title of its postcard."""
        return CARDS[self.card].title


PAINTER: Final = Piece("painter", Postcard.LE_PEINTRE, "painter", Allowed.OWN, "@", "painter")
DANCER: Final = Piece("dancer", Postcard.MOULIN_ROUGE, "dancer", Allowed.OWN, "&", "dancer")
STATUE: Final = Piece("statue", Postcard.LE_PENSEUR, "statue", Allowed.OWN, "!", "statue")
FOUNTAIN: Final = Piece("fountain", Postcard.FONTAINE_DES_MERS, "fountain", Allowed.OWN_OR_MIXED, "~", "fountain")
STREETLIGHT: Final = Piece(
    "streetlight", Postcard.LAMPADAIRE, "streetlight tile", Allowed.OWN, "*", "streetlight", lamp=True
)
LARGE_STREETLIGHT: Final = Piece(
    "large_streetlight",
    Postcard.LA_GRANDE_LUMIERE,
    "large streetlight",
    Allowed.STREETLIGHT,
    "**",
    "large-streetlight",
    lamp=True,
)
CHARTIER: Final = Piece("chartier", Postcard.CHARTIER, "Chartier space", Allowed.OPPONENT, "/", "chartier", False)

PIECES: Final[tuple[Piece, ...]] = (PAINTER, DANCER, STATUE, FOUNTAIN, STREETLIGHT, LARGE_STREETLIGHT, CHARTIER)
"""Every special piece, in the order of :class:`~paris_score.model.Pieces` and of ``paris-position/1``."""
STANDING: Final[tuple[Piece, ...]] = tuple(p for p in PIECES if p.stands)
"""The pieces that stand on a space (W1): all but the Chartier space."""
LAMP_PIECES: Final[tuple[Piece, ...]] = tuple(p for p in PIECES if p.lamp)
"""The pieces that are lamps (W4)."""
PIECE: Final[dict[str, Piece]] = {p.key: p for p in PIECES}
"""Each piece by its key."""

_PIECE_OF_CARD: Final[dict[Postcard, Piece]] = {p.card: p for p in PIECES}

# Views kept for the names programs import.
TITLES: Final[dict[Postcard, str]] = {card: c.title for card, c in CARDS.items()}
"""Each postcard's printed title."""
STARRED: Final = tuple(card for card, c in CARDS.items() if c.starred)
"""The 8 "first game" cards (B6)."""
STAMPED: Final = tuple(card for card, c in CARDS.items() if c.stamped)
"""The four cards that score at the end (S4), in report order."""

# Each card and piece as a word of messages (paris_score.i18n): ``card.le-peintre`` is "Le Peintre" in English.
_CARD_WORDS: Final = {card: word(Template(f"card.{card}", c.title)) for card, c in CARDS.items()}
_PIECE_WORDS: Final = {p: word(Template(f"piece.{p.key}", p.label)) for p in PIECES}
words_of(Postcard, _CARD_WORDS.__getitem__)
words_of(Piece, _PIECE_WORDS.__getitem__)


if not TYPE_CHECKING:  # hidden from type checkers, so that a misspelt name stays an error there

    def __getattr__(name: str) -> object:
        """``PIECE_CARDS``, deprecated: it clashed with :data:`paris_score.game.moves.PIECE_CARDS` (it warns)."""
        if name == "PIECE_CARDS":
            warnings.warn(
                "paris_score.postcards.PIECE_CARDS is deprecated: use PIECE[key].card", DeprecationWarning, stacklevel=2
            )
            return {p.key: p.card for p in PIECES}
        raise AttributeError(f"module 'paris_score.postcards' has no attribute {name!r}")
