"""The saved game: the seed, the settings it was started with and every decision, as JSON.

A match is its seed, its rules and the answers given at the table (``game.play.driver.Game.decisions``):
the driver replays those answers (``Game(..., decisions=saved.decisions)``) and stands exactly
where the game was saved, mid-round and mid-prompt, wall included. The table writes the save
when the player answers and when the player is asked (game/ui/saving.py) and deletes it when
the game ends; the settings are saved the same way
under their own name. Both go through ``game.data.storage`` (atomic files, or the browser's
localStorage). Pure Python, no pyxel.

A save that cannot be read (truncated, garbage, another format version, decisions that do not
fit their seed, or no file at all: a FIFO, a device, a link to nothing, a file larger than a save
may be) is set aside as ``*.bad`` (never deleted) and ``read_game`` raises ``BadSave`` with one
line for the title. ``read_game_task`` does the same as a task, a few decisions a step, and
hands back the game played again to where it was saved (the title's CONTINUE runs it behind
a loading screen, game/ui/loading.py):

    >>> import tempfile
    >>> from game.data.storage import open_storage
    >>> storage = open_storage(tempfile.mkdtemp(), environ={})
    >>> game = Game([TsumogiriAgent()] * 4, seed="PICORIICHI")
    >>> task = game.play()
    >>> while len(game.decisions) < 30:  # thirty answers into the first round
    ...     _ = next(task)
    >>> saved = SavedGame("PICORIICHI", Settings(), tuple(game.decisions))
    >>> write_game(storage, saved)
    >>> read_game(storage) == saved
    True
    >>> storage.save(GAME, b'{"format": "pico-riichi save", "version": 99}')
    >>> read_game(storage)
    Traceback (most recent call last):
    ...
    game.data.save.BadSave: the saved game is version 99, this game reads version 1: set aside as game.bin.bad
    >>> read_game(storage) is None  # set aside: nothing to continue, a new game can start
    True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields

from engine.scheduler import gathered
from engine.tasks import NEXT_FRAME, TaskGen, run_to_end
from game.rules.errors import InputError
from game.play.driver import Agent, Decision, Game, TsumogiriAgent
from game.records import json_steps
from game.rules.actions import (
    AddedKan, Chi, ClosedKan, Discard, NineTerminals, Nuki, OpenKan, Pass, Pon, Riichi, Ron, Tsumo,
)
from game.data.settings import Settings
from game.data.storage import DamagedBlob, Storage, StorageError
from game.rules.wall import seed_words

FORMAT = "pico-riichi save"
VERSION = 1
GAME, SETTINGS = "game", "settings"  # the storage names of the two blobs
MAX_DECISIONS = 20_000  # far more than any game (an east-south game makes about 1,500)
ACTIONS = {cls.__name__: cls for cls in (Discard, Riichi, Tsumo, Ron, Chi, Pon, OpenKan,
                                         ClosedKan, AddedKan, Pass, NineTerminals, Nuki)}
TILES, KINDS = 136, 34
DECODE_STEP = 64  # decisions checked per step of ``decode_task``: about 2 ms under the memory tracer


class BadSave(InputError):
    """A save that cannot be continued; its message is one line for the player, ``short`` a
    few words for the title's one line (what is wrong)."""

    def __init__(self, message: str, short: str = "DAMAGED") -> None:
        super().__init__(message)
        self.short = short


@dataclass(frozen=True)
class SavedGame:
    seed: str
    settings: Settings  # those the game began with: its rules and its CPUs
    decisions: tuple[Decision, ...]
    take_backs: int = 0  # cuts taken back in practice (game/ui/take_back.py): the game is practice


# --- the JSON ------------------------------------------------------------------------------

def encode_action(action) -> list:
    """An action as a short list: its class name, then its fields.

        >>> encode_action(Chi((4, 8))), encode_action(Tsumo())
        (['Chi', [4, 8]], ['Tsumo'])
        >>> decode_action(encode_action(Nuki(122)))  # three-player: a North set aside
        Nuki(tile=122)
    """
    values = [getattr(action, f.name) for f in fields(action)]
    return [type(action).__name__] + [list(v) if isinstance(v, tuple) else v for v in values]


def decode_action(item: object):
    """The action of ``encode_action``'s list; ValueError when it is not one."""
    if not isinstance(item, list) or not item or item[0] not in ACTIONS:
        raise ValueError(f"not an action: {str(item)[:40]}")
    cls = ACTIONS[item[0]]
    names = [f.name for f in fields(cls)]
    if len(item) != 1 + len(names):
        raise ValueError(f"{item[0]} takes {len(names)} values")
    values = [_field(cls, name, value) for name, value in zip(names, item[1:])]
    return cls(*values)


