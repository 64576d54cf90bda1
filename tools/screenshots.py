"""Play the game headless and write the README's pictures into docs/img/, at 4× scale.

    .venv/bin/python tools/screenshots.py [--out DIR] [--seed CODE] [--max-frames N]

One run boots the cartridge on the title, goes down to SEED, types the seed code, and plays
the player's seat through the buttons with the tests' scripted player (tests/playing.py: it follows the hint,
declares riichi and wins when it can, makes one call a round at most, and reads each result
page), as a player would. On the way it takes each picture at its moment:

    title.png       the title screen
    turns.gif       a few turns of play, from the first turns of the first round
    table.png       the table mid-round, once some seat has called and some seat is in riichi
    overlay.png     that table with X held (the hold-B overlay)
    win.png         the first win screen
    standings.png   the final standings
    review_agree.png    back on the title: REPLAYS, the game just played, your seat's review:
                        a decision where you and the strong CPU agree
    review_differ.png   one where you differ, with the reason
    review_summary.png  the review's summary
    practice.png        back on the title: PRACTICE, a position of the drill, asked
    practice_told.png   that position answered: the CPU's cut and why
    your_games.png      REPLAYS, S: YOUR GAMES, the figures of the games kept

The run keeps its saves and settings in a data folder of its own, made for it and removed
after it (``$PICORIICHI_DATA_DIR`` is set to it): never the player's, so a game the player has
saved is neither continued nor overwritten, and the player's settings do not change the
pictures (the defaults play).

Moments are told from the scene on screen (its class name, its round's events), so the tool
follows the scenes as they grow. A picture whose moment never comes in ``--max-frames``
(its scene not built yet, or the game ended first) is named on stderr, its old file is kept,
and the exit code is 1.
"""

from __future__ import annotations

import argparse
import os
import struct
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "tests"))  # the scripted player

from engine.buttons import X, O  # noqa: E402

SCALE = 4
SEED = "PICORIICHI"  # reads as P1C0R11CH1; its first rounds have calls, a riichi and wins
GIF_FRAMES = 8 * 30  # eight seconds of play
GIF_CENTISECONDS_PER_FRAME = 100 / 30  # the GIF plays at the cartridge's 30 fps
RESULT_SHOWN_FRAMES = 45  # a result screen is shown this long before the picture and O
MAX_FRAMES = 60_000

Scene = Any


def scene_name(scene: Scene) -> str:
    return type(scene).__name__


def current_round(scene: Scene) -> Any:
    """The round a table scene plays (``scene.round`` or ``scene.game.round``), or None."""
    for path in (("round",), ("game", "round"), ("driver", "round")):
        value = scene
        for attribute in path:
            value = getattr(value, attribute, None)
        if value is not None and hasattr(value, "events"):
            return value
    return None


def event_names(scene: Scene) -> set[str]:
    round_ = current_round(scene)
    return {type(event).__name__ for event in round_.events} if round_ is not None else set()


def is_table(scene: Scene) -> bool:
    return "Table" in scene_name(scene) and current_round(scene) is not None


def results_page(scene: Scene) -> Any:
    """The result page a table shows over itself (``scene.results``), or None."""
    panel = getattr(scene, "results", None)
    pages = getattr(panel, "pages", None)
    if not pages:
        return None
    return pages[min(getattr(panel, "page", 0), len(pages) - 1)]


def has_call_and_riichi(scene: Scene) -> bool:
    names = event_names(scene)
    return (is_table(scene) and results_page(scene) is None and "Called" in names
            and "RiichiAccepted" in names and "Won" not in names and "RoundDrawn" not in names)


def shows_win(scene: Scene) -> bool:
    if type(results_page(scene)).__name__ == "Won":
        return True
    result = getattr(scene, "result", None)
    return not is_table(scene) and (bool(getattr(result, "wins", None)) or "Win" in scene_name(scene))


def shows_standings(scene: Scene) -> bool:
    return any(word in scene_name(scene) for word in ("Standing", "Final"))


