"""Edit › Paste special… and the paste of hexes copied from another palette: which
layers land (terrain, elevation, roads, rivers, cliffs, places), and which terrain of
this map's palette each copied terrain becomes.

The dialog only chooses; the paste itself is reshape.paste_region, and the mapping's
defaults and checks are the engine's (maps.terrain_mapping).
"""

from __future__ import annotations

from PySide6 import QtWidgets
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QDialogButtonBox, QVBoxLayout

from hexcampaign.app.accessible import name_controls
from hexcampaign.app.editor.reshape import (
    LAYER_TITLES,
    PASTE_LAYERS,
    HexRegion,
    needs_mapping,
    region_terrains,
)
from hexcampaign.maps import HexMap
from hexcampaign.maps.terrain_mapping import suggest_mapping


class PasteDialog(QtWidgets.QDialog):
    """`layers()` and `mapping()` after OK. The layer choice shows when asked for
    (Paste special…); the terrain table when the copied hexes come from another palette."""

    def __init__(
        self, hexmap: HexMap, region: HexRegion, choose_layers: bool = True, parent: QtWidgets.QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Paste special" if choose_layers else "Paste from another palette")
        self.hexmap = hexmap
        self.region = region
        outer = QVBoxLayout(self)

        self.layer_boxes: dict[str, QCheckBox] = {}
        self.layer_group = QtWidgets.QGroupBox("Paste these layers")
        column = QVBoxLayout(self.layer_group)
        for layer in PASTE_LAYERS:
            box = QCheckBox(LAYER_TITLES[layer])
            box.setObjectName(f"paste-{layer}")
            box.setChecked(True)  # all of them, as a plain paste does
            box.toggled.connect(self._update)
            column.addWidget(box)
            self.layer_boxes[layer] = box
        quick = QtWidgets.QHBoxLayout()
        for text, name, chosen in (
            ("&All layers", "paste-all", set(PASTE_LAYERS)),
            ("&Terrain only", "paste-terrain-only", {"terrain"}),
        ):
            button = QtWidgets.QPushButton(text)
            button.setObjectName(name)
            button.setAutoDefault(False)
            button.clicked.connect(lambda _on=False, c=chosen: self.choose(c))
            quick.addWidget(button)
        quick.addStretch(1)
        column.addLayout(quick)
        note = QtWidgets.QLabel("A layer left out stays as it is on this map.")
        note.setWordWrap(True)
        column.addWidget(note)
        self.layer_group.setVisible(choose_layers)
        outer.addWidget(self.layer_group)

        # One row per copied terrain: its name in its own palette, and a choice of
        # this map's terrains (the same name by default, else the same label).
        self.terrain_boxes: dict[str, QComboBox] = {}
        self.mapping_group = QtWidgets.QGroupBox(f"Copied terrain → terrain of {hexmap.palette.title}")
        form = QtWidgets.QFormLayout(self.mapping_group)
        self.maps_terrain = needs_mapping(hexmap, region)
        if self.maps_terrain:
            source = region_terrains(region)
            suggested = suggest_mapping(source, hexmap.palette, region.terrain_labels)
            for name in source:
                choice = QComboBox()
                choice.setObjectName(f"map-{name}")
                for terrain in hexmap.palette.terrains_list:
                    choice.addItem(terrain.label, terrain.name)
                choice.setCurrentIndex(choice.findData(suggested[name]))
                label = region.terrain_labels.get(name, name)
                # Labels come from another map's file: plain text, never markup.
                caption = QtWidgets.QLabel(f"{label} ({name}):" if label != name else f"{name}:")
                caption.setTextFormat(Qt.TextFormat.PlainText)
                form.addRow(caption, choice)
                self.terrain_boxes[name] = choice
        self.mapping_group.setVisible(self.maps_terrain)
        outer.addWidget(self.mapping_group)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        outer.addWidget(self.buttons)
        self.setMinimumWidth(360)
        self._update()
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def choose(self, layers: set[str]) -> None:
        for layer, box in self.layer_boxes.items():
            box.setChecked(layer in layers)

    def layers(self) -> frozenset[str]:
        return frozenset(layer for layer, box in self.layer_boxes.items() if box.isChecked())

    def mapping(self) -> dict[str, str] | None:
        """Each copied terrain -> the terrain chosen for it; None when the copied hexes'
        palette is this map's (nothing to map)."""
        if not self.maps_terrain:
            return None
        return {name: box.currentData() for name, box in self.terrain_boxes.items()}

    def _update(self) -> None:
        chosen = self.layers()
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(bool(chosen))  # a paste of nothing is no paste
        self.mapping_group.setEnabled("terrain" in chosen)


__all__ = ["PasteDialog"]
