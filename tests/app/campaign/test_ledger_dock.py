"""The Ledger dock (tables, charts, Export…), the battles dock's paperwork (sheets sent,
fought, attached CM save or AAR) and the summary in the end-of-campaign dialog."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QDesktopServices, QImage

from campaign._ledger_play import four_turns
from hexcampaign.campaign import Campaign


@pytest.fixture(scope="module")
def played() -> Campaign:
    return four_turns()  # eight battles, as the engine's ledger tests use


def shown_ledger(mode, campaign):
    mode.start(Campaign.from_json(campaign.to_json()))
    dock = mode.ledger_dock
    dock.show_table("battles")
    return dock


def cells(table, column: str) -> list[str]:
    head = [table.horizontalHeaderItem(i).text() for i in range(table.columnCount())]
    col = head.index(column)
    return [table.item(r, col).text() for r in range(table.rowCount())]


def test_the_dock_shows_the_ledgers_tables(mode, played):
    dock = shown_ledger(mode, played)
    assert dock.isVisible() and dock.current_table() == "battles"
    battles = dock.tables["battles"]
    assert cells(battles, "Battle") == [b.id for b in played.battles()]
    assert set(cells(battles, "Status")) == {"result entered"}
    assert all("owes the CM save or after-action report" in o for o in cells(battles, "Owed"))
    dock.show_table("pp")
    pp = dock.tables["pp"]
    german = [int(a) for a, s in zip(cells(pp, "PP"), cells(pp, "Side"), strict=True) if s == "german"]
    assert sum(german) == played.pp_available("german")
    dock.show_table("losses")
    losses = dock.tables["losses"]
    assert losses.rowCount() >= 2 and "Men" in [losses.horizontalHeaderItem(i).text() for i in range(losses.columnCount())]
    dock.show_table("turns")
    assert dock.tables["turns"].rowCount() == 6  # the start, four turns, and turn 5 now
    assert "8 battles" in dock.summary.text.text()


def test_the_charts_have_each_sides_series(mode, played):
    dock = shown_ledger(mode, played)
    charts = dock.summary.charts
    vp = charts["vp"].data()
    assert [s.name for s in vp.series] == ["german", "us"] and len(vp.labels) == 6
    pp = charts["pp"].data()
    assert [s.name for s in pp.series] == ["german income", "german spent", "us income", "us spent"]
    assert pp.series[0].values[:4] == (7.0, 7.0, 7.0, 7.0)  # the German income each turn
    losses = charts["losses"].data()
    assert losses.bars and sum(sum(s.values) for s in losses.series) > 0
    assert charts["vp"].isVisible() or dock.tabs.currentIndex() != 0


def test_export_writes_the_ledger_the_table_and_the_charts(mode, played, tmp_path):
    dock = shown_ledger(mode, played)
    (md,) = dock.export_to(tmp_path / "ledger.md")
    assert "## Battles" in md.read_text(encoding="utf-8")
    (page,) = dock.export_to(tmp_path / "ledger.html")
    assert "<h2>Losses per formation</h2>" in page.read_text(encoding="utf-8")
    (table,) = dock.export_to(tmp_path / "battles.csv")
    assert len(table.read_text(encoding="utf-8").splitlines()) == 1 + len(played.battles())
    dock.show_table("places")
    (one,) = dock.export_to(tmp_path / "places.htm")
    assert one.read_text(encoding="utf-8").count("<h2>") == 3  # summary, who owes what, table
    pictures = dock.export_to(tmp_path / "charts.png")
    assert [p.name for p in pictures] == ["charts-vp.png", "charts-pp.png", "charts-losses.png"]
    assert all(not QImage(str(p)).isNull() and QImage(str(p)).width() == 900 for p in pictures)
    drawings = dock.export_to(tmp_path / "charts.svg")
    assert all(p.read_text(encoding="utf-8").lstrip().startswith("<?xml") for p in drawings)


def test_the_menu_shows_the_ledger(mode, played):
    mode.start(Campaign.from_json(played.to_json()))
    entry = next(a for a in mode.menu.actions() if a.text() == "&Ledger and summary")
    entry.trigger()
    dock = mode.ledger_dock
    assert dock.isVisible() and dock.tabs.currentIndex() == 0 and dock.book is not None


def test_the_battles_dock_does_the_paperwork(mode, desk, tmp_path, monkeypatch):
    c = desk.small_campaign()
    ids = desk.clash(c)
    mode.start(c)
    path = tmp_path / "paper.hxcampaign"
    assert mode.save_to(path)
    while c.phase != "attack_orders":
        assert mode.next_phase()
    b = c.declare_attack([ids["german"]], ids["us"])  # the engine's order, then a redraw
    mode.battles_dock.refresh()
    battles = mode.battles_dock
    battles.list.setCurrentRow(0)
    assert battles.current() == b.id
    assert "owes the german and us players the set-up sheets" in battles.paperwork.toolTip()
    battles.mark_sheets_sent(b.id, host="us")
    assert "sheets sent" in battles.list.item(0).text()
    assert battles.list.item(0).toolTip() == f"The us player owes battle {b.id} built in CM and fought with the german player. The us player owes the CM result of battle {b.id}."
    assert not battles.admin_actions["sheets"].isEnabled()
    assert battles.admin_actions["sheets"].toolTip() == f"Battle {b.id} is past that: sheets sent."
    battles.mark_fought(b.id)
    assert "awaiting result · fought" in battles.list.item(0).text()
    report = tmp_path / "B1 AAR.txt"
    report.write_text("Tactical victory for the defender.", encoding="utf-8")
    assert battles.attach(b.id, report) is not None
    assert "1 file" in battles.list.item(0).text()
    assert c.battle_status(b.id).files[0].name == "B1 AAR.txt"
    assert (tmp_path / "paper.hxcampaign.files").is_dir()
    opened = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url.toLocalFile()))
    copy = battles.open_attached(b.id)
    assert opened == [str(copy)] and copy.read_text(encoding="utf-8") == report.read_text(encoding="utf-8")
    dock = mode.ledger_dock
    dock.show_table("battles")
    assert cells(dock.tables["battles"], "Status") == ["fought"]
    assert cells(dock.tables["battles"], "Files") == ["1"]
    assert mode.back()  # the attachment is undone like any action
    assert c.battle_status(b.id).files == ()


def test_a_campaign_never_saved_is_asked_to_be_saved_before_attaching(mode, desk, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    said = []
    monkeypatch.setattr(QMessageBox, "information", lambda *a: said.append(a[2]))
    c = desk.small_campaign()
    ids = desk.clash(c)
    mode.start(c)
    while c.phase != "attack_orders":
        assert mode.next_phase()
    b = c.declare_attack([ids["german"]], ids["us"])
    report = tmp_path / "aar.txt"
    report.write_text("x", encoding="utf-8")
    assert mode.battles_dock.attach(b.id, report) is None
    assert said and said[0].startswith("Save the campaign first")


def test_the_ending_dialog_has_the_summary_over_all_turns(mode, desk):
    c = desk.small_campaign(last_turn=2)
    desk.clash(c)
    mode.start(c)
    while not c.over:  # two turns of seven phases a side: the end dialog opens itself
        assert mode.next_phase() and c.turn <= 2
    dialog = mode.dialog
    text = dialog.summary.text.text()
    assert "2 turns played" in text and c.outcome().reason in text
    assert text.count(" VP now; ") == 2
    vp = dialog.summary.charts["vp"].data()
    assert vp.labels == ("start", "T1", "T2") and len(vp.series) == 2
    assert dialog.summary.charts["vp"].isVisible()


def test_the_ledger_shown_keeps_the_window_within_1280_by_800(qtbot, desk, played):
    from PySide6.QtWidgets import QApplication

    w = desk.shown_window(qtbot, 1280, 800)
    m = desk.open_desk(w)
    m.start(Campaign.from_json(played.to_json()))
    QApplication.processEvents()
    assert m.ledger_dock.visibleRegion().isEmpty()  # the tab in front stays the one it was
    m.ledger_dock.show_table("summary")
    QApplication.processEvents()
    assert w.height() <= 800 and m.ledger_dock.summary.charts["vp"].height() >= 150


def test_a_campaign_opened_from_the_command_line_keeps_the_battles_in_front(qtbot, desk, played, tmp_path):
    from hexcampaign.app import MainWindow

    played.save(tmp_path / "played.hxcampaign")
    w = MainWindow()
    qtbot.addWidget(w)
    w.install_play_modes()
    assert w.open_path(tmp_path / "played.hxcampaign")  # before the window is shown
    w.show()
    qtbot.waitExposed(w)
    m = w.mode
    desk.settle()
    assert not m.battles_dock.visibleRegion().isEmpty()  # as before the Ledger came
    assert m.ledger_dock.visibleRegion().isEmpty()