def _field(cls, name: str, value: object):
    if name == "tiles":
        if not (isinstance(value, list) and len(value) == 2 and all(_is_int(v, TILES) for v in value)):
            raise ValueError(f"{cls.__name__} needs two tiles")
        return tuple(value)
    limit = KINDS if name == "kind" else TILES
    if not _is_int(value, limit):
        raise ValueError(f"{cls.__name__}'s {name} is not 0 to {limit - 1}")
    return value


def _is_int(value: object, limit: int) -> bool:
    return type(value) is int and 0 <= value < limit


def encode_decision(decision: Decision) -> str:
    """One decision as the save writes it.

        >>> encode_decision(Decision(2, Chi((4, 8))))
        '[2,"Chi",[4,8]]'
    """
    return json.dumps([decision.seat] + encode_action(decision.action), separators=(",", ":"))


def encode(saved: SavedGame, decisions: Sequence[str] | None = None) -> bytes:
    """The save's bytes; ``decisions``, when given, are ``saved.decisions`` already encoded
    (``encode_decision``), so that a save late in a game encodes only its new ones.

        >>> saved = SavedGame("PICORIICHI", Settings(), (Decision(0, Pass()),))
        >>> encode(saved) == encode(saved, [encode_decision(Decision(0, Pass()))])
        True
    """
    told = {"format": FORMAT, "version": VERSION, "seed": saved.seed, "settings": saved.settings.as_dict()}
    if saved.take_backs:
        told["take_backs"] = saved.take_backs
    head = json.dumps(told, separators=(",", ":"))
    if decisions is None:
        decisions = [encode_decision(d) for d in saved.decisions]
    return (head[:-1] + ',"decisions":[' + ",".join(decisions) + "]}").encode("ascii")


def decode(data: bytes) -> SavedGame:
    """The saved game in ``data``; BadSave (one line, without where) when it is not one."""
    return run_to_end(decode_task(data))


