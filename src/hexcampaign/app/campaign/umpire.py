"""The umpire's own interventions outside the turn sequence, each logged by the engine
with its reason: granting or removing PP, renaming a formation."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QFormLayout, QLineEdit, QSpinBox

from hexcampaign.app.accessible import name_controls
from hexcampaign.app.campaign.order_dialog import OrderDialog
from hexcampaign.campaign import actions as A
from hexcampaign.campaign.state import pair


class AdjustPpDialog(OrderDialog):
    """Add (or take away) PP for one side this turn; the engine logs it with the reason."""

    def __init__(self, mode) -> None:
        super().__init__(mode, "Adjust production points")
        c = mode.campaign
        form = QFormLayout()
        self.side = QComboBox(self)
        for side in c.sides:
            self.side.addItem(f"{side} ({c.pp_available(side)} PP now)", side)
        self.side.setCurrentIndex(c.sides.index(c.side_to_play))
        self.amount = QSpinBox(self)
        self.amount.setRange(-999, 999)
        self.amount.setSuffix(" PP")
        self.reason = QLineEdit(self)
        self.reason.setPlaceholderText("Why (it goes into the campaign log)")
        form.addRow("Side:", self.side)
        form.addRow("Change:", self.amount)
        form.addRow("Reason:", self.reason)
        self.layout_.addLayout(form)
        self.finish_layout()
        self.resize(420, 180)
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def submit(self) -> bool:
        side, amount = self.side.currentData(), self.amount.value()
        return self.send_order(A.AdjustPP(side=side, amount=amount, reason=self.reason.text()))


class RenameDialog(OrderDialog):
    def __init__(self, mode, fid: str) -> None:
        super().__init__(mode, "Rename the formation")
        self.fid = fid
        form = QFormLayout()
        self.name = QLineEdit(mode.campaign.formation(fid).name, self)
        form.addRow("Name:", self.name)
        self.layout_.addLayout(form)
        self.finish_layout()
        self.resize(380, 120)
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def submit(self) -> bool:
        return self.send_order(A.Rename(fid=self.fid, name=self.name.text()))


# --- corrections: each names its subject as the umpire reads it and asks for a reason ---


class CorrectionDialog(OrderDialog):
    """A correction: a few fields, a reason (required, it goes into the log and both
    sides' turn reports), OK sends it; a refusal stays in the dialog. Back undoes it."""

    def __init__(self, mode, title: str) -> None:
        super().__init__(mode, title)
        self.form = QFormLayout()
        self.layout_.addLayout(self.form)
        self.reason = QLineEdit(self)
        self.reason.setObjectName("correction-reason")
        self.reason.setPlaceholderText("Why (it goes into the log and both turn reports)")

    def finish_form(self) -> None:
        self.form.addRow("Reason:", self.reason)
        self.finish_layout()
        self.resize(480, 200)

    @property
    def why(self) -> str:
        return self.reason.text().strip()

    def send(self, action) -> bool:
        """Send the correction (its `reason` is the umpire's, from the reason line)."""
        if not self.why:
            self.show_refusal("Umpire correction: give a reason; it is logged")
            return False
        return self.send_order(action)


def _formation_box(parent, c, fid: str | None = None, side: str | None = None) -> QComboBox:
    box = QComboBox(parent)
    box.setObjectName("formation")
    for f in c.formations(side):
        box.addItem(f"{f.name} ({f.side}, {c.map.label(f.hex)})", f.id)
    if fid is not None and box.findData(fid) >= 0:
        box.setCurrentIndex(box.findData(fid))
    return box


def _fell_with(c, uid: str):
    """(battle, the OOB line of the unit in it) for the battle that eliminated `uid`."""
    battle = c.unit_history(uid).eliminated_in
    if battle is None:
        return None, None
    lines = [o for side in c.battle(battle).sheet.oobs.values() for o in side]
    return battle, next((o for o in lines if o.unit_id == uid), None)


def _fought_with(c, uid: str) -> str | None:
    """The formation an eliminated unit fought in when it was eliminated."""
    _battle, line = _fell_with(c, uid)
    return line.formation_id if line is not None else None


def _eliminated_text(c, u) -> str:
    """ "Panzer IV platoon — german, 1st Infantry Division, eliminated in battle B2"."""
    battle, line = _fell_with(c, u.id)
    bits = [u.side] + ([line.formation] if line is not None else [])
    bits.append(f"eliminated in battle {battle}" if battle else "eliminated")
    return f"{u.name} — {', '.join(bits)}"


class RestoreUnitDialog(CorrectionDialog):
    """Bring an eliminated unit back, at full strength, into a formation of its side."""

    def __init__(self, mode) -> None:
        super().__init__(mode, "Restore an eliminated unit")
        c = mode.campaign
        self.unit = QComboBox(self)
        self.unit.setObjectName("unit")
        for u in c.units():
            if u.where == "eliminated":
                self.unit.addItem(_eliminated_text(c, u), u.id)
        self.into = QComboBox(self)
        self.into.setObjectName("into")
        self.unit.currentIndexChanged.connect(lambda _i: self._fill_into())
        self.form.addRow("Unit:", self.unit)
        self.form.addRow("Into:", self.into)
        self._fill_into()
        if self.unit.count() == 0:
            self.show_refusal("No unit has been eliminated.")
        self.finish_form()
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def _fill_into(self) -> None:
        c = self.mode.campaign
        self.into.clear()
        uid = self.unit.currentData()
        if uid is None:
            return
        side = c.unit(uid).side
        self.into.addItem("the Army HQ box", "army_hq")
        for f in c.formations(side):
            if f.kind != "corps":
                self.into.addItem(f"{f.name} ({c.map.label(f.hex)})", f.id)
        # Back into the division it fell with, when that division still stands.
        home = _fought_with(c, uid)
        if home is not None and self.into.findData(home) >= 0:
            self.into.setCurrentIndex(self.into.findData(home))

    def submit(self) -> bool:
        if self.unit.currentData() is None:
            self.show_refusal("No unit has been eliminated.")
            return False
        uid, into = self.unit.currentData(), self.into.currentData()
        return self.send(A.RestoreUnit(uid=uid, fid=into, reason=self.why))


class UmpireMoveDialog(CorrectionDialog):
    """Put a formation in a hex, named by the number printed on the map."""

    def __init__(self, mode, fid: str | None = None) -> None:
        super().__init__(mode, "Move a formation (umpire)")
        c = mode.campaign
        self.formation = _formation_box(self, c, fid or mode.selected)
        self.where = QLineEdit(self)
        self.where.setObjectName("hex")
        self.where.setPlaceholderText("the hex number printed on the map, e.g. 0604")
        self.form.addRow("Formation:", self.formation)
        self.form.addRow("To hex:", self.where)
        self.finish_form()
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def submit(self) -> bool:
        c = self.mode.campaign
        text = self.where.text().strip()
        target = next((h for h in c.map.hexes() if c.map.label(h) == text), None)
        if target is None:
            self.show_refusal(
                f"Umpire correction: there is no hex {text or '(none given)'} on the map"
            )
            return False
        fid = self.formation.currentData()
        return self.send(A.UmpireMove(fid=fid, where=pair(target), reason=self.why))


class SetStrengthDialog(CorrectionDialog):
    """A unit's men or vehicles/guns now (the chart's full strength at most)."""

    def __init__(self, mode, uid: str | None = None) -> None:
        super().__init__(mode, "Set a unit's strength")
        c = mode.campaign
        self.unit = QComboBox(self)
        self.unit.setObjectName("unit")
        for u in c.units():
            if u.where != "eliminated":
                self.unit.addItem(f"{u.label or u.name} ({u.side})", u.id)
        if uid is not None and self.unit.findData(uid) >= 0:
            self.unit.setCurrentIndex(self.unit.findData(uid))
        self.strength = QSpinBox(self)
        self.strength.setObjectName("strength")
        self.unit.currentIndexChanged.connect(lambda _i: self._limits())
        self.form.addRow("Unit:", self.unit)
        self.form.addRow("Strength now:", self.strength)
        self._limits()
        self.finish_form()
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def _limits(self) -> None:
        uid = self.unit.currentData()
        if uid is None:
            return
        u = self.mode.campaign.unit(uid)
        what = "men" if u.vehicles is None else "vehicles/guns"
        self.strength.setRange(0, max(u.full_strength, 0))
        self.strength.setSuffix(f" {what} (full: {u.full_strength})")
        self.strength.setValue(u.strength)

    def submit(self) -> bool:
        c = self.mode.campaign
        uid = self.unit.currentData()
        value = self.strength.value()
        full = c.unit(uid).full_strength
        strength = None if value == full else value
        return self.send(A.SetStrength(uid=uid, strength=strength, reason=self.why))


class SetExperienceDialog(CorrectionDialog):
    def __init__(self, mode, fid: str | None = None) -> None:
        super().__init__(mode, "Set a formation's experience")
        from hexcampaign.campaign.tables import campaign_rules

        c = mode.campaign
        self.formation = _formation_box(self, c, fid or mode.selected)
        self.level = QComboBox(self)
        self.level.setObjectName("level")
        for level in campaign_rules().experience_levels:
            self.level.addItem(level, level)
        self.formation.currentIndexChanged.connect(lambda _i: self._current())
        self.form.addRow("Formation:", self.formation)
        self.form.addRow("Experience:", self.level)
        self._current()
        self.finish_form()
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def _current(self) -> None:
        fid = self.formation.currentData()
        if fid is not None:
            self.level.setCurrentIndex(
                self.level.findData(self.mode.campaign.formation(fid).experience)
            )

    def submit(self) -> bool:
        fid, level = self.formation.currentData(), self.level.currentData()
        return self.send(A.SetExperience(fid=fid, level=level, reason=self.why))


class SetWeatherDialog(CorrectionDialog):
    """The weather of a battle not yet fought (else the program rolled it): both sides'
    sheets follow, and both turn reports carry the reason."""

    def __init__(self, mode, battle: str | None = None) -> None:
        super().__init__(mode, "Set a battle's weather")
        from hexcampaign.campaign.tables import battle_conditions

        c = mode.campaign
        self.battle = QComboBox(self)
        self.battle.setObjectName("battle")
        for b in c.battles():
            if b.result is None:
                self.battle.addItem(f"{b.sheet.title()} — now {b.weather or 'not set'}", b.id)
        if battle is not None and self.battle.findData(battle) >= 0:
            self.battle.setCurrentIndex(self.battle.findData(battle))
        self.weather = QComboBox(self)
        self.weather.setObjectName("weather")
        for name in battle_conditions().weather:
            self.weather.addItem(name, name)
        self.form.addRow("Battle:", self.battle)
        self.form.addRow("Weather:", self.weather)
        self.finish_form()
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def submit(self) -> bool:
        if self.battle.currentData() is None:
            self.show_refusal("Weather: every battle of the campaign has been fought")
            return False
        battle, weather = self.battle.currentData(), self.weather.currentData()
        return self.send(A.SetWeather(battle=battle, weather=weather, reason=self.why))
