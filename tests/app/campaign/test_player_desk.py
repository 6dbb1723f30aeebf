"""The campaign at a distance in the window (issue 29 items 3, 4): the umpire exports
the turn packages, a player opens the German one in another window (the player's
desk: the side's map and forces in the desk's own docks), plans a move there and
writes an orders file; the umpire imports it, sees one line per order, and applies
what is legal: the campaign is then exactly what the same move entered at the
umpire's desk makes."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog

from hexcampaign.campaign import Campaign
from hexcampaign.campaign import actions as A
from hexcampaign.hexes import Hex


def state_of(c: Campaign) -> dict:
    """The campaign as saved, but for whose orders the imported ones were (their log
    lines end "(ordered by the German player)", their actions keep the side)."""
    data = json.loads(c.to_json())
    for action in data["actions"]:
        action.pop("ordered_by", None)
    data["state"]["log"] = [
        re.sub(r" \(ordered by the \w+ player\)$", "", line).rstrip(".")
        for line in data["state"]["log"]
    ]
    return {"state": data["state"], "actions": data["actions"]}


@pytest.fixture
def umpire(user_folders, mode, desk, tmp_path):
    """The umpire's desk at the German movement phase, saved."""
    c = desk.small_campaign()
    ids = desk.clash(c)
    mode_path(tmp_path).parent.mkdir()
    mode.start(c, mode_path(tmp_path))
    mode.phase_dock.next()
    assert c.phase == "movement" and c.side_to_play == "german"
    assert mode.save()
    return mode, c, ids


def export(mode, tmp_path, monkeypatch) -> dict[str, Path]:
    """Campaign > Export turn packages… into a folder chosen in the dialog."""
    out = tmp_path / "to-players"
    out.mkdir(exist_ok=True)
    asked = []

    def choose(_parent, _title, start):
        asked.append(start)
        return str(out)

    monkeypatch.setattr(QFileDialog, "getExistingDirectory", choose)
    mode.menus.export_packages_action.trigger()
    written = {p.name.rsplit("-", 1)[1].split(".")[0]: p for p in out.glob("*.hxpackage")}
    assert set(written) == {"german", "us"}
    # The folder dialog starts in the documents folder; one message names both files.
    assert Path(asked[0]) == Path(os.environ["HEXCAMPAIGN_DOCUMENTS_DIR"])
    text = mode.dialog.text()
    assert all(p.name in text for p in written.values()) and str(out) in text
    return written


def player_window(qtbot, desk, package: Path):
    """Another window (the player's computer) with the package opened."""
    window = desk.shown_window(qtbot)
    mode = desk.open_desk(window)
    assert window.open_path(package)
    desk.settle()
    return window, mode


def write_orders(pmode, monkeypatch) -> Path:
    """Write orders…: the dialog offers the package's name beside it; accepted."""
    offered = []

    def save(_parent, _title, suggested, _filter):
        offered.append(Path(suggested))
        return str(suggested), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save)
    pmode.menus.write_orders_action.trigger()
    [path] = offered
    package = pmode.document.package_path
    assert path == package.with_suffix(".hxorders")
    assert path.is_file()
    return path


def plan_a_move(pmode, fid: str) -> Hex:
    """Select a formation on the player's map and click a hex one step away."""
    view = pmode.campaign
    start = view.formation(fid).hex
    step = next(h for h, cost in sorted(view.reachable(fid).items()) if cost == 1)
    pmode.tool.click(start)
    pmode.tool.click(step)
    assert pmode.last_refusal is None
    assert pmode.items.counters[fid].formation.hex == step  # the player's map redrew
    return step


