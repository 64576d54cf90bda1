"""``picoriichi export LOG --to mjlog|tenhou6 [-o FILE]``: any log we read, in either Tenhou format.

The log (Tenhou's mjlog XML or tenhou.net/6 JSON, ours or Tenhou's) is read into the shared
model through the one door (``game.replay.door.read_checked``: a log whose play or figures our rules
cannot follow is refused in one line, exit 2, so no export writes a game our own reader would
refuse) and written again: to standard output, or to FILE with ``-o``, which is a file and nothing
else: written whole, then renamed into place (``game.data.files.write_file``), so a failed
export never leaves half a file; a FIFO, a device, a link or a folder standing at FILE is
refused (exit 2, one line), never replaced nor written through. What the source format does
not hold the other cannot invent: a tenhou.net/6 log has no seed, no dice and no copy numbers,
so its mjlog gives dice 1-1 and the lowest copies of each kind; a room with points of its own
(a GO type bit above 0xFF: a custom lobby, a skill or gold room) has no place in the JSON, which
names a ranked room, so its ``--to tenhou6`` is refused in one line. A log that stops mid-round is
written as far as it goes: its last round's JSON result entry is empty, as the reader takes it.
"""

from __future__ import annotations

import argparse
import json
import sys

from game.data.files import write_file
from game.rules.errors import InputError
from game.records.mjlog_write import write_mjlog
from game.records.model import RANKED_BITS
from game.records.tenhou6_write import write_tenhou6
from game.replay.door import read_checked

FORMATS = ("mjlog", "tenhou6")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("log", metavar="LOG", help="an mjlog XML or tenhou.net/6 JSON file")
    parser.add_argument("--to", required=True, choices=FORMATS, help="the format to write")
    parser.add_argument("-o", "--output", metavar="FILE", help="write here instead of standard output")


def run(args: argparse.Namespace) -> int:
    game = read_checked(args.log)
    if args.to == "tenhou6" and (game.go_type or 0) & ~RANKED_BITS:
        raise InputError(f"{args.log}: a room with points of its own (GO type {game.go_type}) has no place in "
                         f"tenhou.net/6 JSON, which holds a ranked room's: export it --to mjlog")
    text = write_mjlog(game) if args.to == "mjlog" else json.dumps(write_tenhou6(game), ensure_ascii=False, separators=(",", ":"))
    if args.output is None:
        sys.stdout.write(text + "\n")
        return 0
    write_file(args.output, (text + "\n").encode("utf-8"))
    if args.json:
        print(json.dumps({"written": args.output, "format": args.to}))
    return 0
