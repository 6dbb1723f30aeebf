"""Battles at the umpire's desk: the attack order on the map, the defender's support,
set-up sheets and their exports, result entry with overrides, retreat, advance, pursuit,
turn reports, and the screenshot functions."""

from __future__ import annotations

from PySide6.QtCore import Qt

from hexcampaign.app.campaign.battles import AttackOrderDialog, BattleSheetDialog
from hexcampaign.app.campaign.result_form import ResultForm
from hexcampaign.campaign import actions as A
from hexcampaign.campaign.state import pair


def oob_line_texts(sheet) -> list[str]:
    """The sheet's order-of-battle lines (one per OobLine, in the engine's words)."""
    lines = []
    for title, section in sheet.sections():
        if title.endswith("order of battle"):
            lines += [
                line
                for line in section
                if not line.startswith(("Artillery:", "Air support:", "Ammunition:"))
            ]
    oobs = [o for side in sheet.oobs.values() for o in side]
    assert len(lines) == len(oobs)
    for line, o in zip(lines, oobs, strict=True):
        assert line.startswith(f"{o.formation}: {o.unit}")
    return lines


def to_attack_orders(mode, desk):
    c = desk.small_campaign()
    ids = desk.clash(c)
    mode.start(c)
    mode.phase_dock.next()
    mode.phase_dock.next()
    assert c.phase == "attack_orders"
    return c, ids


def declare_on_the_map(mode, c, ids, with_artillery=True):
    """Click the attacker, then the enemy: the attack order opens with them filled in."""
    mode.tool.click(c.formation(ids["german"]).hex)
    assert mode.attackers == [ids["german"]]
    mode.tool.click(c.formation(ids["us"]).hex)
    dialog = mode.dialog
    assert isinstance(dialog, AttackOrderDialog) and dialog.isVisible()
    assert dialog.target == ids["us"] and dialog.attackers() == [ids["german"]]
    if with_artillery:
        dialog.set_checked(dialog.artillery_list, dialog.available_ids(dialog.artillery_list))
    assert dialog.submit()
    [b] = c.battles()
    return b


def test_a_battle_declared_on_the_map_gives_the_engines_sheet_in_every_export(mode, desk, tmp_path):
    c, ids = to_attack_orders(mode, desk)
    b = declare_on_the_map(mode, c, ids)
    german_artillery = c.formation(ids["g_corps"]).units[0].id
    assert b.attackers == [ids["german"]] and b.defender == ids["us"]
    assert b.artillery == [german_artillery]

    dialog = mode.battles_dock.sheet_dialog(b.id)
    assert isinstance(dialog, BattleSheetDialog)
    sheet = c.battle_sheet(b)
    assert dialog.sheet() == sheet
    lines = oob_line_texts(sheet)
    assert len(lines) == 5  # two German and three US combat units
    shown = dialog.browser.toPlainText()
    for line in lines:
        assert line in shown
    assert "Artillery: 10.5 cm leFH 18 battery" in shown
    # The battle area is a picture in the window, not the SVG's words as text.
    assert "Battle area of battle" not in shown and "sets up:" not in shown
    assert "\ufffc" in shown  # the image's place in the text

    md = dialog.export(tmp_path / "b.md")
    html = dialog.export(tmp_path / "b.html")
    pdf = dialog.export(tmp_path / "b.pdf")
    assert md.read_text(encoding="utf-8") == sheet.to_markdown()
    html_text = html.read_text(encoding="utf-8")
    assert sheet.to_html() in html_text and html_text.startswith("<!DOCTYPE html>")
    assert pdf.read_bytes().startswith(b"%PDF")
    pdf_words = desk.squeeze(desk.pdf_text(pdf))
    for line in lines:
        assert desk.squeeze(line) in pdf_words
        assert f"- {line}" in md.read_text(encoding="utf-8")


def test_the_per_side_sheet_shows_only_what_that_side_knows(mode, desk, tmp_path):
    c, ids = to_attack_orders(mode, desk)
    b = declare_on_the_map(mode, c, ids, with_artillery=False)
    dialog = mode.battles_dock.sheet_dialog(b.id)
    dialog.set_side("german")
    assert dialog.sheet() == c.battle_sheet(b, side="german")
    assert dialog.sheet() != c.battle_sheet(b)
    exported = dialog.export(tmp_path / "german.md").read_text(encoding="utf-8")
    assert exported == c.battle_sheet(b, side="german").to_markdown()
    for line in oob_line_texts(c.battle_sheet(b, side="german")):
        assert line in dialog.browser.toPlainText()


