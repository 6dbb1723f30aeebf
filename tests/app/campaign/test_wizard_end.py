"""The wizard sets the campaign's end, calendar and house rules, shows side names and
unit names from the chart, draws a fresh seed; the desk says when the campaign ends."""

from __future__ import annotations

import datetime

from PySide6.QtCore import QDate

from hexcampaign.app.campaign.wizard import UnitsButton


def test_wizard_sets_the_end_the_calendar_and_picks_units_from_the_chart(mode):
    dialog = mode.new_campaign_dialog()
    assert not dialog.option_boxes["experience_progression"].isChecked()  # off by default
    dialog.side_names[0].setText("Axis")
    side_box = dialog.forces.cellWidget(0, 0)
    assert side_box.itemText(0) == "Axis" and side_box.currentText() == "Axis"
    units = dialog.forces.cellWidget(1, 3)
    assert isinstance(units, UnitsButton)
    assert "_" not in units.text() and units.text()  # chart names, not type ids
    units.set_units(units.units[:1])
    dialog.last_turn.setValue(6)
    dialog.victory_vp.setValue(30)
    dialog.option_boxes["capital_victory"].setChecked(True)
    dialog.start_date.setDate(QDate(1944, 12, 16))
    dialog.days_per_turn.setValue(3)
    assert dialog.start()
    c = mode.campaign
    assert c.options.last_turn == 6 and c.options.victory_vp == 30
    assert c.options.capital_victory and not c.options.experience_progression
    assert c.options.start_date == datetime.date(1944, 12, 16) and c.options.days_per_turn == 3
    [division] = [f for f in c.formations("Axis") if f.kind != "corps"]
    assert len(division.units) == 1


def test_wizard_rolls_from_entropy_unless_a_seed_is_given_and_a_fixed_error_clears(mode):
    dialog = mode.new_campaign_dialog()
    assert dialog.seed.value() == 0 and dialog.seed.text() == "none: dice from entropy"
    assert dialog.start()
    assert mode.campaign.seed is None and '"seed":null' in mode.document.file_text().replace(" ", "")
    dialog = mode.new_campaign_dialog()
    dialog.seed.setValue(77)
    assert dialog.start() and mode.campaign.seed == 77
    dialog = mode.new_campaign_dialog()
    dialog.side_names[0].setText("")
    assert not dialog.start() and dialog.refusal.isVisible()
    dialog.side_names[0].setText("Axis")
    assert not dialog.refusal.isVisible()


def test_the_last_turn_ends_the_campaign_with_its_outcome_and_final_reports(mode, desk, tmp_path):
    from hexcampaign.app.campaign.ending_dialog import CampaignEndDialog

    c = desk.small_campaign(last_turn=1)
    desk.clash(c)
    mode.start(c)
    for _ in range(40):
        if c.over:
            break
        assert mode.next_phase()
    assert c.over
    dialog = mode.dialog
    assert isinstance(dialog, CampaignEndDialog) and dialog.isVisible()
    assert c.outcome().reason in dialog.outcome.text()
    assert dialog.tabs.count() == 2
    written = dialog.save_reports(tmp_path)
    assert sorted(p.name for p in written) == ["final-report-german.md", "final-report-us.md"]
    assert c.outcome().reason in written[0].read_text(encoding="utf-8")
    assert not mode.next_phase()  # after the end: refused with the engine's sentence
    assert mode.last_refusal
    # The phase dock says the campaign is over, not "Next ends the phase".
    shown = mode.phase_dock.open_items.item(0).text()
    assert shown.startswith("The campaign is over.") and c.outcome().reason in shown
    assert mode.phase_dock.open_items.count() == 1


def test_help_rules_opens_the_campaign_rules_at_the_desk(mode, window):
    from hexcampaign.app.help import show_rules

    if window.mode is not mode:
        window.set_mode(mode)
    rules = show_rules(window)
    assert rules.books.currentData() == "cm"
    rules.close()


