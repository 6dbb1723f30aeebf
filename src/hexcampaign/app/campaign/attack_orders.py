"""The attack order (attackers, target, artillery and air in range with the corps they
come from) and the defender's allocation of support. OK sends the engine's typed action
(DeclareAttack, SupportDefense) with `document.act(action, dialog)`; a refusal keeps the
dialog open and names the rule in it.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QFormLayout, QLabel, QListWidget, QListWidgetItem

from hexcampaign.app.accessible import name_controls
from hexcampaign.app.campaign.order_dialog import OrderDialog
from hexcampaign.campaign import actions as A
from hexcampaign.campaign.state import to_hex

ID_ROLE = Qt.ItemDataRole.UserRole


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
        name_controls(self)  # names for a screen reader (app/accessible.py)

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
        if self.target is None:
            self.show_refusal("Attack orders: choose a target")
            return False
        action = A.DeclareAttack(
            attackers=self.attackers(),
            defender=self.target,
            artillery=self.artillery(),
            air=self.air(),
        )
        # The order given ends the picking: the one redraw after it shows no attackers.
        picked, self.mode.attackers = self.mode.attackers, []
        changes = self.mode.document.act(action, self)
        if changes is None:
            self.mode.attackers = picked
            self.show_refusal(self.mode.document.last_refusal)
            return False
        result = changes.value
        self.battle = result.id
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
        artillery, air = c.attack_support(self.attackers(), self.target)
        for uid in artillery:
            self._add(self.artillery_list, uid, support_label(c, uid, where), uid in keep_art)
        for uid in air:
            self._add(self.air_list, uid, support_label(c, uid, where), uid in keep_air)
        if not artillery:
            self.artillery_list.addItem(QListWidgetItem("(no artillery in range)"))
        if not air:
            self.air_list.addItem(QListWidgetItem("(no air support in the Army HQ box)"))
        target = c.formation(self.target)
        # The strength of what is attacked, as far as the desk knows it (a player's desk
        # knows no enemy strength it has not met).
        self.summary.setText(
            f"Target: {target.name} ({target.side}) — {c.formation_summary(self.target)}. "
            "The battle type follows from its state on the set-up sheet."
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
            f"the {f.side} {f.name}: {c.formation_summary(f.id)}" for f in attackers
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
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def submit(self) -> bool:
        action = A.SupportDefense(
            battle=self.battle,
            artillery=_checked(self.artillery_list),
            air=_checked(self.air_list),
        )
        if self.mode.document.act(action, self) is None:
            self.show_refusal(self.mode.document.last_refusal)
            return False
        self.accept()
        return True
