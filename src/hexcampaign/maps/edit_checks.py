"""The refusal every map edit raises, and the check of text a map keeps (a name, a
label, a note): the bottom of the map model, shared by maps/model.py and the rivers and
roads of maps/line_network.py."""

from __future__ import annotations


class MapEditError(ValueError):
    """An edit the map refuses (off the map, not adjacent, unknown terrain...)."""


def control_character(text: str, *, lines: bool = False) -> str:
    """The first control character in `text` as "U+0007", or "". A name or a label is
    one line, so tab and newline count too; with lines=True (a note's free text) they
    are allowed. Control characters print as nothing and make SVG and XML exports that
    no reader accepts (XML 1.0 forbids U+0000 to U+001F but tab and newlines)."""
    for ch in text:
        code = ord(ch)
        if code < 0x20 or 0x7F <= code <= 0x9F:
            if lines and ch in "\t\n":
                continue
            return f"U+{code:04X}"
    return ""
