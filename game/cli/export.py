"""``picoriichi export LOG --to mjlog|tenhou6 [-o FILE]``: any log we read, in either Tenhou format.

The log (Tenhou's mjlog XML or tenhou.net/6 JSON, ours or Tenhou's) is read into the shared
model and written again: to standard output, or to FILE with ``-o`` (written whole, then
renamed into place, so a failed export never leaves half a file). What the source format does
not hold the other cannot invent: a tenhou.net/6 log has no seed, no dice and no copy numbers,
so its mjlog gives dice 1-1 and the lowest copies of each kind.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from game.rules.errors import InputError
from game.records import read_log
from game.records.mjlog_write import write_mjlog
from game.records.tenhou6_write import write_tenhou6

FORMATS = ("mjlog", "tenhou6")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("log", metavar="LOG", help="an mjlog XML or tenhou.net/6 JSON file")
    parser.add_argument("--to", required=True, choices=FORMATS, help="the format to write")
    parser.add_argument("-o", "--output", metavar="FILE", help="write here instead of standard output")


def run(args: argparse.Namespace) -> int:
    game = read_log(args.log)
    if game.three_player:
        raise InputError(f"{args.log}: three-player games cannot be exported")
    text = write_mjlog(game) if args.to == "mjlog" else json.dumps(write_tenhou6(game), ensure_ascii=False, separators=(",", ":"))
    if args.output is None:
        sys.stdout.write(text + "\n")
        return 0
    _write_whole(Path(args.output), text + "\n")
    if args.json:
        print(json.dumps({"written": args.output, "format": args.to}))
    return 0


def _write_whole(path: Path, text: str) -> None:
    temporary = path.with_name(f".{path.name}.part")
    try:
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
    except OSError as exc:
        temporary.unlink(missing_ok=True)
        raise InputError(f"cannot write {path} ({exc.strerror or type(exc).__name__})") from None
