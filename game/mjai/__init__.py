"""mjai, the protocol mahjong AIs speak (Mortal, akochan, mjai.app's bots): reference.md §8.

Rooms: :mod:`~game.mjai.protocol` (tile names, our events and actions as mjai and back),
:mod:`~game.mjai.tracker` (a seat's :class:`game.rules.view.PlayerView` rebuilt from mjai events),
:mod:`~game.mjai.bot` (any agent of ours as an mjai bot), :mod:`~game.mjai.outside` (an
outside mjai bot, run as a process, seated at our table).
"""