def in_first_turns(scene: Scene) -> bool:
    return is_table(scene) and results_page(scene) is None and "Discarded" in event_names(scene)


def shown_long_enough(scene: Scene, scene_frames: int) -> bool:
    """A result (a page over the table, or a scene of its own) has been on screen a while."""
    panel = getattr(scene, "results", None)
    if panel is not None:
        return getattr(panel, "frames", RESULT_SHOWN_FRAMES) >= RESULT_SHOWN_FRAMES
    return is_table(scene) or scene_frames >= RESULT_SHOWN_FRAMES


class Photographer:
    """Steps the cartridge, presses the buttons, and takes the pictures as their moments come."""

    def __init__(self, out: Path, seed: str, max_frames: int) -> None:
        import pyxel

        from engine.cartridge import Cartridge
        from game.ui.title import TitleScene

        from playing import Fingers, ScriptedPlayer

        self.pyxel = pyxel
        self.player = ScriptedPlayer(calls=1)
        self.fingers = Fingers()
        self.out = out
        self.seed = seed
        self.max_frames = max_frames
        self.cart = Cartridge(TitleScene)
        self.keys = self.cart.buttons.read
        self.frames = 0
        self.scene_frames = 0  # frames the current scene has been on screen
        self.written: list[str] = []
        self.gif_started: int | None = None
        self.played = False  # a table has been on screen

    def step(self, held: tuple[int, ...] = ()) -> None:
        pyxel = self.pyxel
        for key in held:
            pyxel.set_btn(key, True)
        scene = self.cart.scene
        self.cart.update()
        self.cart.draw()
        pyxel.flip()
        for key in held:
            pyxel.set_btn(key, False)
        self.frames += 1
        self.scene_frames = self.scene_frames + 1 if self.cart.scene is scene else 0

    def shoot(self, name: str) -> None:
        self.pyxel.screenshot(str(self.out / name), SCALE)
        self.written.append(name)
        print(f"wrote {self.out / name}")

    def type_seed(self) -> None:
        """On the title: down to the seed line (past CONTINUE, were it offered), type the code, ENTER."""
        from game.ui.title import SEED as SEED_LINE

        pyxel = self.pyxel
        self.step()
        self.step()
        self.shoot("title.png")
        title = self.cart.scene
        for _ in range(len(title.entries)):
            if title.chosen == SEED_LINE:  # a letter typed there begins the code
                break
            self.step((pyxel.KEY_DOWN,))
            self.step()
        for char in self.seed:
            self.step((getattr(pyxel, f"KEY_{char}"),))
            self.step()
        self.step((pyxel.KEY_RETURN,))
        self.cart.buttons.read = self.fingers.read  # from now on the script presses the buttons

    def play(self) -> None:
        """Play on until every picture is taken or the frames run out."""
        wanted: dict[str, Callable[[Scene], bool]] = {
            "table.png": has_call_and_riichi,
            "win.png": shows_win,
            "standings.png": shows_standings,
        }
        while self.frames < self.max_frames and (wanted or self.gif_started is not None or
                                                 "turns.gif" not in self.written):
            scene = self.cart.scene
            self.record_gif(scene)
            for name, moment in list(wanted.items()):
                if moment(scene) and shown_long_enough(scene, self.scene_frames):
                    self.shoot(name)
                    del wanted[name]
                    if name == "table.png":
                        self.shoot_overlay()
            self.played = self.played or is_table(scene)
            if self.played and "Title" in scene_name(scene):
                break  # the game is over and the cartridge is back on the title
            posing = any(moment(scene) for moment in wanted.values())  # wait for the picture
            self.press(None if posing else scene)
            self.step()

    def review(self) -> None:
        """Back on the title after the game: REPLAYS, the game just played (the newest), your
        seat, and the review's pictures once it is done: a decision that agrees, one that
        differs with its reason, the summary."""
        pyxel = self.pyxel
        while "Title" not in scene_name(self.cart.scene) and self.frames < self.max_frames:
            self.press(self.cart.scene)  # the standings, read, then O
            self.step()
        self.cart.buttons.read = self.keys  # the keys again
        self.step()
        title = self.cart.scene
        if "Title" not in scene_name(title):
            return
        for _ in range([e.label for e in title.entries].index("REPLAYS")):
            self.step((pyxel.KEY_DOWN,))
            self.step()
        ready = (lambda scene: getattr(scene, "listed", False),  # the list, listed as thinking
                 lambda scene: "Viewer" in scene_name(scene),  # its newest log, read as thinking
                 lambda scene: True)  # your seat
        for done in ready:
            self.step((pyxel.KEY_Z,))
            self.step()
            while not done(self.cart.scene) and self.frames < self.max_frames:
                self.step()
        viewer = self.cart.scene
        review = getattr(viewer, "review", None)
        if review is None:
            return
        while not review.done and self.frames < self.max_frames:
            self.step()
        discards = [d for d in review.decisions if d.explanation.topic == "discard"]
        for name, wanted in (("review_agree.png", lambda d: d.cost.verdict == "agree"),
                             ("review_differ.png", lambda d: d.cost.verdict == "differ")):
            # the scripted player follows the hint, which is the strong CPU's answer: it differs
            # from the CPU only where it chooses by its script (riichi, calls), so any topic will do
            found = [d for d in discards if wanted(d)] or [d for d in review.decisions if wanted(d)]
            best = [d for d in found if d.explanation.threats] or found
            if best:
                viewer.go_to(best[0])  # as the summary's O does
                while viewer.log.stepped(best[0].round_index) is None and self.frames < self.max_frames:
                    self.step()  # the round is stepped through our rules first
                for _ in range(5):
                    self.step()
                while viewer.best_task is not None and self.frames < self.max_frames:
                    self.step()  # a discard's best cuts are measured as it is first shown
                self.step()
                self.shoot(name)
        self.step((pyxel.KEY_S,))
        self.step()
        self.shoot("review_summary.png")

    def to_title_entry(self, label: str) -> bool:
        """From any scene: the title again (as Esc, step by step, would bring it), the cursor
        down to ``label`` and Z; whether the title offered it."""
        pyxel = self.pyxel
        self.cart.restart()
        self.step()
        self.step()
        title = self.cart.scene
        labels = [e.label for e in getattr(title, "entries", [])]
        if label not in labels:
            return False
        for _ in range(labels.index(label)):
            self.step((pyxel.KEY_DOWN,))
            self.step()
        self.step((pyxel.KEY_Z,))
        self.step()
        return True

    def wait_for(self, ready: Callable[[Scene], bool]) -> bool:
        while not ready(self.cart.scene) and self.frames < self.max_frames:
            self.step()
        return ready(self.cart.scene)

    def practice(self) -> None:
        """PRACTICE on the title: the first position of the drill asked, then answered (Z: the
        tile under the cursor, the draw, as a player pressing at once would)."""
        if not self.to_title_entry("PRACTICE"):
            return
        if not self.wait_for(lambda scene: getattr(scene, "view", None) is not None):
            return
        for _ in range(5):
            self.step()
        self.shoot("practice.png")
        self.step((self.pyxel.KEY_Z,))
        if self.wait_for(lambda scene: getattr(scene, "told", None) is not None):
            for _ in range(5):
                self.step()
            self.shoot("practice_told.png")

    def your_games(self) -> None:
        """REPLAYS on the title, then S: YOUR GAMES, once every kept game is read and reviewed."""
        if not self.to_title_entry("REPLAYS"):
            return
        if not self.wait_for(lambda scene: getattr(scene, "listed", False)):
            return
        self.step((self.pyxel.KEY_S,))
        self.step()
        if self.wait_for(lambda scene: "YourGames" in scene_name(scene) and scene.stats is not None
                         and scene.reviewing >= sum(game is not None for _, game, _ in scene.games)):
            for _ in range(5):
                self.step()
            self.shoot("your_games.png")

    def press(self, scene: Scene | None) -> None:
        """The scripted player's button at the table; O on any other scene after a while; nothing
        while a scene poses for its picture (None)."""
        if scene is None:
            self.fingers.press(None)
        elif is_table(scene):
            self.fingers.press(self.player.button(scene))
        else:
            self.fingers.press(O if shown_long_enough(scene, self.scene_frames) else None)

    def shoot_overlay(self) -> None:
        """Hold X a moment (the fingers, not the keys), take the picture, let go."""
        self.fingers.down, self.fingers.resting = {X}, False
        for _ in range(3):
            self.step()
        self.cart.update()
        self.cart.draw()
        self.shoot("overlay.png")
        self.pyxel.flip()
        self.fingers.down = set()
        self.step()

    def record_gif(self, scene: Scene) -> None:
        if "turns.gif" in self.written:
            return
        if self.gif_started is None and in_first_turns(scene):
            self.pyxel.reset_screencast()
            self.gif_started = self.frames
        elif self.gif_started is not None and self.frames - self.gif_started >= GIF_FRAMES:
            path = self.out / "turns.gif"
            self.pyxel.screencast(str(path), SCALE)
            set_gif_delays(path, GIF_CENTISECONDS_PER_FRAME)
            self.written.append("turns.gif")
            self.gif_started = None
            print(f"wrote {path}")


