"""An outside mjai bot at our table: a process that speaks mjai.app's player protocol.

:class:`OutsideBot` is an agent of the one driver (:mod:`game.play.driver`). It turns the events
its seat observes (already masked for it) into mjai events, and when the driver asks it to
act, sends them as one line (a JSON array) to the process and reads one JSON action back,
then reads that action as one of the view's legal actions. Between asks, the events of a
round's end are sent as their own lines (the answers, ``none``, are read and dropped), as a
referee does. A riichi is two answers in mjai (``reach``, then the discard after the echo).

An answer that is not legal is returned as :class:`Unreadable`, which no view lists: the
driver records it as invalid and plays a safe action instead. A bot that gives no answer
within ANSWER_SECONDS is stopped (a simulation must not hang on it): from then on every ask
is answered as Unreadable, so the game goes on with safe actions and counts them invalid.
"""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
from dataclasses import dataclass
from typing import Any

from engine.tasks import TaskGen
from game.rules.errors import InputError
from game.mjai.protocol import MjaiWriter, action_from_mjai, names, riichi_from_mjai, start_kyoku
from game.rules.actions import Riichi
from game.rules.view import PlayerView

CLOSE_SECONDS = 10
ANSWER_SECONDS = 60  # the longest an outside bot may think about one answer


@dataclass(frozen=True)
class Unreadable:
    """An answer of the outside bot that names no legal action."""
    text: str


class OutsideBot:
    """The agent ``mjai:COMMAND``: one process per game, started at the game's start."""

    def __init__(self, command: str, answer_seconds: float = ANSWER_SECONDS) -> None:
        self.command = command
        self.answer_seconds = answer_seconds  # how long it may think about one answer
        self.name = f"mjai:{command}"
        self.seat = 0
        self.writer = MjaiWriter(0)
        self.pending: list[dict] = []
        self.process: subprocess.Popen | None = None
        self.lines: queue.Queue[str] = queue.Queue()
        self.stopped = ""  # why the bot was stopped, once it has been

    # --- the process ------------------------------------------------------------------

    def start(self) -> None:
        try:
            words = shlex.split(self.command)
        except ValueError as exc:
            raise InputError(f"mjai command {self.command!r}: {exc}") from None
        if not words:
            raise InputError("mjai: needs a command")
        try:
            self.process = subprocess.Popen(words, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                            text=True, bufsize=1)
        except OSError as exc:
            raise InputError(f"mjai command {self.command!r} cannot start: {exc.strerror}") from None
        # a thread reads the answers so that waiting for one can time out
        threading.Thread(target=self._read_lines, args=(self.process.stdout,), daemon=True).start()

    def _read_lines(self, stream) -> None:
        for line in stream:
            self.lines.put(line)
        self.lines.put("")  # the output closed

    def close(self) -> None:
        """End the process: its input closes; one that does not stop soon is killed."""
        if self.process is not None:
            process, self.process = self.process, None
            try:
                process.stdin.close()
                process.wait(timeout=CLOSE_SECONDS)
            except (OSError, subprocess.TimeoutExpired):
                process.kill()
                process.wait()

    def _ask(self, events: list[dict]) -> Any:
        """Send one line of events and read the JSON answer."""
        if self.stopped:
            return {"type": "unreadable", "text": self.stopped}
        if self.process is None:
            self.start()
        line = json.dumps(events, separators=(",", ":"))
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
            answer = self.lines.get(timeout=self.answer_seconds)
        except (BrokenPipeError, OSError):
            answer = ""
        except queue.Empty:
            self.stopped = f"no answer in {self.answer_seconds} s"
            self.process.kill()  # a bot that stopped answering gets no grace to close
            self.close()
            return {"type": "unreadable", "text": self.stopped}
        if not answer:
            raise InputError(f"mjai bot {self.command!r} closed its output")
        try:
            return json.loads(answer)
        except json.JSONDecodeError:
            return {"type": "unreadable", "text": answer.strip()[:80]}

    def _flush(self) -> Any:
        events, self.pending = self.writer.order_kan_draw(self.pending), []
        return self._ask(events)

    # --- the agent ----------------------------------------------------------------------

    def observe(self, event: Any) -> None:
        kind = type(event).__name__
        if kind == "GameStarted":
            self.seat = event.seat
            self.writer = MjaiWriter(event.seat)
            self._ask([{"type": "start_game", "names": list(event.names), "id": event.seat}])
        elif kind == "RoundStarted":
            # the hands come with the deal (the dealer's RoundStarted hand holds its first draw)
            self.pending = [start_kyoku(self.seat, event.round_index // 4, event.dealer, event.honba,
                                        event.sticks, tuple(event.scores), event.dora_indicator, None)]
        elif kind == "Dealt":
            self.writer.events(event)
            self.pending[0]["tehais"][self.seat] = names(sorted(event.hands[self.seat]))
        elif kind == "RoundEnded":
            self.pending.append({"type": "end_kyoku"})
            self._flush()
        elif kind == "GameEnded":
            self._ask([{"type": "end_game"}])
            self.close()
        else:
            self.pending += self.writer.events(event)

    def act(self, view: PlayerView) -> TaskGen[Any]:
        yield
        answer = self._flush()
        try:
            action = action_from_mjai(answer, view)
            if isinstance(action, Riichi):
                self.writer.answered_reach = True
                action = riichi_from_mjai(self._ask([{"type": "reach", "actor": view.seat}]), view)
        except InputError:
            return Unreadable(json.dumps(answer)[:120])
        return action
