"""Text from people and files (names of places, sides, formations, units, players; file
paths) shown as typed in Qt tooltips and message boxes.

Qt renders a tooltip or a message box's text as HTML whenever `Qt.mightBeRichText` takes
it for HTML (the first "<" of the first line opening a tag it knows): a place named
`<img src="…">` would load that image. Labels are made plain text with setTextFormat;
tooltips and the static QMessageBox functions have no such switch, so text that could be
taken for HTML is escaped into HTML that shows the same words and line breaks.
"""

from __future__ import annotations


def literal(text: str) -> str:
    """`text` for setToolTip or QMessageBox, shown literally (unchanged when it holds no
    "<" or "&")."""
    if "<" not in text and "&" not in text:
        return text
    # html.escape(text, quote=False), without importing `html` (and its table of
    # entities: ~1.5 ms of every start-up) for three replacements.
    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return "<p style='white-space:pre-wrap'>" + escaped + "</p>"
