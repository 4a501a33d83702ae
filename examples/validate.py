"""Referee positions with the library's batch calls: exit 0 when every one is legal, 1 otherwise.

    python examples/validate.py FILE_OR_FOLDER... [--final] [--strict]

From the command line or in CI, ``paris-score check FILE_OR_FOLDER...`` does
the same (docs/ci.md); this script shows how a program does it with
``load_many`` and ``check_many``, every file kept apart from the others.

Each argument is a position (JSON or text grid, detected) or a folder, whose
``*.json`` and ``*.txt`` files are all read.  Every problem of every file,
warnings included, is printed one a line, so one run shows everything to fix:

    games/b.json: error P1 building-on-wrong-colour: building A of orange covers blue's colour [F1]

A file fails when it breaks a rule (a problem of severity ``error``), or
cannot be read.  ``--final`` also requires finished games (F4); ``--strict``
makes warnings fail too.  No position found at all is a failure as well.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import paris_score


def positions(arguments: list[Path]) -> list[Path]:
    """The files named, folders replaced by their positions in name order."""
    found: list[Path] = []
    for path in arguments:
        if path.is_dir():
            found.extend(sorted(p for p in path.iterdir() if p.suffix in (".json", ".txt")))
        else:
            found.append(path)
    return found


def validate(files: list[Path], *, final: bool, strict: bool) -> list[tuple[Path, bool, list[str]]]:
    """For each file: whether it passes, and its problems (warnings too), one line each."""
    loaded = paris_score.load_many(files, errors="collect")
    readable = [p for p in loaded if isinstance(p, paris_score.Position)]
    found = iter(paris_score.check_many(readable, final=final))
    results = []
    for path, item in zip(files, loaded, strict=True):
        if isinstance(item, paris_score.BatchError):
            error = item.error
            if isinstance(error, paris_score.PositionFormatError):
                results.append((path, False, [f"unreadable: {e}" for e in error.errors]))
            else:
                results.append((path, False, [f"cannot read the file: {getattr(error, 'strerror', None) or error}"]))
            continue
        problems = next(found)
        passes = not problems if strict else all(p.severity != "error" for p in problems)
        results.append((path, passes, [f"{p.severity} {p}" for p in problems]))
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("paths", nargs="+", type=Path, metavar="FILE_OR_FOLDER")
    parser.add_argument("--final", action="store_true", help="also require finished games (F4)")
    parser.add_argument("--strict", action="store_true", help="fail on warnings too")
    args = parser.parse_args(argv)
    files = positions(args.paths)
    if not files:
        print("no positions found (*.json, *.txt)")
        return 1
    failed = 0
    for path, passes, lines in validate(files, final=args.final, strict=args.strict):
        failed += not passes
        for line in lines:
            print(f"{path}: {line}")
    verdict = "all pass" if not failed else f"{failed} fail"
    what = "finished game" if args.final else "position"
    print(f"{len(files)} {what}{'s' * (len(files) != 1)} checked: {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
