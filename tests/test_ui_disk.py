"""No frame waits for the disk (issue 50): the saves, the settings and the logs are written by the
cartridge's writer, beside the frames, and nothing handed to it is lost.

The disk here is as slow as the test wants: the storage's fsync (given to ``FolderStorage`` and
``FolderShelf`` by their constructors, never by patching ``os``) holds until the test lets it go,
and says which thread called it. A whole scripted game is played on it (quick CPUs, east only)
with its saves, a setting changed from the pause menu and the log kept at the end, then a game
left from the pause menu and the title quit with Esc. The promise, checked without a clock:
no frame (the main thread: every update and draw) ever calls fsync, so none waits for it; the
game plays on, frames after frames, while a write is held; the newest save takes the place of
the older ones queued behind a held write; quitting waits until the writer is done (SAVING...
meanwhile) and leaves the save and the log on disk, whole.
"""

from __future__ import annotations

import errno
import json
import os
import threading

import pyxel
from playing import ScriptedPlayer, play_until, quick, wired_title
from stepping import press, release_all, screen, step, step_until

from engine.buttons import pyxel_reader
from engine.cartridge import SAVING
from engine.target import BLACK, WIDTH, YELLOW
from engine.writer import Writer
from game.data import logs, save
from game.data.logs import FolderShelf
from game.data.settings import Settings
from game.data.storage import FolderStorage
from game.ui import paint
from game.ui.standings import StandingsScene
from game.ui.table import TableScene
from game.ui.title import TitleScene

SEED = "DISKGAME01"
LEFT_SEED = "DISKLEFT01"
GAME_FRAMES = 20000
HELD_FRAMES = 300  # frames played while a write is held on the disk
LIVENESS = 60.0  # seconds the writer's thread may take to reach the disk: a guard, not a verdict


class HeldDisk:
    """An fsync that waits until the test lets it go (a disk 500 ms slow, or as slow as the test
    likes), then makes the file durable; it notes the thread of every call."""

    def __init__(self) -> None:
        self.free = threading.Event()
        self.free.set()
        self.reached = threading.Event()  # a call is waiting (or has waited) on the held disk
        self.callers: list[threading.Thread] = []

    def hold(self) -> None:
        if self.free.is_set():  # held already: a call may be waiting on it
            self.reached.clear()
            self.free.clear()

    def release(self) -> None:
        self.free.set()

    def __call__(self, descriptor: int) -> None:
        self.callers.append(threading.current_thread())
        if not self.free.is_set():
            self.reached.set()
        self.free.wait()
        os.fsync(descriptor)

    @property
    def frames_called_it(self) -> bool:
        return threading.main_thread() in self.callers


def wired_to(disk: HeldDisk, folder) -> object:
    return quick(storage=lambda: FolderStorage(folder, fsync=disk),
                 shelf=lambda: FolderShelf(folder / "logs", fsync=disk))


def play_held(cart, table, disk: HeldDisk, writer: Writer) -> None:
    """Hold the disk at the next write; the game plays HELD_FRAMES frames meanwhile (its saves
    queued, the newest taking the older's place); then let the disk go."""
    disk.hold()
    handed = writer.handed
    play_until(cart, table, lambda: writer.handed > handed, limit=GAME_FRAMES)
    assert disk.reached.wait(LIVENESS), "the writer never reached the disk"
    decisions, frames = len(table.game.decisions), cart.scheduler.frames
    play_until(cart, table, lambda: cart.scheduler.frames - frames >= HELD_FRAMES, limit=2 * HELD_FRAMES)
    assert not disk.free.is_set() and not writer.idle  # the write still held: the frames went on
    assert len(table.game.decisions) > decisions, "the game waited for the disk"
    disk.release()


def change_a_setting_from_the_pause_menu(cart) -> Settings:
    """Esc, SETTINGS, → on RED FIVES, Esc back to the pause menu, Esc back to the table."""
    cart.buttons.read = pyxel_reader()
    release_all()
    press(cart, pyxel.KEY_ESCAPE)
    press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_Z)
    press(cart, pyxel.KEY_RIGHT)
    press(cart, pyxel.KEY_ESCAPE)
    press(cart, pyxel.KEY_ESCAPE)
    assert cart.scene.menu is None
    return cart.settings