def decode_task(data: bytes) -> TaskGen[SavedGame]:
    """Task: ``decode`` in steps, its JSON 2 KiB at a time (``json_steps``), its decisions
    ``DECODE_STEP`` at a time: a save may be as long as a blob may be (256 KiB)."""
    try:
        document = yield from json_steps.read_task(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BadSave("the saved game is damaged (not JSON: truncated or garbage)") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BadSave("the saved game is not a Pico Riichi save", "NOT A SAVE")
    version = document.get("version")
    if version != VERSION or type(version) is not int:
        raise BadSave(f"the saved game is version {str(version)[:12]}, this game reads version {VERSION}",
                      f"VERSION {str(version)[:8].upper()}")
    seed = document.get("seed")
    try:
        if not isinstance(seed, str):
            raise InputError("no seed")
        seed_words(seed)
    except InputError as error:
        raise BadSave(f"the saved game's seed is wrong: {error}", "BAD SEED") from None
    if not isinstance(document.get("settings"), dict):
        raise BadSave("the saved game has no settings")
    take_backs = document.get("take_backs", 0)
    if type(take_backs) is not int or not 0 <= take_backs <= MAX_DECISIONS:
        raise BadSave("the saved game's count of take-backs is damaged")
    items = document.get("decisions")
    if not isinstance(items, list) or len(items) > MAX_DECISIONS:
        raise BadSave("the saved game's decisions are missing or too many")
    decisions = []
    for number, item in enumerate(items, 1):
        try:
            if not isinstance(item, list) or not _is_int(item[0] if item else None, 4):
                raise ValueError("no seat 0 to 3")
            decisions.append(Decision(item[0], decode_action(item[1:])))
        except ValueError as error:
            raise BadSave(f"the saved game's decision {number} is damaged: {error}") from None
        if number % DECODE_STEP == 0:
            yield 0.0
    return SavedGame(seed, Settings.from_dict(document["settings"]), tuple(decisions), take_backs)


# --- through the storage ------------------------------------------------------------------

def write_game(storage: Storage, saved: SavedGame, decisions: Sequence[str] | None = None) -> None:
    """Save (replace) the game (``decisions``: as ``encode`` takes them); StorageError says why
    it could not be."""
    storage.save(GAME, encode(saved, decisions))


def has_game(storage: Storage) -> bool:
    try:
        return GAME in storage.names()
    except StorageError:
        return False


def delete_game(storage: Storage) -> None:
    """The game is over: nothing to continue (a StorageError is for the caller to show)."""
    storage.delete(GAME)


@dataclass(frozen=True)
class Continued:
    """A saved game brought back: the save, and its game played again to where it was saved;
    ``play``, the game's task, plays on from there."""

    saved: SavedGame
    game: Game
    play: TaskGen[list]


def read_game(storage: Storage) -> SavedGame | None:
    """The saved game, None when there is none; at once (``read_game_task`` is the same, in
    steps). A save that cannot be continued is set aside and BadSave says so."""
    continued = run_to_end(read_game_task(storage))
    if continued is None:
        return None
    continued.play.close()
    return continued.saved


def read_game_task(storage: Storage, agents_for: Callable[[SavedGame], Sequence[Agent]] | None = None,
                   **options) -> TaskGen[Continued | None]:
    """Task: the saved game read (``decode_task``), checked down to its decisions fitting its
    seed and played again to where it was saved (``catch_up``), a few decisions a step, its
    yields the share done; None when there is no save. ``agents_for(saved)`` seats the game
    (tsumogiri seats by default: a check), ``options`` go to its ``Game`` (the table's pace).
    A save that cannot be continued is set aside (``*.bad``) and BadSave says so."""
    try:
        data = yield from storage.load_task(GAME)
        if data is None:
            return None
        saved = yield from decode_task(data)
        game = resume(saved, agents_for(saved) if agents_for else [TsumogiriAgent()] * saved.settings.players,
                      **options)
        play = game.play()
        yield from catch_up(game, play)
    except DamagedBlob as error:  # not a file a save can be: read nothing from it
        where = yield from storage.set_aside_task(GAME)
        raise BadSave(f"the saved game is damaged ({error}): set aside as {_short(where)}") from None
    except BadSave as error:
        where = yield from storage.set_aside_task(GAME)
        raise BadSave(f"{error}: set aside as {_short(where)}", error.short) from None
    return Continued(saved, game, play)


def until_shown(moment: str, game: Game) -> TaskGen[None]:
    """The pace of a game being brought back (CONTINUE, a take-back): past its saved decisions,
    play waits until the scene that shows it sets its own pace (``game.pace``), then goes on at
    that one."""
    while game.pace is until_shown:
        yield NEXT_FRAME
    yield from game.pace(moment, game)


def catch_up(game: Game, play: TaskGen[list]) -> TaskGen[None]:
    """Task: ``play``, the task of a ``game`` resumed from a save, stepped until the saved
    decisions are all given again (and nothing further), the driver's steps a few at a time
    (``gathered``), each yield the share given; BadSave when one does not fit the seed (the
    driver refuses it)."""
    try:
        yield from gathered(_replaying(game, play))
    except InputError as error:
        raise BadSave(str(error), "UNFIT MOVES") from None


def _replaying(game: Game, play: TaskGen[list]) -> TaskGen[None]:
    """The driver's steps while the saved decisions are given again, each yield the share given."""
    while game.replaying:
        try:
            next(play)  # a save's moves are given again, never thought over: the driver asks for no clock
        except StopIteration:  # the game ended with saved moves left over: they were not this game's
            raise InputError(f"the saved game does not fit its seed: {len(game.script) - len(game.decisions)} "
                             f"saved decisions after the game's end") from None
        yield len(game.decisions) / len(game.script)


def resume(saved: SavedGame, agents: Sequence[Agent], **options) -> Game:
    """The saved game, ready to play on: its first steps replay the decisions."""
    return Game(agents, saved.seed, saved.settings.ruleset(), decisions=saved.decisions, **options)


def play_all(game: Game) -> list:
    """Play a game to its end (tests, the CLI)."""
    return run_to_end(game.play())


# --- settings -------------------------------------------------------------------------------

def write_settings(storage: Storage, settings: Settings) -> None:
    storage.save(SETTINGS, json.dumps({"format": FORMAT, "version": VERSION,
                                       "settings": settings.as_dict()}).encode("ascii"))


def read_settings(storage: Storage) -> tuple[Settings, str]:
    """The saved settings (the defaults when none) and a line to show when they were bad
    (then set aside: the defaults are used)."""
    try:
        data = storage.load(SETTINGS)
    except DamagedBlob:  # not a file settings can be: read nothing from it
        return _settings_set_aside(storage)
    except StorageError as error:  # the system refuses (a permission): left where it is
        return Settings(), str(error)
    if data is None:
        return Settings(), ""
    try:
        document = json.loads(data.decode("utf-8"))
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            raise ValueError
        if document.get("version") != VERSION:
            raise ValueError
        return Settings.from_dict(document.get("settings")), ""
    except (UnicodeDecodeError, ValueError, RecursionError):
        return _settings_set_aside(storage)


def _settings_set_aside(storage: Storage) -> tuple[Settings, str]:
    """The defaults, and the line saying where the damaged settings went."""
    try:
        where = storage.set_aside(SETTINGS)
    except StorageError as error:
        return Settings(), str(error)
    return Settings(), f"the saved settings were damaged: set aside as {_short(where)}"


def _short(where: str) -> str:
    """A set-aside file's name (the folder is long; the settings screen says where)."""
    return where.replace("\\", "/").rsplit("/", 1)[-1]
