"""``picoriichi mjai [--strength S]``: our CPU as an mjai bot on standard input and output.

mjai.app's player protocol (reference.md §8): each line read is a JSON array of mjai
events; each is answered with one JSON action on its own line, ``{"type":"none"}`` when
there is nothing to do. A malformed line, or an event no referee would send (a pon of the
caller's own discard, a chi that is no run, a seat outside 0-3, anything after ``end_game``,
``reach_accepted`` without a riichi, a fifth copy of a tile: game.mjai.referee and the
tracker), is answered ``none`` with one line on stderr naming it; the bot plays nothing more
in that round and goes on at the next; the exit code is then 2. Standard input is read as
``analyze -`` reads it (``game.cli.stdin_lines``): a line over 64 KiB or not UTF-8 ends the
stream, one line on stderr and exit 2, after the lines before it were answered. ``--json``
changes nothing (the protocol is JSON).
"""

from __future__ import annotations

import argparse
import sys

from game.cli import stdin_lines
from game.mjai.bot import MjaiBot, serve
from game.cpu import DEFAULT_STRENGTH, STRENGTHS
from game.play.sim import cpu_agent


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--strength", choices=STRENGTHS, default=DEFAULT_STRENGTH,
                        help="the CPU's strength (default: the strongest)")


def run(args: argparse.Namespace) -> int:
    return serve(MjaiBot(cpu_agent(args.strength)), stdin_lines(), sys.stdout, sys.stderr)
