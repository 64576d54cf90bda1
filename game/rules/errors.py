"""The one error type for bad input from a player, a file or the command line."""


class InputError(ValueError):
    """Input that cannot be used: a malformed seed, hand, save or log.

    Its message is one line meant for the person who gave the input; the CLI prints it
    and exits 2, the UI shows it and offers a way on.
    """
