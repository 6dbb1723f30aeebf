"""The desk redraws from the engine's change records: a dock redraws only when an
action touched what it shows (issue 15), and a map click is handled by its phase's
click object."""

from __future__ import annotations

from hexcampaign.app.campaign import map_tool
from hexcampaign.campaign import actions as A
from hexcampaign.rules.changes import Play


def count_refreshes(mode, monkeypatch) -> dict[str, int]:
    counts: dict[str, int] = {}
    for name in ("phase_dock", "oob_dock", "purchase_dock", "battles_dock", "log_dock"):
        dock = getattr(mode, name)
        counts[name] = 0

        def counted(*args, name=name, real=dock.refresh, **kwargs):
            counts[name] += 1
            real(*args, **kwargs)

        monkeypatch.setattr(dock, "refresh", counted)
    return counts


def test_a_move_redraws_the_units_docks_not_the_battles(mode, desk, monkeypatch):
    c = desk.small_campaign()
    ids = desk.clash(c)
    mode.start(c)
    mode.phase_dock.next()
    assert c.phase == "movement"
    counts = count_refreshes(mode, monkeypatch)
    corps = c.formation(ids["g_corps"])
    mode.tool.click(corps.hex)
    assert mode.selected == ids["g_corps"]
    # A selection is the desk's own: the map and the OOB show it, nothing else redraws.
    assert counts["battles_dock"] == counts["purchase_dock"] == counts["log_dock"] == 0
    assert counts["oob_dock"] == 1
    target = next(h for h in c.reachable(ids["g_corps"]) if h != corps.hex)
    mode.tool.click(target)
    assert c.formation(ids["g_corps"]).hex == target
    assert counts["log_dock"] == 1 and counts["phase_dock"] >= 1  # a line, Back enabled
    assert counts["battles_dock"] == 1  # units moved: who may attack whom changed
    assert mode.log_dock.text.toPlainText().count(c.formation(ids["g_corps"]).name) >= 1


def test_a_pp_correction_redraws_the_purchases_not_the_battles(mode, desk, monkeypatch):
    c = desk.small_campaign()
    desk.clash(c)
    mode.start(c)
    counts = count_refreshes(mode, monkeypatch)
    assert mode.document.act(A.AdjustPP(side="us", amount=3, reason="a late supply convoy"))
    assert counts["purchase_dock"] == 1 and counts["log_dock"] == 1
    assert counts["battles_dock"] == 0 and counts["oob_dock"] == 0


def test_each_phase_has_its_own_click_object():
    assert map_tool.PHASE_CLICKS["movement"] is map_tool.MovementClicks
    assert map_tool.PHASE_CLICKS["attack_orders"] is map_tool.AttackOrderClicks


def test_a_result_entry_is_one_change_and_one_redraw_of_the_map(mode, desk, monkeypatch):
    """Entering a result (with an override and its reason) sends the document's
    `changed` once, from the form, and the map's items are drawn once; the umpire's note
    of the override is already in the log that one change redraws."""
    c = desk.small_campaign()
    ids = desk.clash(c)
    mode.start(c)
    assert mode.phase_dock.next() and mode.phase_dock.next()
    order = A.DeclareAttack(attackers=[ids["german"]], defender=ids["us"])
    b = mode.document.act(order).value
    assert mode.phase_dock.next() and c.phase == "battle_resolution"
    emitted = []
    mode.document.changed.connect(lambda changes, initiator: emitted.append((changes, initiator)))
    view_changes = []
    mode.view_changed.connect(lambda: view_changes.append(1))
    drawn = []
    real_refresh = mode.items.refresh
    monkeypatch.setattr(mode.items, "refresh", lambda: (drawn.append(1), real_refresh()))
    form = mode.battles_dock.result_form(b.id)
    sherman = c.formation(ids["us"]).units[-1].id
    form.set_outcome("DEFENDER DEFEAT", "tactical")
    form.set_casualties(sherman, 3, abandoned=1)
    form.set_override(sherman, "spare")
    form.reason.setText("two tanks bogged, recovered after the battle")
    assert form.submit()

    [(changes, initiator)] = emitted
    assert initiator is form and changes.flags & Play.COMBAT
    assert len(drawn) == 1 and view_changes == []
    assert "two tanks bogged" in mode.log_dock.text.toPlainText()


def test_a_selection_is_the_desks_view_and_a_refusal_is_shown_once(mode, desk, monkeypatch):
    """Selecting a formation is announced by the mode's view_changed, not the
    document's changed; a refused move changes nothing and its sentence reaches the
    window's one helper once."""
    c = desk.small_campaign()
    ids = desk.clash(c)
    mode.start(c)
    assert mode.phase_dock.next() and c.phase == "movement"
    changed, views, shown = [], [], []
    mode.document.changed.connect(lambda changes, initiator: changed.append(changes))
    mode.view_changed.connect(lambda: views.append(1))
    monkeypatch.setattr(mode.window, "show_refusal", shown.append)
    corps = c.formation(ids["g_corps"])
    mode.tool.click(corps.hex)
    assert mode.selected == corps.id and views == [1] and changed == []
    far = max(c.map.hexes(), key=lambda h: h.distance(corps.hex))
    before = len(c.actions)
    mode.tool.click(far)
    assert changed == [] and len(c.actions) == before
    assert shown == [mode.last_refusal] and mode.last_refusal.startswith("Movement")
