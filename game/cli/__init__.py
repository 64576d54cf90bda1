"""The command line: ``picoriichi`` (also ``python -m game``).

Each subcommand lives in its own module of this package, which offers
``add_arguments(parser)`` and ``run(args) -> int``. Exit codes: 0 success, 1 a check
that disagreed, 2 bad input (a one-line message on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import importlib
import json
import shlex
import sys
from collections.abc import Callable, Sequence
from typing import Any

from game.errors import InputError

# name -> one-line help; the module game.cli.<name> implements it.
COMMANDS = {
    "wall": "the walls, dice and deals a seed gives",
    "analyze": "shanten, ukeire and the best discard for a hand",
    "score": "the yaku, fu and points of a winning hand",
    "replay": "replay Tenhou logs through our rules and compare every result",
    "sim": "headless games for any mix of seats, and their statistics",
    "mjai": "our CPU as an mjai bot on standard input and output",
}


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad arguments as one line and exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise InputError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="picoriichi", description="Pico Riichi tools")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name, help_text in COMMANDS.items():
        module = _command_module(name)
        if module is None:
            continue
        cmd = sub.add_parser(name, help=help_text, description=help_text)
        cmd.add_argument("--json", action="store_true", help="answer in JSON")
        module.add_arguments(cmd)
        cmd.set_defaults(run=module.run)
    return parser


def _command_module(name: str) -> Any:
    try:
        return importlib.import_module(f"game.cli.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"game.cli.{name}":
            return None  # a command not built yet
        raise


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return int(args.run(args) or 0)
    except InputError as exc:
        print(f"picoriichi: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


def print_json(value: Any) -> None:
    print(json.dumps(value, separators=(", ", ": ")), flush=True)


def each_stdin_line(
    command: str,
    add_arguments: Callable[[argparse.ArgumentParser], None],
    answer: Callable[[argparse.Namespace], Any],
) -> int:
    """Answer one JSON object per non-empty stdin line, in order.

    Each line holds the same arguments as the command line of ``command`` (parsed with
    the command's own ``add_arguments``). A line with bad input answers
    ``{"error": "..."}`` and the batch goes on; the exit code is then 2.
    """
    status = 0
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            print_json(answer(_parse_line(command, add_arguments, line)))
        except InputError as exc:
            print_json({"error": str(exc)})
            status = 2
    return status


def _parse_line(command: str, add_arguments: Callable[[argparse.ArgumentParser], None], line: str) -> argparse.Namespace:
    parser = _Parser(prog=f"picoriichi {command}", add_help=False)
    parser.add_argument("--json", action="store_true")
    add_arguments(parser)
    try:
        words = shlex.split(line)
    except ValueError as exc:
        raise InputError(f"cannot read the line: {exc}") from None
    args = parser.parse_args(words)
    if getattr(args, "hand", None) == "-":
        raise InputError("a stdin line holds one query, not -")
    return args
