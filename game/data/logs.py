"""The logs: our games kept as tenhou.net/6 JSON, and the list the Replays screen shows.

Every game the player finishes, or leaves from the pause menu, is kept as a tenhou.net/6 JSON
log (the format Tenhou's viewer and the reviewers read) with our extras under
``"picoriichi"``: the seed code, the settings, the player's seat, whether the game was
finished, and how many decisions it holds with their digest. Its name is the local time it was
written and the seed code, ``YYYYMMDD-HHMMSS-code`` (a storage name: ``a-z 0-9 -``).

Two shelves hold them, chosen by ``open_shelf``:

- on a computer, the data folder's ``logs/``, one ``NAME.json`` file each, written atomically
  by the storage (``game.data.storage``: a temporary file, fsynced, renamed) within its size
  rules; the player may put Tenhou's own logs there too (mjlog XML or tenhou.net/6 JSON, any
  name), which the list shows beside ours and reads through the one safe reader
  (``game.data.files``);
- in a browser, the page's local storage (the storage's blobs, under the same names).

A game left and then continued and left or finished again is one game: its newer log takes
the place of the older, unfinished one whose decisions it continues.

    >>> log_name(time.struct_time((2026, 1, 15, 12, 34, 56, 3, 15, 0)), "P1C0R11CH1")
    '20260115-123456-p1c0r11ch1'
    >>> stamp_of("20260115-123456-p1c0r11ch1.json"), stamp_of("2016022509gm-0009-0000-b327da61.xml")
    ('20260115123456', '20160225090000')
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable
from typing import Any

from engine.tasks import TaskGen, run_to_end
from engine.writer import Writer, beside
from game.data.files import read_file
from game.data.handed import Handed
from game.data.save import encode_decision
from game.data.storage import MAX_BYTES, BrowserStorage, FolderStorage, Storage, StorageError
from game.records import GameLog, json_steps, parse_log_task
from game.records.ours import game_log
from game.records.tenhou6_write import write_tenhou6
from game.rules.errors import InputError
from game.rules.match import place_of

EXTRAS = "picoriichi"  # our key in the JSON: readers of the format pass over keys they do not know
VERSION = 1
LOG_NAME = re.compile(r"(\d{8})-(\d{6})-([0-9a-z]{8,12})")
TENHOU_NAME = re.compile(r"(\d{10})gm-")
LOG_SUFFIXES = (".json", ".xml", ".mjlog")
BROWSER_WHERE = "this browser's storage"
DIGEST_STEP = 64  # decisions encoded per step of a log's digest: about 2.5 ms under the memory tracer
LISTED_STEP = 32  # files looked at per step of a folder's listing: about 1.5 ms under the memory tracer


@dataclass(frozen=True)
class Entry:
    """One log on the shelf."""

    name: str  # the file's name, or the blob's
    stamp: str  # YYYYMMDDHHMMSS: when it was played (ours, Tenhou's ids) or else written
    path: Path | None = None  # the file (None: a blob in the browser)

    @property
    def ours(self) -> bool:
        return LOG_NAME.fullmatch(self.name.removesuffix(".json")) is not None


@dataclass(frozen=True)
class Summary:
    """What the list says of one of our logs."""

    when: str  # "01-15 12:34"
    rules: str  # "ES" east-south, "E" east only
    rounds: int  # rounds played
    finished: bool
    place: int  # the player's place (1-4): at the end, or as it stood when left
    score: int  # the player's points: at the end, or as they stood when left
    seat: int  # the player's seat
    players: int = 4  # 3: a three-player game, its rules marked 3 ("ES3")

    def line(self) -> str:
        """One line of the list (31 characters at most, the list's width: R counts the rounds
        played; a three-player game's rules end in 3).

            >>> Summary("01-15 12:34", "ES", 11, True, 2, 31200, 0).line()
            '01-15 12:34 ES 11R 2ND 31200'
            >>> Summary("01-15 12:34", "ES", 12, False, 1, -31200, 0).line()
            '01-15 12:34 ES 12R LEFT -31200'
            >>> Summary("01-15 12:34", "ES", 12, False, 1, -31200, 0, players=3).line()
            '01-15 12:34 ES3 12R LEFT -31200'
        """
        place = ("1ST", "2ND", "3RD", "4TH")[self.place - 1] if self.finished else "LEFT"
        rules = self.rules + ("3" if self.players == 3 else "")
        return f"{self.when} {rules} {self.rounds}R {place} {self.score}"


def log_name(when: time.struct_time, seed: str) -> str:
    return time.strftime("%Y%m%d-%H%M%S", when) + "-" + seed.lower()


def stamp_of(name: str, written: float | None = None) -> str:
    """When a log was played, for ordering: ours and Tenhou's ids say; else when it was written."""
    ours = LOG_NAME.match(name)
    if ours:
        return ours[1] + ours[2]
    tenhou = TENHOU_NAME.match(name)
    if tenhou:
        return tenhou[1] + "0000"
    return time.strftime("%Y%m%d%H%M%S", time.localtime(written or 0))


# --- what one of our logs holds ----------------------------------------------------------------


def decisions_digest(decisions) -> str:
    """A short digest of a game's decisions (the JSON list of their save's encoding): tells a
    continued game's log.

        >>> from game.data.save import encode_action
        >>> from game.play.driver import Decision
        >>> from game.rules.actions import Discard, Pass
        >>> decisions = [Decision(0, Discard(5)), Decision(1, Pass())] * 100
        >>> listed = json.dumps([[d.seat, *encode_action(d.action)] for d in decisions], separators=(",", ":"))
        >>> decisions_digest(decisions) == hashlib.sha256(listed.encode("ascii")).hexdigest()[:16]
        True
    """
    return run_to_end(decisions_digest_task(decisions))


def decisions_digest_task(decisions) -> TaskGen[str]:
    """Task: ``decisions_digest``, ``DIGEST_STEP`` decisions encoded a step."""
    digest = hashlib.sha256(b"[")
    for start in range(0, len(decisions), DIGEST_STEP):
        part = ",".join(encode_decision(d) for d in decisions[start:start + DIGEST_STEP])
        digest.update((b"," if start else b"") + part.encode("ascii"))
        yield
    digest.update(b"]")
    return digest.hexdigest()[:16]


def extras_of(document: object) -> dict[str, Any] | None:
    """Our extras in a parsed log, or None (a Tenhou log, or not ours any more)."""
    extras = document.get(EXTRAS) if isinstance(document, dict) else None
    return extras if isinstance(extras, dict) and extras.get("version") == VERSION else None


def summary_of(name: str, data: bytes) -> Summary | None:
    """The list's line of one of our logs; None when it is not one (or is damaged)."""
    return run_to_end(summary_task(name, data))


def summary_task(name: str, data: bytes) -> TaskGen[Summary | None]:
    """Task: ``summary_of``, its JSON 2 KiB a step (``json_steps``)."""
    match = LOG_NAME.match(name)
    if match is None:
        return None
    try:
        document = yield from json_steps.read_task(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    return _summary(match, document)


def your_game_task(shelf: Shelf, entry: Entry) -> TaskGen[tuple[GameLog, Summary] | None]:
    """Task: one of our logs on ``shelf``, read (``read_task``) and parsed in steps, with what
    the list says of it; None when it is not one of ours or cannot be read (REPLAYS says what
    is wrong with it), as YOUR GAMES and the drill read the player's games."""
    try:
        data = yield from shelf.read_task(entry, MAX_BYTES)
        summary = yield from summary_task(entry.name, data)
        if summary is None:
            return None
        return (yield from parse_log_task(data, entry.name)), summary
    except InputError:
        return None


def _summary(match: re.Match, document: object) -> Summary | None:
    """The line of the log ``document`` named as ``match`` read it; None when it is not ours."""
    try:
        extras = extras_of(document)
        if extras is None:
            return None
        seat = extras["seat"]
        rounds = document["log"]
        players = 3 if extras.get("settings", {}).get("players") == 3 else 4  # the fourth seat empty
        if not isinstance(seat, int) or not 0 <= seat < players or not rounds:
            return None
        scores = _final_scores(document, rounds)[:players]
        place = place_of(scores, seat)
        rules = "ES" if "南" in document.get("rule", {}).get("disp", "") else "E"
        day, clock = match[1], match[2]
        return Summary(f"{day[4:6]}-{day[6:8]} {clock[:2]}:{clock[2:4]}", rules, len(rounds),
                       extras.get("finished") is True, place, int(scores[seat]), seat, players)
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):
        return None


def _final_scores(document: dict, rounds: list) -> list[float]:
    """The final points (``sc``) when the game ended; else the scores its last round began with,
    changed by that round's result when it has one."""
    final = document.get("sc")
    if isinstance(final, list) and len(final) == 8:
        return [float(x) for x in final[::2]]
    last = rounds[-1]
    scores = [float(x) for x in last[1]]
    result = last[16] if len(last) > 16 else []
    for deltas in (part for part in result[1:] if isinstance(part, list) and len(part) == 4):
        if all(isinstance(d, (int, float)) for d in deltas):
            scores = [s + d for s, d in zip(scores, deltas)]
    return scores


def log_document(log: dict, seed: str, settings: dict, seat: int, finished: bool, decisions,
                 digest: str | None = None, take_backs: int = 0) -> bytes:
    """A tenhou.net/6 log (``write_tenhou6``'s dict) with our extras, as the bytes kept
    (``digest``: the decisions', when worked out already; ``take_backs``: cuts taken back in
    practice, said as ``"practice": {"take_backs": N}``: the log is the game as played after them)."""
    document = dict(log)
    document["title"] = ["Pico Riichi", f"seed {seed}"]
    document[EXTRAS] = {"version": VERSION, "seed": seed, "settings": settings, "seat": seat,
                        "finished": finished, "decisions": len(decisions),
                        "digest": digest or decisions_digest(decisions)}
    if take_backs:
        document[EXTRAS]["practice"] = {"take_backs": take_backs}
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


# --- the shelves ---------------------------------------------------------------------------------


class _JsonFolder(FolderStorage):
    """The storage's atomic files, named ``NAME.json``: a log is a file other tools open."""

    suffix = ".json"

    def names(self) -> list[str]:
        try:
            files = list(self.folder.glob("*.json")) if self.folder.is_dir() else []
        except OSError as error:
            raise StorageError(f"cannot list {self.folder}: {error.strerror or error}") from None
        return sorted(f.stem for f in files if LOG_NAME.fullmatch(f.stem))


class Shelf:
    """Where the logs are: ``entries`` newest first, ``read`` one, ``keep`` ours, ``where``."""

    where = ""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.writer: Writer | None = None  # once handed to one, it lists and reads too

    def entries(self) -> list[Entry]:
        """The logs, newest first (``entries_task`` at once)."""
        return run_to_end(self.entries_task())

    def entries_task(self) -> TaskGen[list[Entry]]:
        """Task: ``entries``, in steps when there are many (the list of replays reads them as thinking)."""
        raise NotImplementedError

    def read(self, entry: Entry, limit: int | None = None) -> bytes:
        """The log's bytes (at most ``limit``); InputError (one line) when it cannot be read."""
        data = self.storage.load(entry.name)
        if data is None:
            raise InputError(f"{entry.name}: no longer there")
        return data

    def handed_to(self, writer: Writer) -> Shelf:
        """This shelf, its writes done by ``writer`` beside the frames (``game.data.handed``),
        and its folder listed and its logs read there (``listed_task``, ``read_task``)."""
        self.storage = Handed(self.storage, writer)
        self.writer = writer
        return self

    def listed_task(self) -> TaskGen[list[Entry]]:
        """Task: ``entries``, by the writer's thread when the shelf is handed to one (after the
        writes handed over before: a log just kept is listed), else in steps on this one."""
        if self.writer is None:
            return (yield from self.entries_task())
        return (yield from beside(self.writer, self.entries))

    def read_task(self, entry: Entry, limit: int | None = None) -> TaskGen[bytes]:
        """Task: ``read``, by the writer's thread when the shelf is handed to one: a frame never
        waits for a disk (InputError as ``read``)."""
        if self.writer is None:
            return self.read(entry, limit)
        return (yield from beside(self.writer, lambda: self.read(entry, limit)))

    def keep(self, name: str, data: bytes) -> None:
        """Store one of our logs (atomically; StorageError says why it could not be)."""
        self.storage.save(name, data)

    def forget(self, name: str) -> None:
        self.storage.delete(name)

    def ours(self) -> list[str]:
        try:
            return [name for name in self.storage.names() if LOG_NAME.fullmatch(name)]
        except StorageError:
            return []


class FolderShelf(Shelf):
    """The data folder's ``logs/``: our logs, and any log the player put there."""

    def __init__(self, folder: Path, fsync: Callable[[int], None] = os.fsync) -> None:
        """``fsync``: what makes a kept log durable (the storage's; a test's may be slow)."""
        super().__init__(_JsonFolder(folder, fsync))
        self.folder = folder
        self.where = str(folder)

    @property
    def not_a_folder(self) -> bool:
        """``logs`` is there but is no folder (a plain file, a link to one): no log can go in."""
        return self.folder.exists() and not self.folder.is_dir()

    def entries_task(self) -> TaskGen[list[Entry]]:
        """Task: the folder's logs, ``LISTED_STEP`` files a step (a file is looked at twice)."""
        try:
            paths = [p for p in self.folder.iterdir() if p.suffix.lower() in LOG_SUFFIXES]
        except OSError:
            return []
        found = []
        for number, path in enumerate(paths, 1):
            if path.is_file():
                found.append(Entry(path.name, stamp_of(path.name, _written(path)), path))
            if number % LISTED_STEP == 0:
                yield
        return sorted(found, key=lambda e: (e.stamp, e.name), reverse=True)

    def read(self, entry: Entry, limit: int | None = None) -> bytes:
        # the one safe reader: no FIFO, no device, a size limit (a log of ours is a blob's at most)
        return read_file(entry.path) if limit is None else read_file(entry.path, limit)


class BrowserShelf(Shelf):
    """The page's local storage: our logs only (nothing else can put one there)."""

    where = BROWSER_WHERE

    def entries_task(self) -> TaskGen[list[Entry]]:
        return sorted((Entry(name, stamp_of(name)) for name in self.ours()), key=lambda e: e.name, reverse=True)
        yield  # a task, like the folder's


def _written(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def open_shelf(data_folder: Path | None) -> Shelf | None:
    """The shelf of this platform: the browser's storage, or ``data_folder/logs`` (None: no folder)."""
    if sys.platform == "emscripten":
        return BrowserShelf(BrowserStorage())
    if data_folder is None:
        return None
    return FolderShelf(Path(data_folder) / "logs")


def keep_log(shelf: Shelf, name: str, data: bytes, seed: str, decisions) -> None:
    """Keep a log; then forget the older unfinished logs of the same game it continues
    (the same seed, decisions that begin this game's). StorageError when it cannot be kept."""
    run_to_end(keep_log_task(shelf, name, data, seed, decisions))


def keep_log_task(shelf: Shelf, name: str, data: bytes, seed: str, decisions) -> TaskGen[None]:
    """Task: ``keep_log``, the log written in a step, each older log of the game read in steps."""
    if len(data) > MAX_BYTES:
        raise StorageError(f"the game's log is {len(data)} bytes, more than the {MAX_BYTES} one may be")
    shelf.keep(name, data)
    for older in shelf.ours():
        if older != name and older.endswith("-" + seed.lower()):
            yield
            if (yield from _continued_by(shelf, older, decisions)):
                shelf.forget(older)


def _continued_by(shelf: Shelf, name: str, decisions) -> TaskGen[bool]:
    try:
        text = ((yield from shelf.storage.load_task(name)) or b"null").decode("utf-8")
        extras = extras_of((yield from json_steps.read_task(text)))
    except (StorageError, ValueError, UnicodeDecodeError, RecursionError):
        return False
    if extras is None or extras.get("finished") is not False:
        return False
    count = extras.get("decisions")
    if not (isinstance(count, int) and 0 <= count <= len(decisions)):
        return False
    return extras.get("digest") == (yield from decisions_digest_task(decisions[:count]))


def game_log_task(game, seed: str, settings: dict, seat: int, take_backs: int = 0) -> TaskGen[tuple[str, bytes]]:
    """Task: the name and bytes of a game's log (a step each: the log, its JSON, the decisions'
    digest in steps, the bytes),
    the game as it stood at the first step (the game may play on meanwhile: a CPU thinking
    while the pause menu quits)."""
    decisions, finished = tuple(game.decisions), game.match.over
    log = game_log(game)
    yield
    document = write_tenhou6(log)
    yield
    digest = yield from decisions_digest_task(decisions)
    data = log_document(document, seed, settings, seat, finished, decisions, digest, take_backs)
    return log_name(time.localtime(), seed), data
