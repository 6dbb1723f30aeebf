"""The refusal every map edit raises, and the check of text a map keeps (a name, a
label, a note): the bottom of the map model, shared by maps/model.py and the rivers and
roads of maps/line_network.py."""

from __future__ import annotations

import re


class MapEditError(ValueError):
    """An edit the map refuses (off the map, not adjacent, unknown terrain...)."""


def control_character(text: str, *, lines: bool = False) -> str:
    """The first control character in `text` as "U+0007", or "". A name or a label is
    one line, so tab and newline count too; with lines=True (a note's free text) they
    are allowed. Control characters print as nothing and make SVG and XML exports that
    no reader accepts (XML 1.0 forbids U+0000 to U+001F but tab and newlines)."""
    found = (_CONTROL_IN_TEXT if lines else _CONTROL).search(text)
    return f"U+{ord(found.group()):04X}" if found else ""


# One search in C: a map's file holds hundreds of names, each checked on every load.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_CONTROL_IN_TEXT = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # tab and newline allowed