def saving_shown() -> bool:
    """SAVING... in the pause menu's question box, pixel for pixel (paints over the screen)."""
    shot = screen()
    pyxel.cls(BLACK)
    paint.text_centered(90, SAVING, YELLOW)
    alone = screen()
    cells = [i for i in range(90 * WIDTH, 96 * WIDTH) if alone[i] == YELLOW]
    return bool(cells) and all(shot[i] == YELLOW for i in cells)


def test_no_frame_waits_for_the_disk_and_quitting_leaves_the_save_and_the_log_whole(make_cart, data_folder):
    disk, writer = HeldDisk(), Writer.threaded()
    wiring = wired_to(disk, data_folder)
    left = []
    cart = make_cart(wired_title(wiring), writer=writer, leave=lambda: left.append(cart.scheduler.frames))
    cart.settings = Settings(cpu_speed="fast", length="east")
    step(cart)
    cart.change(TableScene, SEED, cart.settings, False, None, wiring)
    step(cart)
    table = cart.scene
    player = ScriptedPlayer()

    play_held(cart, table, disk, writer)  # the saves after the player's answers
    assert writer.ran < writer.handed, "no newer save took the place of a queued older one"
    disk.hold()
    changed = change_a_setting_from_the_pause_menu(cart)  # the settings' write held too
    play_held(cart, table, disk, writer)
    play_until(cart, table, lambda: isinstance(cart.scene, StandingsScene), limit=GAME_FRAMES, player=player)
    game = table.game
    writer.wait()  # the log kept at the end, and the save deleted
    assert not disk.frames_called_it and disk.callers, "a frame called fsync"
    [kept] = FolderShelf(data_folder / "logs").entries()
    summary = logs.summary_of(kept.name, kept.path.read_bytes())
    assert summary.finished and summary.rounds == len(game.rounds)
    assert not save.has_game(FolderStorage(data_folder))
    assert save.read_settings(FolderStorage(data_folder))[0] == changed

    # a game left from the pause menu: the title waits for the writer, saying SAVING...
    cart.change(TableScene, LEFT_SEED, cart.settings, False, None, wiring)
    step(cart)
    table = cart.scene
    play_until(cart, table, lambda: len(table.game.decisions) >= 60, limit=GAME_FRAMES)
    disk.hold()
    cart.buttons.read = pyxel_reader()
    release_all()
    for key in (pyxel.KEY_ESCAPE, pyxel.KEY_DOWN, pyxel.KEY_DOWN, pyxel.KEY_Z, pyxel.KEY_Z):  # QUIT TO TITLE, yes
        press(cart, key)
    assert disk.reached.wait(LIVENESS), "the writer never reached the disk"
    for _ in range(HELD_FRAMES):
        step(cart)
        assert isinstance(cart.scene, TableScene), "the title came before the writer was done"
    assert saving_shown()
    decisions = tuple(table.game.decisions)
    disk.release()
    writer.wait()
    step_until(cart, lambda: isinstance(cart.scene, TitleScene), limit=5)  # the task sees it, the title comes
    saved = save.read_game(FolderStorage(data_folder))
    assert saved is not None and saved.seed == LEFT_SEED and saved.decisions == decisions[:len(saved.decisions)]
    [left_log] = [e for e in FolderShelf(data_folder / "logs").entries() if e.name.endswith(LEFT_SEED.lower() + ".json")]
    document = json.loads(left_log.path.read_bytes())
    kept = document["picoriichi"]
    assert kept["finished"] is False and len(saved.decisions) <= kept["decisions"] <= len(decisions)

    # Esc on the title: the program ends once the writer is done (here at once: nothing held)
    assert not left
    press(cart, pyxel.KEY_ESCAPE)
    assert left, "Esc on the title did not quit"
    assert not disk.frames_called_it


