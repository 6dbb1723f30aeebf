"""The combat dock: build an attack (target, attackers, artillery, air power), let the
defender allocate defensive artillery, show the odds with every modifier and the chance
of each result, roll, and ask only what the result leaves to the players (losses,
retreats, advances, the D ELIM advance die).

Every button goes through the session to the engine; the panel redraws from the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDockWidget,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.kasserine.dice import DiceWidget
from hexcampaign.app.kasserine.docks import UnitList, side_word
from hexcampaign.app.kasserine.session import PlaySession
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import Combat, Decision, Game, IllegalAction, UnitView
from hexcampaign.kasserine.tables import breakdown_table, crt_table

SUPPORT_KINDS = ("artillery",)


@dataclass(frozen=True)
class OddsView:
    """The numbers the odds panel shows, taken from an engine Combat."""

    odds: str
    attack: Fraction
    defense: Fraction
    breakdown: list[str]
    distribution: dict[str, Fraction]
    roll: int | None = None
    result: str | None = None
    preview: bool = False

    @classmethod
    def of(cls, combat: Combat, preview: bool = False) -> OddsView:
        return cls(
            combat.odds,
            combat.attack_strength,
            combat.defense_strength,
            list(combat.breakdown),
            dict(combat.distribution),
            combat.roll,
            combat.result if combat.resolved else None,
            preview,
        )


class OddsPanel(QGroupBox):
    """Each unit's factor with its modifiers and why, the totals, the odds column and the
    probability of each result under the game's CRT reading."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Odds", parent)
        self.column = QLabel(self)
        big = QFont()
        big.setPointSizeF(big.pointSizeF() * 1.6)
        big.setBold(True)
        self.column.setFont(big)
        self.totals = QLabel(self)
        self.lines = QLabel(self)
        self.lines.setWordWrap(True)
        self.lines.setTextFormat(Qt.TextFormat.PlainText)
        self.chances = QTableWidget(0, 2, self)
        self.chances.setHorizontalHeaderLabels(["Result", "Chance"])
        self.chances.verticalHeader().setVisible(False)
        self.chances.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.chances.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.ResizeToContents
        )
        self.chances.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.chances.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(self.column)
        top.addWidget(self.totals, 1)
        layout.addLayout(top)
        layout.addWidget(self.lines)
        layout.addWidget(self.chances)
        self.shown: dict[str, Fraction] = {}
        self.view: OddsView | None = None

    def show_combat(self, combat: Combat | None) -> None:
        self.show_view(OddsView.of(combat) if combat is not None else None)

    def show_refusal(self, sentence: str) -> None:
        """A preview the engine refuses (odds worse than 1:6, a unit that cannot fight)."""
        self.show_view(None)
        self.column.setText("✗")
        self.totals.setText(sentence)
        self.totals.setWordWrap(True)

    def show_view(self, view: OddsView | None) -> None:
        self.view = view
        if view is None:
            self.column.setText("—")
            self.totals.setText("Declare an attack to see its odds.")
            self.lines.setText("")
            self.chances.clearContents()
            self.chances.setRowCount(0)
            self.chances.hide()
            self.shown = {}
            return
        self.chances.show()
        self.column.setText(view.odds)
        head = "Preview, not declared yet: " if view.preview else ""
        self.totals.setText(
            f"{head}Attack {_frac(view.attack)} against defence {_frac(view.defense)}"
            + (f" — rolled {view.roll}: {view.result}" if view.result and view.roll else "")
            + (f" — {view.result} (no roll)" if view.result and not view.roll else "")
        )
        self.lines.setText("\n".join(view.breakdown))
        self.shown = dict(view.distribution)
        order = _result_order()
        rows = sorted(self.shown.items(), key=lambda kv: order.get(kv[0], 99))
        self.chances.clearContents()
        self.chances.setRowCount(0)  # drops the old rows' bar widgets too
        self.chances.setRowCount(len(rows))
        for r, (word, chance) in enumerate(rows):
            item = QTableWidgetItem(word)
            if view.result and word == view.result:
                item.setBackground(QColor("#f3c94f"))
            self.chances.setItem(r, 0, item)
            bar = QProgressBar(self.chances)
            bar.setRange(0, 360)
            bar.setValue(round(float(chance) * 360))
            bar.setFormat(f"{float(chance) * 100:.1f}%  ({chance.numerator}/{chance.denominator})")
            bar.setTextVisible(True)
            self.chances.setCellWidget(r, 1, bar)
        height = self.chances.horizontalHeader().height() + 8
        height += sum(self.chances.rowHeight(r) for r in range(len(rows)))
        self.chances.setFixedHeight(height)


