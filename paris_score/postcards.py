"""The 12 postcards (B6) and the special pieces they bring (B7)."""

from __future__ import annotations

import enum
from typing import Final


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
        return TITLES[self]


TITLES: Final[dict[Postcard, str]] = {
    Postcard.LEVITATION: "Lévitation",
    Postcard.METROPOLITAIN: "Métropolitain",
    Postcard.JARDIN_DES_PLANTES: "Jardin des Plantes",
    Postcard.SACRE_COEUR: "Sacré-Cœur",
    Postcard.LE_PEINTRE: "Le Peintre",
    Postcard.CHARTIER: "Chartier",
    Postcard.BOUQUINISTES: "Bouquinistes sur la Seine",
    Postcard.LAMPADAIRE: "Lampadaire",
    Postcard.MOULIN_ROUGE: "Moulin Rouge",
    Postcard.LE_PENSEUR: "Le Penseur",
    Postcard.FONTAINE_DES_MERS: "Fontaine des Mers",
    Postcard.LA_GRANDE_LUMIERE: "La Grande Lumière",
}

STARRED: Final = (
    Postcard.LEVITATION,
    Postcard.METROPOLITAIN,
    Postcard.JARDIN_DES_PLANTES,
    Postcard.SACRE_COEUR,
    Postcard.LE_PEINTRE,
    Postcard.CHARTIER,
    Postcard.BOUQUINISTES,
    Postcard.LAMPADAIRE,
)
"""The 8 "first game" cards (B6)."""

STAMPED: Final = (
    Postcard.LE_PEINTRE,
    Postcard.MOULIN_ROUGE,
    Postcard.LE_PENSEUR,
    Postcard.FONTAINE_DES_MERS,
)
"""The four cards that score at the end (S4), in report order."""

PIECE_CARDS: Final[dict[str, Postcard]] = {
    "painter": Postcard.LE_PEINTRE,
    "dancer": Postcard.MOULIN_ROUGE,
    "statue": Postcard.LE_PENSEUR,
    "fountain": Postcard.FONTAINE_DES_MERS,
    "streetlight": Postcard.LAMPADAIRE,
    "large_streetlight": Postcard.LA_GRANDE_LUMIERE,
    "chartier": Postcard.CHARTIER,
}
"""Each special piece of ``pieces`` and the postcard that puts it on the board (B7)."""