def set_gif_delays(path: Path, centiseconds: float) -> None:
    """Give every frame of a GIF the delay of one cartridge frame.

    Pyxel writes each frame's delay from its own pace, which is as fast as possible headless;
    the delays are set here so the GIF plays at 30 fps (3 or 4 centiseconds in turn). Walks
    the GIF's blocks, so only the delay fields are touched.
    """
    data = bytearray(path.read_bytes())
    flags = data[10]
    at = 13 + (3 * 2 ** ((flags & 7) + 1) if flags & 0x80 else 0)  # header, screen, colour table
    frame = 0
    while at < len(data) and data[at] != 0x3B:  # the trailer
        if data[at] == 0x21:  # an extension: label, then sub-blocks
            if data[at + 1] == 0xF9:  # graphic control: the frame's delay at bytes 4-5
                delay = round((frame + 1) * centiseconds) - round(frame * centiseconds)
                struct.pack_into("<H", data, at + 4, delay)
                frame += 1
            at = skip_sub_blocks(data, at + 2)
        elif data[at] == 0x2C:  # an image: descriptor, local colour table, LZW size, sub-blocks
            flags = data[at + 9]
            at += 10 + (3 * 2 ** ((flags & 7) + 1) if flags & 0x80 else 0) + 1
            at = skip_sub_blocks(data, at)
        else:
            raise ValueError(f"{path}: unexpected GIF block {data[at]:#x} at byte {at}")
    path.write_bytes(bytes(data))


def skip_sub_blocks(data: bytearray, at: int) -> int:
    while data[at]:
        at += data[at] + 1
    return at + 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    parser.add_argument("--seed", default=SEED)
    parser.add_argument("--max-frames", type=int, default=MAX_FRAMES)
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from engine import audio, target
    from game.data.storage import DATA_DIR_VARIABLE

    target.init_pyxel(headless=True, fps=target.UNCAPPED_FPS)
    audio.silence()  # pictures need no sound, and a headless playm once deadlocked
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="picoriichi-screenshots-") as data:
        os.environ[DATA_DIR_VARIABLE] = data  # the run's own saves and settings, never the player's
        photographer = Photographer(args.out, args.seed.upper(), args.max_frames)
        photographer.type_seed()
        photographer.play()
        photographer.review()
        photographer.practice()
        photographer.your_games()
        photographer.cart.close()
    every = ("title.png", "turns.gif", "table.png", "overlay.png", "win.png", "standings.png",
             "review_agree.png", "review_differ.png", "review_summary.png", "practice.png",
             "practice_told.png", "your_games.png")
    missing = [name for name in every if name not in photographer.written]
    if missing:
        print(f"not taken (their moment never came in {photographer.frames} frames): {', '.join(missing)}",
              file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
