"""Small editor docks: the tool palette, the layers list and the undo history."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDockWidget,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QUndoView,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.editor.tools import BrushSettings
from hexcampaign.app.plain_text import literal
from hexcampaign.maps import Palette

LAYER_TITLES = {
    "grid": "Grid",
    "coordinates": "Coordinates",
    "terrain": "Terrain",
    "elevation": "Elevation shading",
    "contours": "Contours",
    "rivers": "Rivers",
    "roads": "Roads and bridges",
    "cliffs": "Cliffs",
    "places": "Places",
    "labels": "Labels",
    "underlay": "Underlay picture",
    "notes": "Hex-note marks",
}


class ToolPaletteDock(QDockWidget):
    """The tools as buttons, the palette's terrains, brush radius and elevation mode."""

    def __init__(
        self, tool_actions: Iterable[QAction], settings: BrushSettings, parent: QWidget
    ) -> None:
        super().__init__("Tools", parent)
        self.setObjectName("editor-tool-palette")
        self.settings = settings
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(6, 6, 6, 6)

        tools = QGridLayout()
        tools.setSpacing(3)
        for i, action in enumerate(tool_actions):
            button = QToolButton()
            button.setDefaultAction(action)
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            button.setMinimumWidth(96)
            tools.addWidget(button, i // 2, i % 2)
        column.addLayout(tools)

        terrain_box = QGroupBox("Terrain")
        terrain_column = QVBoxLayout(terrain_box)
        self.terrains = QListWidget()
        self.terrains.setIconSize(QSize(22, 16))
        self.terrains.currentItemChanged.connect(self._terrain_chosen)
        terrain_column.addWidget(self.terrains)
        column.addWidget(terrain_box)

        brush_box = QGroupBox("Brush")
        form = QFormLayout(brush_box)
        self.radius = QSpinBox()
        self.radius.setRange(0, 3)
        self.radius.setValue(settings.radius)
        self.radius.setToolTip("0 paints one hex, 1 a hex and its ring, up to 3.")
        self.radius.valueChanged.connect(lambda v: setattr(self.settings, "radius", v))
        self.elevation_mode = QComboBox()
        for mode, text in (("raise", "Raise"), ("lower", "Lower"), ("set", "Set level")):
            self.elevation_mode.addItem(text, mode)
        self.elevation_mode.currentIndexChanged.connect(self._mode_chosen)
        self.level = QSpinBox()
        self.level.setRange(-9, 20)
        self.level.setValue(settings.elevation_level)
        self.level.valueChanged.connect(lambda v: setattr(self.settings, "elevation_level", v))
        form.addRow("Radius:", self.radius)
        form.addRow("Elevation:", self.elevation_mode)
        form.addRow("Level:", self.level)
        self._mode_chosen(0)
        column.addWidget(brush_box)
        column.addStretch(1)
        self.setWidget(scrolling(body))

    def show_palette(self, palette: Palette | None) -> None:
        """List the palette's terrains with their colours; keep the choice if it exists."""
        chosen = self.settings.terrain
        self.terrains.blockSignals(True)
        self.terrains.clear()
        if palette is not None:
            for terrain in palette.terrains_list:
                item = QListWidgetItem(_swatch(terrain.colour), terrain.label)
                item.setData(Qt.ItemDataRole.UserRole, terrain.name)
                item.setToolTip(literal(terrain.note or terrain.label))
                self.terrains.addItem(item)
            names = [t.name for t in palette.terrains_list]
            if chosen not in names:
                chosen = names[1] if len(names) > 1 else names[0]
            self.terrains.setCurrentRow(names.index(chosen))
            self.settings.terrain = chosen
        # As tall as the palette's list (three rows at least), so the brush stays in view.
        rows = max(3, self.terrains.count())
        row_height = max(self.terrains.sizeHintForRow(0), 20)
        self.terrains.setFixedHeight(rows * row_height + 2 * self.terrains.frameWidth() + 4)
        self.terrains.blockSignals(False)

    def _terrain_chosen(self, item: QListWidgetItem | None, _previous=None) -> None:
        if item is not None:
            self.settings.terrain = item.data(Qt.ItemDataRole.UserRole)

    def _mode_chosen(self, _index: int) -> None:
        self.settings.elevation_mode = self.elevation_mode.currentData()
        self.level.setEnabled(self.settings.elevation_mode == "set")


class LayersDock(QDockWidget):
    """A check box per map layer, kept in step with the Layers menu."""

    def __init__(
        self,
        names: Iterable[str],
        is_visible: Callable[[str], bool],
        set_visible: Callable[[str, bool], None],
        parent: QWidget,
    ) -> None:
        super().__init__("Layers", parent)
        self.setObjectName("editor-layers")
        self._set_visible = set_visible
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(8, 6, 8, 6)
        self.boxes: dict[str, QCheckBox] = {}
        for name in names:
            box = QCheckBox(LAYER_TITLES.get(name, name.title()))
            box.setObjectName(f"layer-box-{name}")
            box.setChecked(is_visible(name))
            box.toggled.connect(lambda on, n=name: self._set_visible(n, on))
            column.addWidget(box)
            self.boxes[name] = box
        column.addStretch(1)
        self.setWidget(scrolling(body))

    def show_visible(self, name: str, visible: bool) -> None:
        box = self.boxes.get(name)
        if box is not None and box.isChecked() != visible:
            box.blockSignals(True)
            box.setChecked(visible)
            box.blockSignals(False)


class HistoryDock(QDockWidget):
    """The undo stack as a list; clicking an entry undoes or redoes to it."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__("History", parent)
        self.setObjectName("editor-undo-history")
        self.view = QUndoView()
        self.view.setEmptyLabel("Map as opened")
        self.setWidget(self.view)

    def show_stack(self, stack) -> None:
        self.view.setStack(stack)


def scrolling(body: QWidget) -> QScrollArea:
    """A dock body that may shrink below its natural height on a small screen."""
    area = QScrollArea()
    area.setWidget(body)
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    # Never narrower than the body's least width (its buttons and fields whole): only
    # the height may scroll. (Its preferred width made the tools 310 px wide and left
    # the map less than half of a 1,280×800 window.)
    least = body.minimumSizeHint().width()
    area.setMinimumWidth(least + area.verticalScrollBar().sizeHint().width())
    return area


def _swatch(colour: str) -> QIcon:
    pixmap = QPixmap(22, 16)
    pixmap.fill(QColor(colour))
    return QIcon(pixmap)
