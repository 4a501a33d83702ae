"""Score every position in a folder into a CSV table, one row per game.

    python examples/score_folder.py GAMES_FOLDER [-o scores.csv]

Files that cannot be read or scored get a row with the reason instead of
scores, so one bad file never hides the others.
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from pathlib import Path

import paris_score

COLUMNS = [
    "file", "winner", "orange_total", "blue_total",
    "orange_lit", "orange_group", "orange_unbuilt", "orange_postcards",
    "blue_lit", "blue_group", "blue_unbuilt", "blue_postcards", "error",
]  # fmt: skip


def row(path: Path) -> dict[str, object]:
    try:
        report = paris_score.score(paris_score.load(path))
    except (OSError, ValueError) as e:
        return {"file": path.name, "error": str(e).replace("\n", "; ")}
    out: dict[str, object] = {"file": path.name, "winner": report.winner}
    for side in ("orange", "blue"):
        s = report[side]
        out[f"{side}_total"] = s.total
        out[f"{side}_lit"] = s.lit_buildings.points
        out[f"{side}_group"] = s.largest_group.points
        out[f"{side}_unbuilt"] = s.unbuilt.points
        out[f"{side}_postcards"] = s.postcards.points
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("-o", "--output", type=Path, help="CSV file to write (default: standard output)")
    args = parser.parse_args(argv)
    files = sorted(p for p in args.folder.iterdir() if p.suffix in (".json", ".txt"))
    table = io.StringIO(newline="")
    writer = csv.DictWriter(table, COLUMNS)
    writer.writeheader()
    writer.writerows(row(path) for path in files)
    if args.output:
        args.output.write_text(table.getvalue(), encoding="utf-8", newline="")
    else:
        sys.stdout.write(table.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
