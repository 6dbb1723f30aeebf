"""The German set-up dock: the entering formations wait here until placed, one by one
(pick a unit, click a hex) or a whole set at once: "Place formation" (the formation
chosen, spread over its entry zone), "Apply suggestion" (the hint's whole set-up),
"Save set-up…" and "Load set-up…" (.kpsetup files in the documents folder). Each of these
is one engine action (PlaceUnits), so one Undo takes it back; the result is said in the
notice line. The rules are the engine's (kasserine/setup_plans.py); the dock only asks.
(Moved out of docks.py, which still answers to its old names.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.kasserine.docks import UnitList
from hexcampaign.app.settings import documents_dir
from hexcampaign.files import FileFormatError, describe_os_error
from hexcampaign.kasserine import Game, IllegalAction, UnitView, setup_plans
from hexcampaign.kasserine.setup_plans import SETUP_SUFFIX

SETUP_FILTER = f"Kasserine Pass set-ups (*{SETUP_SUFFIX});;All files (*)"


class SetupDock(QDockWidget):
    """German set-up: the entering formations wait here until placed."""

    unit_chosen = Signal(object)  # unit id or None
    done_requested = Signal()

    def __init__(self, parent: QWidget | None = None, table: Any = None) -> None:
        """`table`: the play mode (its `document` to act through, `say` for the notice
        line); without it the buttons are shown but do nothing."""
        super().__init__("German set-up", parent)
        self.table = table
        self.setObjectName("kasserine-setup")
        body = QWidget(self)
        self.help = QLabel(
            "Pick a unit, then click a highlighted hex of its entry zone. "
            "Italians go within 2 hexes of the east edge. Or place a whole formation, "
            "or the hint's set-up, at once: one Undo takes it back.",
            body,
        )
        self.help.setWordWrap(True)
        self.units = UnitList(body)
        self.units.setAccessibleName("Units to set up")
        self.units.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.count = QLabel(body)
        self.count.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.formation = QComboBox(body)
        self.formation.setObjectName("setup-formation")
        self.formation.setAccessibleName("Formation to place")
        self.place_formation = QPushButton("Place formation", body)
        self.place_formation.setToolTip(
            "Place every waiting unit of the formation chosen on its entry zone, "
            "spread one a hex first; one Undo takes them all back."
        )
        self.apply_suggestion = QPushButton("Apply suggestion", body)
        self.apply_suggestion.setToolTip(
            "Place every waiting unit where the hint (the computer) suggests; one Undo "
            "takes them all back."
        )
        self.save_button = QPushButton("Save set-up…", body)
        self.load_button = QPushButton("Load set-up…", body)
        self.done = QPushButton("Done — end the set-up", body)
        self.done.setObjectName("setup-done")
        layout = QVBoxLayout(body)
        layout.addWidget(self.help)
        layout.addWidget(self.units, 1)
        layout.addWidget(self.count)
        row = QHBoxLayout()
        row.addWidget(self.formation, 1)
        row.addWidget(self.place_formation)
        layout.addLayout(row)
        layout.addWidget(self.apply_suggestion)
        files = QHBoxLayout()
        files.addWidget(self.save_button)
        files.addWidget(self.load_button)
        layout.addLayout(files)
        layout.addWidget(self.done)
        self.setWidget(body)
        self.units.itemSelectionChanged.connect(self._chosen)
        self.done.clicked.connect(self.done_requested)
        self.place_formation.clicked.connect(lambda: self.place_chosen_formation())
        self.apply_suggestion.clicked.connect(lambda: self.apply_hint())
        self.save_button.clicked.connect(lambda: self.ask_save())
        self.load_button.clicked.connect(lambda: self.ask_load())

    def refresh(self, game: Game) -> None:
        waiting = waiting_for_setup(game)
        zones = {u.id: game.state.units[u.id].entry or "" for u in waiting}
        notes = {uid: f"entry zone: {zone}" if zone else "" for uid, zone in zones.items()}
        self.units.show_units(waiting, notes)
        self.count.setText(
            f"{len(waiting)} unit{'s' if len(waiting) != 1 else ''} still to place"
            if waiting
            else "Every unit is placed: end the set-up."
        )
        names = setup_plans.formations(game)
        chosen = self.formation.currentText()
        self.formation.blockSignals(True)
        self.formation.clear()
        self.formation.addItems(names)
        if chosen in names:
            self.formation.setCurrentText(chosen)
        self.formation.blockSignals(False)
        # Only the German player at this computer sets up: in a game by e-mail the
        # Allied player's copy shows the set-up waiting, with nothing to press.
        document = getattr(self.table, "document", None)
        here = document is None or document.plays_here("german")
        self.place_formation.setEnabled(here and bool(names))
        self.apply_suggestion.setEnabled(here and bool(names))
        setting_up = game.state.phase == "german_setup"
        self.save_button.setEnabled(here and setting_up and bool(setup_plans.placed_so_far(game)))
        self.load_button.setEnabled(here and bool(names))
        self.done.setEnabled(here)

    # --- the buttons -------------------------------------------------------------------

    def _game(self) -> Game | None:
        document = getattr(self.table, "document", None)
        return document.game if document is not None else None

    def _say(self, text: str, refusal: bool = False) -> None:
        if self.table is not None:
            self.table.say(text, refusal)

    def _refuse(self, sentence: str) -> None:
        document = getattr(self.table, "document", None)
        if document is not None:
            document.refuse(sentence)  # the one way a refusal is shown

    def _act(self, plan: Any, what: str) -> bool:
        document = self.table.document
        if document.act(plan, self) is None:
            return False  # the document said why
        self._say(setup_plans.plan_words(document.game, plan, what))
        return True

    def place_chosen_formation(self) -> bool:
        """ "Place formation": the formation chosen, spread over its entry zone."""
        g, name = self._game(), self.formation.currentText()
        if g is None or not name:
            return False
        try:
            plan = setup_plans.formation_plan(g, name)
        except IllegalAction as refusal:
            self._refuse(str(refusal))
            return False
        return self._act(plan, name)

    def apply_hint(self) -> bool:
        """ "Apply suggestion": the hint's whole set-up of the units still waiting."""
        g = self._game()
        if g is None:
            return False
        try:
            plan = setup_plans.suggested_plan(g)
        except IllegalAction as refusal:
            self._refuse(str(refusal))
            return False
        return self._act(plan, "The hint's set-up")

    def ask_save(self) -> bool:
        path, _ = QFileDialog.getSaveFileName(
            self, "Save set-up", str(documents_dir() / f"kasserine{SETUP_SUFFIX}"), SETUP_FILTER
        )
        return bool(path) and self.save_to(Path(path))

    def save_to(self, path: Path) -> bool:
        """Write the set-up so far; the result (or why not) in the notice line."""
        g = self._game()
        if g is None:
            return False
        if path.suffix.lower() != SETUP_SUFFIX:
            path = path.with_name(path.name + SETUP_SUFFIX)
        try:
            count = setup_plans.save_setup(g, path)
        except IllegalAction as refusal:
            self._refuse(str(refusal))
            return False
        except OSError as error:
            self._refuse(describe_os_error(error, path, "save"))
            return False
        self._say(f"Set-up saved to {path.name}: {count} placement{'s' if count != 1 else ''}.")
        return True

    def ask_load(self) -> bool:
        path, _ = QFileDialog.getOpenFileName(
            self, "Load set-up", str(documents_dir()), SETUP_FILTER
        )
        return bool(path) and self.load_from(Path(path))

    def load_from(self, path: Path) -> bool:
        """Place what a set-up file says, as one action; a bad file or a placement the
        rules refuse changes nothing (one sentence says why)."""
        g = self._game()
        if g is None:
            return False
        try:
            loaded = setup_plans.read_setup(path, g)
        except FileFormatError as error:
            self._refuse(str(error))
            return False
        if loaded.plan is None:
            self._refuse(
                f"German initial placement: every unit {path.name} places is on the map already"
            )
            return False
        if not self._act(loaded.plan, f"The set-up {path.name}"):
            return False
        if loaded.already:
            n = len(loaded.already)
            self._say(
                setup_plans.plan_words(g, loaded.plan, f"The set-up {path.name}")
                + f" {n} unit{'s' if n != 1 else ''} already on the map stayed where "
                + ("it stands." if n == 1 else "they stand.")
            )
        return True

    def _chosen(self) -> None:
        ids = self.units.selected_ids()
        g = self._game()
        if ids and g is not None and ids[0] in g.state.units:
            # "Place formation" places the formation of the unit picked.
            self.formation.setCurrentText(setup_plans.formation_of(g, ids[0]))
        self.unit_chosen.emit(ids[0] if ids else None)


def waiting_for_setup(game: Game) -> list[UnitView]:
    """German units still to be placed in the set-up (engine rule: entering German units
    without an arrival date, on turn 1)."""
    if game.state.phase != "german_setup":
        return []
    return [
        u
        for u in game.units()
        if u.side == "german" and u.hex is None and not u.eliminated and u.arrives is None
    ]


__all__ = ["SetupDock", "waiting_for_setup"]
