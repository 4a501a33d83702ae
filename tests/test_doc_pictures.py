"""The pictures in docs/img/ are exactly what :mod:`paris_score.annotate` draws today.

After a change to the drawing, write them again with

    python tests/test_doc_pictures.py

(run from the repository root), look at them, and commit them.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: draw with this tree's paris_score

import paris_score  # noqa: E402
from paris_score import annotate  # noqa: E402

IMG = ROOT / "docs" / "img"

PICTURES: dict[str, tuple[str, tuple[str, ...]]] = {
    # picture in docs/img -> (position in examples/, overlays); each is drawn with its score report
    "rulebook.svg": ("rulebook.json", ("lit",)),
    "rulebook-areas.svg": ("rulebook.json", ("groups", "painter")),
    "advanced-postcards.svg": ("advanced-postcards.json", ("large-light",)),
    "advanced-postcards-areas.svg": ("advanced-postcards.json", ("painter", "dancer")),
    "custom-pattern.svg": ("custom-pattern.json", ("large-light",)),
    "tie-break.svg": ("tie-break.json", ("lit", "groups")),
    "short-game.svg": ("games/short-game.json", ("lit", "painter")),  # a game record: its final position
}


def draw(name: str) -> str:
    source, overlays = PICTURES[name]
    if source.startswith("games/"):
        position = paris_score.replay((ROOT / "examples" / source).read_bytes()).state.position()
    else:
        position = paris_score.load(ROOT / "examples" / source)
    return annotate.board(position, report=paris_score.score(position), overlays=overlays) + "\n"


def test_every_picture_is_a_fresh_drawing() -> None:
    stale = [name for name in PICTURES if not (IMG / name).exists() or (IMG / name).read_text("utf-8") != draw(name)]
    assert not stale, f"docs/img/{', '.join(stale)} differ from a fresh drawing: run python tests/test_doc_pictures.py"


def test_every_picture_is_listed_and_shown() -> None:
    assert {p.name for p in IMG.glob("*.svg")} == set(PICTURES)
    pages = "".join(p.read_text("utf-8") for p in (ROOT / "docs").glob("*.md"))
    shown = set(re.findall(r"\(img/([\w.-]+\.svg)\)", pages))
    assert shown == set(PICTURES)


if __name__ == "__main__":
    IMG.mkdir(exist_ok=True)
    for name in PICTURES:
        (IMG / name).write_text(draw(name), encoding="utf-8", newline="\n")
        print(f"wrote docs/img/{name}")
