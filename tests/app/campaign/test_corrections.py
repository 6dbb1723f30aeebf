"""The umpire's corrections at the desk (Umpire menu): an amended result replays the
campaign, a restored unit, a formation moved, strength and experience set; each asks
for a reason that the log shows, and Back takes it back. The result form marks an
impossible line as it is typed."""

from __future__ import annotations

from tests.app.campaign.test_battles import to_result


def test_umpire_menu_lists_every_correction(mode):
    texts = [a.text().replace("&", "") for a in mode.umpire_menu.actions()]
    assert texts == [
        "Amend result…",
        "Restore unit…",
        "Move formation…",
        "Set strength…",
        "Set experience…",
        "Set weather…",
        "Adjust PP…",
    ]
    assert mode.umpire_menu.menuAction().isVisible()


def test_a_bad_casualty_line_is_marked_as_typed(mode, desk):
    c, ids, b = to_result(mode, desk)
    form = mode.battles_dock.result_form(b.id)
    rifle = c.formation(ids["us"]).units[0].id
    box = form.casualty_boxes[rifle]
    assert box.suffix() == f" / {c.casualty_limit(rifle)}"  # the limit beside the line
    box.setValue(c.casualty_limit(rifle) + 1)
    assert "Rifle" in box.toolTip() and box.styleSheet()
    assert form.summary.text().startswith("Not possible:")
    box.setValue(c.casualty_limit(rifle))
    assert box.toolTip() == "" and not form.summary.text().startswith("Not possible")


def test_an_amended_result_brings_the_unit_back_and_back_undoes_it(mode, desk):
    c, ids, b = to_result(mode, desk)
    rifle = c.formation(ids["us"]).units[0].id
    form = mode.battles_dock.result_form(b.id)
    form.set_outcome("DRAW")
    form.set_casualties(rifle, c.casualty_limit(rifle))  # mistyped: the company dies
    assert form.submit()
    assert c.unit(rifle).where == "eliminated"

    amend = mode.amend_result_dialog()
    assert amend.amend and amend.casualty_boxes[rifle].value() == c.casualty_limit(rifle)
    # The eliminated company still names the division it fought in.
    row = amend.uids.index(rifle)
    assert amend.table.item(row, 1).text() == f"{c.formation(ids['us']).name} (eliminated)"
    amend.set_casualties(rifle, 12)
    assert not amend.submit() and "reason" in amend.refusal.text()
    amend.reason.setText("typed 120 for 12")
    assert amend.submit()
    assert c.unit(rifle).where != "eliminated"
    assert c.battle(b.id).result.casualties == {rifle: 12}
    assert "typed 120 for 12" in mode.log_dock.text.toPlainText()
    assert mode.back()
    assert c.unit(rifle).where == "eliminated"


def test_restore_move_strength_experience_each_logged_with_the_reason(mode, desk):
    c, ids, b = to_result(mode, desk)
    rifle = c.formation(ids["us"]).units[0].id
    form = mode.battles_dock.result_form(b.id)
    form.set_outcome("DRAW")
    form.set_casualties(rifle, c.casualty_limit(rifle))
    assert form.submit()

    restore = mode.correction_dialog("restore")
    assert restore.unit.currentData() == rifle
    # The unit reads as the umpire knows it (where and when it fell, not "no. 1"), and it
    # goes back into the division it fell with unless the umpire picks another.
    name = c.formation(ids["us"]).name
    assert restore.unit.currentText() == (
        f"Rifle company (foot) — us, {name}, eliminated in battle {b.id}"
    )
    assert restore.into.currentData() == ids["us"]
    restore.reason.setText("wrong company removed")
    assert restore.submit()
    assert c.unit(rifle).where == ids["us"]

    strength = mode.correction_dialog("strength", rifle)
    strength.strength.setValue(80)
    strength.reason.setText("stragglers")
    assert strength.submit() and c.unit(rifle).strength == 80

    experience = mode.correction_dialog("experience", ids["german"])
    experience.level.setCurrentIndex(experience.level.findData("regular"))
    experience.reason.setText("replacements")
    assert experience.submit() and c.formation(ids["german"]).experience == "regular"

    move = mode.correction_dialog("move", ids["g_corps"])
    move.where.setText("9999")
    move.reason.setText("misplaced")
    assert not move.submit() and "no hex 9999" in move.refusal.text()
    target = c.formation(ids["g_corps"]).hex.neighbor(4)
    move.where.setText(c.map.label(target))
    assert move.submit() and c.formation(ids["g_corps"]).hex == target

    log = mode.log_dock.text.toPlainText()
    for reason in ("wrong company removed", "stragglers", "replacements", "misplaced"):
        assert reason in log
    assert mode.back() and c.formation(ids["g_corps"]).hex != target