def test_the_attack_order_lists_artillery_with_its_corps_and_refusals_keep_it_open(mode, desk):
    c, ids = to_attack_orders(mode, desk)
    dialog = mode.battles_dock.attack_dialog(ids["us"], [])
    texts = [dialog.artillery_list.item(i).text() for i in range(dialog.artillery_list.count())]
    corps = c.formation(ids["g_corps"])
    assert texts == [
        f"10.5 cm leFH 18 battery — {corps.name} at {c.map.label(corps.hex)}, "
        f"{corps.hex.distance(c.formation(ids['us']).hex)} hexes from the target"
    ]
    dialog.set_checked(dialog.attacker_list, [])
    assert not dialog.submit()
    assert dialog.isVisible() and c.battles() == []
    assert dialog.refusal.text() == "Attack orders: name at least one attacking division"


def test_the_defenders_allocation_step(mode, desk):
    c, ids = to_attack_orders(mode, desk)
    b = declare_on_the_map(mode, c, ids, with_artillery=False)
    [item] = [i for i in c.open_items() if i.kind == "defense"]
    dialog = mode.battles_dock.defense_dialog(b.id)
    us_artillery = c.formation(ids["u_corps"]).units[0].id
    assert dialog.artillery_list.count() == 1
    assert dialog.artillery_list.item(0).data(Qt.ItemDataRole.UserRole) == us_artillery
    # No air unit waits in the Army HQ box: the list says so instead of staying blank.
    assert [dialog.air_list.item(i).text() for i in range(dialog.air_list.count())] == [
        "(no air support in the Army HQ box)"
    ]
    dialog.artillery_list.item(0).setCheckState(Qt.CheckState.Checked)
    assert dialog.submit()
    assert c.battle(b.id).defense_artillery == [us_artillery]
    assert any("105 mm" in line for line in c.battle_sheet(b).artillery["us"])
    assert item.battle == b.id


def to_result(mode, desk):
    c, ids = to_attack_orders(mode, desk)
    b = declare_on_the_map(mode, c, ids, with_artillery=False)
    assert mode.phase_dock.next()
    assert c.phase == "battle_resolution"
    return c, ids, b


def test_result_entry_eliminates_exactly_what_the_rules_say_and_logs_the_override(mode, desk):
    c, ids, b = to_result(mode, desk)
    german = {c.unit(u.id).type_id: u.id for u in c.formation(ids["german"]).units}
    us = [u.id for u in c.formation(ids["us"]).units]
    rifle_a, rifle_b, sherman = us
    panzer = german["panzer_iv_platoon"]
    form = mode.battles_dock.result_form(b.id)
    assert isinstance(form, ResultForm)

    form.set_outcome("DEFENDER DEFEAT", "tactical")
    form.set_casualties(rifle_a, 60)  # the red number: eliminated
    form.set_casualties(rifle_b, 59)  # one short: restored to full strength
    form.set_casualties(sherman, 3, abandoned=1)  # defender left the field: abandoned count
    form.set_casualties(panzer, 3, abandoned=1)  # the attacker holds it: 2 lost of 5 stays
    live = {form.uids[r]: form.table.item(r, 6).text() for r in range(len(form.uids))}
    assert live[rifle_a] == "ELIMINATED" and live[sherman] == "ELIMINATED"
    assert live[rifle_b].startswith("stays") and live[panzer] == "stays"
    assert form.computed() == [rifle_a, sherman]

    # The umpire spares the Sherman platoon: without a reason that is refused.
    form.set_override(sherman, "spare")
    assert form.eliminated() == [rifle_a]
    assert "1 spared" in form.summary.text()
    assert not form.submit()
    assert "give a reason" in form.refusal.text() and b.result is None
    form.reason.setText("two tanks bogged, recovered after the battle")
    assert form.submit()

    result = c.battle(b.id).result
    assert result.outcome == "DEFENDER DEFEAT" and result.level == "tactical"
    assert result.eliminated == [rifle_a]
    assert c.unit(rifle_a).where == "eliminated"
    assert all(c.unit(u).where != "eliminated" for u in (rifle_b, sherman, panzer))
    assert any("Umpire override in battle" in line and "spares" in line for line in c.log)
    [note] = mode.notes
    assert "two tanks bogged" in note and "spares" in note
    assert "two tanks bogged" in mode.log_dock.text.toPlainText()
    assert not mode.phase_dock.back_button.isEnabled()  # a result is committed


