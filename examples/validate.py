"""Referee positions in CI: exit 0 when every one is legal, 1 otherwise.

    python examples/validate.py FILE_OR_FOLDER... [--final] [--strict]

Each argument is a position (JSON or text grid, detected) or a folder, whose
``*.json`` and ``*.txt`` files are all read.  Every problem of every file,
warnings included, is printed one a line, so one run shows everything to fix:

    games/b.json: error P1 building-on-wrong-colour: building A of orange covers blue's colour: F1 [F1]

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


def validate(path: Path, *, final: bool, strict: bool) -> tuple[bool, list[str]]:
    """Whether one file passes, and its problems (warnings too), one line each."""
    try:
        position = paris_score.load(path)
    except OSError as e:
        return False, [f"cannot read the file: {e.strerror or e}"]
    except paris_score.PositionFormatError as e:
        return False, [f"unreadable: {error}" for error in e.errors]
    found = paris_score.check(position, final=final)
    passes = not found if strict else all(p.severity != "error" for p in found)
    return passes, [f"{p.severity} {p}" for p in found]


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
    for path in files:
        passes, lines = validate(path, final=args.final, strict=args.strict)
        failed += not passes
        for line in lines:
            print(f"{path}: {line}")
    verdict = "all pass" if not failed else f"{failed} fail"
    what = "finished game" if args.final else "position"
    print(f"{len(files)} {what}{'s' * (len(files) != 1)} checked: {verdict}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
