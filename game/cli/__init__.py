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
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from game.rules.errors import InputError

# name -> one-line help; the module game.cli.<name> implements it.
COMMANDS = {
    "wall": "the walls, dice and deals a seed gives",
    "analyze": "shanten, ukeire and the best discard for a hand",
    "score": "the yaku, fu and points of a winning hand",
    "replay": "replay Tenhou logs through our rules and compare every result",
    "sim": "headless games for any mix of seats, and their statistics",
    "mjai": "our CPU as an mjai bot on standard input and output",
    "export": "write any log we read as Tenhou's mjlog XML or tenhou.net/6 JSON",
    "review": "one seat's play over a game beside the CPU's, decision by decision",
    "stats": "your figures over your games: place, win, deal-in, riichi and call rates",
}


class UsageError(InputError):
    """Bad arguments; the message already names the command (``picoriichi score: ...``)."""


class _Parser(argparse.ArgumentParser):
    """argparse that reports bad arguments as one line and exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{self.prog}: {message}")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="picoriichi", description="Pico Riichi tools")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser, metavar="COMMAND")
    for name, help_text in COMMANDS.items():
        module = _command_module(name)
        if module is None:
            continue
        cmd = sub.add_parser(name, help=help_text, description=help_text)
        cmd.add_argument("--json", action="store_true", help="answer in JSON")
        module.add_arguments(cmd)
        cmd.set_defaults(run=module.run)
    return parser


def count(text: str) -> int:
    """An argparse type: a whole number 0..MAX_COUNT in ASCII digits (``int`` would take '１' and '1_0').

        >>> count("12")
        12
        >>> count("١٢")
        Traceback (most recent call last):
        ...
        argparse.ArgumentTypeError: '١٢' is not a whole number 0-9999 in digits 0-9
    """
    if not (text.isascii() and text.isdigit() and len(text) <= 4):
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a whole number 0-{MAX_COUNT} in digits 0-9")
    return int(text)


MAX_COUNT = 9999


def plural(number: int, noun: str) -> str:
    """``1 tile``, ``2 tiles``: a count and its noun in the right number.

        >>> plural(1, "round"), plural(0, "round"), plural(3, "meld")
        ('1 round', '0 rounds', '3 melds')
    """
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _command_module(name: str) -> Any:
    try:
        return importlib.import_module(f"game.cli.{name}")
    except ModuleNotFoundError as exc:
        if exc.name == f"game.cli.{name}":
            return None  # a command not built yet
        raise


def main(argv: Sequence[str] | None = None) -> int:
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if args.command is None:  # bare ``picoriichi``: the same as --help
            parser.print_help()
            return 0
        return int(args.run(args) or 0)
    except UsageError as exc:
        print(one_line(str(exc)), file=sys.stderr)
        return 2
    except InputError as exc:
        print(one_line(f"picoriichi: {exc}"), file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


MAX_MESSAGE = 300


def one_line(text: str) -> str:
    r"""A message as one printable line: control and line-break characters escaped
    (argparse quotes arguments as typed), cut at MAX_MESSAGE characters.

        >>> one_line("unrecognized arguments: a\x1eb")
        'unrecognized arguments: a\\x1eb'
    """
    shown = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return shown if len(shown) <= MAX_MESSAGE else shown[:MAX_MESSAGE - 3] + "..."


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
    for line in stdin_lines():
        if not line.strip():
            continue
        try:
            print_json(answer(_parse_line(command, add_arguments, line)))
        except InputError as exc:
            print_json({"error": str(exc)})
            status = 2
    return status


MAX_LINE = 65536  # far above any query or mjai line; a stream without newlines (/dev/zero) is refused, not read whole
STDIN_ENCODING = "utf-8"  # whatever the locale: under C or C.UTF-8 Python would read stdin with surrogateescape


def stdin_lines() -> Iterator[str]:
    """Standard input line by line (``analyze -``, ``score -``, ``mjai``): read as bytes, at most
    MAX_LINE to a line, and decoded as strict UTF-8 whatever the locale says.

    A line longer than that, or bytes that are not UTF-8, end the stream with InputError (one
    line, exit 2); the lines before them have been answered.
    """
    stream = sys.stdin
    raw = getattr(stream, "buffer", None)
    if raw is None:  # a text stream (tests): nothing to decode
        yield from stream
        return
    for number, data in enumerate(iter(lambda: raw.readline(MAX_LINE + 1), b""), 1):
        if len(data) > MAX_LINE:
            raise InputError(f"standard input line {number} is longer than {MAX_LINE} bytes")
        try:
            yield data.decode(STDIN_ENCODING)
        except UnicodeDecodeError as exc:
            raise InputError(f"standard input line {number} is not UTF-8 text "
                             f"(byte {data[exc.start:exc.start + 1]!r} at {exc.start})") from None


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