def test_the_wizard_gives_the_two_sides_distinct_names_and_follows_a_renamed_side(mode):
    dialog = mode.new_campaign_dialog()
    dialog.side_names[0].setText("Axis")
    assert dialog.type_help.text().startswith("Axis: ")  # not the side's old name
    assert dialog.start()
    c = mode.campaign
    axis = {f.name for f in c.formations("Axis")}
    allies = {f.name for f in c.formations(c.sides[1])}
    assert axis and allies and not axis & allies
    assert "1st Infantry Division" in axis and "10th Infantry Division" in allies


def test_the_battles_list_and_the_log_have_room_at_1280_by_800(qtbot):
    from PySide6.QtWidgets import QApplication

    from .conftest import open_desk, shown_window

    w = shown_window(qtbot, 1280, 800)
    m = open_desk(w)
    QApplication.processEvents()
    lines = m.battles_dock.list.fontMetrics().lineSpacing()
    # A battle takes three lines in the list: at least two battles show whole.
    assert m.battles_dock.list.viewport().height() >= 6 * lines
    assert m.log_dock.isVisible() or m.battles_dock.isVisible()


def opened_from_the_command_line(qtbot, c, tmp_path):
    """A window that opens the saved campaign as the command line does: not shown until
    the file is open."""
    from hexcampaign.app import MainWindow

    c.save(tmp_path / "c.hxcampaign")
    w = MainWindow()
    qtbot.addWidget(w)
    w.install_play_modes()
    assert w.open_path(tmp_path / "c.hxcampaign")
    w.show()
    qtbot.waitExposed(w)
    return w


def test_a_campaign_opened_from_the_command_line_fits_the_screen(qtbot, tmp_path):

    from .conftest import clash, small_campaign

    c = small_campaign()
    clash(c)
    w = opened_from_the_command_line(qtbot, c, tmp_path)
    screen = w.screen().availableGeometry()
    assert w.height() <= screen.height()  # (its docks need more width than 800 px)


def test_side_names_are_shown_as_typed_in_the_docks(mode):
    dialog = mode.new_campaign_dialog()
    dialog.side_names[1].setText("USA")
    assert dialog.start()
    c = mode.campaign
    mode.oob_dock.refresh()
    names = [mode.oob_dock.side_box.itemText(i) for i in range(mode.oob_dock.side_box.count())]
    assert "USA" in names and "Usa" not in names
    for _ in range(7):
        assert mode.phase_dock.next()
    assert c.side_to_play == "USA"
    mode.purchase_dock.refresh()
    assert mode.purchase_dock.heading.text().startswith("USA unit chart")


def test_long_side_and_chart_names_wrap_and_never_widen_the_window(qtbot, tmp_path):
    from hexcampaign.campaign import Campaign
    from hexcampaign.campaign.unit_chart import UnitChart
    from hexcampaign.maps import HexMap

    from .conftest import GERMAN_CAPITAL, US_CAPITAL

    widths = {}
    for name in ("german", "Deutsch-Italienische Panzerarmee Afrika und Fünfte Panzerarmee"):
        m = HexMap.blank(16, 9, palette="cm")
        m.add_place(GERMAN_CAPITAL, "Berlin", "capital", pp=10)
        m.add_place(US_CAPITAL, "Washington", "capital", pp=10)
        c = Campaign.new(
            m,
            sides=(name, "us"),
            capitals={name: GERMAN_CAPITAL, "us": US_CAPITAL},
            charts={name: UnitChart.default("german")},
            seed=5,
        )
        w = opened_from_the_command_line(qtbot, c, tmp_path)
        mode = w.play_mode("hexcampaign.app.campaign")
        assert name in mode.purchase_dock.heading.text()  # the name is there, wrapped
        assert mode.purchase_dock.heading.wordWrap() and mode.phase_dock.pp_label.wordWrap()
        docks = [mode.phase_dock, mode.purchase_dock, mode.oob_dock, mode.log_dock]
        widths[name] = [d.minimumSizeHint().width() for d in docks]
    # The long name takes lines, not width: the desk's docks need no more room than with
    # a short name (the long name made the window 1,692 px wide).
    short, long = widths.values()
    assert long == short and max(long) <= 480
