"""Written by tools/build_resources.py from the art in art/: do not edit (see game/ui/sheet.py)."""

FONT_WIDTHS = {  # each seed-code glyph's width in pixels, in sheet order
    "0": 4, "1": 4, "2": 4, "3": 4, "4": 4, "5": 4, "6": 4, "7": 4, "8": 4, "9": 4, "A": 4, "B": 4,
    "C": 4, "D": 4, "E": 4, "F": 4, "G": 4, "H": 4, "J": 4, "K": 4, "M": 5, "N": 5, "P": 4, "Q": 4,
    "R": 4, "S": 4, "T": 4, "V": 4, "W": 5, "X": 4, "Y": 4, "Z": 4,
}
LOGO = (128, 29)  # the logo's width and height
