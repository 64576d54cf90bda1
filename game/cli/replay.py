"""``picoriichi replay LOG... [--json]``: replay Tenhou logs through our rules.

Exit 0 when every round of every file agrees, 1 when some round differs (the first
difference of each such round is reported), 2 when a file cannot be read (said once,
on stderr, with the path as given). Three-player games are replayed by Tenhou's three-player
rules (docs/reference.md §9); logs with no rounds are reported as unsupported (nothing
checked), which is not a failure.
"""

from __future__ import annotations

import argparse
import sys

from game.cli import plural, print_json
from game.replay.door import FileReport, replay_file


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("logs", nargs="+", metavar="LOG", help="mjlog XML or tenhou.net/6 JSON files")


def run(args: argparse.Namespace) -> int:
    reports = [replay_file(path) for path in args.logs]
    if args.json:
        print_json({"files": [r.to_json() for r in reports]})
    else:
        for report in reports:
            if not report.error:  # an unreadable file is said once, on stderr
                print(_text(report))
    for report in reports:
        if report.error:
            print(f"picoriichi: {report.error}", file=sys.stderr)
    if any(r.error for r in reports):
        return 2
    return 0 if all(r.ok for r in reports) else 1


def _text(report: FileReport) -> str:
    if report.unsupported:
        return f"{report.path}: unsupported: {report.unsupported}"
    differing = [r for r in report.rounds if not r.ok]
    agreement = "all agree" if not differing else f"{len(differing)} {'differs' if len(differing) == 1 else 'differ'}"
    lines = [f"{report.path}: {plural(len(report.rounds), 'round')}, {agreement}"]
    lines += [f"  {r.label}: {r.difference}" for r in differing]
    lines += [f"  {r.label}: note: {r.note}" for r in report.rounds if r.ok and r.note]
    return "\n".join(lines)
