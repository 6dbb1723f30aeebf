"""Maps taken to other programs' formats (no Qt): a VASSAL module (vassal.py) and a
Tiled map (tiled.py).

These modules write the files; the pictures inside them (the VASSAL board, the Tiled
tiles) are painted by the map renderer in hexcampaign.app.render.interchange and handed
in as PNG bytes, so the formats can be written and tested without Qt.
"""

from __future__ import annotations


class ExportError(ValueError):
    """An export the program cannot write; the message is one sentence for the user."""


__all__ = ["ExportError"]
