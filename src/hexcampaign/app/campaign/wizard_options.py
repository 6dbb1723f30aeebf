"""The wizard's third page: the house-rule options, the campaign's length and calendar,
and the dice seed, read back as the engine's `Options`."""

from __future__ import annotations

import datetime

from PySide6.QtCore import QDate
from PySide6.QtWidgets import QCheckBox, QComboBox, QDateEdit, QFormLayout, QSpinBox, QWidget

from hexcampaign.app.i18n import QT_TRANSLATE_NOOP, translate
from hexcampaign.campaign import Options
from hexcampaign.campaign.tables import campaign_rules

# Shown translated (context NewCampaignDialog); the keys are the engine's Options.
OPTION_TEXTS = {
    "fortification": QT_TRANSLATE_NOOP("NewCampaignDialog", "Fortifying (the draft: not for playtest)"),
    "carry_over_pp": QT_TRANSLATE_NOOP("NewCampaignDialog", "Unspent PP carry over to the next turn"),
    "supply": QT_TRANSLATE_NOOP("NewCampaignDialog", "Supply rules"),
    "supply_halves_movement": QT_TRANSLATE_NOOP("NewCampaignDialog", "Out of supply: half movement"),
    "supply_blocks_reinforcement": QT_TRANSLATE_NOOP("NewCampaignDialog", "Out of supply: no reinforcement"),
    "supply_limits_ammunition": QT_TRANSLATE_NOOP("NewCampaignDialog", "Out of supply: CM ammunition Limited"),
    "parent_corps_artillery_needs_range": QT_TRANSLATE_NOOP("NewCampaignDialog", "The attacker's own corps artillery needs the 3-hex range"),
    "foot_infantry_in_mechanised": QT_TRANSLATE_NOOP("NewCampaignDialog", "Foot infantry allowed in mechanised divisions"),
    "experience_progression": QT_TRANSLATE_NOOP(
        "NewCampaignDialog",
        "House rule: experience changes (two battles won: up a level; "
        "half the combat units lost in a battle: down one)",
    ),
    "capital_victory": QT_TRANSLATE_NOOP("NewCampaignDialog", "Taking the enemy capital wins the campaign at once"),
}


class OptionsPage(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        page = self
        form = QFormLayout(page)
        defaults = Options()
        self.option_boxes: dict[str, QCheckBox] = {}
        for name, text in OPTION_TEXTS.items():
            box = QCheckBox(translate("NewCampaignDialog", text), page)
            box.setChecked(bool(getattr(defaults, name)))
            self.option_boxes[name] = box
            form.addRow(box)
        self.draw_box = QComboBox(page)
        self.draw_box.addItem(translate("NewCampaignDialog", "the defender"), "defender")
        self.draw_box.addItem(translate("NewCampaignDialog", "nobody"), "nobody")
        form.addRow(translate("NewCampaignDialog", "After a DRAW the battlefield is held by:"), self.draw_box)
        self.experience_box = QComboBox(page)
        for level in campaign_rules().experience_levels:
            self.experience_box.addItem(level, level)
        self.experience_box.setCurrentIndex(
            self.experience_box.findData(defaults.starting_experience)
        )
        form.addRow(translate("NewCampaignDialog", "Experience of new formations:"), self.experience_box)
        self.last_turn = QSpinBox(page)
        self.last_turn.setObjectName("last-turn")
        self.last_turn.setRange(0, 10_000)
        self.last_turn.setSpecialValueText(translate("NewCampaignDialog", "no last turn"))
        form.addRow(translate("NewCampaignDialog", "The campaign ends after turn:"), self.last_turn)
        self.victory_vp = QSpinBox(page)
        self.victory_vp.setObjectName("victory-vp")
        self.victory_vp.setRange(0, 9_999)
        self.victory_vp.setSpecialValueText(translate("NewCampaignDialog", "no VP victory"))
        self.victory_vp.setSuffix(translate("NewCampaignDialog", " VP"))
        form.addRow(translate("NewCampaignDialog", "A side wins when it holds:"), self.victory_vp)
        self.start_date = QDateEdit(page)
        self.start_date.setObjectName("start-date")
        self.start_date.setDisplayFormat("d MMMM yyyy")
        self.start_date.setCalendarPopup(True)
        start = defaults.start_date
        self.start_date.setDate(QDate(start.year, start.month, start.day))
        form.addRow(translate("NewCampaignDialog", "Turn 1 is on:"), self.start_date)
        self.days_per_turn = QSpinBox(page)
        self.days_per_turn.setObjectName("days-per-turn")
        self.days_per_turn.setRange(1, 365)
        self.days_per_turn.setValue(defaults.days_per_turn)
        self.days_per_turn.setSuffix(translate("NewCampaignDialog", " days"))
        form.addRow(translate("NewCampaignDialog", "Each turn lasts:"), self.days_per_turn)
        self.seed = QSpinBox(page)
        self.seed.setObjectName("seed")
        self.seed.setRange(0, 2_000_000_000)
        # A campaign between people rolls from the operating system's entropy, so the
        # file never holds what tells the next roll; a seed only for a rematch or a test.
        self.seed.setSpecialValueText(translate("NewCampaignDialog", "none: dice from entropy"))
        self.seed.setValue(0)
        self.seed.setToolTip(
            translate(
                "NewCampaignDialog",
                "Leave at none for a campaign between people: nobody can tell the next roll. "
                "A number makes the dice reproducible (a rematch, a test).",
            )
        )
        self.seed.setAccessibleDescription(self.seed.toolTip())
        form.addRow(translate("NewCampaignDialog", "Dice seed:"), self.seed)

    def options(self) -> Options:
        values = {name: box.isChecked() for name, box in self.option_boxes.items()}
        start = self.start_date.date()
        return Options(
            **values,
            draw_battlefield_held_by=self.draw_box.currentData(),
            starting_experience=self.experience_box.currentData(),
            last_turn=self.last_turn.value() or None,
            victory_vp=self.victory_vp.value() or None,
            start_date=datetime.date(start.year(), start.month(), start.day()),
            days_per_turn=self.days_per_turn.value(),
            distinct_names=True,  # the two sides' formations never share a name
        )
