"""The order-of-battle dock: one side at a time (a side switcher), as a tree
Army HQ box → corps HQs → divisions → combat units, with each unit's category, strength
(casualty threshold or vehicle count) and experience, and each formation's composition
counted against the limits ("infantry 2/3, armour 3/3, total 5/6").

In the reinforcement phase a unit is dragged from the Army HQ box onto a formation; the
engine decides, and a drop it forbids is refused with its sentence shown at the drop.
"""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QPoint, Qt
from PySide6.QtGui import QBrush, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QMenu,
    QToolTip,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.campaign import flags as desk_flags
from hexcampaign.app.campaign.order_dialog import narrow
from hexcampaign.app.plain_text import literal
from hexcampaign.app.style import WINDOW, ground, label_style, quiet_ink, text_on, wash
from hexcampaign.campaign import FormationView, UnitView
from hexcampaign.campaign import actions as A
from hexcampaign.campaign.phases import PHASE_TITLES
from hexcampaign.campaign.tables import campaign_rules

UNIT_MIME = "application/x-hexcampaign-unit"
ID_ROLE = Qt.ItemDataRole.UserRole
KIND_ROLE = Qt.ItemDataRole.UserRole + 1  # "army_hq" | "formation" | "unit"
COLUMNS = ("Formation / unit", "Category", "Strength", "Experience")


def unit_strength(c, u: UnitView) -> str:
    """What a unit has now and what eliminates it, as the engine holds it (after the
    umpire's Set strength): the same numbers the battle sheet prints."""
    if u.red_number is not None:
        have = "" if u.strength == u.full_strength else f"{u.strength} men · "
        return f"{have}elim. at {u.loss_limit} men"
    return f"{u.strength} veh./guns · elim. at {u.loss_limit}"


def formation_label(c, f: FormationView) -> str:
    size = "XXX" if f.kind == "corps" else "XX"
    return f"{size}  {f.name} ({c.map.label(f.hex)})"


def formation_status(f: FormationView) -> str:
    """Experience and the markers the counter shows: dug in, fortified, out of supply."""
    flags = [f.experience]  # joined with ", " in the formation's row
    if f.fortified:
        flags.append("fortified")
    elif f.dug_in:
        flags.append("dug in")
    if f.kind != "corps" and not f.in_supply:
        flags.append("OUT OF SUPPLY")
    if f.reinforced_this_turn:
        flags.append("reinforced")
    return ", ".join(flags)


class OobTree(QTreeWidget):
    """The tree; drops of Army HQ units on formations go to the dock's `drop_unit`."""

    def __init__(self, dock: OobDock) -> None:
        super().__init__(dock)
        self.dock = dock
        self.setObjectName("oob-tree")
        self.setColumnCount(len(COLUMNS))
        self.setHeaderLabels(list(COLUMNS))
        self.setDragEnabled(True)
        self.setAcceptDrops(True)
        self.viewport().setAcceptDrops(True)
        self.setDropIndicatorShown(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.setAlternatingRowColors(True)
        self.setUniformRowHeights(True)
        self.setIndentation(14)

    def mimeTypes(self) -> list[str]:
        return [UNIT_MIME]

    def mimeData(self, items) -> QMimeData:
        data = QMimeData()
        uids = [i.data(0, ID_ROLE) for i in items if i.data(0, KIND_ROLE) == "unit"]
        if uids:
            data.setData(UNIT_MIME, uids[0].encode())
        return data

    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasFormat(UNIT_MIME):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dragMoveEvent(self, event) -> None:
        if event.mimeData().hasFormat(UNIT_MIME):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event) -> None:
        # The tree never moves items itself: the engine decides, then the dock redraws.
        mime = event.mimeData()
        if not mime.hasFormat(UNIT_MIME):
            event.ignore()
            return
        uid = bytes(mime.data(UNIT_MIME)).decode()
        pos = event.position().toPoint()
        target = self.formation_at(pos)
        event.setDropAction(Qt.DropAction.IgnoreAction)
        event.accept()
        self.dock.drop_unit(uid, target, self.viewport().mapToGlobal(pos))

    def formation_at(self, pos: QPoint) -> str | None:
        item = self.itemAt(pos)
        while item is not None and item.data(0, KIND_ROLE) != "formation":
            item = item.parent()
        return item.data(0, ID_ROLE) if item is not None else None