def test_retreat_advance_on_the_map_then_the_pursuit_roll(mode, desk):
    c, ids, b = to_result(mode, desk)
    form = mode.battles_dock.result_form(b.id)
    form.set_outcome("DEFENDER DEFEAT", "major")
    assert form.submit()
    assert mode.phase_dock.next()
    assert c.phase == "retreat_advance"
    defender_hex = c.formation(ids["us"]).hex

    [retreat] = [i for i in c.open_items() if i.kind == "retreat"]
    row = next(
        mode.phase_dock.open_items.item(i)
        for i in range(mode.phase_dock.open_items.count())
        if mode.phase_dock.open_items.item(i).text().endswith(retreat.text)
    )
    mode.phase_dock._take_up(row)
    assert mode.placing == ("retreat", ids["us"])
    [choices] = [o for o in mode.items.overlays if o.layer.colour == "#ff7f00"]
    assert choices.layer.hexes == set(retreat.choices)
    mode.tool.click(defender_hex.neighbor(5))  # towards the enemy: not a legal retreat
    assert mode.last_refusal.startswith("Retreat:")
    assert mode.window.statusBar().currentMessage().startswith("Retreat:")
    mode.phase_dock._take_up(row)  # the hint to click a hex is shown again
    assert mode.window.statusBar().currentMessage().startswith("Click a highlighted hex")
    mode.tool.click(retreat.choices[0])
    assert c.formation(ids["us"]).hex == retreat.choices[0]
    # Neither the hint (seen under Xvfb, stale after the retreat) nor the refusal stays.
    assert not mode.window.statusBar().currentMessage().startswith("Click a highlighted")
    # The refusal no longer stands in the status bar once the retreat is made.
    assert not mode.window.statusBar().currentMessage().startswith("Retreat:")

    mode.start_placing("advance", ids["german"])
    mode.tool.click(defender_hex)
    assert c.formation(ids["german"]).hex == defender_hex
    assert mode.phase_dock.next()
    assert c.phase == "pursuit"

    # The veteran mechanised attacker may pursue on 1-3: the engine's die decides.
    assert c.pursuit_candidates(b.id) == [ids["german"]]
    outcome = mode.battles_dock.roll_pursuit(b.id)
    roll = c.battle(b.id).pursuit_roll
    assert outcome == (roll <= 3)
    assert f"rolled {roll}" in mode.window.statusBar().currentMessage()
    assert not mode.can_go_back()  # a roll cannot be taken back
    if outcome:
        pursuit = c.battle(c.battle(b.id).pursuit_battle)
        assert pursuit.sheet.battle_type == "MEETING ENGAGEMENT"


def test_turn_report_per_side(mode, desk, tmp_path):
    c, ids, b = to_result(mode, desk)
    mode.battles_dock.result_form(b.id).submit()  # a DRAW
    path = mode.log_dock.export_report("us", tmp_path / "us.md")
    text = path.read_text(encoding="utf-8")
    # The engine's report: the side's name as typed, the turn's date.
    assert text.startswith("# us turn report — campaign turn 1 (6 June 1944)")
    assert f"{b.sheet.title()}: DRAW" in text
    assert c.formation(ids["us"]).name in text
    assert "## Formations" in text
    german = mode.log_dock.export_report("german", tmp_path / "g.md").read_text()
    assert "german's turn begins" in german


def test_the_turn_report_exports_as_markdown_html_and_pdf(mode, desk, tmp_path, monkeypatch):
    """The desk's Export turn report… offers the three formats the engine writes (it
    wrote Markdown only); a name typed without a suffix takes the chosen format."""
    from PySide6.QtWidgets import QFileDialog

    c, ids, b = to_result(mode, desk)
    mode.battles_dock.result_form(b.id).submit()
    sides = mode.log_dock.report_side
    sides.setCurrentIndex(sides.findData("us"))
    chosen = {}
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(tmp_path / chosen["name"]), chosen["filter"]))
    written = []
    for name, kind in (("us", "Web page (*.html)"), ("us", "PDF (*.pdf)"), ("us-report.md", "Markdown (*.md)")):
        chosen.update(name=name, filter=kind)
        written.append(mode.log_dock.export_dialog())
    assert [p.name for p in written] == ["us.html", "us.pdf", "us-report.md"]
    page = written[0].read_text(encoding="utf-8")
    assert "<html" in page.lower() and c.formation(ids["us"]).name in page
    assert written[1].read_bytes().startswith(b"%PDF")
    assert written[2].read_text(encoding="utf-8").startswith("# us turn report")


