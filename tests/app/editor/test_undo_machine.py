"""Random edits through the tools, with undo and redo in between: every undo and redo
lands on exactly the map seen at that point of the history, and undoing everything
returns the original map."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from hexcampaign.app.document import MapDocument
from hexcampaign.app.editor.commands import ReplaceMap, push_edit
from hexcampaign.app.editor.reshape import copy_region, paste_region, paste_targets, resize_map
from hexcampaign.app.editor.tools import (
    Bridge,
    BrushSettings,
    Cliff,
    Elevation,
    Eraser,
    Fill,
    LabelTool,
    PlaceTool,
    PlaceValues,
    River,
    Road,
    TerrainBrush,
    ToolContext,
)
from hexcampaign.hexes import Hex, HexSide
from hexcampaign.maps import HexMap
from hexcampaign.rules import IllegalAction

from .conftest import event

COLS, ROWS = 6, 5
cells = st.builds(Hex.from_offset, st.integers(0, COLS - 1), st.integers(0, ROWS - 1))
# A few hexes off the map too, so refusals are exercised.
anywhere = st.builds(Hex.from_offset, st.integers(-1, COLS), st.integers(-1, ROWS))
strokes = st.lists(anywhere, min_size=1, max_size=5)
terrains = st.sampled_from(["plain", "high_ground", "rugged_crest"])
names = st.sampled_from(["Thala", "Sbiba", "Feriana", "Kasserine"])


class EditHistory(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        start = HexMap.blank(COLS, ROWS, palette="kasserine")
        start.set_river(Hex.from_offset(2, 2), True)
        start.add_road(Hex.from_offset(2, 2), Hex.from_offset(2, 3))
        start.add_place(Hex.from_offset(4, 1), "Le Kef", "city", 3, 1)
        self.doc = MapDocument(start)
        self.original = start.copy()
        self.settings = BrushSettings()
        self.answers: list[PlaceValues] = []
        self.context = ToolContext(
            document=self.doc,
            settings=self.settings,
            ask_place=lambda existing, h: self.answers.pop() if self.answers else None,
            ask_label=lambda h: "Road 1",
        )
        self.history = [self.original]  # the map after each undo-stack index

    def _drive(self, tool, hexes, *mods, side=None) -> None:
        stack = self.doc.undo_stack
        before = (stack.index(), stack.count())
        tool.activate(self.context)
        tool.pressed(event(hexes[0], "left", *mods, side=side))
        for h in hexes[1:]:
            tool.moved(event(h, "left", *mods, side=side))
        tool.released(event(hexes[-1], "left", *mods, side=side))
        tool.deactivate()
        if (stack.index(), stack.count()) == before:
            # A refused or empty gesture leaves the map as it was and the redo steps intact.
            assert self.doc.map == self.history[stack.index()]
        else:
            assert stack.index() == before[0] + 1, "one gesture, one undo step"
            self._record()

    def _record(self) -> None:
        index = self.doc.undo_stack.index()
        del self.history[index:]
        self.history.append(self.doc.map.copy())
        assert len(self.history) == index + 1

    @rule(hexes=strokes, terrain=terrains, radius=st.integers(0, 1))
    def brush(self, hexes, terrain, radius):
        self.settings.terrain, self.settings.radius = terrain, radius
        self._drive(TerrainBrush(), hexes)

    @rule(h=anywhere, terrain=terrains)
    def fill(self, h, terrain):
        self.settings.terrain = terrain
        self._drive(Fill(), [h])

    @rule(hexes=strokes, mode=st.sampled_from(["raise", "lower", "set"]))
    def elevation(self, hexes, mode):
        self.settings.radius, self.settings.elevation_mode = 0, mode
        self._drive(Elevation(), hexes)

    @rule(hexes=strokes, shift=st.booleans())
    def river(self, hexes, shift):
        self._drive(River(), hexes, *(["shift"] if shift else []))

    @rule(hexes=strokes, shift=st.booleans())
    def road(self, hexes, shift):
        self._drive(Road(), hexes, *(["shift"] if shift else []))

    @rule(h=anywhere)
    def bridge(self, h):
        self._drive(Bridge(), [h])

    @rule(h=cells, direction=st.integers(0, 5), shift=st.booleans())
    def cliff(self, h, direction, shift):
        self._drive(Cliff(), [h], *(["shift"] if shift else []), side=HexSide.of(h, direction))

    @rule(hexes=strokes)
    def erase(self, hexes):
        self.settings.radius = 0
        self._drive(Eraser(), hexes)

    @rule(h=cells, name=names, to=cells)
    def place(self, h, name, to):
        self.answers = [PlaceValues(name, "village", 1, 0)]
        self._drive(PlaceTool(), [h, to])

    @rule(h=anywhere, shift=st.booleans())
    def label(self, h, shift):
        self._drive(LabelTool(), [h], *(["shift"] if shift else []))

    @rule(
        left=st.integers(-2, 2),
        right=st.integers(-2, 2),
        top=st.integers(-1, 1),
        bottom=st.integers(-1, 1),
    )
    def resize(self, left, right, top, bottom):
        stack = self.doc.undo_stack
        try:
            new, _lost = resize_map(self.doc.map, left, right, top, bottom)
        except IllegalAction:
            assert self.doc.map.cols + left + right < 1 or self.doc.map.rows + top + bottom < 1
            return
        stack.push(ReplaceMap(self.doc, new, "Resize"))
        self._record()

    @rule(corner=cells, to=anywhere)
    def copy_paste(self, corner, to):
        m = self.doc.map
        if not m.contains(corner):
            return
        col, row = m.offset(corner)
        hexes = [
            m.at(c, r)
            for c in range(col, min(col + 2, m.cols))
            for r in range(row, min(row + 2, m.rows))
        ]
        region = copy_region(m, hexes)
        stack = self.doc.undo_stack
        before = (stack.index(), stack.count())
        push_edit(
            self.doc, "Paste", paste_targets(m, region, to), lambda m: paste_region(m, region, to)
        )
        if (stack.index(), stack.count()) != before:
            self._record()
        else:
            assert self.doc.map == self.history[stack.index()]

    @rule()
    def undo(self):
        stack = self.doc.undo_stack
        if stack.canUndo():
            stack.undo()
            assert self.doc.map == self.history[stack.index()]

    @rule()
    def redo(self):
        stack = self.doc.undo_stack
        if stack.canRedo():
            stack.redo()
            assert self.doc.map == self.history[stack.index()]

    @invariant()
    def history_matches_the_stack(self):
        stack = self.doc.undo_stack
        assert len(self.history) == stack.count() + 1
        assert self.doc.map == self.history[stack.index()]

    def teardown(self):
        stack = self.doc.undo_stack
        while stack.canUndo():
            stack.undo()
        assert self.doc.map == self.original
        while stack.canRedo():
            stack.redo()
        assert self.doc.map == self.history[-1]
        stack.cleanChanged.disconnect()


EditHistory.TestCase.settings = settings(
    max_examples=60,
    stateful_step_count=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestEditHistory = EditHistory.TestCase
