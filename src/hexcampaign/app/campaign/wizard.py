"""The new-campaign wizard: the map (the shipped sample or any CM-palette map), the two
sides (name, capital, unit chart shipped or loaded, starting PP), who holds each place
at the start, the starting formations (deployed through the engine's `deploy`: each
with its name, its hex typed or picked on the map, and its corps HQ chosen), the
house-rule options and the seed.

Nothing is built until Start; then the engine builds the campaign and every starting
formation, and a refusal (a composition limit, a stacking rule) is shown here with its
rule, the wizard staying open with everything entered.

The dialog assembles its parts: the sides (wizard_sides.py), the places table
(wizard_places.py), the starting formations (wizard_formations.py, whose hexes are picked
in hex_pick.py's window) and the options page (wizard_options.py). Their names are
importable from here too.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.accessible import name_controls
from hexcampaign.app.campaign.order_dialog import steady
from hexcampaign.app.campaign.unit_picker import UnitPicker, UnitsButton  # noqa: F401
from hexcampaign.app.campaign.wizard_formations import (  # noqa: F401
    ABOVE,
    CORPS,
    DUG_IN,
    EXPERIENCE,
    HEX,
    KEY_ROLE,
    KINDS,
    NAME,
    SIDE,
    UNHELD,
    UNITS,
    StartingFormation,
    StartingFormationsPage,
    corps_rows,
    deploy_starting_formations,
    standard_start,
)
from hexcampaign.app.campaign.wizard_options import OPTION_TEXTS, OptionsPage  # noqa: F401
from hexcampaign.app.campaign.wizard_places import PlacesTable
from hexcampaign.app.campaign.wizard_sides import SHIPPED_CHARTS, SideBoxes  # noqa: F401
from hexcampaign.app.dialogs import folders
from hexcampaign.app.i18n import file_filter, fill_in, translate
from hexcampaign.app.style import label_style
from hexcampaign.campaign import Campaign, IllegalAction, Options, UnitChart, UnitChartError
from hexcampaign.maps import HexMap, MapFormatError, load_map
from hexcampaign.paths import maps_path

SAMPLE_MAP = "cm-sample.hexmap"


class NewCampaignDialog(StartingFormationsPage, PlacesTable, SideBoxes, QDialog):
    started = Signal(object)  # the Campaign, once built

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("NewCampaignDialog", "New CM campaign"))
        self.hexmap: HexMap | None = None
        self.map_path: Path | None = None
        self.campaign: Campaign | None = None
        self.charts: list[UnitChart | None] = [None, None]
        layout = QVBoxLayout(self)
        self.tabs = QTabWidget(self)
        layout.addWidget(self.tabs, 1)
        self.tabs.addTab(self._map_page(), translate("NewCampaignDialog", "1. Map and sides"))
        self.tabs.addTab(self._forces_page(), translate("NewCampaignDialog", "2. Starting formations"))
        self.options_page = OptionsPage(self)
        self.tabs.addTab(self.options_page, translate("NewCampaignDialog", "3. Options and seed"))
        # (The page's fields, as the wizard's own: scripts and tests fill them in here.)
        page = self.options_page
        self.option_boxes, self.draw_box = page.option_boxes, page.draw_box
        self.experience_box, self.last_turn = page.experience_box, page.last_turn
        self.victory_vp, self.start_date = page.victory_vp, page.start_date
        self.days_per_turn, self.seed = page.days_per_turn, page.seed
        self.refusal = QLabel(self)
        self.refusal.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.refusal.setObjectName("wizard-refusal")
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet(label_style("QLabel { color: #8b0000; background: #fdecea; padding: 4px; }"))
        self.refusal.hide()
        steady(self.refusal)  # showing a refusal never moves the buttons
        layout.addWidget(self.refusal)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(translate("NewCampaignDialog", "Start the campaign"))
        self.buttons.accepted.connect(self.start)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.resize(1060, 600)
        self.use_map(load_map(maps_path(SAMPLE_MAP)), maps_path(SAMPLE_MAP))
        name_controls(self)  # names for a screen reader (app/accessible.py)

    # --- the pages ---------------------------------------------------------------------------

    def _map_page(self) -> QWidget:
        page = QWidget(self)
        layout = QVBoxLayout(page)
        row = QHBoxLayout()
        self.map_label = QLabel(page)
        self.map_label.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.map_label.setWordWrap(True)
        sample = QPushButton(translate("NewCampaignDialog", "The sample CM map"), page)
        sample.clicked.connect(
            lambda: self.use_map(load_map(maps_path(SAMPLE_MAP)), maps_path(SAMPLE_MAP))
        )
        other = QPushButton(translate("NewCampaignDialog", "Another map…"), page)
        other.clicked.connect(self._choose_map)
        map_words = QLabel(translate("NewCampaignDialog", "Map:"), page)
        row.addWidget(map_words)
        self.map_label.setAccessibleName(translate("NewCampaignDialog", "The campaign's map"))
        row.addWidget(self.map_label, 1)
        row.addWidget(sample)
        row.addWidget(other)
        layout.addLayout(row)
        self._side_boxes(page, layout)
        self._places_table(page, layout)
        for capital in self.capital_boxes:
            capital.currentIndexChanged.connect(lambda _i: self._fill_places())
        for name in self.side_names:
            name.textChanged.connect(lambda _t: self._rename_sides())
            name.textChanged.connect(lambda _t: self._edited())
        for capital in self.capital_boxes:
            capital.currentIndexChanged.connect(lambda _i: self._edited())
        return page

    # --- filling in ----------------------------------------------------------------------

    def use_map(self, hexmap: HexMap, path: Path | None = None) -> bool:
        if hexmap.palette.ruleset != "campaign":
            self.show_refusal(
                f'A CM campaign needs a map drawn with a campaign palette (such as "cm"); '
                f"{hexmap.name or 'this map'} uses the {hexmap.palette.name} palette."
            )
            return False
        self.hexmap, self.map_path = hexmap, path
        self.map_label.setText(
            fill_in(
                translate("NewCampaignDialog", "%1 — %2×%3 hexes, %4 places"),
                hexmap.name or (path.name if path else translate("NewCampaignDialog", "untitled")),
                hexmap.cols,
                hexmap.rows,
                len(hexmap.places()),
            )
        )
        places = sorted(hexmap.places(), key=lambda p: (p.kind != "capital", p.name))
        capitals = [p for p in places if p.kind == "capital"]
        for i, box in enumerate(self.capital_boxes):
            box.clear()
            for p in places:
                box.addItem(f"{p.name} ({hexmap.label(p.hex)}, {p.kind})", p.name)
            if len(capitals) > i:
                box.setCurrentIndex(box.findData(capitals[i].name))
        self.refusal.hide()
        self.fill_standard()
        self._fill_places()
        return True

    def _rename_sides(self) -> None:
        if not hasattr(self, "forces"):
            return
        texts = self.side_texts()
        for n in range(self.forces.rowCount()):
            box = self._cell(n, SIDE)
            for i, text in enumerate(texts):
                box.setItemText(i, text)
        for n in range(self.places.rowCount()):
            held = self.places.cellWidget(n, 4)
            if isinstance(held, QComboBox):
                for i, text in enumerate(texts):
                    held.setItemText(i, text)
        self._type_help()  # "Axis: 23 unit types", not the name the side had before

    def _edited(self) -> None:
        # A refusal says what was wrong with what was entered; an edit may have fixed
        # it, so it goes (Start checks again).
        self.refusal.hide()

    def options(self) -> Options:
        return self.options_page.options()

    # --- starting ---------------------------------------------------------------------------

    def build(self) -> Campaign:
        """The campaign as entered (raises ValueError / IllegalAction / UnitChartError)."""
        if self.hexmap is None:
            raise ValueError("Choose a map with a campaign palette.")
        names = tuple(box.text().strip() for box in self.side_names)
        if not all(names):
            raise ValueError("Each side needs a name.")
        capitals = [self.capital(i) for i in range(2)]
        if capitals[0] == capitals[1]:
            raise ValueError("The two sides need different capitals.")
        charts = {names[i]: self.chart(i) for i in range(2)}
        c = Campaign.new(
            self.hexmap,
            sides=names,  # type: ignore[arg-type]
            capitals=dict(zip(names, capitals, strict=True)),
            charts=charts,
            seed=self.seed.value() or None,  # 0 ("none"): dice from entropy
            options=self.options(),
            holdings={place: names[i] for place, i in self.holdings().items()},
        )
        for i, name in enumerate(names):
            if self.pp_boxes[i].value():
                c.adjust_pp(
                    name, self.pp_boxes[i].value(), "starting PP set in the new-campaign wizard"
                )
        deploy_starting_formations(c, names, self.starting_formations())
        return c

    def start(self) -> bool:
        try:
            c = self.build()
        except (ValueError, IllegalAction, UnitChartError) as e:
            self.show_refusal(str(e))
            return False
        self.campaign = c
        self.started.emit(c)
        self.accept()
        return True

    def show_refusal(self, sentence: str) -> None:
        self.refusal.setText(sentence)
        self.refusal.show()

    def _choose_map(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, translate("NewCampaignDialog", "A map for the campaign"), str(folders.start_folder(self, "map")),
            file_filter("Hex maps (*.hexmap)"),
        )
        if not path:
            return
        folders.remember_folder(self, "map", path)
        try:
            self.use_map(load_map(path), Path(path))
        except (MapFormatError, OSError) as e:
            self.show_refusal(str(e))
