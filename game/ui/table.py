"""The table: a whole game of the player against three CPUs, played by the one driver.

The scene starts ``game.play.driver.Game`` as a task on the cartridge's scheduler. The player's seat
(drawn from the seed: not always East) is a ``WaitingAgent``: when the driver asks it, the
scene shows the choices (``prompts``: TSUMO, RIICHI, KAN, RON, CHI, PON, PASS ...; the cursor
on the safe one) and the hand (←→ and O to discard; the tiles O may throw bright, after RIICHI
only the discards that keep tenpai) and answers with the chosen action. The CPU seats think in
the same task; the driver's ``pace`` asks the scene how long to linger (a CPU turn lasts at
least the speed setting's frames, and a CPU's callout until it is read: ``callouts``; a
finished round waits for the player to read the results).

A new round's hand is on screen a moment (``FIRST_LOOK_FRAMES``) before the buttons act, and
a button held from the results reads as up until it is let go: mashing O through the results
never throws the next round's first discard unseen.

Esc or Enter pauses (resume, settings, quit to title), and so does a click on the pause
button in the top right corner. Holding X (or the right mouse button, or a long press on a
touch screen) shows every seat's hand and hint with the engine's meters; an arrow while X is
held brings back the table with a look cursor, and a tile pointed at is looked at too
(``look``: its name and story). With ``demo`` (the title's attract mode) four CPUs play and
any button returns to the title.
"""

from __future__ import annotations


import pyxel

from engine.buttons import ALL as ALL_BUTTONS
from engine.buttons import POINT, REST_FRAMES, X
from engine.cartridge import Cartridge
from engine.target import GREEN, LIGHT_GREY, PINK, WHITE
from engine.scheduler import Task
from engine.tasks import NEXT_FRAME, TaskGen
from engine.writer import until_written
from game.data.save import Continued
from game.cpu.strength import SIMPLER
from game.play.driver import Agent, Game, TsumogiriAgent, WaitingAgent, player_seat
from game.rules.actions import Pass
from game.data.settings import PRACTICE, Settings
from game.ui import board, callouts, centre, debug, hands, hints, look, paint, pause, pieces, saving, sound, take_back
from game.ui.board import HINT_X, INFO_Y
from game.ui.chooser import NO_CALLS_NOTE, Chooser
from game.ui.results import GUARD_FRAMES, ResultsPanel
from game.ui.saving import Saver
from game.ui.seats import seat_name
from game.ui.standings import StandingsScene
from game.ui.wiring import WIRING, Wiring
from game.rules.view import PlayerView
from game.coach import hint as coach_hint

PAUSE_KEYS = (pyxel.KEY_ESCAPE, pyxel.KEY_RETURN, pyxel.GAMEPAD1_BUTTON_START)
DEMO_RESULT_FRAMES = 90  # the demo reads each result page this long
OVER_FRAMES = 30  # the table stays a second with the round's end on it, before the results
LONG_PRESS_FRAMES = 15  # a press held this long (half a second) looks, as X held does
FIRST_LOOK_FRAMES = GUARD_FRAMES  # a new round's hand is on screen this long before a button acts


def seat_agents(settings: Settings, player: int | None, wiring: Wiring = WIRING) -> list[Agent]:
    """The table's seats (four, or three by ``settings.players``): the wiring's CPUs of the settings' strength, and the player's
    seat (none in a demo) a ``WaitingAgent`` that the buttons answer."""
    agents: list[Agent] = [wiring.cpu(settings.cpu_strength) for _ in range(settings.players)]
    if player is not None:
        agents[player] = WaitingAgent()
    return agents


