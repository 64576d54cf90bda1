"""Tenhou's game records: the log model, Tenhou's two formats both ways, and our games as logs.

``read_log(path)`` reads an mjlog XML or a tenhou.net/6 JSON file into a
:class:`GameLog` (rules, players, seed string, rounds; each round its
:class:`RoundInit` and its events in order): plain data for the replay.

One room per part:

- :mod:`game.records.model`: the shared log model both formats become;
- :mod:`game.records.meld_codec`: the mjlog meld bitfield, both ways;
- :mod:`game.records.mjlog_read`, :mod:`game.records.mjlog_write`: Tenhou's mjlog XML;
- :mod:`game.records.tenhou6_read` (a whole log) and :mod:`game.records.tenhou6_round` (one
  round's array), :mod:`game.records.tenhou6_write`, with their shared vocabulary in
  :mod:`game.records.tenhou6_codes`: the tenhou.net/6 JSON that Tenhou's viewer and the
  reviewers read;
- :mod:`game.records.ours`: a game played by our driver, as the model (for the writers).

This package exports what callers need, so ``from game.records import read_log`` works.
"""

from __future__ import annotations

import re
from pathlib import Path

from engine.tasks import TaskGen, run_to_end
from game.rules.errors import InputError
from game.data.files import read_file
from game.records.meld_codec import decode_meld, encode_meld, encode_nuki, nuki_tile
from game.records.mjlog_read import parse_mjlog, parse_mjlog_task
from game.records.model import (
    Agari, Bye, Call, Discard, Draw, Event, GameLog, GameRules, NewDora, Nuki, Owari, Player, Rejoin, Riichi,
    RoundInit, RoundLog, Ryuukyoku,
)
from game.records.tenhou6_codes import DAN_NAMES, TENHOU6_RED, YAKU_NAMES
from game.records.tenhou6_read import parse_tenhou6, parse_tenhou6_task

__all__ = [
    "Agari", "Bye", "Call", "DAN_NAMES", "Discard", "Draw", "Event", "GameLog", "GameRules", "NewDora", "Nuki",
    "Owari", "Player", "Rejoin", "Riichi", "RoundInit", "RoundLog", "Ryuukyoku", "TENHOU6_RED", "YAKU_NAMES",
    "decode_meld", "encode_meld", "encode_nuki", "nuki_tile", "parse_log", "parse_log_task", "parse_mjlog",
    "parse_tenhou6", "read_log",
]


TENHOU_ID = re.compile(r"\d{10}gm-[0-9a-f]{4}-\d{4}-[0-9a-f]{8}")  # "2016022509gm-0009-0000-b327da61"


def read_log(path: str | Path) -> GameLog:
    """Read an mjlog XML or a tenhou.net/6 JSON file (chosen by its first character, or
    else by its name: ``.json``).

    A log that does not carry its Tenhou game id (an mjlog never does) takes it from
    its file name, as Tenhou names its downloads: the id's date tells the log's era.
    """
    path = Path(path)
    return parse_log(read_file(path), path)  # read_file's errors name the path


def parse_log(data: bytes, path: str | Path) -> GameLog:
    """A log from its bytes (a file's, or a blob the browser keeps), named ``path`` in its
    errors; the format and the game id are told as :func:`read_log` tells them."""
    return run_to_end(parse_log_task(data, path))


def parse_log_task(data: bytes, path: str | Path) -> TaskGen[GameLog]:
    """Task: ``parse_log`` in steps (the viewer opens a log as thinking)."""
    path = Path(path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 text (byte {exc.start}), not a log") from None
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    try:
        game = yield from (parse_tenhou6_task(text) if _looks_like_json(text, path) else parse_mjlog_task(text))
    except InputError as exc:
        raise InputError(f"{path}: {exc}") from None
    named = TENHOU_ID.match(path.name)
    if game.ref is None and named:
        game.ref = named[0]
    return game


def _looks_like_json(text: str, path: Path) -> bool:
    """A JSON text starts with ``{`` or ``[``; an mjlog with ``<``; else the name decides.

    >>> _looks_like_json(' {"log": [', Path("x.mjlog")), _looks_like_json("<mjloggm", Path("x.json"))
    (True, False)
    >>> _looks_like_json('"log": [', Path("x.json"))
    True
    """
    start = text.lstrip()[:1]
    if start in ("{", "["):
        return True
    return start != "<" and path.suffix.lower() == ".json"
