"""Any of our agents as an mjai bot: mjai.app's player protocol, in-process or on stdin/stdout.

The referee sends a JSON array of the events since the bot's last answer, up to the first
one the bot may act on; the bot answers each array with one JSON action, ``{"type":"none"}``
when it has nothing to do. :class:`MjaiBot` keeps a :class:`game.mjai.tracker.MjaiTracker`,
asks its agent for an action whenever the view has legal actions, and writes it in mjai.

A riichi takes two answers in mjai: ``reach``, then (once the referee echoes the reach)
the discard. The agent chooses both at once (:class:`game.rules.actions.Riichi` holds the tile),
so the bot keeps the tile for the second answer.

    >>> from game.play.baselines import EfficiencyAgent
    >>> bot = MjaiBot(EfficiencyAgent())
    >>> bot.react('[{"type":"start_game","id":0}]')
    '{"type":"none"}'
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, TextIO

from engine.tasks import run_to_end
from game.rules.errors import InputError
from game.mjai.protocol import NONE, action_to_mjai, tile_name
from game.mjai.tracker import MjaiTracker
from game.rules.actions import Riichi
from game.rules.view import PlayerView


class MjaiBot:
    """``react(events_json) -> action_json`` for an agent with ``act(view) -> task``."""

    def __init__(self, agent: Any, seat: int = 0) -> None:
        self.agent = agent
        self.tracker = MjaiTracker(seat)
        self.riichi_tile: int | None = None  # the discard of a riichi answered with reach

    def react(self, events_json: str) -> str:
        """Fold the events of one line and answer it. InputError (one line naming the event)
        for a line that is not mjai or an event no referee would send (game.mjai.referee and
        the tracker's checks); the round it came in is then lost to the bot, which answers
        ``none`` until the next ``start_kyoku``: never a move from a table it cannot trust."""
        try:
            events = json.loads(events_json)
        except (json.JSONDecodeError, RecursionError):
            raise self.tracker.refuse("the line is not JSON") from None
        if isinstance(events, dict):
            events = [events]
        if not isinstance(events, list) or not events:
            raise self.tracker.refuse("a line is a non-empty JSON array of mjai events")
        for event in events:
            self.tracker.update(event)
        try:
            answer = self.answer()
        except InputError as exc:
            raise self.tracker.refuse(str(exc)) from None
        return json.dumps(answer, separators=(",", ":"))

    def answer(self) -> dict:
        """The action for the events folded so far (``none`` when there is none to take)."""
        try:
            view = self.tracker.view()
        except (IndexError, KeyError, TypeError, ValueError) as exc:
            # events that each looked well-formed but together make no table (a seat that
            # drew twice, a fifteenth tile): the referee's stream is input like any other
            raise InputError(f"the events do not make a table this seat can play at ({exc})") from None
        if view is None or not view.legal_actions:
            return dict(NONE)
        if self.tracker.declared_riichi:
            return self._riichi_discard(view)
        try:
            action = run_to_end(self.agent.act(view))
        except InputError as exc:  # the CPU's own fault, never the referee's line: not refused as input
            raise RuntimeError(f"the CPU failed on a table it was given: {exc}") from exc
        if isinstance(action, Riichi):
            self.riichi_tile = action.tile
        return action_to_mjai(action, view)

    def _riichi_discard(self, view: PlayerView) -> dict:
        """The discard after our ``reach`` was echoed: the tile chosen with the riichi."""
        riichis = [a for a in view.legal_actions if isinstance(a, Riichi)]
        chosen = next((a for a in riichis if a.tile == self.riichi_tile), None)
        if chosen is None and riichis:
            chosen = riichis[0]
        if chosen is None:
            raise InputError("reach was echoed but no riichi discard is legal")
        self.riichi_tile = None
        return {"type": "dahai", "actor": view.seat, "pai": tile_name(chosen.tile),
                "tsumogiri": chosen.tile == view.drawn}


def serve(bot: MjaiBot, lines: Iterable[str], out: TextIO, err: TextIO) -> int:
    """mjai.app's player loop: one answer per non-empty line. A bad line (or a line with an
    event no referee would send) answers ``none`` with one line on ``err`` naming it, and the
    loop goes on; 2 if any line was bad."""
    status = 0
    for line in lines:
        if not line.strip():
            continue
        try:
            answer = bot.react(line)
        except InputError as exc:
            print(f"picoriichi mjai: {exc}", file=err, flush=True)
            answer, status = json.dumps(NONE, separators=(",", ":")), 2
        out.write(answer + "\n")
        out.flush()
    return status

