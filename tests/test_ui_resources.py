"""resources.pyxres loads, holds the art of art/ (tools/art.py) where game/ui/sheet.py places it, and
the sounds; it rebuilds to the same bytes, with the layout table beside it; every sound reaches
Pyxel headless, and none while Ctrl+M has muted the game."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import audio, target
from game.ui import sheet, sheet_layout, sound

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import art  # noqa: E402  (tools/art.py)


def test_the_loaded_sprite_sheet_holds_every_sprite(pyxel_headless):
    bank = pyxel_headless.images[sheet.BANK]
    for name, sprite in art.compose().items():
        for dy, row in enumerate(sprite.rows):
            got = "".join(f"{bank.pget(sprite.x + dx, sprite.y + dy):x}" for dx in range(sprite.w))
            assert got == row, f"{name} row {dy}"


def test_all_art_lies_in_the_128_pixel_sprite_sheet_without_overlap():
    bank, x0, y0, w, h = target.SPRITE_SHEET
    assert bank == sheet.BANK
    taken: dict[tuple[int, int], str] = {}
    for name, sprite in art.compose().items():
        assert x0 <= sprite.x and sprite.x + sprite.w <= x0 + w, name
        assert y0 <= sprite.y and sprite.y + sprite.h <= y0 + h, name
        assert all(len(row) == sprite.w for row in sprite.rows), name
        for dy in range(sprite.h):
            for dx in range(sprite.w):
                other = taken.setdefault((sprite.x + dx, sprite.y + dy), name)
                assert other == name, f"{name} overlaps {other}"


def test_the_tool_rebuilds_the_committed_file_byte_for_byte(tmp_path):
    out = tmp_path / "resources.pyxres"
    subprocess.run([sys.executable, str(ROOT / "tools" / "build_resources.py"), str(out)],
                   check=True, capture_output=True, env={**os.environ, "SDL_AUDIODRIVER": "dummy"})
    assert out.read_bytes() == target.RESOURCE_FILE.read_bytes()


def test_the_layout_table_beside_the_sheet_is_the_arts_own():
    """game/ui/sheet_layout.py is what tools/build_resources.py writes from art/ today."""
    assert (ROOT / "game" / "ui" / "sheet_layout.py").read_text(encoding="utf-8") == art.layout_source()
    fonts = art.font()
    assert sheet.FONT_CHARS == tuple(fonts) and sheet_layout.FONT_WIDTHS == {c: len(r[0]) for c, r in fonts.items()}
    logo = art.compose()["logo"]
    assert (logo.x, logo.y, logo.w, logo.h) == (*sheet.LOGO_ORIGIN, sheet.LOGO_W, sheet.LOGO_H)


def test_the_text_font_beside_the_sheet_is_the_arts_own():
    """game/ui/font_text.bdf is what tools/build_resources.py writes from art/font_text.txt today."""
    assert art.TEXT_FONT_FILE.read_text(encoding="utf-8") == art.bdf_source()



def test_the_sounds_keep_pico8s_limits_and_each_has_notes(pyxel_headless):
    assert len(sound.NUMBERS) <= 64 and audio.CHANNELS == 4
    for name, number in sound.NUMBERS.items():
        assert len(pyxel_headless.sounds[number].notes) > 0, name
    tune = pyxel_headless.musics[sound.TITLE_MUSIC].seqs
    assert [list(seq) for seq in tune[:3]] == [[sound.NUMBERS[part]] for part in sound.TUNE_PARTS]


class Speaker:
    """Pyxel's play, playm and stop, each call recorded on its way through to Pyxel (whose
    audio the tests stand in for: conftest's ``pyxel_headless``)."""

    def __init__(self, pyxel, monkeypatch) -> None:
        self.calls: list[tuple] = []
        for name in ("play", "playm", "stop"):
            real = getattr(pyxel, name)
            monkeypatch.setattr(pyxel, name, self.recording(name, real))
        monkeypatch.setitem(audio._state, "broken", False)

    def recording(self, name, real):
        def call(*args, **kw):
            self.calls.append((name, *args))
            return real(*args, **kw)

        return call

    def heard(self) -> list[tuple]:
        """The calls since the last time asked."""
        calls, self.calls = self.calls, []
        return calls


@pytest.mark.parametrize("name", sound.NAMES)
def test_every_sound_plays_headless(pyxel_headless, monkeypatch, name):
    speaker = Speaker(pyxel_headless, monkeypatch)
    assert not sound.muted()
    sound.play(name)
    assert not audio._state["broken"]
    expected = ("playm", sound.TITLE_MUSIC) if name == sound.TITLE else ("play", audio.SFX_CHANNEL, sound.NUMBERS[name])
    assert speaker.heard() == [expected]  # it reached Pyxel (a muted or broken sound would not)
    sound.stop()


def test_muted_sounds_do_not_play_and_unmuting_restores_them(pyxel_headless, monkeypatch):
    played = []
    monkeypatch.setattr(pyxel_headless, "play", lambda *args, **kw: played.append(args))
    sound.set_muted(True)
    try:
        sound.play("discard")
        assert played == [] and sound.muted()
    finally:
        sound.set_muted(False)
    sound.play("discard")
    assert played == [(audio.SFX_CHANNEL, sound.NUMBERS["discard"])]


