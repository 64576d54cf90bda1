"""The rules of riichi mahjong as Tenhou plays them: pure Python, no I/O, no clock, no pyxel.

Everything else stands on this package (the driver, the CPUs, the records, the UI); it imports
only the standard library, itself and ``engine.tasks`` (docs/design.md lists each room's job).
"""
