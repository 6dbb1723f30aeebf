"""Battles: the battles dock, the attack order (attackers, target, artillery and air in
range with the corps they come from), the defender's allocation of support, the set-up
sheet viewer (umpire's and per-side, exported as Markdown/HTML/PDF or printed) and the
pursuit roll. Every order is the engine's; a refusal keeps the dialog open and names the
rule in it.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDockWidget,
    QFileDialog,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.campaign import flags as desk_flags
from hexcampaign.app.campaign.order_dialog import OrderDialog
from hexcampaign.app.campaign.reports import (
    export_sheet,
    print_html,
    sheet_document,
    sheet_html_page,
)
from hexcampaign.app.plain_text import literal
from hexcampaign.campaign import attacks, slug
from hexcampaign.campaign.state import to_hex
from hexcampaign.files import describe_os_error, inside

ID_ROLE = Qt.ItemDataRole.UserRole


# The type filter of each export: the Save dialog shows only files of the kind written.
EXPORT_FILTERS = {
    ".md": "Markdown (*.md)",
    ".html": "HTML pages (*.html *.htm)",
    ".pdf": "PDF documents (*.pdf)",
}


def sheet_file_name(battle: str, who: str, suffix: str) -> str:
    """The file of a battle sheet: a slug of the battle and the reader, then the suffix."""
    return slug(f"battle-{battle}-{who}", "battle-sheet") + suffix


def support_label(c, uid: str, where) -> str:
    """ "leFH 18 battery — III Corps at 0712, 2 hexes from the target" (air: Army HQ box)."""
    u = c.unit(uid)
    if u.where in c.state.formations:
        corps = c.formation(u.where)
        distance = corps.hex.distance(where)
        return (
            f"{u.name} — {corps.name} at {c.map.label(corps.hex)}, "
            f"{distance} hex{'es' if distance != 1 else ''} from the target"
        )
    return f"{u.name} — Army HQ box"


class BattlesDock(QDockWidget):
    def __init__(self, mode) -> None:
        super().__init__("Battles", mode.window)
        self.setObjectName("campaign-battles")
        self.mode = mode
        body = QWidget(self)
        layout = QVBoxLayout(body)
        self.list = QListWidget(body)
        self.list.setObjectName("battle-list")
        self.list.setWordWrap(True)
        self.list.itemDoubleClicked.connect(lambda _i: self.sheet_dialog(self.current()))
        self.list.currentItemChanged.connect(lambda _new, _old: self._sync_result_button())
        layout.addWidget(self.list, 1)
        grid = QGridLayout()
        self.buttons = {}
        for i, (key, text, slot) in enumerate(
            [
                ("attack", "Attack order…", lambda: self.attack_dialog(None, self.mode.attackers)),
                ("sheet", "Set-up sheet…", lambda: self.sheet_dialog(self.current())),
                ("defense", "Defender's support…", lambda: self.defense_dialog(self.this_turns())),
                ("result", "Enter result…", lambda: self.result_form(self.current())),
                ("pursuit", "Pursuit roll", lambda: self.roll_pursuit(self.current())),
                ("cancel", "Call off", self._cancel),
            ]
        ):
            button = QPushButton(text, body)
            button.clicked.connect(lambda _c=False, s=slot: s())
            grid.addWidget(button, i // 2, i % 2)
            self.buttons[key] = button
        layout.addLayout(grid)
        die_row = QHBoxLayout()
        die_row.addWidget(QLabel("Pursuit die:", body))
        self.die = QSpinBox(body)
        self.die.setObjectName("pursuit-die")
        self.die.setRange(0, 6)
        self.die.setSpecialValueText("the program rolls")
        self.die.setToolTip("Or the face of the umpire's own die, 1 to 6 (logged either way)")
        die_row.addWidget(self.die, 1)
        layout.addLayout(die_row)
        self.setWidget(body)
        mode.watch(desk_flags.BATTLES_FLAGS, lambda: self.refresh())

    def current(self) -> str | None:
        item = self.list.currentItem()
        return item.data(ID_ROLE) if item is not None else None

    def this_turns(self) -> str | None:
        """The battle a this-turn order works on: the one picked if it is of this side's
        turn, else the newest of this turn; None when this turn has none (never a stale
        one of an earlier turn)."""
        c = self.mode.campaign
        if c is None:
            return None
        now = [b.id for b in c.battles() if b.side_turn == c.state.side_turn]
        picked = self.current()
        return picked if picked in now else (now[-1] if now else None)

    def refresh(self) -> None:
        c = self.mode.campaign
        keep = self.current()
        known = getattr(self, "_known", set())
        self.list.clear()
        if c is None:
            return
        ids = {b.id for b in c.battles()}
        new = [b.id for b in c.battles() if b.id not in known]
        self._known = ids
        if new:
            keep = new[-1]  # the selection follows the newest battle
        battles = sorted(c.battles(), key=lambda b: (-b.side_turn, b.id))
        for b in battles:
            if b.result is None:
                status = "awaiting result"
            else:
                status = b.result.outcome + (f" ({b.result.level})" if b.result.level else "")
            item = QListWidgetItem(
                f"{b.id} · turn {b.turn} · {b.sheet.title().split(' — ')[1]}\n"
                f"    {b.sheet.battle_type}, {b.sheet.turns} turns — {status}"
            )
            item.setData(ID_ROLE, b.id)
            if b.side_turn != c.state.side_turn:
                item.setForeground(Qt.GlobalColor.gray)
            self.list.addItem(item)
            if b.id == keep:
                self.list.setCurrentItem(item)
        if self.list.currentItem() is None and self.list.count():
            self.list.setCurrentRow(0)
        # An open item of the phase (a result, a pursuit) is what the umpire acts on next.
        open_battles = [i.battle for i in c.open_items() if i.battle]
        phase_changed = self.mode.pending & desk_flags.Play.PHASE
        if phase_changed and open_battles and self.current() not in open_battles:
            for row in range(self.list.count()):
                if self.list.item(row).data(ID_ROLE) == open_battles[0]:
                    self.list.setCurrentRow(row)
        phase = c.phase
        self.buttons["attack"].setEnabled(phase == "attack_orders")
        self._sync_result_button()

    def _sync_result_button(self) -> None:
        """The result button: "Enter result…" for a battle awaiting its result (in the
        phases results are entered in); "Amend result…" for a battle that has one."""
        c = self.mode.campaign
        button = self.buttons["result"]
        picked = self.current()
        b = c.battle(picked) if c is not None and picked in c.state.battles else None
        # The pursuit die only for a battle an attacker may pursue after (it was offered
        # for every battle of the phase, and refused with no attacker able to).
        # The defender's support and Call off work on a battle of this side's turn: with
        # none declared yet they are off (they opened last turn's battle, then refused);
        # Call off only the battle picked, when it is one of this turn.
        orders = c is not None and c.phase == "attack_orders" and self.this_turns() is not None
        self.buttons["defense"].setEnabled(orders)
        self.buttons["cancel"].setEnabled(orders and self.this_turns() == picked)
        pursuit = self.buttons["pursuit"]
        able = b is not None and c.phase == "pursuit" and bool(c.pursuit_candidates(b.id))
        pursuit.setEnabled(able)
        pursuit.setToolTip(
            ""
            if able or c is None or c.phase != "pursuit"
            else "No attacker may pursue after this battle: it takes a veteran or crack "
            "mechanised division next to the retreated defender or the hex it left"
        )
        if b is not None and b.result is not None:
            button.setText("Amend result…")
            button.setToolTip(
                f"Battle {b.id} has its result: amend it with a reason (Umpire › Amend result…)"
            )
            button.setEnabled(True)
            return
        button.setText("Enter result…")
        button.setToolTip("")
        button.setEnabled(
            b is not None and c is not None and c.phase in ("battle_resolution", "pursuit")
        )

    # --- dialogs ----------------------------------------------------------------------------

    def attack_dialog(self, target: str | None, attackers: list[str]):
        if self.mode.campaign is None:
            return None
        dialog = AttackOrderDialog(self.mode, target, attackers)
        self.mode._open(dialog)
        return dialog

    def defense_dialog(self, battle: str | None):
        if self.mode.campaign is None or battle is None:
            return None
        dialog = DefenseSupportDialog(self.mode, battle)
        self.mode._open(dialog)
        return dialog

    def sheet_dialog(self, battle: str | None):
        if self.mode.campaign is None or battle is None:
            return None
        dialog = BattleSheetDialog(self.mode, battle)
        self.mode._open(dialog)
        return dialog

    def result_form(self, battle: str | None):
        """The result form of `battle`; for a battle that already has its result, the
        amendment form (re-entering would be refused: the result is committed)."""
        from hexcampaign.app.campaign.result_form import ResultForm

        c = self.mode.campaign
        if c is None or battle is None:
            return None
        if battle in c.state.battles and c.battle(battle).result is not None:
            return self.mode.amend_result_dialog(battle)
        dialog = ResultForm(self.mode, battle)
        self.mode._open(dialog)
        return dialog

    def roll_pursuit(self, battle: str | None, division: str | None = None) -> bool | None:
        """Roll the pursuit die (the engine's dice, or the umpire's face from the die box;
        logged either way, and it cannot be taken back)."""
        c = self.mode.campaign
        if c is None or battle is None:
            return None
        ok, success = self.mode.act(c.pursuit, battle, self.die.value() or None, division)
        if not ok:
            return None
        b = c.battle(battle)
        roll = b.pursuit_roll
        text = (
            f"Pursuit after battle {battle}: rolled {roll} — the pursuit battle is on "
            f"({b.pursuit_battle})."
            if success
            else f"Pursuit after battle {battle}: rolled {roll} — no pursuit."
        )
        self.mode.window.show_message(text, 10000)
        QMessageBox.information(self.mode.window, "Pursuit roll", literal(text))
        return bool(success)

    def _cancel(self) -> None:
        c = self.mode.campaign
        battle = self.current()
        if c is not None and battle is not None:
            self.mode.act(c.cancel_attack, battle)


def _checked(widget: QListWidget) -> list[str]:
    return [
        widget.item(i).data(ID_ROLE)
        for i in range(widget.count())
        if widget.item(i).checkState() == Qt.CheckState.Checked
    ]


def _check_list(parent, rows: list[tuple[str, str]], checked: set[str]) -> QListWidget:
    widget = QListWidget(parent)
    for uid, text in rows:
        item = QListWidgetItem(text)
        item.setData(ID_ROLE, uid)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Checked if uid in checked else Qt.CheckState.Unchecked)
        widget.addItem(item)
    return widget


class AttackOrderDialog(OrderDialog):
    """Attackers and a target, with the artillery and air the attacker may add."""

    def __init__(self, mode, target: str | None, attackers: list[str]) -> None:
        super().__init__(mode, "Attack order")
        c = mode.campaign
        self.options = c.attack_options()
        form = QFormLayout()
        self.target_box = QComboBox(self)
        self.target_box.setObjectName("attack-target")
        for fid in self.options:
            f = c.formation(fid)
            self.target_box.addItem(f"{f.name} at {c.map.label(f.hex)}", fid)
        if target is not None and target not in self.options:
            f = c.formation(target)
            self.target_box.addItem(
                f"{f.name} at {c.map.label(f.hex)} (no division may attack it)", target
            )
        if target is not None:
            self.target_box.setCurrentIndex(self.target_box.findData(target))
        form.addRow("Target:", self.target_box)
        self.layout_.addLayout(form)
        self.layout_.addWidget(QLabel("Attacking divisions:", self))
        self.attacker_list = QListWidget(self)
        self.attacker_list.setObjectName("attackers")
        self.layout_.addWidget(self.attacker_list)
        self.layout_.addWidget(QLabel("Artillery in range (and the corps it comes from):", self))
        self.artillery_list = QListWidget(self)
        self.artillery_list.setObjectName("artillery")
        self.layout_.addWidget(self.artillery_list)
        self.layout_.addWidget(QLabel("Air support:", self))
        self.air_list = QListWidget(self)
        self.air_list.setObjectName("air")
        self.layout_.addWidget(self.air_list)
        self.summary = QLabel(self)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.summary.setWordWrap(True)
        self.layout_.addWidget(self.summary)
        self.finish_layout()
        self._wanted = set(attackers)
        self.target_box.currentIndexChanged.connect(lambda _i: self._fill_attackers())
        self.attacker_list.itemChanged.connect(lambda _i: self._fill_support())
        self._fill_attackers()
        self.resize(620, 560)
        if not self.options:
            self.show_refusal(
                "Attack orders: no division of the side to play is next to an enemy it may "
                "attack now"
                if c.phase == "attack_orders"
                else f"Attack orders are given in the attack orders phase, not {c.phase.replace('_', ' ')}"
            )

    @property
    def target(self) -> str | None:
        return self.target_box.currentData()

    def attackers(self) -> list[str]:
        return _checked(self.attacker_list)

    def artillery(self) -> list[str]:
        return _checked(self.artillery_list)

    def air(self) -> list[str]:
        return _checked(self.air_list)

    @staticmethod
    def available_ids(widget: QListWidget) -> list[str]:
        return [
            widget.item(i).data(ID_ROLE)
            for i in range(widget.count())
            if widget.item(i).data(ID_ROLE) is not None
        ]

    def set_checked(self, widget: QListWidget, ids: list[str]) -> None:
        for i in range(widget.count()):
            item = widget.item(i)
            item.setCheckState(
                Qt.CheckState.Checked if item.data(ID_ROLE) in ids else Qt.CheckState.Unchecked
            )

    def submit(self) -> bool:
        c = self.mode.campaign
        if self.target is None:
            self.show_refusal("Attack orders: choose a target")
            return False
        ok, result = self.mode.act(
            c.declare_attack, self.attackers(), self.target, self.artillery(), self.air()
        )
        if not ok:
            self.show_refusal(str(result))
            return False
        self.battle = result.id
        self.mode.attackers = []
        self.mode.changed.emit()
        self.mode.window.show_message(
            f"Battle {result.id} declared: {result.sheet.battle_type}, {result.sheet.turns} turns."
        )
        self.accept()
        return True

    def _fill_attackers(self) -> None:
        c = self.mode.campaign
        self.attacker_list.blockSignals(True)
        self.attacker_list.clear()
        able = self.options.get(self.target, [])
        for fid in able:
            f = c.formation(fid)
            item = QListWidgetItem(
                f"{f.name} at {c.map.label(f.hex)} — {f.composition}, {f.experience}"
            )
            item.setData(ID_ROLE, fid)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            on = fid in self._wanted or (not self._wanted and len(able) == 1)
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            self.attacker_list.addItem(item)
        self.attacker_list.blockSignals(False)
        self._fill_support()

    def _fill_support(self) -> None:
        c = self.mode.campaign
        keep_art, keep_air = set(self.artillery()), set(self.air())
        self.artillery_list.clear()
        self.air_list.clear()
        if self.target is None:
            return
        where = c.formation(self.target).hex
        parents = {c.formation(a).corps for a in self.attackers()} - {None}
        artillery, air = attacks.available_support(
            c, c.side_to_play, where, parents, defending=False
        )
        for uid in artillery:
            self._add(self.artillery_list, uid, support_label(c, uid, where), uid in keep_art)
        for uid in air:
            self._add(self.air_list, uid, support_label(c, uid, where), uid in keep_air)
        if not artillery:
            self.artillery_list.addItem(QListWidgetItem("(no artillery in range)"))
        if not air:
            self.air_list.addItem(QListWidgetItem("(no air support in the Army HQ box)"))
        target = c.formation(self.target)
        state = "fortified" if target.fortified else ("dug in" if target.dug_in else "not dug in")
        # The strength of what is attacked, in view where the attack is ordered.
        self.summary.setText(
            f"Target: {target.name} ({target.side}) — {target.composition}; {target.experience}, "
            f"{state}. The battle type follows from its state on the set-up sheet."
        )

    @staticmethod
    def _add(widget: QListWidget, uid: str, text: str, on: bool) -> None:
        item = QListWidgetItem(text)
        item.setData(ID_ROLE, uid)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
        item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        widget.addItem(item)


class DefenseSupportDialog(OrderDialog):
    """The defender's allocation step: artillery of its parent corps in range, and air."""

    def __init__(self, mode, battle: str) -> None:
        c = mode.campaign
        b = c.battle(battle)
        super().__init__(mode, f"Defensive support — battle {b.id}")
        self.battle = battle
        where = to_hex(b.defender_hex)
        attackers = [c.formation(a) for a in b.attackers if a in c.state.formations]
        strength = "; ".join(
            f"the {f.side} {f.name}: {f.composition}, {f.experience}" for f in attackers
        )
        intro = QLabel(
            f"{b.defender_side} defends {c.map.label(where)} against {strength}."
            "\nOnce the defender assigns support, the attacker's orders are closed.",
            self,
        )
        intro.setWordWrap(True)
        self.layout_.addWidget(intro)
        artillery, air = c.available_support(b.defender_side, b)
        self.layout_.addWidget(QLabel("Artillery of the defender's corps HQ in range:", self))
        self.artillery_list = _check_list(
            self,
            [(u, support_label(c, u, where)) for u in artillery],
            set(b.defense_artillery),
        )
        if not artillery:  # (an empty list said nothing)
            self.artillery_list.addItem(
                QListWidgetItem("(no artillery of the defender's corps HQ within range)")
            )
        self.layout_.addWidget(self.artillery_list)
        self.layout_.addWidget(QLabel("Air support:", self))
        self.air_list = _check_list(
            self, [(u, support_label(c, u, where)) for u in air], set(b.defense_air)
        )
        if not air:
            self.air_list.addItem(QListWidgetItem("(no air support in the Army HQ box)"))
        self.layout_.addWidget(self.air_list)
        self.finish_layout()
        self.resize(560, 420)

    def submit(self) -> bool:
        c = self.mode.campaign
        ok, result = self.mode.act(
            c.support_defense, self.battle, _checked(self.artillery_list), _checked(self.air_list)
        )
        if not ok:
            self.show_refusal(str(result))
            return False
        self.accept()
        return True