def test_packages_out_orders_in_equal_the_move_at_the_umpires_desk(
    umpire, desk, qtbot, tmp_path, monkeypatch
):
    mode, c, ids = umpire
    twin = Campaign.from_json(c.to_json())  # the same move entered at the umpire's desk
    packages = export(mode, tmp_path, monkeypatch)

    pwindow, pmode = player_window(qtbot, desk, packages["german"])
    assert pmode.player_desk and pmode.document.side == "german"
    assert pwindow.windowTitle().startswith(
        "campaign — German player's desk, turn 1 phase 2 (movement)"
    )
    # The umpire's entries are not the player's: hidden; the player's shown.
    assert not pmode.umpire_menu.menuAction().isVisible()
    assert not pmode.menus.next_action.isVisible()
    assert pmode.phase_dock.next_button.isHidden()  # ending the phase is the umpire's
    assert not pmode.menus.import_orders_action.isVisible()
    assert pmode.menus.write_orders_action.isVisible()

    step = plan_a_move(pmode, ids["g_corps"])
    # The enemy is read-only at the desk: its move is refused naming the rule.
    us = pmode.campaign.formation(ids["us"])
    assert pmode.document.act(A.Move(fid=us.id, path=[us.hex.neighbor(1)])) is None
    assert "orders german forces only" in pmode.last_refusal
    assert pwindow.statusBar().currentMessage() == pmode.last_refusal  # shown as the desk does
    orders = write_orders(pmode, monkeypatch)
    assert not pmode.dirty

    # The umpire: Import orders… picks the file; one line per order, nothing applied yet.
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a: (str(orders), ""))
    mode.menus.import_orders_action.trigger()
    dialog = mode.dialog
    assert dialog.lines() == [
        "✔ 1. Can be carried out: the move of the german I Corps to "
        f"{c.map.label(step)}, ordered by the German player."
    ]
    assert c.formation(ids["g_corps"]).hex != step
    dialog.apply_button.click()

    corps = twin.formation(ids["g_corps"])
    twin.apply(A.Move(fid=corps.id, path=[(h.q, h.r) for h in twin.path_to(corps.id, step)]))
    assert state_of(c) == state_of(twin)
    assert mode.items.counters[ids["g_corps"]].formation.hex == step  # the desk redrew
    assert "Orders of the German player imported" in mode.notes[-1]
    assert c.log[-1].endswith("(ordered by the German player)")  # the log says whose order
    assert "1 of 1 applied" in mode.notes[-1] and mode.dirty
    # Undoable as the umpire's own move: Back takes it back.
    assert mode.back()
    assert c.formation(ids["g_corps"]).hex == corps.hex


def test_send_it_back_applies_nothing_and_the_wrong_phase_or_campaign_is_one_sentence(
    umpire, desk, qtbot, tmp_path, monkeypatch
):
    mode, c, ids = umpire
    packages = export(mode, tmp_path, monkeypatch)
    _pwindow, pmode = player_window(qtbot, desk, packages["german"])
    plan_a_move(pmode, ids["g_corps"])
    orders = write_orders(pmode, monkeypatch)

    before = state_of(c)
    dialog = mode.import_orders_dialog(orders)
    dialog.send_back_button.click()
    assert state_of(c) == before and "Sent back" in mode.window.statusBar().currentMessage()

    # Another campaign's desk: refused whole, in one sentence, nothing changed.
    other = desk.small_campaign()
    other.map.name = "Elsewhere"
    desk.clash(other)
    mode.start(other)
    mode.phase_dock.next()
    assert mode.import_orders_dialog(orders) is None
    sentence = mode.dialog.text()
    assert sentence.startswith("These orders are for another campaign (campaign, id ")
    assert sentence.count(". ") == 0 and sentence.endswith(".")

    # The right campaign one phase on: refused whole, naming the phase.
    assert mode.open_path(mode_path(tmp_path))
    mode.next_phase()
    assert mode.campaign.phase == "attack_orders"
    before = state_of(mode.campaign)
    assert mode.import_orders_dialog(orders) is None
    sentence = mode.dialog.text()
    assert sentence == (
        "These orders of the German player are for the movement phase; the campaign is at "
        "german's attack orders phase of turn 1."
    )
    assert state_of(mode.campaign) == before


def mode_path(tmp_path: Path) -> Path:
    return tmp_path / "umpire" / "kasserine.hxcampaign"


def test_the_player_sees_only_the_sides_view(umpire, desk, qtbot, tmp_path, monkeypatch):
    mode, c, ids = umpire
    packages = export(mode, tmp_path, monkeypatch)
    _pwindow, pmode = player_window(qtbot, desk, packages["german"])
    view = pmode.campaign
    # Own forces and the enemy division in contact; the US corps behind it is unknown.
    assert set(pmode.items.counters) == {ids["g_corps"], ids["german"], ids["us"]}
    assert ids["u_corps"] not in view.state.formations
    # Of the enemy in contact nothing of its units is known (no types, no strengths).
    known = pmode.items.counters[ids["us"]].formation
    true_units = {u.type_id for u in c.units_in(ids["us"])}
    assert not true_units & {u.type_id for u in view.units_in(known.id)}
    # The umpire's own desk shows all four.
    assert set(mode.items.counters) == set(ids.values())


def test_a_damaged_package_is_refused_in_one_sentence(
    umpire, desk, qtbot, tmp_path, monkeypatch, answering_message_boxes
):
    mode, _c, _ids = umpire
    packages = export(mode, tmp_path, monkeypatch)
    damaged = tmp_path / "damaged.hxpackage"
    damaged.write_text(packages["german"].read_text().replace('"turn": 1', '"turn": 2', 1))
    window = desk.shown_window(qtbot)
    desk.open_desk(window)
    assert not window.open_path(damaged)
    [(kind, text)] = answering_message_boxes
    assert kind == "critical"
    assert text.endswith(
        "damaged.hxpackage: The turn package is damaged: its contents do not match its "
        "SHA-256 digest."
    )


