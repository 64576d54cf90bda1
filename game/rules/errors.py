"""The one error type for bad input from a player, a file or the command line, and what a
reader found wrong said in the game's words rather than Python's.

    >>> in_words(RecursionError("maximum recursion depth exceeded while decoding"))
    'nested too deep'
    >>> in_words(KeyError("log")), in_words(ValueError("invalid literal for int() with base 10: 'x'"))
    ("no 'log' where one belongs", 'a number that is not a number')
"""


class InputError(ValueError):
    """Input that cannot be used: a malformed seed, hand, save or log.

    Its message is one line meant for the person who gave the input; the CLI prints it
    and exits 2, the UI shows it and offers a way on.
    """


def in_words(error: BaseException) -> str:
    """What ``error``, raised while reading a file, says is wrong with it: the game's words
    for it (a screen shows them in capitals), never Python's names for its exceptions."""
    if isinstance(error, RecursionError):
        return "nested too deep"
    position = getattr(error, "lineno", None)
    if position is not None and isinstance(error, ValueError):  # json.JSONDecodeError
        return f"cut short or garbled at line {position}, column {getattr(error, 'colno', 0)}"
    if isinstance(error, KeyError):
        return f"no {str(error.args[0])[:30]!r} where one belongs" if error.args else "a part is missing"
    if isinstance(error, IndexError | StopIteration):
        return "a part is missing"
    if isinstance(error, ValueError) and "invalid literal" in str(error):
        return "a number that is not a number"
    if isinstance(error, ArithmeticError):
        return "a figure that cannot be worked out"
    return "a part of the wrong kind"
