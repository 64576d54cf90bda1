"""The mjai package's RulebaseBot on stdin/stdout, seated by start_game's id (run it in .venv-mjai,
which benchmarks/cpu_vs_rulebase.py makes). Not a benchmark: `make bench` runs benchmarks/*.py only.

An outside bot for ``picoriichi sim``: the package's own ``Bot.start()`` loop needs the
seat when the bot is built, so this reads the first line (``start_game``) first::

    picoriichi sim --games 8 --seed S --seats "mjai:.venv-mjai/bin/python benchmarks/bots/rulebase_bot.py,cpu,cpu,cpu"

The bot prints any event its state tracker (Mortal's libriichi PlayerState) refuses to
stderr: a strict outside check of the events our table sends.
"""

import json
import sys

from loguru import logger
from mjai.bot.rulebase import RulebaseBot

logger.remove()
first = sys.stdin.readline()
events = json.loads(first)
bot = RulebaseBot(player_id=events[0].get("id", 0))
print(bot.react(first.strip()), flush=True)
for line in sys.stdin:
    print(bot.react(line.strip()), flush=True)