class CombatPanel(QWidget):
    """The whole combat workflow; `target_chosen(hex)` is called by the map tool."""

    decision_unit_changed = Signal(object)  # the unit whose retreat/advance is shown
    attack_changed = Signal()  # target or attackers changed: the map highlight follows
    settled = Signal()  # an attack declared or the defender's artillery settled: who acts

    def __init__(self, session_getter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session = session_getter
        self.target: Hex | None = None
        self.defense_done: set[int] = set()
        self.decision_unit: str | None = None
        self.show_last = False  # after a roll the odds panel keeps showing that combat

        # --- building an attack
        self.builder = QGroupBox("Attack", self)
        self.builder_help = QLabel(self.builder)
        self.builder_help.setWordWrap(True)
        self.defenders = UnitList(self.builder, max_rows=4)
        self.defenders.setSelectionMode(QAbstractItemView.SelectionMode.MultiSelection)
        self.attackers = UnitList(self.builder, max_rows=4)
        self.attackers.setSelectionMode(QAbstractItemView.SelectionMode.MultiSelection)
        self.artillery = UnitList(self.builder, max_rows=4)
        self.artillery.setSelectionMode(QAbstractItemView.SelectionMode.MultiSelection)
        self.air_power = QCheckBox("Use Allied air power (one column better)", self.builder)
        self.declare = QPushButton("Declare attack", self.builder)
        self.declare.setObjectName("declare")
        b = QVBoxLayout(self.builder)
        b.addWidget(self.builder_help)
        for title, widget in (
            ("Defenders", self.defenders),
            ("Attackers", self.attackers),
            ("Artillery in support", self.artillery),
        ):
            b.addWidget(QLabel(f"<b>{title}</b>", self.builder))
            b.addWidget(widget)
        b.addWidget(self.air_power)
        b.addWidget(self.declare)

        # --- the defender's artillery
        self.defense = QGroupBox("Defensive artillery", self)
        self.defense_prompt = QLabel(self.defense)
        self.defense_prompt.setWordWrap(True)
        prompt_font = QFont()
        prompt_font.setBold(True)
        prompt_font.setPointSizeF(prompt_font.pointSizeF() * 1.15)
        self.defense_prompt.setFont(prompt_font)
        self.defense_guns = UnitList(self.defense, max_rows=4)
        self.defense_guns.setSelectionMode(QAbstractItemView.SelectionMode.MultiSelection)
        self.allocate = QPushButton("Allocate and go on to the roll", self.defense)
        self.allocate.setObjectName("allocate")
        d = QVBoxLayout(self.defense)
        d.addWidget(self.defense_prompt)
        d.addWidget(self.defense_guns)
        d.addWidget(self.allocate)

        # --- odds and roll
        self.odds = OddsPanel(self)
        self.roll_box = QGroupBox("Roll", self)
        self.dice = DiceWidget(self.roll_box)
        r = QVBoxLayout(self.roll_box)
        r.addWidget(self.dice)

        # --- the result's decisions
        self.result = QGroupBox("Result", self)
        self.result_prompt = QLabel(self.result)
        self.result_prompt.setWordWrap(True)
        self.result_prompt.setFont(prompt_font)
        self.result_units = UnitList(self.result, max_rows=5)
        self.result_help = QLabel(self.result)
        self.result_help.setWordWrap(True)
        self.take_losses = QPushButton("Remove the selected units", self.result)
        self.take_losses.setObjectName("take-losses")
        self.break_down = QPushButton("Break down the selected unit", self.result)
        self.break_down.setObjectName("loss-breakdown")
        self.decline = QPushButton("No (more) advance", self.result)
        self.decline.setObjectName("decline-advance")
        self.advance_dice = DiceWidget(self.result)
        self.advance_dice.set_mode(1, hand=False)
        x = QVBoxLayout(self.result)
        x.addWidget(self.result_prompt)
        x.addWidget(self.result_units)
        x.addWidget(self.result_help)
        buttons = QHBoxLayout()
        for button in (self.take_losses, self.break_down, self.decline):
            buttons.addWidget(button)
        x.addLayout(buttons)
        x.addWidget(self.advance_dice)

        self.idle = QLabel(self)
        self.idle.setWordWrap(True)
        layout = QVBoxLayout(self)
        for widget in (
            self.idle,
            self.builder,
            self.defense,
            self.result,
            self.odds,
            self.roll_box,
        ):
            layout.addWidget(widget)
        layout.addStretch(1)

        self.declare.clicked.connect(self.declare_attack)
        self.allocate.clicked.connect(self.allocate_defense)
        self.dice.roll_requested.connect(self.roll)
        self.advance_dice.roll_requested.connect(self.roll_advance)
        self.take_losses.clicked.connect(self.remove_losses)
        self.break_down.clicked.connect(self.breakdown_loss)
        self.decline.clicked.connect(lambda: self.session.act("decline_advance"))
        self.attackers.itemSelectionChanged.connect(self._attackers_changed)
        self.defenders.itemSelectionChanged.connect(self._support_changed)
        self.artillery.itemSelectionChanged.connect(self._support_changed)
        self.air_power.toggled.connect(lambda _on: self._support_changed())
        self.result_units.itemSelectionChanged.connect(self._decision_unit_picked)

    @property
    def session(self) -> PlaySession:
        return self._session()

    @property
    def game(self) -> Game:
        return self.session.game

    # --- what the map tool and the mode call -------------------------------------------------

    def choose_target(self, h: Hex) -> bool:
        """A defending hex picked on the map: fill the attack with its units and every
        unit that may attack it. False (with the reason said) when nothing can be done."""
        g = self.game
        enemy = "allied" if g.state.side == "german" else "german"
        stack = [u for u in g.units() if u.hex == h and not u.eliminated and u.side == enemy]
        if not stack:
            self.session.refused.emit("Combat: pick a hex held by the enemy to attack")
            return False
        self.target = h
        self.refresh()
        self.attack_changed.emit()
        return True

    def toggle_attacker(self, unit_id: str) -> bool:
        for i in range(self.attackers.count()):
            item = self.attackers.item(i)
            if item.data(Qt.ItemDataRole.UserRole) == unit_id:
                item.setSelected(not item.isSelected())
                return True
        return False

    def current_combat(self) -> Combat | None:
        g = self.game
        decision = g.pending()
        combats = g.combats()
        if decision is not None:
            return next((c for c in combats if c.id == decision.combat), None)
        open_ = [c for c in combats if not c.resolved]
        if open_:
            return open_[0]
        return combats[-1] if combats and self.show_last else None

    def defending_combat(self) -> Combat | None:
        """The first declared attack still waiting for the defender's artillery (the
        computer declares all its attacks before any roll; a person one at a time)."""
        g = self.game
        if g.pending() is not None or not g.state.phase.endswith("combat"):
            return None
        return next(
            (c for c in g.combats() if not c.resolved and c.id not in self.defense_done), None
        )

    def computer_plays(self, side: str) -> bool:
        return side in getattr(self.session, "computer", {})

    # --- actions -----------------------------------------------------------------------------

    def declare_attack(self) -> bool:
        defenders = self.defenders.selected_ids()
        attackers = self.attackers.selected_ids()
        artillery = self.artillery.selected_ids()
        air = self.air_power.isChecked() and self.air_power.isEnabled()
        shown, self.show_last = self.show_last, True  # the new attack is the current one
        result = self.session.act("declare_attack", attackers, defenders, artillery, air_power=air)
        if result is None:
            self.show_last = shown
            return False
        self.target = None
        self.settled.emit()
        return True

    def allocate_defense(self) -> bool:
        c = self.defending_combat()
        if c is None:
            return False
        guns = self.defense_guns.selected_ids()
        self.defense_done.add(c.id)  # before the act: the attacker acts next
        if guns and self.session.act("support_defense", c, guns) is None:
            self.defense_done.discard(c.id)
            return False
        self.refresh()
        self.settled.emit()
        return True

    def roll(self, hand: int | None) -> str | None:
        c = self.current_combat()
        if c is None:
            return None
        if c.id not in self.defense_done:
            self.session.refused.emit(
                f"Artillery: the {side_word(_enemy(self.game, c))} player allocates defensive artillery first"
            )
            return None
        result = self.session.act("resolve", c, hand)
        if result is None:
            return None
        combat = next(x for x in self.game.combats() if x.id == c.id)
        faces = self.game.actions()[-1].faces or (self.dice.hand_faces(hand) if hand else [])
        text = (
            f"Attack {combat.id} at {combat.odds}: "
            + (f"rolled {combat.roll} — " if combat.roll else "no roll needed — ")
            + combat.result
        )
        self.dice.show_roll(faces, text)
        self.refresh()
        return combat.result

    def roll_advance(self, hand: int | None) -> bool:
        if self.session.act("roll_advance", hand) is None:
            return False
        faces = self.game.actions()[-1].faces or ([hand] if hand else [])
        decision = self.game.pending()
        mp = decision.mp if decision is not None and decision.kind == "advance" else faces[0]
        self.advance_dice.show_roll(faces, f"The advance may spend up to {mp} MP")
        self.dice.show_roll(faces, f"D ELIM: advance die {faces[0] if faces else hand}")
        return True

    def remove_losses(self) -> bool:
        return self.session.act("take_losses", self.result_units.selected_ids()) is not None

    def breakdown_loss(self) -> bool:
        ids = self.result_units.selected_ids()
        if len(ids) != 1:
            self.session.refused.emit("German breakdown: select one unit to break down")
            return False
        return self.session.act("breakdown", ids[0]) is not None

    # --- redraw --------------------------------------------------------------------------------

    def refresh(self) -> None:
        g = self.game
        decision = g.pending()
        combat_phase = g.state.phase.endswith("combat")
        for box in (self.builder, self.defense, self.result, self.roll_box):
            box.hide()
        self.idle.hide()
        if not combat_phase and decision is None:
            self.idle.setText(
                "Attacks are declared in the combat phases: click an enemy hex, pick the "
                "attackers and the artillery, and the odds and the chance of each result "
                "show here before the dice roll."
            )
            self.idle.show()
            self.odds.hide()
            self.target = None
            self.show_last = False
            self.odds.show_combat(None)
            return
        self.odds.show()
        current = self.current_combat()
        waiting = self.defending_combat()
        if waiting is not None:
            current = waiting  # the attack the defender is asked about
        attacker = g.state.side
        defender = "allied" if attacker == "german" else "german"
        # The computer's own controls are not a person's to press (hand dice excepted:
        # the players roll real dice for it).
        hand = g.state.options.dice == "hand"
        self.builder.setEnabled(not self.computer_plays(attacker))
        self.roll_box.setEnabled(hand or not self.computer_plays(attacker))
        self.defense.setEnabled(not self.computer_plays(defender))
        self.result.setEnabled(
            decision is None
            or not self.computer_plays(decision.side)
            or (hand and decision.kind == "advance_roll")  # the players roll its die too
        )
        if decision is not None:
            self._show_decision(decision)
        elif current is not None and not current.resolved:
            if current.id not in self.defense_done:
                self._show_defense(current)
            else:
                self.roll_box.show()
                automatic = current.odds in crt_table().automatic
                hand = g.state.options.dice == "hand" and not automatic
                self.dice.set_mode(2, hand)
                if automatic:  # 1:6 and >8:1 need no dice
                    result = crt_table().automatic[current.odds]
                    self.dice.roll_button.setText(f"Apply {result} (no roll at {current.odds})")
                self.dice.set_enabled(True)
        else:
            self._show_builder()
        if decision is not None or (current is not None and not current.resolved):
            self.odds.show_combat(current)
        elif self.target is not None:
            self.preview()
        else:
            self.odds.show_combat(current)  # the last result of this phase, or nothing

    def _show_builder(self) -> None:
        g = self.game
        self.builder.show()
        if self.target is None:
            self.builder_help.setText(
                f"{self.session.player(g.state.side)}: click an enemy hex to attack it. "
                + (
                    "Germans may attack selected units of a stack."
                    if g.state.side == "german"
                    else "The Allies attack a whole stack as one combat."
                )
            )
            for lst in (self.defenders, self.attackers, self.artillery):
                lst.clear()
            self.declare.setEnabled(False)
            self.air_power.setEnabled(False)
            return
        h = self.target
        enemy = "allied" if g.state.side == "german" else "german"
        state = g.state.units
        stack = [
            u
            for u in g.units()
            if u.hex == h and not u.eliminated and u.side == enemy and not state[u.id].defended
        ]
        place = g.map.place_at(h)
        self.builder_help.setText(
            f"Target: hex {g.map.label(h)}{' (' + place.name + ')' if place else ''}. "
            "Pick the attackers and the artillery, then declare."
        )
        self.defenders.show_units(stack)
        combat_units = [u for u in stack if u.kind not in SUPPORT_KINDS] or stack
        german = g.state.side == "german"
        self.defenders.setEnabled(german)
        if not self.defenders.selected_ids():
            for i in range(self.defenders.count()):
                item = self.defenders.item(i)
                item.setSelected(
                    item.data(Qt.ItemDataRole.UserRole) in {u.id for u in combat_units}
                )
        units = g.available_attackers(h)
        before = set(self.attackers.selected_ids())
        self.attackers.show_units(units)
        if not before:
            for i in range(self.attackers.count()):
                self.attackers.item(i).setSelected(True)
        self._fill_artillery()
        self.air_power.setVisible(g.state.side == "allied")
        self.air_power.setEnabled(g.air_power_available())
        self.declare.setEnabled(True)

    def preview(self) -> OddsView | None:
        """The odds of the attack being built, before it is declared (the engine's
        preview_attack: the game, its log and its undo are untouched). A refusal shows
        the engine's sentence instead."""
        if self.target is None:
            return None
        attackers = self.attackers.selected_ids()
        defenders = self.defenders.selected_ids()
        if not attackers or not defenders:
            self.odds.show_refusal("Pick at least one attacker and one defender.")
            return None
        air = self.air_power.isChecked() and self.air_power.isEnabled()
        try:
            combat = self.game.preview_attack(
                attackers, defenders, self.artillery.selected_ids(), air_power=air
            )
        except IllegalAction as error:
            self.odds.show_refusal(str(error))
            return None
        view = OddsView.of(combat, preview=True)
        self.odds.show_view(view)
        return view

    def _fill_artillery(self) -> None:
        g = self.game
        chosen = [g.unit(uid) for uid in self.attackers.selected_ids()]
        guns = [
            u
            for u in g.units()
            if u.side == g.state.side
            and u.kind in SUPPORT_KINDS
            and u.hex is not None
            and not u.eliminated
            and not g.state.units[u.id].supported
            and any(a.hex is not None and u.hex.distance(a.hex) <= u.range for a in chosen)
        ]
        # A gun in range that may not fire (no MP left to fight) is shown greyed with
        # the reason, never offered (under Xvfb ticking one refused the declaration).
        attackers = [a.id for a in chosen]
        barred = {u.id: g.support_refusal(u.id, attackers) for u in guns}
        notes = {
            uid: why.split(": ", 1)[-1].replace(f"{g.label(uid)} ", "", 1)  # "has not the 2 MP…"
            for uid, why in barred.items()
            if why
        }
        self.artillery.show_units(guns, notes)
        for i, uid in enumerate(self.artillery.ids()):
            item = self.artillery.item(i)
            if uid in notes:
                item.setSelected(False)
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsSelectable & ~Qt.ItemFlag.ItemIsEnabled)

    def _show_defense(self, c: Combat) -> None:
        g = self.game
        defender = _enemy(self.game, c)
        target = c.target
        guns = [
            u
            for u in g.units()
            if u.side == defender
            and u.kind in SUPPORT_KINDS
            and u.hex is not None
            and not u.eliminated
            and not g.state.units[u.id].supported
            and u.id not in c.defenders
            and u.hex.distance(target) <= u.range
        ]
        self.defense.show()
        who = f"{side_word(defender)} player"
        name = self.session.player(defender)
        if name != who:
            who += f" ({name})"
        self.defense_prompt.setText(
            f"{who}: allocate your artillery"
            if guns
            else f"{who}: no artillery of yours is in range of the defending hex"
        )
        self.defense_guns.show_units(guns)
        self.defense_guns.setVisible(bool(guns))
        self.allocate.setText("Allocate and go on to the roll" if guns else "Go on to the roll")

    def _show_decision(self, decision: Decision) -> None:
        g = self.game
        self.result.show()
        units = [g.unit(uid) for uid in decision.units if uid in g.state.units]
        self.result_prompt.setText(
            describe_decision(decision, units, self.session.player(decision.side))
        )
        self.result_units.show_units(units)
        kind = decision.kind
        self.result_units.setSelectionMode(
            QAbstractItemView.SelectionMode.MultiSelection
            if kind == "losses"
            else QAbstractItemView.SelectionMode.SingleSelection
        )
        self.result_units.setVisible(kind != "advance_roll")
        self.take_losses.setVisible(kind == "losses")
        breakdowns = {uid for uid in decision.units if can_break_down(g, uid)}
        if kind != "losses":
            breakdowns = set()
        self.break_down.setVisible(bool(breakdowns & set(decision.units)))
        self.decline.setVisible(kind == "advance")
        self.advance_dice.setVisible(kind == "advance_roll")
        if kind == "advance_roll":
            self.advance_dice.set_mode(1, g.state.options.dice == "hand")
            self.result_help.setText("D ELIM: roll one die for the MP of the advance.")
        elif kind == "losses":
            self.result_help.setText(
                f"Select units worth at least {decision.factors} combat factors."
                + (
                    " A German unit on the breakdown chart may be broken down first."
                    if breakdowns
                    else ""
                )
            )
        elif kind == "retreat":
            self.result_help.setText(
                "Pick a unit, then click one of the highlighted hexes to retreat it there."
            )
        else:
            self.result_help.setText(
                "Pick a unit, then click a highlighted hex to advance it there — or decline."
            )
        if kind in ("retreat", "advance"):
            ids = [u.id for u in units]
            if self.decision_unit not in ids:
                self.decision_unit = ids[0] if ids else None
            self.result_units.select_id(self.decision_unit)
            self.decision_unit_changed.emit(self.decision_unit)
        else:
            self.decision_unit = None

    def _decision_unit_picked(self) -> None:
        ids = self.result_units.selected_ids()
        decision = self.game.pending()
        if decision is not None and decision.kind in ("retreat", "advance") and ids:
            self.decision_unit = ids[0]
            self.decision_unit_changed.emit(self.decision_unit)

    def _attackers_changed(self) -> None:
        if self.target is not None:
            self._fill_artillery()
            self.preview()
            self.attack_changed.emit()

    def _support_changed(self) -> None:
        if self.target is not None:
            self.preview()