def test_a_second_sitting_keeps_the_orders_and_the_report_prints(
    umpire, desk, qtbot, tmp_path, monkeypatch
):
    mode, _c, ids = umpire
    packages = export(mode, tmp_path, monkeypatch)
    pwindow, pmode = player_window(qtbot, desk, packages["german"])
    step = plan_a_move(pmode, ids["g_corps"])
    write_orders(pmode, monkeypatch)
    report = pmode.print_package_dialog(tmp_path / "german.html")
    assert report is not None and "I Corps" in report.read_text()

    # Opened again (the next evening): the orders written beside the package come back.
    assert pwindow.open_path(packages["german"])
    assert pmode.document.desk.planned and pmode.campaign.formation(ids["g_corps"]).hex == step
    assert not pmode.dirty
    # Back withdraws the order; the counter returns.
    assert pmode.back()
    assert not pmode.document.desk.planned and pmode.dirty
    assert pmode.items.counters[ids["g_corps"]].formation.hex != step


def test_the_players_map_menu_assigns_and_offers_no_umpire_corrections(
    user_folders, mode, desk, qtbot, tmp_path, monkeypatch
):
    """A right-click on the player's own division offers the corps HQs the engine allows
    (the build message sends the player there) and none of the umpire's corrections,
    which the orders file could only have refused."""
    c = desk.small_campaign()
    ids = desk.clash(c)
    mode_path(tmp_path).parent.mkdir()
    mode.start(c, mode_path(tmp_path))
    assert c.phase == "reinforcement" and mode.save()
    written = export(mode, tmp_path, monkeypatch)
    _window, pmode = player_window(qtbot, desk, written["german"])
    view = pmode.campaign
    menu = pmode.tool.formation_menu(view.formation(ids["german"]).hex)
    texts = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert "Move it (umpire)…" not in texts and "Set its experience…" not in texts
    assert "Rename…" not in texts
    [assign] = [a.menu() for a in menu.actions() if a.text() == "Assign to corps HQ"]
    [corps] = assign.actions()
    assert corps.text() == view.formation(ids["g_corps"]).name
    corps.trigger()
    assert pmode.last_refusal is None
    [order] = pmode.document.desk.planned
    assert order == A.Assign(fid=ids["german"], corps_id=ids["g_corps"])
    menu.close()
    # The umpire's own map menu keeps the corrections.
    umpire_menu = mode.tool.formation_menu(c.formation(ids["german"]).hex)
    assert "Move it (umpire)…" in [a.text() for a in umpire_menu.actions()]
    umpire_menu.close()


def test_the_desk_opens_on_its_own_forces_and_claims_no_enemy_treasury(
    umpire, desk, qtbot, tmp_path, monkeypatch
):
    """The US player's desk, while the German plays: the order of battle shows the US
    forces, the turn header says the German PP is not known (the package holds none)."""
    mode, c, ids = umpire
    written = export(mode, tmp_path, monkeypatch)
    _window, pmode = player_window(qtbot, desk, written["us"])
    assert pmode.oob_dock.side == "us"
    header = pmode.phase_dock.pp_label.text()
    assert "german: 0 PP" not in header and "PP not known" in header
    assert f"us: {c.pp_available('us')} PP" in header


def test_the_desks_order_of_battle_shows_the_enemy_only_as_far_as_known(
    umpire, desk, qtbot, tmp_path, monkeypatch
):
    """The German desk's order of battle for the US side: the division next to the
    German one, by name and hex, with nothing of the placeholder the package holds for
    it (no units, experience, supply or Army HQ box)."""
    mode, c, ids = umpire
    written = export(mode, tmp_path, monkeypatch)
    _window, pmode = player_window(qtbot, desk, written["german"])
    pmode.oob_dock.set_side("us")
    texts = [item.text(0) for item in pmode.oob_dock._items()]
    us = c.formation(ids["us"])
    [row] = [t for t in texts if us.name in t]
    assert c.map.label(us.hex) in row and "not known" in row
    joined = "\n".join(texts)
    for leak in ("regular", "OUT OF SUPPLY", "Army HQ box", "unknown unit", "rifle"):
        assert leak not in joined
    assert c.formation(ids["u_corps"]).name not in joined  # not next to a German formation
    # The enemy counter's tooltip says as little.
    tip = pmode.items.counters[ids["us"]].toolTip()
    assert us.name in tip and "not known" in tip
    assert "regular" not in tip and "SUPPLY" not in tip and "unknown unit" not in tip