def test_esc_on_the_title_quits_once_the_settings_are_written_saying_saving_meanwhile(make_cart, data_folder):
    disk, writer = HeldDisk(), Writer.threaded()
    left = []
    cart = make_cart(wired_title(wired_to(disk, data_folder)), writer=writer, leave=lambda: left.append(True))
    step(cart)
    disk.hold()
    while cart.scene.chosen != "SETTINGS":
        press(cart, pyxel.KEY_DOWN)
    press(cart, pyxel.KEY_Z)
    press(cart, pyxel.KEY_RIGHT)  # RED FIVES off: handed to the writer, held on the disk
    press(cart, pyxel.KEY_ESCAPE)  # back to the title
    assert isinstance(cart.scene, TitleScene) and disk.reached.wait(LIVENESS)
    press(cart, pyxel.KEY_ESCAPE)  # quit
    for _ in range(HELD_FRAMES):
        step(cart)
        assert not left, "the program ended before the settings were written"
    assert cart.notice == SAVING and cart.notice_frames > 0
    disk.release()
    writer.wait()
    step(cart)
    assert left == [True] and not disk.frames_called_it
    assert save.read_settings(FolderStorage(data_folder))[0] == Settings(red_fives=False)


def test_a_disk_that_fails_every_write_is_said_in_one_line_and_the_game_goes_on(make_cart, data_folder, capsys):
    def failing(descriptor: int) -> None:
        raise OSError(errno.EIO, "Input/output error")

    writer = Writer.threaded()
    wiring = quick(storage=lambda: FolderStorage(data_folder, fsync=failing),
                   shelf=lambda: FolderShelf(data_folder / "logs", fsync=failing))
    cart = make_cart(wired_title(wiring), writer=writer)
    cart.change(TableScene, SEED, Settings(cpu_speed="fast", length="east"), False, None, wiring)
    step(cart)
    table = cart.scene
    play_until(cart, table, lambda: writer.handed >= 3, limit=GAME_FRAMES)
    writer.wait()
    handed = writer.handed
    play_until(cart, table, lambda: writer.handed > handed, limit=GAME_FRAMES)  # the game goes on, saving
    writer.wait()
    told = capsys.readouterr().err.splitlines()
    assert told == [f"picoriichi: cannot save game: {data_folder / 'game.bin'}: cannot write (Input/output error)"]
    assert not (data_folder / "game.bin").exists() and table.saver.failure == told[0].removeprefix("picoriichi: ")


class WatchedShelf(FolderShelf):
    """A logs folder that notes the thread of every listing and every read in ``readers``."""

    def __init__(self, folder, readers: list) -> None:
        super().__init__(folder)
        self.readers = readers

    def entries_task(self):
        self.readers.append(threading.current_thread())
        return (yield from super().entries_task())

    def read(self, entry, limit=None):
        self.readers.append(threading.current_thread())
        return super().read(entry, limit)


def test_replays_your_games_and_the_drill_list_and_read_the_logs_beside_the_frames(make_cart, data_folder):
    """A log is a file of up to 256 KiB on a disk that may be slow: every screen that lists the
    logs folder or reads a log of it has the writer's thread do it, never a frame."""
    from test_stats import kept

    from game.ui.drill import DrillScene
    from game.ui.replays import ReplaysScene
    from game.ui.your_games import YourGamesScene

    folder = data_folder / "logs"
    folder.mkdir(parents=True)
    kept(folder, "BESIDE0001", "20261201-100000", 1)
    readers: list = []
    wiring = quick(shelf=lambda: WatchedShelf(folder, readers))
    ready = {ReplaysScene: lambda scene: bool(scene.lines), YourGamesScene: lambda scene: scene.reviewing == 1,
             DrillScene: lambda scene: scene.drill is not None}
    for kind, done in ready.items():
        readers.clear()
        cart = make_cart(lambda cart: kind(cart, wiring), writer=Writer.threaded())
        step_until(cart, lambda: done(cart.scene), limit=20000)
        assert len(readers) >= 2 and threading.main_thread() not in readers, kind.__name__  # listed, then read