class TableScene:
    def __init__(self, cart: Cartridge, seed_code: str, settings: Settings | None = None,
                 demo: bool = False, continued: Continued | None = None, wiring: Wiring = WIRING) -> None:
        """A new game on ``seed_code``, or a game ``continued`` from its save, already played
        again to where it was saved (seated by ``seat_agents``) behind the loading screen
        (game/ui/loading.py); ``wiring``: its CPUs and its coach (game/ui/wiring.py)."""
        self.cart = cart
        self.wiring = wiring
        self.seed_code = seed_code
        self.settings = settings or pause.settings_of(cart)
        self.demo = demo
        players = self.settings.players if continued is None else continued.game.ruleset.players
        seat = player_seat(seed_code, seats=players)
        self.player = None if demo else seat
        self.chair = seat  # the seat at the bottom of the screen
        if continued is None:
            agents = seat_agents(self.settings, self.player, wiring)
            self.game = Game(agents, seed_code, self.settings.ruleset())
            play = self.game.play()
        else:
            self.game, play = continued.game, continued.play
        self.human = self.game.agents[seat] if not demo else WaitingAgent()
        self.game.pace, self.game.frame_counter = self.pace, lambda: cart.scheduler.frames
        self.game.on_crash = self.fall_back  # a CPU that raises: a simpler one plays on, said in one line
        self.saver = None if demo else Saver(seed_code, self.settings,  # the rules it began with
                                             saving.handed(cart, wiring), saving.handed_shelf(cart, wiring),
                                             continued.saved.take_backs if continued is not None else 0)
        self.turn_began = 0  # the frame the present turn began (a CPU's lasts a moment)
        self.sounds = sound.EventSounds(self.player, wiring.play_sound)
        self.callouts = callouts.Callouts()
        self.view_key: tuple | None = None
        self.last_view: PlayerView | None = None
        if continued is not None:  # the moves played again behind the loading screen: nothing to hear or read
            self.sounds.heard_all(self.game.round)
            self.callouts.follow(self.game.round, 0, announce=False)
        self.catching_up = continued is not None and self.saved_as_asked(self.game)
        self.task: Task = cart.spawn(play, "game")
        self.frames = 0  # frames since the present thing to linger over began
        self.round_shown: object = None  # the round whose hand is on screen, and since when
        self.round_shown_at = 0
        self.results: ResultsPanel | None = None
        self.menu: pause.PauseMenu | None = None
        self.chooser = Chooser(self)
        self.take_back = take_back.TakeBack(self, seat_agents)  # practice: a cut undone
        self.hint = hints.HintKeeper(cart, wiring.analyse, wiring.judge_cut)
        self.debug = debug.DebugView(cart)
        self.look = look.Look()  # a tile pointed at, or stepped to with X and the arrows

    def fall_back(self, seat: int, agent: Agent, error: Exception) -> Agent:
        """The driver's ``on_crash``: a CPU raised in its decision. The table says so in one
        line (the traceback goes to stderr) and a simpler CPU plays the seat on; the game's log
        names both (``Game.player_name``)."""
        strength = SIMPLER.get(getattr(getattr(agent, "strength", None), "name", ""))
        replacement = self.wiring.cpu(strength) if strength else TsumogiriAgent()
        who = seat_name(seat, self.game.round.dealer if self.game.round else 0, self.player, self.game.ruleset.players)
        now = f"{strength.upper()} CPU" if strength else "A SEAT THAT THROWS ITS DRAW"
        self.cart.report(f"{who} FAILED: {now} PLAYS ON", error)
        return replacement

    # -- the driver's pace: how long things linger -----------------------------------------

    def pace(self, moment: str, game: Game):
        """Task (the driver's ``pace`` hook): hold play until the eye has caught up.

        After a CPU's visible action (not a pass) its turn lasts at least the speed setting's
        frames, and a CPU's callout (riichi, a call, a win) stays until read; the end of a
        round stays on the table a second, then waits for the player to read the results;
        nothing goes on while the game is paused.

        A game brought back saved as the player was about to be asked (``catching_up``) goes
        straight on to that question: the moments between its last saved answer and it (a
        round's end and results, the next deal) were on screen before the game was left.
        """
        if self.catching_up:
            rnd = game.round
            if rnd is None or rnd.over or self.player not in rnd.awaiting():
                return
            self.catching_up = False
        if self.saver is not None and (moment == "game_end" or self.player_moved(game)):
            yield from self.saver.after("action" if moment != "game_end" else moment, game)
        if self.saver is not None and moment == "game_end":
            yield from self.saver.keep_log(game)
        if moment == "action":  # in this frame's thinking: the next frame is the first to draw it
            self.callouts.follow(game.round, self.frames + 1)
        while self.menu is not None:
            yield NEXT_FRAME
        if moment == "action":
            yield from self.linger(game)
        elif moment == "round_end":
            # A full collection while the results are read: besides cycles it empties CPython's
            # free lists, where a round leaves hundreds of KiB of spare tuples (on 3.11 a freed
            # 20-item tuple, such as a PlayerView's arguments, is kept there and never reused)
            # that the memory meter counts.
            self.cart.collect()
            self.results = ResultsPanel(game.round, self.player, game.match, also=self.take_back.footer)
            while not self.results.done:
                yield NEXT_FRAME
            self.results = None
        self.turn_began = self.frames

    def linger(self, game: Game):
        """Task: after an action, the round's end or a CPU's turn stays its frames on the
        table, and so does a CPU's callout."""
        if game.round.over:  # the win or the draw, seen on the table
            start = self.frames
            while self.frames - start < OVER_FRAMES:
                yield NEXT_FRAME
        elif self.cpu_acted(game):
            while self.frames - self.turn_began < self.settings.cpu_turn_frames:
                yield NEXT_FRAME
        while self.callouts.holding(self.frames, self.settings.callout_frames, self.player):
            yield NEXT_FRAME

    def saved_as_asked(self, game: Game) -> bool:
        """A game brought back was saved as the player was about to be asked: its last saved
        answer is another seat's (``player_moved``'s other moment is the player's own answer)."""
        return bool(game.decisions) and game.decisions[-1].seat != self.player

    def player_moved(self, game: Game) -> bool:
        """The player has just answered, or is about to be asked: the moments to save (the
        CPUs' moves between are played again alike on CONTINUE)."""
        rnd = game.round
        last = game.decisions[-1] if game.decisions else None
        answered = last is not None and last.seat == self.player
        return answered or (rnd is not None and not rnd.over and self.player in rnd.awaiting())

    def cpu_acted(self, game: Game) -> bool:
        last = game.decisions[-1] if game.decisions else None
        return last is not None and last.seat != self.player and not isinstance(last.action, Pass)

    # -- update ------------------------------------------------------------------------------

    @property
    def view(self) -> PlayerView | None:
        """What the bottom seat sees now (None before the first deal), made once per event."""
        rnd = self.game.round
        if rnd is None:
            return None
        key = (id(rnd), len(rnd.events), rnd.phase)
        if key != self.view_key:
            self.view_key, self.last_view = key, rnd.view(self.chair, legal=False)
        return self.last_view

    def update(self) -> None:
        buttons = self.cart.buttons
        if self.demo:
            self.frames += 1
            self.update_demo()
            return
        if self.menu is not None:
            self.menu.update()
            if self.menu.closed:  # a preference holds at once; a rule (PLAYERS, LENGTH...) waits for the next game
                self.settings = self.menu.settings.for_game(self.settings)
                self.menu = None
            return
        if self.take_back.update(buttons):
            return  # taken back, or being: the game on the table is left where it stood
        if any(pyxel.btnp(key) for key in PAUSE_KEYS) or buttons.clicked_in(*board.PAUSE_BOX):
            self.menu = pause.PauseMenu(self.cart, self.settings, self.seed_code, on_quit=self.leave,
                                        wiring=self.wiring, players=self.game.ruleset.players,
                                        take_back=self.take_back.menu_item())
            return
        self.frames += 1  # the table's clock: it stands still while paused
        self.note_new_round()
        self.sounds.follow(self.game.round)
        self.callouts.follow(self.game.round, self.frames, announce=not self.game.replaying)
        if self.task.done:
            self.finish()
        elif self.results is not None:
            self.results.update(buttons)
        elif not self.overlay_asked:
            self.chooser.update(buttons)
        self.look.update(buttons, None if self.results is not None or self.shuffling else self.view, self.player)
        self.hint.follow(self.view, self.human.asking, self.game.match.ruleset, self.game.replaying)

    @property
    def overlay_asked(self) -> bool:
        """The hold-X view is asked for: X held (or the right mouse button), or on a touch
        screen a long press (a finger held still half a second)."""
        buttons = self.cart.buttons
        return buttons.held(X) or buttons.frames_held(POINT) >= LONG_PRESS_FRAMES

    def note_new_round(self) -> None:
        """A new round's hand comes on screen: a button held from the results, or pressed in a
        run of presses begun there (mashing O), acts on nothing until it has been let go a
        quarter second."""
        rnd = self.game.round
        if rnd is not None and rnd is not self.round_shown and not self.shuffling and self.results is None:
            self.round_shown, self.round_shown_at = rnd, self.frames
            self.cart.buttons.hold_over(rest=REST_FRAMES)

    @property
    def looking(self) -> bool:
        """The look cursor is out (X held with an arrow): the table, not the engine's meters, is shown."""
        return self.look.keyed

    @property
    def hand_seen(self) -> bool:
        """The round's hand has been on screen a moment (mashing O through the results must
        not throw the first discard of the next round unseen)."""
        return self.frames - self.round_shown_at >= FIRST_LOOK_FRAMES

    def leave(self) -> Task | None:
        """Quit to the title from the pause menu: the game's log is kept as it stands, as
        thinking, and written with the save (the task the pause menu waits for before the
        title); the hint is dropped."""
        self.hint.stop()
        return self.cart.spawn(self.leaving(), "keep log") if self.saver is not None else None

    def leaving(self) -> TaskGen[None]:
        """Task: the log kept, then every write handed over done (the save, the settings, the log)."""
        yield from self.saver.keep_log(self.game)
        yield from until_written(self.cart.writer)

    def update_demo(self) -> None:
        buttons = self.cart.buttons
        if any(buttons.pressed(b) for b in (*ALL_BUTTONS, POINT)) or any(pyxel.btnp(k) for k in PAUSE_KEYS):
            self.cart.restart()
        elif self.task.done:
            self.cart.restart()
        elif self.results is not None:
            self.results.frames += 1
            if self.results.frames >= DEMO_RESULT_FRAMES:
                self.results.turn_page()

    def finish(self) -> None:
        """The game is over (or its task failed: the cartridge shows why): the standings."""
        if self.task.state == Task.DONE:
            self.cart.change(StandingsScene, self.task.result, self.seed_code, self.player)
        else:
            self.cart.restart()

    # -- draw --------------------------------------------------------------------------------

    def draw(self) -> None:
        pieces.show_red_fives(self.game.ruleset.red_fives)  # this game's rule, for every painter
        if self.menu is not None:
            self.menu.draw()
        elif self.results is not None:
            self.results.draw()
        elif self.overlay_asked and not self.demo and not self.look.keyed:
            self.debug.draw(self.game, self.seed_code, self.player, practice=self.settings.hints == PRACTICE,
                            own=self.hint)
        else:
            self.draw_table()

    def draw_table(self) -> None:
        view = self.view
        if view is None or self.shuffling:
            pyxel.cls(board.FELT)
            centre.draw_shuffle(board.CENTRE_BOX, self.frames)
            return
        thinking = bool(self.cart.scheduler.tasks) and not getattr(self.task, "waiting", False)
        board.draw_board(view, self.game.match.round_index, thinking, self.frames)
        if view.over:
            self.draw_banner()
        if self.demo:
            hands.draw_hand(board.HAND_X, board.HAND_Y, hands.hand_in_order(view.hand, view.drawn),
                            view.drawn is not None)
            paint.text(HINT_X, INFO_Y, "DEMO: ANY BUTTON", LIGHT_GREY)
        else:
            self.chooser.draw(view)
            self.draw_info(view)
            board.draw_pause_button()
        self.callouts.draw(self.chair, self.frames, self.settings.callout_frames,  # over everything
                           self.game.ruleset.players)
        if not self.demo:
            self.look.draw()  # over the callouts too: asked for

    @property
    def shuffling(self) -> bool:
        """Between rounds: the last round is filed and the next one's wall is being shuffled."""
        rnd = self.game.round
        return rnd is not None and rnd.over and bool(self.game.rounds) and self.game.rounds[-1] is rnd

    def draw_banner(self) -> None:
        draw_end_banner(self.game.round.result)

    def draw_info(self, view) -> None:
        """On the hint's row (the board has drawn the player's nameplate at its start) the
        chooser's line (or its bar), else the hint (own turn) or the waits; the notes in the
        corner."""
        notes = self.chooser.notes() + self.take_back.notes()  # the buttons behind UP, a take-back
        warnings = [] if self.chooser.draw_info() else self.draw_hint_line(view)
        figures = self.bar_figures()
        if self.chooser.no_calls:  # the round's calls are all passed: said while it lasts
            warnings.append(NO_CALLS_NOTE)
        board.draw_notes(notes + figures + warnings,
                         [WHITE] * len(notes) + [GREEN] * len(figures) + [PINK] * len(warnings))

    def bar_figures(self) -> list[str]:
        """While the bar of buttons covers the hint's row, the hint's figures for the corner
        (its answer is marked on the bar: ``Chooser.hint_answer``)."""
        hint = self.hint.hint
        if not self.chooser.bar_shown() or self.chooser.hint_answer() is None:
            return []
        figures = hints.head_text(hint, short=True)
        return [figures] if figures else []

    def draw_hint_line(self, view) -> list[str]:
        """The hint, the practice verdict or the waits on the hint's row; the warnings for
        the corner (FURITEN, NO YAKU or TSUMO ONLY)."""
        hint = self.hint.hint
        practice = self.settings.hints == PRACTICE
        fresh = self.hint.verdict_fresh  # it stands its frames, over the next draw's figures too
        verdict = self.hint.verdict if practice and (view.drawn is None or fresh) else None
        if hint is None:
            if verdict is not None:  # the cut's verdict while the new hand's analysis runs
                hints.draw_verdict(HINT_X, INFO_Y, verdict)
            elif self.hint.thinking and self.settings.hints:
                paint.text(HINT_X, INFO_Y + 1, hints.THINKING, LIGHT_GREY)  # never a stale figure
            return []
        if verdict is not None and (fresh or not hint.waits):
            hints.draw_verdict(HINT_X, INFO_Y, verdict)  # the last cut against the hint
        elif hint.waits and view.drawn is None:
            hints.draw_waits(HINT_X, INFO_Y, hint, view)
        elif self.settings.hints:
            hints.draw_hint(HINT_X, INFO_Y, hint, hide_cut=practice)
        furiten = hint.waits and coach_hint.furiten(view, hint.waits)  # the pond may have grown since
        return [w for w in ("FURITEN" if furiten else "", hint.no_yaku) if w]


def draw_end_banner(result) -> None:
    """How the round just ended, over the table's centre box, before the results."""
    board.draw_banner(banner_text(result))


def banner_text(result) -> str:
    """The centre box's word for how a round ended: TSUMO, RON or DRAW. A double ron says RON
    once (the box holds one big word; each winner's own callout stands at its seat).

        >>> from types import SimpleNamespace as Win
        >>> banner_text(Win(wins=[Win(from_seat=2), Win(from_seat=2)])), banner_text(Win(wins=[]))
        ('RON', 'DRAW')
    """
    if not result.wins:
        return "DRAW"
    return "TSUMO" if result.wins[0].from_seat is None else "RON"