def test_the_desks_battle_buttons_are_that_sides_orders_only(
    umpire, desk, qtbot, tmp_path, monkeypatch
):
    """At the German attack orders phase: the German desk may order the attack, and once
    it is declared call it off (the only enemy in reach is then attacked: no other attack
    order is open), but not assign the defender's support; the US desk only that; neither
    shows the umpire's result button, paperwork or pursuit die. The buttons follow the
    desk's own legal actions (the engine's), not a rule of the dock's."""
    mode, c, ids = umpire
    mode.phase_dock.next()
    assert c.phase == "attack_orders"
    assert mode.save()
    (tmp_path / "before").mkdir()
    before = export(mode, tmp_path / "before", monkeypatch)
    _window, pmode = player_window(qtbot, desk, before["german"])
    assert pmode.battles_dock.buttons["attack"].isEnabled()
    assert not pmode.battles_dock.buttons["defense"].isEnabled()
    assert mode.document.act(A.DeclareAttack(attackers=[ids["german"]], defender=ids["us"]))
    assert mode.save()
    written = export(mode, tmp_path, monkeypatch)
    for side, cancel, defence in (("german", True, False), ("us", False, True)):
        _window, pmode = player_window(qtbot, desk, written[side])
        dock = pmode.battles_dock
        assert not dock.buttons["attack"].isEnabled()
        assert dock.buttons["cancel"].isEnabled() is cancel
        assert dock.buttons["defense"].isEnabled() is defence
        assert dock.buttons["result"].isHidden() and dock.paperwork.isHidden()
        assert dock.die.isHidden()
        # The set-up sheet: this side's, as the umpire sent it; no umpire's or enemy's.
        from hexcampaign.app.campaign.sheet_dialog import BattleSheetDialog

        [battle] = c.battles()
        sheet = BattleSheetDialog(pmode, battle.id)
        assert [sheet.viewpoint.itemData(i) for i in range(sheet.viewpoint.count())] == [side]
        assert sheet.sheet() == c.battle_sheet(battle.id, side=side)
        sheet.close()
    assert not mode.battles_dock.buttons["result"].isHidden()


def test_orders_planned_on_an_earlier_package_may_be_checked_anyway(
    umpire, desk, qtbot, tmp_path, monkeypatch
):
    """The umpire moved the German division after the package went out: the corps move
    planned at the desk is refused whole unless the umpire asks to check it anyway; then
    it is checked against the position now and applied like any order."""
    from hexcampaign.app.campaign.orders_dialogs import OrdersDialogs

    mode, c, ids = umpire
    packages = export(mode, tmp_path, monkeypatch)
    _pwindow, pmode = player_window(qtbot, desk, packages["german"])
    step = plan_a_move(pmode, ids["g_corps"])
    orders = write_orders(pmode, monkeypatch)
    division = ids["german"]
    moved = next(h for h, cost in sorted(c.reachable(division).items()) if cost == 1 and h != step)
    assert mode.document.act(A.Move(fid=division, path=[(moved.q, moved.r)]))

    asked = []
    monkeypatch.setattr(OrdersDialogs, "_check_anyway", lambda self, s: asked.append(s) or False)
    before = state_of(c)
    assert mode.import_orders_dialog(orders) is None
    assert "planned on an earlier package" in asked[0] and state_of(c) == before

    monkeypatch.setattr(OrdersDialogs, "_check_anyway", lambda self, s: True)
    dialog = mode.import_orders_dialog(orders)
    assert dialog is not None and "1 can be carried out" in dialog.summary.text()
    dialog.apply_button.click()
    assert c.formation(ids["g_corps"]).hex == step


def test_an_orders_file_opened_in_the_window_is_imported_not_opened(
    umpire, desk, qtbot, tmp_path, monkeypatch
):
    """File › Open, a drop or a double-click on an .hxorders file: with the campaign open
    at the umpire's desk it goes to Import orders (the campaign stays open); in a window
    with no campaign it is refused in one sentence naming the file."""
    from hexcampaign.app.campaign.orders_dialogs import ImportOrdersDialog

    mode, c, ids = umpire
    packages = export(mode, tmp_path, monkeypatch)
    pwindow, pmode = player_window(qtbot, desk, packages["german"])
    plan_a_move(pmode, ids["g_corps"])
    orders = write_orders(pmode, monkeypatch)

    assert mode.window.open_path(orders)
    assert isinstance(mode.dialog, ImportOrdersDialog) and mode.campaign is c
    mode.dialog.send_back_button.click()

    other = desk.shown_window(qtbot)
    other_mode = desk.open_desk(other)
    assert not other.open_path(orders)
    sentence = other_mode.dialog.text()
    assert sentence.startswith(f"{orders.name} is a player's orders file: open the campaign")