class BattleSheetDialog(QDialog):
    """The set-up sheet as the umpire sees it, or as one side's player may."""

    def __init__(self, mode, battle: str) -> None:
        super().__init__(mode.window)
        self.mode = mode
        self.battle = battle
        c = mode.campaign
        self.setWindowTitle(f"Battle {battle} — set-up sheet")
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(QLabel("Sheet for:", self))
        self.viewpoint = QComboBox(self)
        self.viewpoint.setObjectName("sheet-viewpoint")
        self.viewpoint.addItem("the umpire (everything)", None)
        for side in c.sides:
            self.viewpoint.addItem(f"the {side} player", side)
        self.viewpoint.currentIndexChanged.connect(lambda _i: self.refresh())
        top.addWidget(self.viewpoint, 1)
        layout.addLayout(top)
        self.browser = QTextBrowser(self)
        self.browser.setObjectName("sheet-view")
        layout.addWidget(self.browser, 1)
        row = QHBoxLayout()
        for text, suffix in (("Markdown…", ".md"), ("HTML…", ".html"), ("PDF…", ".pdf")):
            button = QPushButton(f"Export {text}", self)
            button.clicked.connect(lambda _c=False, s=suffix: self.export_dialog(s))
            row.addWidget(button)
        everything = QPushButton("Export all…", self)
        everything.setToolTip(
            "The umpire's sheet and each player's sheet, as Markdown, HTML and PDF, into a folder"
        )
        everything.clicked.connect(self.export_all_dialog)
        row.addWidget(everything)
        print_button = QPushButton("Print…", self)
        print_button.clicked.connect(self.print_dialog)
        row.addWidget(print_button)
        row.addStretch(1)
        self.close_button = QPushButton("Close", self)
        self.close_button.clicked.connect(self.accept)
        row.addWidget(self.close_button)
        layout.addLayout(row)
        # Enter closes the sheet; it never opens an export by chance (the first button,
        # Export Markdown…, was the default: seen under Xvfb).
        for button in self.findChildren(QPushButton):
            button.setAutoDefault(False)
        self.close_button.setDefault(True)
        self.resize(760, 720)
        self.refresh()

    @property
    def side(self) -> str | None:
        return self.viewpoint.currentData()

    def set_side(self, side: str | None) -> None:
        self.viewpoint.setCurrentIndex(max(0, self.viewpoint.findData(side)))

    def sheet(self):
        return self.mode.campaign.battle_sheet(self.battle, side=self.side)

    def refresh(self) -> None:
        self.browser.setDocument(sheet_document(sheet_html_page(self.sheet()), self.browser))

    def export(self, path: Path | str) -> Path:
        return export_sheet(self.sheet(), path)

    def export_dialog(self, suffix: str) -> Path | None:
        who = self.side or "umpire"
        suggested = inside(Path.home(), sheet_file_name(self.battle, who, suffix))
        path, _ = QFileDialog.getSaveFileName(
            self, "Export the battle sheet", str(suggested), EXPORT_FILTERS[suffix]
        )
        if not path:
            return None
        target = Path(path)
        if target.suffix.lower() != suffix and not (suffix == ".html" and target.suffix == ".htm"):
            target = target.with_suffix(suffix)
        try:
            self.export(target)
        except OSError as e:
            QMessageBox.critical(
                self, "Could not export", literal(describe_os_error(e, target, "save"))
            )
            return None
        self.mode.window.show_message(f"Exported {target.name}.")
        return target

    def export_all(self, folder: Path | str) -> list[Path]:
        """battle-<id>-<umpire|side>.<md|html|pdf> for the umpire and each player, named
        by slug (a side named "../x" or "A/B" still writes inside `folder`)."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        c = self.mode.campaign
        written = []
        for who in (None, *c.sides):
            sheet = c.battle_sheet(self.battle, side=who)
            for suffix in (".md", ".html", ".pdf"):
                target = inside(folder, sheet_file_name(self.battle, who or "umpire", suffix))
                written.append(export_sheet(sheet, target))
        return written

    def export_all_dialog(self) -> list[Path]:
        folder = QFileDialog.getExistingDirectory(self, "Export every sheet into", str(Path.home()))
        if not folder:
            return []
        try:
            written = self.export_all(folder)
        except (OSError, ValueError) as e:
            sentence = describe_os_error(e, folder, "save") if isinstance(e, OSError) else str(e)
            QMessageBox.critical(self, "Could not export", literal(sentence))
            return []
        self.mode.window.show_message(f"Exported {len(written)} files into {folder}.")
        return written

    def print_dialog(self) -> None:
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, self)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            print_html(sheet_html_page(self.sheet()), printer)
