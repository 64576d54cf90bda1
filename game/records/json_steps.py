"""JSON read as a task, 2 KiB of text a step: a long document (a save, a log) never holds
a frame. Each piece is read by ``json``'s own parser (``JSONDecoder.raw_decode``, with the
hooks a reader gives its decoder), so the values are those ``json.loads`` gives; the objects
and arrays of the top ``WALKED_DEPTH`` levels are walked piece by piece (a log's rounds, a
save's decisions), deeper ones read whole (a round, a decision: small). A step ends once
``STEP_CHARS`` of text have been read since the last one. The walked levels take no
``object_hook``.

    >>> from engine.tasks import run_to_end
    >>> run_to_end(read_task(' {"log": [[1, 2.5], {"b": null}], "c": "d"} '))
    {'log': [[1, 2.5], {'b': None}], 'c': 'd'}
    >>> run_to_end(read_task('{"a": [1, 2}'))
    Traceback (most recent call last):
    ...
    ValueError: no , or ] at 11
"""

from __future__ import annotations

import json
import re

from engine.tasks import TaskGen

STEP_CHARS = 2048  # text read per step: about 2 ms under the memory tracer (json.loads of 256 KiB: 61 ms)
WALKED_DEPTH = 2  # containers this deep are walked piece by piece; deeper ones are read whole
_SPACE = re.compile(r"[ \t\n\r]*")  # JSON's white space
_DECODER = json.JSONDecoder()


def read_task(text: str, decoder: json.JSONDecoder = _DECODER) -> TaskGen[object]:
    """Task: the JSON value ``text`` holds; ValueError (JSONDecodeError, or one saying where)
    when it holds none, or more (RecursionError for a piece nested past Python's limit)."""
    reader = _Reader(text, decoder)
    try:
        value = yield from reader.value(0)
        reader.space()
    except IndexError:
        raise ValueError(f"the text ends at {len(text)}, within a value") from None
    if reader.at != len(text):
        raise ValueError(f"more after the value, at {reader.at}")
    return value


class _Reader:
    """Where the reading stands in the text, and how much was read since the last step."""

    def __init__(self, text: str, decoder: json.JSONDecoder) -> None:
        self.text = text
        self.decoder = decoder
        self.at = 0
        self.stepped_at = 0  # where the last step ended

    def space(self) -> None:
        self.at = _SPACE.match(self.text, self.at).end()

    def expect(self, marks: str) -> str:
        """The mark (one of ``marks``) at the next character, read with the space around it."""
        self.space()
        mark = self.text[self.at]
        if mark not in marks:
            raise ValueError(f"no {' or '.join(marks)} at {self.at}")
        self.at += 1
        self.space()
        return mark

    def value(self, depth: int) -> TaskGen[object]:
        self.space()
        opening = self.text[self.at]
        if depth < WALKED_DEPTH and opening == "{":
            return (yield from self.object(depth))
        if depth < WALKED_DEPTH and opening == "[":
            return (yield from self.array(depth))
        value, self.at = self.decoder.raw_decode(self.text, self.at)
        if self.at - self.stepped_at >= STEP_CHARS:
            self.stepped_at = self.at
            yield
        return value

    def object(self, depth: int) -> TaskGen[dict]:
        found: dict = {}
        self.expect("{")
        if self.text[self.at] == "}":
            self.at += 1
            return found
        while True:
            if self.text[self.at] != '"':
                raise ValueError(f"a key is a string, at {self.at}")
            key, self.at = self.decoder.raw_decode(self.text, self.at)
            self.expect(":")
            found[key] = yield from self.value(depth + 1)
            if self.expect(",}") == "}":
                return found

    def array(self, depth: int) -> TaskGen[list]:
        found: list = []
        self.expect("[")
        if self.text[self.at] == "]":
            self.at += 1
            return found
        while True:
            found.append((yield from self.value(depth + 1)))
            if self.expect(",]") == "]":
                return found
