"""The battles dock: this turn's and earlier battles with their state, and the buttons
for what a battle awaits (the attack order, the set-up sheet, the defender's support,
the result, the pursuit roll, calling it off). The dialogs live in attack_orders.py,
sheet_dialog.py and result_form.py; the dock redraws from the document's change records.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QGridLayout,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.campaign import flags as desk_flags
from hexcampaign.app.campaign.attack_orders import (  # noqa: F401 (the names' old home)
    AttackOrderDialog,
    DefenseSupportDialog,
    support_label,
)
from hexcampaign.app.campaign.sheet_dialog import (  # noqa: F401 (the names' old home)
    EXPORT_FILTERS,
    BattleSheetDialog,
    sheet_file_name,
)
from hexcampaign.app.dialogs import folders
from hexcampaign.app.plain_text import literal
from hexcampaign.campaign import actions as A
from hexcampaign.campaign.battle_admin import CM_SAVE_SUFFIXES, attached_path, store_file
from hexcampaign.files import FileFormatError, describe_os_error
from hexcampaign.rules.changes import Play, PlayChanges

ID_ROLE = Qt.ItemDataRole.UserRole


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
        self.die_label = QLabel("Pursuit die:", body)
        die_row.addWidget(self.die_label)
        self.die = QSpinBox(body)
        self.die.setObjectName("pursuit-die")
        self.die.setRange(0, 6)
        self.die.setSpecialValueText("the program rolls")
        self.die.setToolTip("Or the face of the umpire's own die, 1 to 6 (logged either way)")
        die_row.addWidget(self.die, 1)
        # Battle administration in one menu button (the list keeps its room at 1,280×800).
        self.paperwork = QPushButton("Paperwork", body)
        self.paperwork.setObjectName("battle-paperwork")
        menu = QMenu(self.paperwork)
        menu.setToolTipsVisible(True)
        self.admin_actions = {
            "sheets": menu.addAction(
                "Mark sheets sent…", lambda: self.mark_sheets_sent(self.current())
            ),
            "fought": menu.addAction("Mark fought", lambda: self.mark_fought(self.current())),
            "attach": menu.addAction(
                "Attach CM save or AAR…", lambda: self.attach_dialog(self.current())
            ),
            "open": menu.addAction(
                "Open attached file…", lambda: self.open_attached(self.current())
            ),
        }
        self.paperwork.setMenu(menu)
        die_row.addWidget(self.paperwork)
        layout.addLayout(die_row)
        self.setWidget(body)
        mode.watch(desk_flags.BATTLES_FLAGS, self._changed)

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

    def _changed(self, changes: PlayChanges) -> None:
        self.refresh(phase_changed=bool(changes.flags & Play.PHASE))

    def refresh(self, phase_changed: bool = False) -> None:
        """Redraw the list; at a new phase the battle its open item names is picked."""
        c = self.mode.campaign
        keep = self.current()
        known: set[str] = getattr(self, "_known", set())
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
            admin = c.battle_status(b.id)
            if b.result is None:
                status = "awaiting result"
                if admin.status != "declared":
                    status += f" · {admin.status}"
            else:
                status = b.result.outcome + (f" ({b.result.level})" if b.result.level else "")
            if b.files:
                status += f" · {len(b.files)} file{'s' if len(b.files) > 1 else ''}"
            item = QListWidgetItem(
                f"{b.id} · turn {b.turn} · {b.sheet.title().split(' — ')[1]}\n"
                f"    {b.sheet.battle_type}, {b.sheet.turns} turns — {status}"
            )
            item.setToolTip(literal(" ".join(admin.owed) or f"Nothing is owed for battle {b.id}."))
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
        if phase_changed and open_battles and self.current() not in open_battles:
            for row in range(self.list.count()):
                if self.list.item(row).data(ID_ROLE) == open_battles[0]:
                    self.list.setCurrentRow(row)
        phase = c.phase
        kinds = self._desk_kinds()
        self.buttons["attack"].setEnabled(
            phase == "attack_orders" and (kinds is None or "attack" in kinds)
        )
        self._sync_result_button()

    def _desk_side(self) -> str | None:
        """The side of a player's desk (None at the umpire's): its buttons are that
        side's orders only; results and paperwork are the umpire's."""
        if not getattr(self.mode, "player_desk", False):
            return None
        return getattr(self.mode.document, "side", None)

    def _desk_kinds(self) -> set[str] | None:
        """What the desk's side may order now, as the engine says (PlayerDesk's legal
        actions, their kinds); None at the umpire's desk, where every button stands."""
        if self._desk_side() is None:
            return None
        return {a.kind for a in self.mode.document.desk.legal_actions()}

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
        desk, kinds = self._desk_side(), self._desk_kinds()
        # (Calling off is the attacker's: the battle's own side, not a legal action kind.)
        attacker = desk is None or (b is not None and b.attacker_side == desk)
        self.buttons["defense"].setEnabled(orders and (kinds is None or "support_defense" in kinds))
        self.buttons["cancel"].setEnabled(orders and attacker and self.this_turns() == picked)
        button.setVisible(desk is None)
        self.paperwork.setVisible(desk is None)
        self.die.setVisible(desk is None)  # the pursuit die is the umpire's
        self.die_label.setVisible(desk is None)
        self._sync_paperwork(b)
        sheet = self.buttons["sheet"]  # it did nothing with no battle picked
        sheet.setEnabled(b is not None)
        sheet.setToolTip(
            f"The set-up sheet of battle {b.id}"
            if b is not None
            else "No battle yet: a set-up sheet is made for each attack order given."
        )
        pursuit = self.buttons["pursuit"]
        able = (
            b is not None
            and c.phase == "pursuit"
            and bool(c.pursuit_candidates(b.id))
            and (kinds is None or "pursuit" in kinds)
        )
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

    def _sync_paperwork(self, b) -> None:
        """The paperwork entries for the battle picked: each off once its step is past,
        the button's tooltip who owes what (the engine's battle_status)."""
        c = self.mode.campaign
        status = c.battle_status(b.id) if c is not None and b is not None else None
        self.paperwork.setEnabled(status is not None)
        step = status.step if status is not None else 3
        self.admin_actions["sheets"].setEnabled(step == 0)
        self.admin_actions["fought"].setEnabled(step in (0, 1))
        self.admin_actions["attach"].setEnabled(status is not None)
        self.admin_actions["open"].setEnabled(status is not None and bool(status.files))
        past = "" if status is None else f"Battle {status.battle} is past that: {status.status}."
        self.admin_actions["sheets"].setToolTip("" if step == 0 else past)
        self.admin_actions["fought"].setToolTip("" if step in (0, 1) else past)
        self.admin_actions["open"].setToolTip(
            ""
            if status is None or status.files
            else f"Battle {status.battle} has no file attached."
        )
        self.paperwork.setToolTip(
            ""
            if status is None
            else literal(
                (f"Battle {status.battle}: {status.status}. " + " ".join(status.owed)).strip()
            )
        )

    # --- battle administration --------------------------------------------------------------

    def mark_sheets_sent(self, battle: str | None, host: str | None = None):
        """Mark the battle's sheets sent; asks whose player builds it in CM and sends its
        result (the attacker's by default) unless `host` is given."""
        c = self.mode.campaign
        if c is None or battle is None:
            return None
        if host is None:
            b = c.battle(battle)
            sides = [b.attacker_side, b.defender_side]
            host, ok = QInputDialog.getItem(
                self.mode.window,
                "Sheets sent",
                f"Battle {battle}: whose player builds it in CM and sends its result?",
                sides,
                0,
                False,
            )
            if not ok:
                return None
        return self.mode.document.act(A.MarkSheetsSent(battle=battle, host=host), self)

    def mark_fought(self, battle: str | None):
        if self.mode.campaign is None or battle is None:
            return None
        return self.mode.document.act(A.MarkFought(battle=battle), self)

    def attach_dialog(self, battle: str | None):
        if self.mode.campaign is None or battle is None:
            return None
        saves = " ".join(f"*{s}" for s in CM_SAVE_SUFFIXES)
        path, _chosen = QFileDialog.getOpenFileName(
            self.mode.window,
            f"Attach a CM save or after-action report to battle {battle}",
            str(folders.start_folder(self.mode.window, "cm-save")),
            f"CM saves ({saves});;After-action reports (*.png *.jpg *.jpeg *.txt *.pdf *.html);;Any file (*)",
        )
        if path:
            folders.remember_folder(self.mode.window, "cm-save", path)
        return self.attach(battle, path) if path else None

    def attach(self, battle: str, source: Path | str):
        """Copy `source` beside the campaign's file and record it on the battle; a
        campaign never saved is asked to be saved first (its files live beside it)."""
        document = self.mode.document
        if document is None:
            return None
        if document.path is None:
            QMessageBox.information(
                self.mode.window,
                "Attach a file",
                "Save the campaign first: files attached to its battles are kept in a folder beside its file.",
            )
            return None
        try:
            action = store_file(document.path, battle, source)
        except FileFormatError as e:
            QMessageBox.critical(self.mode.window, "Could not attach", literal(str(e)))
            return None
        except OSError as e:
            QMessageBox.critical(
                self.mode.window, "Could not attach", literal(describe_os_error(e, source, "write"))
            )
            return None
        return document.act(action, self)

    def open_attached(self, battle: str | None, name: str | None = None) -> Path | None:
        """Open a file attached to the battle with the desktop's program for it (asking
        which when there are several), once its copy beside the campaign is found and its
        SHA-256 is the one attached; else say which is missing or changed."""
        c, document = self.mode.campaign, self.mode.document
        if c is None or battle is None or document is None:
            return None
        files = list(c.battle_status(battle).files)
        if not files:
            return None
        if name is None and len(files) > 1:
            name, ok = QInputDialog.getItem(
                self.mode.window,
                "Open attached file",
                f"Battle {battle}:",
                [f.name for f in files],
                0,
                False,
            )
            if not ok:
                return None
        f = next((f for f in files if f.name == name), files[0])
        path = attached_path(document.path, battle, f) if document.path is not None else None
        if path is None:
            QMessageBox.warning(
                self.mode.window,
                "Open attached file",
                literal(
                    f"The copy of {f.name!r} beside the campaign's file is missing or has changed "
                    "since it was attached (its SHA-256 differs); attach it again."
                ),
            )
            return None
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))
        return path

    # --- dialogs ----------------------------------------------------------------------------

    def attack_dialog(self, target: str | None, attackers: list[str]):
        return self.mode.dialogs.attack_order(target, attackers)

    def defense_dialog(self, battle: str | None):
        return self.mode.dialogs.defense_support(battle)

    def sheet_dialog(self, battle: str | None):
        return self.mode.dialogs.battle_sheet(battle)

    def result_form(self, battle: str | None):
        return self.mode.dialogs.result(battle)

    def roll_pursuit(self, battle: str | None, division: str | None = None) -> bool | None:
        """Roll the pursuit die (the engine's dice, or the umpire's face from the die box;
        logged either way, and it cannot be taken back)."""
        c = self.mode.campaign
        if c is None or battle is None:
            return None
        action = A.Pursuit(battle=battle, division=division, roll=self.die.value() or None)
        changes = self.mode.document.act(action, self)
        if changes is None:
            return None
        success = changes.value
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
            self.mode.document.act(A.CancelAttack(battle=battle), self)
