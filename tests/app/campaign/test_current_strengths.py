"""Issue 29 item 6 at the desk: after Umpire › Set strength (a battery 4 → 3 guns, a
Panzer IV platoon 5 → 3) the sheet window, the order-of-battle dock and the result
form's "Eliminated at" column all show what the engine holds; a turn report exports as
Markdown, HTML and PDF saying the same."""

from __future__ import annotations

from tests.app.campaign.test_battles import declare_on_the_map, to_attack_orders
from tests.app.campaign.test_desk import formation_item

from hexcampaign.app.campaign.reports import export_turn_report


def set_strength(mode, uid: str, n: int, why: str) -> None:
    dialog = mode.correction_dialog("strength", uid)
    dialog.strength.setValue(n)
    dialog.reason.setText(why)
    assert dialog.submit()


def test_set_strength_reaches_the_sheet_the_oob_dock_and_the_result_form(mode, desk):
    c, ids = to_attack_orders(mode, desk)
    b = declare_on_the_map(mode, c, ids, with_artillery=True)
    battery = c.formation(ids["g_corps"]).units[0].id
    panzer = next(
        u.id for u in c.formation(ids["german"]).units if u.type_id == "panzer_iv_platoon"
    )
    set_strength(mode, battery, 3, "a gun lost on the march")
    set_strength(mode, panzer, 3, "two tanks broke down")
    shown = mode.battles_dock.sheet_dialog(b.id).browser.toPlainText()
    assert "Panzer IV platoon (tank), 3 vehicles/guns (eliminated at 2 lost)" in shown
    assert "Panzer IV platoon (tank), 5" not in shown  # the US Shermans still have 5
    assert "3 guns" in shown and "4 guns" not in shown
    assert "CM build checklist" in shown

    dock = mode.oob_dock
    item = formation_item(dock.tree, ids["german"])
    texts = [item.child(i).text(2) for i in range(item.childCount())]
    assert "3 veh./guns · elim. at 2" in texts and "5 veh./guns · elim. at 3" not in texts

    while c.phase != "battle_resolution":
        assert mode.phase_dock.next()
    form = mode.battles_dock.result_form(b.id)
    column = {form.uids[r]: form.table.item(r, 3).text() for r in range(len(form.uids))}
    assert column[panzer] == "2 of 3 vehicles/guns"
    assert column[battery] == "2 of 3 vehicles/guns"


def test_a_turn_report_exports_as_markdown_html_and_pdf(mode, desk, tmp_path):
    c, ids = to_attack_orders(mode, desk)
    declare_on_the_map(mode, c, ids, with_artillery=False)
    md = export_turn_report(c, "us", tmp_path / "r.md").read_text(encoding="utf-8")
    html = export_turn_report(c, "us", tmp_path / "r.html").read_text(encoding="utf-8")
    pdf = export_turn_report(c, "us", tmp_path / "r.pdf")
    assert md == c.turn_report("us")
    assert html.startswith("<!DOCTYPE html>") and "<h2>Enemy in contact</h2>" in html
    assert pdf.read_bytes().startswith(b"%PDF")
    words = desk.squeeze(desk.pdf_text(pdf))
    assert desk.squeeze("Enemy in contact") in words
    assert desk.squeeze("us turn report") in words
