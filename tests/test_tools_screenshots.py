"""tools/screenshots.py: the GIF it writes plays at the cartridge's 30 fps, a short run takes the
title picture and names the others, and a whole run takes every picture (the review's,
PRACTICE's and YOUR GAMES' too) in a data folder of its own, whatever the player has saved."""

from __future__ import annotations

import pytest

import os
import struct
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import screenshots  # noqa: E402


def gif_delays(data: bytes) -> list[int]:
    """Every frame's delay, read by walking the blocks (as a GIF reader does)."""
    flags = data[10]
    at = 13 + (3 * 2 ** ((flags & 7) + 1) if flags & 0x80 else 0)
    delays = []
    while data[at] != 0x3B:
        if data[at] == 0x21:
            if data[at + 1] == 0xF9:
                delays.append(struct.unpack_from("<H", data, at + 4)[0])
            at = screenshots.skip_sub_blocks(bytearray(data), at + 2)
        else:
            flags = data[at + 9]
            at += 11 + (3 * 2 ** ((flags & 7) + 1) if flags & 0x80 else 0)
            at = screenshots.skip_sub_blocks(bytearray(data), at)
    return delays


def test_the_gif_plays_at_thirty_frames_a_second(pyxel_headless, tmp_path):
    pyxel = pyxel_headless
    pyxel.reset_screencast()
    for frame in range(30):
        pyxel.cls(frame % 16)
        pyxel.flip()
    path = tmp_path / "turns.gif"
    pyxel.screencast(str(path), 1)
    before = path.read_bytes()
    screenshots.set_gif_delays(path, screenshots.GIF_CENTISECONDS_PER_FRAME)
    after = path.read_bytes()
    delays = gif_delays(after)
    assert len(delays) == 30 and sum(delays) == 100 and set(delays) == {3, 4}
    assert len(after) == len(before) and sum(a != b for a, b in zip(before, after)) <= 2 * 30


def test_a_short_run_writes_the_title_and_names_what_it_could_not_take(tmp_path):
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "screenshots.py"), "--out", str(tmp_path),
                           "--max-frames", "40"], capture_output=True, text=True,
                          env={**os.environ, "SDL_AUDIODRIVER": "dummy"}, timeout=120)
    assert done.returncode == 1
    assert (tmp_path / "title.png").read_bytes().startswith(b"\x89PNG")
    assert "not taken" in done.stderr and "standings.png" in done.stderr


EVERY = {"turns.gif": b"GIF89a", **{name: b"\x89PNG" for name in (
    "title.png", "table.png", "overlay.png", "win.png", "standings.png", "review_agree.png", "review_differ.png",
    "review_summary.png", "practice.png", "practice_told.png", "your_games.png")}}


def players_data_folder(folder: Path) -> dict[str, bytes]:
    """A player's data folder with a game saved thirty answers in (CONTINUE on the title) and
    settings of their own (east-only, no red fives, weak CPUs): what it holds, by name."""
    from game.data import save
    from game.data.settings import Settings
    from game.data.storage import open_storage
    from game.play.driver import Game, TsumogiriAgent

    storage = open_storage(folder, environ={})
    game = Game([TsumogiriAgent()] * 4, seed="SAVEDGAME1")
    task = game.play()
    while len(game.decisions) < 30:
        next(task)
    settings = Settings(red_fives=False, length="east", cpu_strength="weak")
    save.write_game(storage, save.SavedGame("SAVEDGAME1", settings, tuple(game.decisions)))
    save.write_settings(storage, settings)
    return {path.name: path.read_bytes() for path in folder.iterdir()}


@pytest.mark.long
def test_a_whole_run_takes_every_picture_and_leaves_the_players_save_alone(tmp_path):
    player = tmp_path / "player"
    held = players_data_folder(player)
    assert set(held) == {"game.bin", "settings.bin"}
    out = tmp_path / "img"
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy", "PICORIICHI_DATA_DIR": str(player),
           "HOME": str(tmp_path / "home"), "XDG_DATA_HOME": str(tmp_path / "home" / "share")}
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "screenshots.py"), "--out", str(out)],
                          capture_output=True, text=True, env=env, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    for name, magic in EVERY.items():
        assert (out / name).read_bytes().startswith(magic), name
        assert f"wrote {out / name}" in done.stdout
    assert {path.name: path.read_bytes() for path in player.iterdir()} == held  # neither continued nor rewritten
    assert not (tmp_path / "home").exists()  # nor Pyxel's user data folder