def test_a_broken_join_is_refused_at_the_defenders_support_and_fixed_by_calling_off(mode, desk):
    c, ids = to_attack_orders(mode, desk)
    other = c.deploy("us", "infantry", desk.FRONT.neighbor(1), ["rifle_company"])
    mode.document.announce()  # (placed by the engine itself: the desk is told once)
    # But the German is next to `other` too.
    b = mode.document.act(A.DeclareAttack(attackers=[ids["german"]], defender=ids["us"])).value
    dialog = mode.battles_dock.defense_dialog(b.id)
    # The defender's support would close unlawful orders: the engine refuses it, naming
    # the joining rule, and nothing changes.
    assert not dialog.submit()
    assert not c.state.orders_closed
    assert not mode.phase_dock.next()
    assert "which nobody attacks this turn" in mode.phase_dock.refusal.text()
    mode.battles_dock.list.setCurrentRow(0)
    mode.battles_dock._cancel()
    assert c.battles() == [] and other in c.state.formations
    assert mode.phase_dock.next()  # with the attack called off the phase may end


def test_export_all_sheets_for_the_umpire_and_each_player(mode, desk, tmp_path):
    c, ids = to_attack_orders(mode, desk)
    b = declare_on_the_map(mode, c, ids, with_artillery=False)
    dialog = mode.battles_dock.sheet_dialog(b.id)
    written = dialog.export_all(tmp_path / "sheets")
    assert sorted(p.name for p in written) == sorted(
        f"battle-{b.id}-{who}{suffix}"
        for who in ("umpire", "german", "us")
        for suffix in (".md", ".html", ".pdf")
    )
    for who, side in (("umpire", None), ("german", "german"), ("us", "us")):
        md = (tmp_path / "sheets" / f"battle-{b.id}-{who}.md").read_text(encoding="utf-8")
        assert md == c.battle_sheet(b, side=side).to_markdown()
    # The PDF carries the picture of the battle area (the sheet's SVG, drawn as an image).
    pdf = (tmp_path / "sheets" / f"battle-{b.id}-umpire.pdf").read_bytes()
    assert b"/Subtype /Image" in pdf


def test_the_battles_list_follows_the_newest_battle(mode, desk):
    c, ids = to_attack_orders(mode, desk)
    b = declare_on_the_map(mode, c, ids, with_artillery=False)
    assert mode.battles_dock.current() == b.id
    assert mode.battles_dock.this_turns() == b.id


def test_sheets_of_a_side_with_a_path_in_its_name_stay_in_the_folder(tmp_path):
    from hexcampaign.app.campaign.battles import sheet_file_name

    name = sheet_file_name("B1", "../Allies/US", ".pdf")
    assert "/" not in name and ".." not in name and name.endswith(".pdf")


def test_the_umpires_own_pursuit_die_starts_a_meeting_engagement(mode, desk):
    c, ids, b = to_result(mode, desk)
    form = mode.battles_dock.result_form(b.id)
    form.set_outcome("DEFENDER DEFEAT", "minor")
    assert form.submit()
    mode.phase_dock.next()
    [retreat] = [i for i in c.open_items() if i.kind == "retreat"]
    c.retreat(ids["us"], retreat.choices[0])
    mode.phase_dock.next()
    assert c.phase == "pursuit"
    mode.battles_dock.die.setValue(2)  # a veteran pursues on 1-3
    assert mode.battles_dock.roll_pursuit(b.id) is True
    record = c.battle(b.id)
    assert record.pursuit_roll == 2
    pursuit = c.battle(record.pursuit_battle)
    assert pursuit.sheet.battle_type == "MEETING ENGAGEMENT" and pursuit.sheet.turns == 20
    assert any(i.kind == "result" and i.battle == pursuit.id for i in c.open_items())


def test_each_sheet_export_offers_its_own_file_type(mode, desk, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    c, ids = to_attack_orders(mode, desk)
    b = declare_on_the_map(mode, c, ids, with_artillery=False)
    dialog = mode.battles_dock.sheet_dialog(b.id)
    asked = []

    def save_as(_parent, _title, suggested, file_filter=""):
        asked.append((suggested, file_filter))
        return str(tmp_path / "sheet"), file_filter  # a name typed without a suffix

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_as)
    written = [dialog.export_dialog(suffix) for suffix in (".md", ".html", ".pdf")]
    assert [f for _s, f in asked] == [
        "Markdown (*.md)",
        "HTML pages (*.html *.htm)",
        "PDF documents (*.pdf)",
    ]
    assert all("All" not in f for _s, f in asked)
    assert [p.name for p in written] == ["sheet.md", "sheet.html", "sheet.pdf"]
    assert all(p.exists() for p in written)