class OobDock(QDockWidget):
    def __init__(self, mode) -> None:
        super().__init__("Order of battle", mode.window)
        self.setObjectName("campaign-oob")
        self.mode = mode
        body = QWidget(self)
        layout = QVBoxLayout(body)
        row = QHBoxLayout()
        row.addWidget(QLabel("Side:", body))
        self.side_box = QComboBox(body)
        self.side_box.setObjectName("oob-side")
        narrow(self.side_box)
        self.side_box.currentIndexChanged.connect(lambda _i: self.refresh())
        row.addWidget(self.side_box, 1)
        layout.addLayout(row)
        self.tree = OobTree(self)
        self.tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.tree.customContextMenuRequested.connect(self._context_menu)
        self.tree.itemDoubleClicked.connect(self._double_clicked)
        self.tree.itemClicked.connect(lambda item, _col: self.show_history(item))
        layout.addWidget(self.tree, 1)
        self.hint = QLabel(body)
        self.hint.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet(f"QLabel {{ color: {quiet_ink(ground(role=WINDOW)).name()}; }}")
        layout.addWidget(self.hint)
        self.feedback = QLabel(body)
        self.feedback.setTextFormat(Qt.TextFormat.PlainText)  # names from files: never markup
        self.feedback.setObjectName("oob-feedback")
        self.feedback.setWordWrap(True)
        self.feedback.hide()
        layout.addWidget(self.feedback)
        self.setWidget(body)
        self.setMinimumWidth(480)
        mode.watch(desk_flags.OOB_FLAGS, lambda _changes: self.refresh())
        mode.view_changed.connect(self.refresh)  # the selection is highlighted here

    @property
    def side(self) -> str | None:
        return self.side_box.currentData()

    def set_side(self, side: str) -> None:
        index = self.side_box.findData(side)
        if index >= 0:
            self.side_box.setCurrentIndex(index)

    def drop_unit(self, uid: str, fid: str | None, at: QPoint | None = None) -> bool:
        """A unit dropped on a formation: the engine's transfer, or its refusal shown here."""
        c = self.mode.campaign
        if c is None:
            return False
        document = self.mode.document
        if fid is None:
            document.refuse("Reinforcement: drop the unit on a division or a corps HQ")
            ok = False
        else:
            ok = document.act(A.Transfer(uid=uid, fid=fid), self) is not None
        if ok:
            unit = c.unit(uid)
            self._say(f"{unit.name} joined {c.formation(fid).name}.", error=False)
        else:
            self._say(document.last_refusal, error=True)
            if at is not None:
                QToolTip.showText(at, literal(document.last_refusal), self.tree)
        return ok

    def refresh(self) -> None:
        c = self.mode.campaign
        wanted = self.side
        self.side_box.blockSignals(True)
        self.side_box.clear()
        if c is not None:
            for side in c.sides:
                self.side_box.addItem(side, side)
            # A player's desk opens on its own side's forces, whoever is to play.
            own = getattr(self.mode.document, "side", None) if self.mode.player_desk else None
            index = self.side_box.findData(wanted or own or c.side_to_play)
            self.side_box.setCurrentIndex(max(index, 0))
        self.side_box.blockSignals(False)
        self._fill()

    def _fill(self) -> None:
        c = self.mode.campaign
        tree = self.tree
        expanded = self._expanded_ids()
        tree.clear()
        if c is None:
            self.hint.setText("")
            return
        side = self.side or c.side_to_play
        own = getattr(self.mode.document, "side", None) if self.mode.player_desk else None
        if own is not None and side != own:
            self._fill_known_enemy(c, side, own)
            return
        bold = QFont()
        bold.setBold(True)
        n = len(c.army_hq(side))
        box = QTreeWidgetItem(tree, [f"Army HQ box ({n} unit{'' if n == 1 else 's'})", "", "", ""])
        box.setData(0, KIND_ROLE, "army_hq")
        box.setData(0, ID_ROLE, "army_hq")
        box.setFont(0, bold)
        box.setFlags(box.flags() & ~Qt.ItemFlag.ItemIsDragEnabled & ~Qt.ItemFlag.ItemIsDropEnabled)
        box.setFirstColumnSpanned(True)
        for u in c.army_hq(side):
            # Air support is drawn from the Army HQ box in an attack order; it joins no
            # formation. It may still be dragged, so the drop says why (the engine's rule).
            self._unit_item(box, c, u, "—", draggable=True)
        formations = c.formations(side)
        corps = [f for f in formations if f.kind == "corps"]
        for hq in corps:
            item = self._formation_item(tree, c, hq)
            for f in formations:
                if f.kind != "corps" and f.corps == hq.id:
                    self._formation_item(item, c, f)
        loose = [
            f for f in formations if f.kind != "corps" and f.corps not in {x.id for x in corps}
        ]
        if loose:
            orphans = QTreeWidgetItem(
                tree, ["Divisions without a corps HQ (no supply)", "", "", ""]
            )
            orphans.setData(0, KIND_ROLE, "group")
            orphans.setData(0, ID_ROLE, "no-corps")
            orphans.setFlags(orphans.flags() & ~Qt.ItemFlag.ItemIsDragEnabled)
            orphans.setFirstColumnSpanned(True)
            for f in loose:
                self._formation_item(orphans, c, f)
        if expanded:
            self._restore(expanded)
        else:
            tree.expandAll()
        # Columns fit the unit rows (formation rows span them); long unit names elide (the
        # full name is in the tooltip) so strength and experience stay in view.
        widths = [0, 0, 0, 0]
        metrics = tree.fontMetrics()
        for unit_item in self._unit_items():
            for col in range(4):
                widths[col] = max(widths[col], metrics.horizontalAdvance(unit_item.text(col)))
        indent = tree.indentation() * 3
        tree.setColumnWidth(0, min(widths[0] + indent + 12, 250))
        for col in (1, 2, 3):
            tree.setColumnWidth(col, widths[col] + 16)
        if c.phase == "reinforcement" and side == c.side_to_play:
            also = "" if self.mode.player_desk else " or rate its experience"
            self.hint.setText(
                "Reinforcement phase: drag a unit from the Army HQ box onto a division or corps "
                f"HQ. Right-click a division to assign it to a corps{also}."
            )
        else:
            self.hint.setText(
                f"Units join formations in {side}'s reinforcement phase. "
                f"Now: {c.side_to_play}'s {PHASE_TITLES[c.phase]} phase."
            )

    def _fill_known_enemy(self, c, side: str, own: str) -> None:
        """A player's desk showing the enemy: the formations the fog of war reveals, by
        name and hex, and what the side knows of them; no Army HQ box, no units, no
        supply (the package holds placeholders, whose made-up details must not show)."""
        known = c.formations(side)
        group = QTreeWidgetItem(
            self.tree, [f"{side} formations known to the {own} player ({len(known)})", "", "", ""]
        )
        group.setData(0, KIND_ROLE, "group")
        group.setFirstColumnSpanned(True)
        for f in known:
            text = f"{formation_label(c, f)} — {c.formation_summary(f.id)}"
            item = QTreeWidgetItem(group, [text, "", "", ""])
            item.setData(0, KIND_ROLE, "formation")
            item.setData(0, ID_ROLE, f.id)
            item.setFlags(
                item.flags() & ~Qt.ItemFlag.ItemIsDragEnabled & ~Qt.ItemFlag.ItemIsDropEnabled
            )
            item.setFirstColumnSpanned(True)
        self.tree.expandAll()
        self.hint.setText(
            f"Of the {side} forces a player sees the formations next to his own and those "
            "met in this turn's battles (Fog of war in the rules interpretations)."
        )

    def _formation_item(self, parent, c, f: FormationView) -> QTreeWidgetItem:
        # A formation's row spans the columns: name, hex, composition against the limits
        # and status read as one line; its units' rows fill the columns below it.
        status = formation_status(f)
        text = f"{formation_label(c, f)}, {status} — {f.composition}"
        item = QTreeWidgetItem(parent, [text, f.kind, f.composition, status])
        item.setData(0, KIND_ROLE, "formation")
        item.setData(0, ID_ROLE, f.id)
        item.setFlags(
            (item.flags() | Qt.ItemFlag.ItemIsDropEnabled) & ~Qt.ItemFlag.ItemIsDragEnabled
        )
        item.setFirstColumnSpanned(True)
        # A formation's row pale blue, the selected one pale yellow (a dark theme: the
        # same hues dark, the words light; its light words on pale blue could not be read).
        row = wash("#fff3c4" if f.id == self.mode.selected else "#e3e9f0", ground(self.tree.palette()))
        for col in range(len(COLUMNS) if f.id == self.mode.selected else 1):
            item.setBackground(col, QBrush(row))
            item.setForeground(col, QBrush(text_on(row)))
        item.setToolTip(0, literal(c.dig_in_status(f.id).text))
        item.setToolTip(2, _limits_text(f.kind))
        for u in f.units:
            self._unit_item(item, c, u, f.experience, draggable=False)
        return item

    def _unit_item(self, parent, c, u: UnitView, experience: str, draggable: bool):
        item = QTreeWidgetItem(
            parent,
            [u.name, u.category.replace("_", " "), unit_strength(c, u), experience],
        )
        item.setData(0, KIND_ROLE, "unit")
        item.setData(0, ID_ROLE, u.id)
        history = c.unit_history(u.id)
        item.setToolTip(
            0,
            literal(
                "\n".join(
                    [
                        f"{u.label or u.name}, {u.cost} PP"
                        + (", motorised" if u.motorised else ""),
                        *(history.lines or ("No battles yet.",)),
                    ]
                )
            ),
        )
        flags = item.flags() & ~Qt.ItemFlag.ItemIsDropEnabled
        if draggable:
            flags |= Qt.ItemFlag.ItemIsDragEnabled
        else:
            flags &= ~Qt.ItemFlag.ItemIsDragEnabled
        item.setFlags(flags)
        return item

    def _items(self) -> list[QTreeWidgetItem]:
        """Every row of the tree, at any depth."""
        out: list[QTreeWidgetItem] = []
        stack = [self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount())]
        while stack:
            item = stack.pop()
            if item is not None:
                out.append(item)
                stack += [item.child(i) for i in range(item.childCount())]
        return out

    def _unit_items(self) -> list[QTreeWidgetItem]:
        return [item for item in self._items() if item.data(0, KIND_ROLE) == "unit"]

    def _expanded_ids(self) -> set[str] | None:
        if self.tree.topLevelItemCount() == 0:
            return None
        return {item.data(0, ID_ROLE) for item in self._items() if item.isExpanded()}

    def _restore(self, expanded: set[str]) -> None:
        for item in self._items():
            item.setExpanded(item.data(0, ID_ROLE) in expanded or item.childCount() < 8)

    def _say(self, text: str, error: bool) -> None:
        colour = "#8b0000; background: #fdecea" if error else "#1b5e20; background: #e8f5e9"
        self.feedback.setStyleSheet(label_style(f"QLabel {{ color: {colour}; padding: 4px; }}"))
        self.feedback.setText(text)
        self.feedback.show()

    def show_history(self, item: QTreeWidgetItem | None) -> str:
        """A unit picked in the tree: its battles, casualties and fate in the hint line."""
        c = self.mode.campaign
        if c is None or item is None or item.data(0, KIND_ROLE) != "unit":
            return ""
        h = c.unit_history(item.data(0, ID_ROLE))
        text = f"{h.label}: " + (" ".join(h.lines) if h.lines else "no battles yet.")
        self.hint.setText(text)
        return text

    def _send(self, action) -> None:
        self.mode.document.act(action, self)

    def _double_clicked(self, item: QTreeWidgetItem, _col: int) -> None:
        c = self.mode.campaign
        if c is None or item.data(0, KIND_ROLE) != "formation":
            return
        fid = item.data(0, ID_ROLE)
        self.mode.select(fid)
        self.mode.window.canvas.center_on_hex(c.formation(fid).hex)

    def _context_menu(self, pos: QPoint) -> None:
        c = self.mode.campaign
        item = self.tree.itemAt(pos)
        if c is None or item is None or item.data(0, KIND_ROLE) != "formation":
            return
        f = c.formation(item.data(0, ID_ROLE))
        menu = QMenu(self.tree)
        enemy_on_desk = self.mode.player_desk and f.side != self.mode.document.side
        if f.kind != "corps" and not enemy_on_desk:
            assign = menu.addMenu("Assign to corps HQ")
            for hq in c.formations(f.side):
                if hq.kind == "corps":
                    action = assign.addAction(hq.name)
                    action.triggered.connect(
                        lambda _c=False, fid=f.id, cid=hq.id: self._send(
                            A.Assign(fid=fid, corps_id=cid)
                        )
                    )
            detach = assign.addAction("(no corps HQ)")
            detach.triggered.connect(
                lambda _c=False, fid=f.id: self._send(A.Assign(fid=fid, corps_id=None))
            )
        if not self.mode.player_desk:
            # Experience and names are the umpire's to set: a player's desk does not
            # offer what its orders file could only have refused.
            rate = menu.addMenu("Experience")
            for level in campaign_rules().experience_levels:
                action = rate.addAction(level)
                action.setCheckable(True)
                action.setChecked(level == f.experience)
                action.triggered.connect(
                    lambda _c=False, fid=f.id, lv=level: self._send(
                        A.SetExperience(fid=fid, level=lv)
                    )
                )
            rename = menu.addAction("Rename…")
            rename.triggered.connect(lambda _c=False, fid=f.id: self.mode.rename_dialog(fid))
        show = menu.addAction("Show on the map")
        show.triggered.connect(lambda _c=False, fid=f.id: self._double_clicked(item, 0))
        menu.popup(self.tree.viewport().mapToGlobal(pos))


def _limits_text(kind: str) -> str:
    limits = campaign_rules().limits["corps" if kind == "corps" else "division"]
    text = (
        f"At most {limits.infantry} infantry companies, {limits.armour} tank/StuG/light tank/"
        f"SP gun/armoured car units, {limits.total} combat units in all"
    )
    if limits.artillery:
        text += f", plus up to {limits.artillery} medium/heavy artillery or heavy mortar units"
    return text
