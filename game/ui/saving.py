"""Where the cartridge keeps things: the storage (saves, settings) and the logs folder.

``$PICORIICHI_DATA_DIR`` when set (tests and players who want the files elsewhere), else Pyxel's
user data folder (``pyxel.user_data_dir``, created only when first needed); in a browser the
page's localStorage (game/data/storage.py). The logs (ours and any Tenhou log put there) are in its
``logs/`` folder (in a browser, that storage too: ``game.data.logs``), which the replay list reads.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pyxel

from engine.tasks import TaskGen
from game.data import logs, save
from game.data.settings import Settings
from game.data.handed import Handed
from game.data.storage import APP, DATA_DIR_VARIABLE, VENDOR, Storage, StorageError, open_storage
from game.play.driver import player_seat
from game.rules.errors import InputError

LOGS = "logs"
ENCODE_STEP = 64  # decisions encoded per step of a save: about 2.5 ms under the memory tracer


def data_folder() -> Path | None:
    chosen = os.environ.get(DATA_DIR_VARIABLE)
    if chosen:
        return Path(chosen)
    try:
        return Path(pyxel.user_data_dir(VENDOR, APP))
    except Exception:  # no home folder (a locked-down machine): play on without saving
        return None


def storage() -> Storage:
    """The data folder's storage (``Wiring.storage``'s default)."""
    return open_storage(data_folder())


def logs_folder() -> Path | None:
    folder = data_folder()
    return folder / LOGS if folder is not None else None


def shelf() -> logs.Shelf | None:
    """Where the logs are: the logs folder, or in a browser its storage (None: no data folder);
    ``Wiring.shelf``'s default."""
    return logs.open_shelf(data_folder())


def handed(cart, wiring) -> Handed:
    """The wiring's storage, its writes handed to the cartridge's writer (beside the frames)."""
    return Handed(wiring.storage(), cart.writer)


def handed_shelf(cart, wiring) -> logs.Shelf | None:
    """The wiring's shelf, its writes handed to the cartridge's writer."""
    found = wiring.shelf()
    return found.handed_to(cart.writer) if found is not None else None


def has_save(storage: Storage) -> bool:
    return save.has_game(storage)


def load_settings(cart, storage: Storage) -> str:
    """Put the saved settings on the cartridge once (as the first title is built, before the
    first frame); the line to show when they were bad."""
    if getattr(cart, "settings_loaded", False):
        return ""
    cart.settings_loaded = True
    settings, message = save.read_settings(storage)
    cart.settings = settings
    if not message:
        return ""
    print(f"picoriichi: {message}", file=sys.stderr)  # the whole story, for whoever looks
    return "SETTINGS DAMAGED: SET ASIDE"


def store_settings(storage: Storage, settings: Settings) -> None:
    """Hand the settings to the writer (a write that fails is said in one line by the writer;
    the settings hold for this session)."""
    try:
        save.write_settings(storage, settings)
    except StorageError as error:  # no data folder: said, and the menu goes on
        print(f"picoriichi: the settings were not saved: {error}", file=sys.stderr)


class Saver:
    """The table's save, deleted when the game ends. The table writes it when the player has
    answered and when the player is about to be asked (the CPUs' moves since are played again
    the same way on CONTINUE: a CPU answers the same view with the same action), not after
    every decision: a save late in a game cost a frame its budget (the JSON of a thousand
    decisions under the memory tracer, an fsync). The decisions already written are kept
    encoded: each save encodes only the new ones, ``ENCODE_STEP`` a step (a continued game's
    first save encodes them all). The game's log is kept in the logs (``game.data.logs``) when
    the game ends or is left from the pause menu."""

    def __init__(self, seed_code: str, settings: Settings, storage: Storage, shelf: logs.Shelf | None,
                 take_backs: int = 0) -> None:
        """``storage`` and ``shelf``: where the save and the log go (``handed``, ``handed_shelf``:
        written beside the frames); ``take_backs``: the cuts taken back in this game so far
        (practice: the save and the log say so)."""
        self.seed_code = seed_code
        self.settings = settings
        self.take_backs = take_backs
        self.storage = storage
        self.shelf = shelf
        self.encoded: list[str] = []  # the decisions so far, as the save writes them
        self.refused = ""  # why the last save was refused at once (the game goes on without it)

    @property
    def failure(self) -> str:
        """Why the last save failed: refused at once, or by the disk (the writer's, once it ran)."""
        return self.refused or getattr(self.storage, "failure", "")

    def after(self, moment: str, game) -> TaskGen[None]:
        """Task: "action" saves the game as it stands, "game_end" deletes the save (the table
        then keeps the game's log: ``keep_log``)."""
        try:
            if moment == "action":
                decisions = tuple(game.decisions)
                while len(self.encoded) < len(decisions):
                    new = decisions[len(self.encoded):len(self.encoded) + ENCODE_STEP]
                    self.encoded += [save.encode_decision(d) for d in new]
                    if len(self.encoded) < len(decisions):
                        yield
                saved = save.SavedGame(self.seed_code, self.settings, decisions, self.take_backs)
                save.write_game(self.storage, saved, self.encoded)
            elif moment == "game_end":
                save.delete_game(self.storage)
            self.refused = ""
        except StorageError as error:
            self.refused = str(error)

    def keep_log(self, game) -> TaskGen[None]:
        """Task: keep the game's log as it stands (nothing before the first decision); its
        steps are the table's thinking, at the game's end and when it is left from the pause
        menu."""
        if self.shelf is None or not game.decisions:
            return
        decisions = tuple(game.decisions)  # as the log's first step reads the game
        name, data = yield from logs.game_log_task(game, self.seed_code, self.settings.as_dict(),
                                                   player_seat(self.seed_code, seats=game.ruleset.players),
                                                   self.take_backs)
        try:
            yield from logs.keep_log_task(self.shelf, name, data, self.seed_code, decisions)
        except InputError as error:  # StorageError: full, refused, no folder
            self.refused = str(error)
            print(f"picoriichi: the game's log was not kept: {error}", file=sys.stderr)