def test_the_pursuit_roll_is_offered_only_when_an_attacker_may_pursue(mode, desk):
    c, ids, b = to_result(mode, desk)
    form = mode.battles_dock.result_form(b.id)
    form.set_outcome("DEFENDER DEFEAT", "major")
    assert form.submit()
    assert mode.phase_dock.next()
    [retreat] = [i for i in c.open_items() if i.kind == "retreat"]
    assert mode.document.act(A.Retreat(fid=ids["us"], where=pair(retreat.choices[0])))
    assert mode.phase_dock.next() and c.phase == "pursuit"
    button = mode.battles_dock.buttons["pursuit"]
    assert mode.battles_dock.current() == b.id
    assert c.pursuit_candidates(b.id) == [ids["german"]] and button.isEnabled()
    # A regular division may not pursue: the die is not offered, and the tooltip says why.
    demote = A.SetExperience(fid=ids["german"], level="regular", reason="its losses in Tunisia")
    assert mode.document.act(demote)
    assert c.pursuit_candidates(b.id) == []
    assert not button.isEnabled() and "veteran or crack" in button.toolTip()


def to_next_attack_orders(mode, desk):
    """Battle B1 ends in a draw; the phases run on to the next attack orders (the US's)."""
    c, ids, b = to_result(mode, desk)
    form = mode.battles_dock.result_form(b.id)
    form.set_outcome("DRAW")
    assert form.submit()
    while not (c.side_to_play == "us" and c.phase == "attack_orders"):
        assert mode.phase_dock.next()
    return c, ids, b


def test_with_no_battle_this_turn_the_orders_on_a_battle_are_off(mode, desk):
    c, ids, b = to_next_attack_orders(mode, desk)
    dock = mode.battles_dock
    assert dock.current() == b.id  # last turn's battle is still listed and picked
    # Its defender's support was offered and then refused ("not one of this turn's
    # attacks", seen under Xvfb): now neither it nor Call off is offered.
    assert dock.this_turns() is None
    assert not dock.buttons["defense"].isEnabled() and not dock.buttons["cancel"].isEnabled()
    assert dock.buttons["attack"].isEnabled()


def test_the_set_up_sheet_button_is_off_until_there_is_a_battle(mode, desk):
    """It stayed enabled with no battle and did nothing (issue 32)."""
    c, ids = to_attack_orders(mode, desk)
    sheet = mode.battles_dock.buttons["sheet"]
    assert c.battles() == [] and not sheet.isEnabled() and "No battle yet" in sheet.toolTip()
    b = declare_on_the_map(mode, c, ids, with_artillery=False)
    assert sheet.isEnabled() and b.id in sheet.toolTip()


def test_enter_in_the_sheet_window_closes_it_and_exports_nothing(mode, desk, qtbot, monkeypatch):
    from PySide6.QtWidgets import QFileDialog, QPushButton

    c, ids = to_attack_orders(mode, desk)
    b = declare_on_the_map(mode, c, ids, with_artillery=False)
    dialog = mode.battles_dock.sheet_dialog(b.id)
    asked = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: asked.append(a) or ("", ""))
    defaults = [x.text() for x in dialog.findChildren(QPushButton) if x.isDefault()]
    assert defaults == ["Close"]
    dialog.viewpoint.setFocus()
    qtbot.keyClick(dialog, Qt.Key.Key_Return)
    assert not dialog.isVisible() and asked == []


def test_at_a_phase_change_the_battles_list_picks_the_open_item(mode, desk):
    c, ids, b = to_next_attack_orders(mode, desk)
    changes = mode.document.act(A.DeclareAttack(attackers=[ids["us"]], defender=ids["german"]))
    assert changes
    b2 = changes.value
    dock = mode.battles_dock
    assert dock.current() == b2.id  # the newest battle
    dock.list.setCurrentRow(1)  # the umpire looks at last turn's battle again
    assert dock.current() == b.id
    assert mode.phase_dock.next() and c.phase == "battle_resolution"
    # The result awaited is the one picked now, and its button enters it.
    assert dock.current() == b2.id
    assert dock.buttons["result"].text() == "Enter result…"
    assert dock.buttons["result"].isEnabled()