class CombatDock(QDockWidget):
    def __init__(self, session_getter, parent: QWidget | None = None) -> None:
        super().__init__("Combat", parent)
        self.setObjectName("kasserine-combat")
        self.panel = CombatPanel(session_getter, self)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.panel)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setWidget(scroll)


def can_break_down(game: Game, unit_id: str) -> bool:
    """Is this a German unit on the breakdown chart (the engine has the last word, and
    refuses with its sentence when the stack has no room)?"""
    u = game.state.units.get(unit_id)
    if u is None or u.side != "german" or u.nationality != "german" or u.broken_from:
        return False
    return breakdown_table().find(u.breakdown, u.kind, u.size, u.cf, u.mf) is not None


def describe_decision(decision: Decision, units: list[UnitView], player: str) -> str:
    """What a result asks, with the units' names: "Anna (German): retreat Panzer 1 3 hexes"."""
    who = f"{player} ({side_word(decision.side)})"
    names = ", ".join(u.label or u.name or u.id for u in units)
    if decision.kind == "losses":
        return f"{who}: remove at least {decision.factors} combat factors from {names}"
    if decision.kind == "retreat":
        return f"{who}: retreat {names} {decision.hexes} hex{'es' if decision.hexes != 1 else ''}"
    if decision.kind == "advance_roll":
        return f"{who}: roll one die for the MP of the advance after D ELIM"
    limit = f"{decision.mp} MP" if decision.mp is not None else f"{decision.hexes} hexes"
    return f"{who}: advance {names} up to {limit}, or decline"


def _enemy(game: Game, c: Combat) -> str:
    """The defending side of a combat (the state's combat record names the attacker)."""
    attacker = next(cs.side for cs in game.state.combats if cs.id == c.id)
    return "allied" if attacker == "german" else "german"


def _frac(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return (
        f"{float(value):.2f}".rstrip("0").rstrip(".") + f" ({value.numerator}/{value.denominator})"
    )


def _result_order() -> dict[str, int]:
    """Results from worst to best for the attacker, as the chances table lists them."""
    words = [
        "A ELIM",
        *(f"A BACK {n}" for n in range(6, 0, -1)),
        "CONTACT",
        "ENGAGED",
        "EXCHANGE",
        *(f"D BACK {n}" for n in range(1, 7)),
        "D ELIM",
    ]
    return {word: rank for rank, word in enumerate(words)}


__all__ = [
    "CombatDock",
    "CombatPanel",
    "OddsPanel",
    "OddsView",
    "can_break_down",
    "describe_decision",
]
