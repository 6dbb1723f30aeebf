from __future__ import annotations

import pytest

from hexcampaign.app.document import MapDocument
from hexcampaign.app.editor.tools import BrushSettings, ToolContext
from hexcampaign.app.tool_events import ToolEvent
from hexcampaign.hexes import Hex, HexSide, Layout
from hexcampaign.maps import HexMap

LAYOUT = Layout(size=32.0)


def at(col: int, row: int) -> Hex:
    return Hex.from_offset(col, row)


def event(h: Hex, button: str = "left", *mods: str, side: HexSide | None = None) -> ToolEvent:
    x, y = LAYOUT.center(h)
    if side is None:
        side = HexSide.of(h, 0)
    return ToolEvent(x, y, h, side, button, frozenset(mods))


class Recorder:
    def __init__(self) -> None:
        self.messages: list[str] = []
        self.previews: list[dict] = []
        self.selected = []
        self.place_answers = []

    def status(self, text: str) -> None:
        self.messages.append(text)

    def preview(self, **items) -> None:
        self.previews.append(items)

    def select(self, h) -> None:
        self.selected.append(h)

    def ask_place(self, existing, h):
        return self.place_answers.pop(0) if self.place_answers else None


@pytest.fixture
def document(qapp):
    doc = MapDocument(HexMap.blank(10, 8, palette="kasserine"))
    yield doc
    # The stack announces cleanChanged while Qt deletes it; nobody is listening by then.
    doc.undo_stack.cleanChanged.disconnect()


@pytest.fixture
def recorder():
    return Recorder()


@pytest.fixture
def context(document, recorder):
    return ToolContext(
        document=document,
        settings=BrushSettings(),
        status=recorder.status,
        preview=recorder.preview,
        clear_preview=lambda: None,
        select=recorder.select,
        ask_place=recorder.ask_place,
    )


def drag(tool, hexes, button="left", *mods):
    """Press on the first hex, move over the rest, release on the last."""
    tool.pressed(event(hexes[0], button, *mods))
    for h in hexes[1:]:
        tool.moved(event(h, button, *mods))
    tool.released(event(hexes[-1], button, *mods))