def test_a_failing_audio_device_turns_sound_off_instead_of_stopping_the_game(pyxel_headless, monkeypatch):
    def no_device(*args, **kw):
        raise RuntimeError("no audio device")

    monkeypatch.setattr(pyxel_headless, "play", no_device)
    monkeypatch.setitem(audio._state, "broken", False)
    sound.play("riichi")  # no exception
    assert audio._state["broken"]
    sound.play("riichi")


def test_a_silenced_run_sends_no_call_to_pyxels_audio_not_even_stop(pyxel_headless, monkeypatch):
    """A headless child process or the screenshot tool silences its audio: nothing, not even
    the stop that muting sends, reaches Pyxel's audio thread."""
    calls = []
    for name in ("play", "playm", "stop"):
        monkeypatch.setattr(pyxel_headless, name, lambda *args, name=name, **kw: calls.append(name))
    monkeypatch.setitem(audio._state, "silenced", False)
    sound.play(sound.TITLE)
    assert calls == ["playm"]
    audio.silence()
    sound.play(sound.TITLE)
    sound.play("discard")
    sound.set_muted(True)
    sound.set_muted(False)
    assert calls == ["playm"]


def test_ctrl_m_mutes_and_unmutes_without_holding_x(make_cart):
    import pyxel
    from stepping import Blank, step

    cart = make_cart(Blank)
    assert not sound.muted()
    try:
        for expected in (True, False):
            pyxel.set_btn(pyxel.KEY_LCTRL, True)
            pyxel.set_btn(pyxel.KEY_M, True)
            step(cart)
            assert sound.muted() is expected
            assert not cart.overlay_shown  # M is an X key, but not under Ctrl
            pyxel.set_btn(pyxel.KEY_M, False)
            pyxel.set_btn(pyxel.KEY_LCTRL, False)
            step(cart)
    finally:
        pyxel.set_btn(pyxel.KEY_M, False)
        pyxel.set_btn(pyxel.KEY_LCTRL, False)
        sound.set_muted(False)


def ctrl_m(cart) -> None:
    """Ctrl+M pressed and let go, through the cartridge's frames."""
    import pyxel
    from stepping import step

    pyxel.set_btn(pyxel.KEY_LCTRL, True)
    pyxel.set_btn(pyxel.KEY_M, True)
    step(cart)
    pyxel.set_btn(pyxel.KEY_M, False)
    pyxel.set_btn(pyxel.KEY_LCTRL, False)
    step(cart)


def test_ctrl_m_silences_what_the_game_plays_and_a_second_ctrl_m_brings_it_back(make_cart, monkeypatch):
    """On the title and at the table, every sound the scenes play reaches Pyxel or not as Ctrl+M
    says: its tune and cursor, the table's discards."""
    import pyxel
    from playing import Fingers, ScriptedPlayer, counting_clock, wired_title
    from stepping import press, step, step_until

    from game.data.settings import Settings
    from game.ui.table import TableScene
    from game.ui.wiring import Wiring

    speaker = Speaker(pyxel, monkeypatch)
    cart = make_cart(wired_title(Wiring(new_seed_code=lambda: "MTEDGAME01")), clock=counting_clock())  # the same game each run
    cart.settings = Settings(cpu_speed="fast")
    try:
        step(cart)
        assert ("playm", sound.TITLE_MUSIC) in speaker.heard()  # the title tune
        cursor = ("play", audio.SFX_CHANNEL, sound.NUMBERS["cursor"])
        ctrl_m(cart)
        assert sound.muted() and ("stop",) in speaker.heard()  # what played stops
        press(cart, pyxel.KEY_DOWN)
        press(cart, pyxel.KEY_UP)
        assert speaker.heard() == []
        ctrl_m(cart)
        press(cart, pyxel.KEY_DOWN)
        assert not sound.muted() and speaker.heard() == [cursor]
        press(cart, pyxel.KEY_UP)
        assert speaker.heard() == [cursor]
        ctrl_m(cart)
        press(cart, pyxel.KEY_Z)  # NEW GAME, muted
        table = cart.scene
        assert isinstance(table, TableScene)
        player, fingers = ScriptedPlayer(), Fingers()
        cart.buttons.read = fingers.read  # the player plays on; Ctrl+M stays the keyboard's

        def discards_reach(count: int) -> bool:
            fingers.press(player.button(table))
            rnd = table.game.round
            return rnd is not None and sum(type(e).__name__ == "Discarded" for e in rnd.events) >= count

        step_until(cart, lambda: discards_reach(3), limit=3000)
        assert [c for c in speaker.heard() if c[0] != "stop"] == []
        ctrl_m(cart)
        step_until(cart, lambda: discards_reach(6), limit=3000)
        assert ("play", audio.SFX_CHANNEL, sound.NUMBERS["discard"]) in speaker.heard()
    finally:
        sound.set_muted(False)


def test_a_round_sounds_each_event_once_and_the_most_important_of_a_frame(pyxel_headless):
    from game.rules.actions import Discard
    from game.rules.round import Round
    from game.rules.wall import Wall

    played = []
    rnd = Round.start(Wall(list(range(136))), dealer=0)
    listener = sound.EventSounds(0, played.append)
    assert listener.follow(rnd) == "draw" and played == ["draw"]  # the dealer's first draw
    assert listener.follow(rnd) is None  # heard already
    rnd.apply(0, Discard(rnd.hand(0)[0]))  # a discard, then seat 1 draws: the discard sounds
    assert listener.follow(rnd) == "discard"
    assert played == ["draw", "discard"]
    fresh = Round.start(Wall(list(range(136))), dealer=1)
    assert listener.follow(fresh) is None  # seat 1's draw is not the listener's