def test_right_click_on_a_formation_offers_its_actions(mode, desk):
    c = desk.small_campaign()
    ids = desk.clash(c)
    mode.start(c)
    menu = mode.tool.formation_menu(c.formation(ids["german"]).hex)
    texts = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert "Move it (umpire)…" in texts and "Set its experience…" in texts
    [select] = [a for a in menu.actions() if a.text() == "Select"]
    select.trigger()
    assert mode.selected == ids["german"]
    menu.close()


def test_the_oob_dock_shows_a_units_history(mode, desk):
    from tests.app.campaign.test_desk import formation_item

    c, ids, b = to_result(mode, desk)
    form = mode.battles_dock.result_form(b.id)
    form.set_outcome("DRAW")
    assert form.submit()
    mode.oob_dock.side_box.setCurrentIndex(mode.oob_dock.side_box.findData("us"))
    division = formation_item(mode.oob_dock.tree, ids["us"])
    unit = division.child(0)
    text = mode.oob_dock.show_history(unit)
    assert b.id in text and b.id in unit.toolTip(0)
    assert "us-u" not in unit.toolTip(0)  # no internal ids where a person reads


def test_a_refusal_never_moves_the_ok_button(mode, desk, qtbot):
    from PySide6.QtWidgets import QDialogButtonBox

    c = desk.small_campaign()
    desk.clash(c)
    mode.start(c)
    dialog = mode.correction_dialog("move")
    qtbot.waitExposed(dialog)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    before = ok.mapTo(dialog, ok.rect().topLeft())
    assert not dialog.submit()  # no reason, no hex: refused in the dialog
    desk.settle()
    assert dialog.refusal.isVisible()
    assert ok.mapTo(dialog, ok.rect().topLeft()) == before


def test_the_umpire_sets_a_battles_weather_and_both_reports_give_the_reason(mode, desk):
    c, ids, b = to_result(mode, desk)
    dialog = mode.correction_dialog("weather")
    assert dialog.battle.currentData() == b.id
    dialog.weather.setCurrentIndex(dialog.weather.findData("fog"))
    assert not dialog.submit()  # no reason: refused in the dialog
    dialog.reason.setText("the river valley at dawn")
    assert dialog.submit()
    assert c.battle(b.id).weather == "fog"
    assert "Weather: fog" in c.battle_sheet(b.id, "us").to_markdown()
    for side in c.sides:
        report = c.turn_report(side)
        notes = report[report.index("## Umpire's notes") :]
        assert "weather of battle B1: fog (the river valley at dawn)" in notes
    assert mode.back()  # Back takes the correction back
    assert c.battle(b.id).weather != "fog" or c.battle(b.id).weather_set_by == "rolled"


def test_the_result_button_amends_a_battle_that_has_its_result(mode, desk):
    c, ids, b = to_result(mode, desk)
    dock = mode.battles_dock
    button = dock.buttons["result"]
    assert dock.current() == b.id
    assert button.text() == "Enter result…" and button.isEnabled()
    form = dock.result_form(b.id)
    form.set_outcome("DRAW")
    assert form.submit()
    desk.settle()
    # The battle has its result: the button now offers the amendment, not a second entry.
    assert dock.current() == b.id
    assert button.text() == "Amend result…" and button.isEnabled()
    button.click()
    assert mode.dialog.amend and mode.dialog.battle == b.id
    mode.dialog.reject()
    assert dock.result_form(b.id).amend  # the same from code
    mode.dialog.reject()


def test_a_formation_is_named_at_the_desk_and_a_path_name_is_refused(mode, desk):
    c = desk.small_campaign()
    ids = desk.clash(c)
    mode.start(c)
    dialog = mode.rename_dialog(ids["german"])
    dialog.name.setText("../Kampfgruppe")
    assert not dialog.submit() and dialog.refusal.text()
    dialog.name.setText("Kampfgruppe Peiper")
    assert dialog.submit()
    assert c.formation(ids["german"]).name == "Kampfgruppe Peiper"
    from tests.app.campaign.test_desk import formation_item

    assert "Kampfgruppe Peiper" in formation_item(mode.oob_dock.tree, ids["german"]).text(0)
