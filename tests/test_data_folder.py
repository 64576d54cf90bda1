"""The data folder is read like any outside file: a save, the settings or a log that is a FIFO, a
device, a link to one, or far too large is set aside with one line, never read whole, never
waited on; a save killed mid-way leaves no litter the next time the storage opens.

The title runs in a subprocess under a memory limit (``resource.setrlimit``) and a timeout: a
regression (reading /dev/zero whole, waiting on a FIFO) fails there, it cannot hang the suite.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.data.storage import FolderStorage

ROOT = Path(__file__).resolve().parent.parent
MEMORY_LIMIT = 1024 * 1024 * 1024  # address space: far below a 3 GB save read whole
TIMEOUT = 60  # seconds: a FIFO waited on never answers
PEAK_KIB = 128 * 1024  # the title's process at its peak: about 37 MB here; a save read whole passes it

# Boots the title headless (its settings read at once), chooses CONTINUE (past the loading
# screen), and prints what the
# player sees: the title's line before and after, the menu, and the peak memory.
TITLE_RUN = """
import json, resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
sys.path.insert(0, {tests!r})
import pyxel
from engine import audio, target
from engine.cartridge import Cartridge
from engine.writer import Writer
from playing import counting_clock
from stepping import press, step, step_until
from game.ui.loading import LoadingScene
from game.ui.title import TitleScene
target.init_pyxel(headless=True, fps=target.UNCAPPED_FPS)
audio.silence()  # the title's music never reaches Pyxel's audio thread (see audio.silence)
cart = Cartridge(TitleScene, clock=counting_clock(), writer=Writer.inline())  # frames never on the time nor a thread
step(cart)
seen = {{"first": cart.scene.message, "menu": [e.label for e in cart.scene.entries]}}
if "CONTINUE" in seen["menu"]:
    assert cart.scene.chosen == "CONTINUE"  # the cursor starts on a save
    press(cart, pyxel.KEY_Z)
    step_until(cart, lambda: not isinstance(cart.scene, LoadingScene), limit=300)
seen["then"] = cart.scene.message
seen["menu_then"] = [e.label for e in cart.scene.entries]
# this process's own peak (VmHWM): ru_maxrss also carries the peak of the test's worker that
# started it (Linux keeps it across the exec of a vfork), so it read what other tests had used
try:
    with open("/proc/self/status") as status:
        seen["peak_kib"] = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
except OSError:  # no /proc: the rusage figure, which may be the parent's
    seen["peak_kib"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps(seen))
"""


def _title(folder: Path) -> tuple[dict, str]:
    script = TITLE_RUN.format(limit=MEMORY_LIMIT, tests=str(ROOT / "tests"))
    env = dict(os.environ, PICORIICHI_DATA_DIR=str(folder), SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr[-600:]
    return json.loads(done.stdout.splitlines()[-1]), done.stderr


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _huge(path: Path) -> None:
    with open(path, "wb") as file:
        file.truncate(3 * 1024 ** 3)  # 3 GB, sparse: no disk taken


def _link_to_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _link_to_nothing(path: Path) -> None:
    path.symlink_to(path.parent / "gone.bin")


def _folder(path: Path) -> None:
    path.mkdir()


DAMAGE = {"a FIFO": _fifo, "3 GB": _huge, "a link to /dev/zero": _link_to_zero,
          "a link to nothing": _link_to_nothing, "a folder": _folder}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_save_that_is_no_file_is_set_aside_with_one_line_and_memory_bounded(damage, tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    DAMAGE[damage](folder / "game.bin")
    seen, stderr = _title(folder)
    assert seen["first"] == "" and seen["then"] == "SAVE DAMAGED: SET ASIDE"
    assert "CONTINUE" not in seen["menu_then"]
    assert os.path.lexists(folder / "game.bin.bad") and not os.path.lexists(folder / "game.bin")
    told = [line for line in stderr.splitlines() if line.startswith("picoriichi:")]
    assert len(told) == 1 and "set aside as game.bin.bad" in told[0]
    assert seen["peak_kib"] < PEAK_KIB, seen["peak_kib"]


@pytest.mark.parametrize("damage", DAMAGE)
def test_settings_that_are_no_file_are_set_aside_and_the_title_comes_up_at_once(damage, tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    DAMAGE[damage](folder / "settings.bin")
    seen, _ = _title(folder)
    assert seen["first"] == "SETTINGS DAMAGED: SET ASIDE"
    assert os.path.lexists(folder / "settings.bin.bad") and not os.path.lexists(folder / "settings.bin")


# --- what a save killed mid-way leaves -------------------------------------------------------------

def test_a_save_killed_mid_way_leaves_no_litter_the_next_time_the_storage_opens(tmp_path):
    """A child saves and is killed (SIGKILL) between creating its temporary file and renaming it:
    the child's rename says where it stands and waits, so the kill lands there every time,
    however fast or busy the machine; the next storage opened removes what it left, and nothing
    else."""
    folder = tmp_path / "data"
    folder.mkdir()
    theirs = [".game.notes", ".game.bin.bak", ".settings", "game.txt", ".game.bin.ab12cd34.partial", "notes.part"]
    for name in theirs:
        (folder / name).write_text("the player's")
    saver = ("import os, signal, sys; from game.data.storage import FolderStorage\n"
             "storage = FolderStorage(__import__('pathlib').Path(sys.argv[1]))\n"
             "storage.save('game', b'{}')\n"
             "def caught(source, target):\n"
             "    print('renaming', flush=True)\n"
             "    signal.pause()\n"
             "os.replace = caught\n"
             "storage.save('game', bytes(200_000))\n")
    child = subprocess.Popen([sys.executable, "-c", saver, str(folder)], cwd=ROOT, stdout=subprocess.PIPE)
    assert child.stdout.readline() == b"renaming\n"
    os.kill(child.pid, 9)
    child.wait(timeout=TIMEOUT)
    child.stdout.close()
    left = [p.name for p in folder.iterdir() if p.name not in theirs + ["game.bin"]]
    assert len(left) == 1 and left[0].startswith(".game.bin."), left
    assert (folder / left[0]).stat().st_size == 200_000
    FolderStorage(folder)
    assert sorted(p.name for p in folder.iterdir()) == sorted(theirs + ["game.bin"])
    assert (folder / "game.bin").read_bytes() == b"{}"


def test_the_temporary_files_of_earlier_versions_are_swept_too(tmp_path):
    (tmp_path / ".game.k2j3h4g5").write_bytes(b"{")  # an earlier version's tempfile name
    (tmp_path / ".settings.x_9y8z7w").write_bytes(b"{")
    (tmp_path / ".game.bin.k2j3h4g5.part").symlink_to("/dev/zero")  # not a file: not ours, left
    FolderStorage(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [".game.bin.k2j3h4g5.part"]


def test_settings_the_system_will_not_let_us_read_are_left_where_they_are(tmp_path, monkeypatch):
    """Only a file that can never be read is set aside; a refusal of the system (a permission,
    which root does not meet: simulated) is said in one line and the file stays."""
    from game.data import save, storage as storage_module
    from game.rules.errors import InputError

    storage = FolderStorage(tmp_path)
    save.write_settings(storage, save.Settings())

    def refused(path, limit):
        raise InputError(f"{path}: cannot read (Permission denied)")

    monkeypatch.setattr(storage_module, "read_file", refused)
    settings, message = save.read_settings(storage)
    assert settings == save.Settings() and message.endswith("cannot read (Permission denied)")
    assert [p.name for p in tmp_path.iterdir()] == ["settings.bin"]
