"""Pictures of the umpire's desk for the docs (scripts/screenshots.py gathers SHOTS).

Each shot function takes a MainWindow (shown, offscreen is fine) and returns the widget
to grab; `demo_campaign()` builds the sample-map position they show, entirely through
the engine's public actions (a German attack across the river, awaiting its result).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget

from hexcampaign.campaign import Campaign, UnitChart
from hexcampaign.hexes import Hex
from hexcampaign.maps import load_map
from hexcampaign.paths import maps_path


def demo_campaign() -> Campaign:
    """The sample map on German turn 2, battle resolution: one battle awaiting its result,
    units waiting in both Army HQ boxes."""
    m = load_map(maps_path("cm-sample.hexmap"))
    capitals = {"german": m.place("Altdorf").hex, "us": m.place("Fort Lewis").hex}
    c = Campaign.new(
        m,
        sides=("german", "us"),
        capitals=capitals,
        charts={"german": UnitChart.default("german"), "us": UnitChart.default("us")},
        seed=3,
    )
    at = Hex.from_offset
    front = at(13, 9)  # the US division's hex, east of the river
    north_west, south_west = front.neighbor(5), front.neighbor(4)
    g_corps = c.deploy(
        "german", "corps", south_west.neighbor(5), ["lefh18_battery", "nebelwerfer_battery"]
    )
    c.deploy(
        "german",
        "mechanised",
        north_west,
        ["panzergrenadier_company_armoured", "panzer_iv_platoon", "panther_platoon"],
        corps=g_corps,
        experience="veteran",
    )
    c.deploy(
        "german",
        "infantry",
        south_west,
        ["grenadier_company", "grenadier_company", "stug_platoon", "pak40_platoon"],
        corps=g_corps,
    )
    c.deploy("german", "infantry", at(7, 4), ["grenadier_company", "pionier_platoon"], dug_in=True)
    u_corps = c.deploy("us", "corps", at(15, 10), ["howitzer105_battery"])
    c.deploy(
        "us",
        "infantry",
        front,
        ["rifle_company", "rifle_company", "sherman_platoon", "at57_platoon"],
        corps=u_corps,
        dug_in=True,
    )
    c.deploy("us", "mechanised", at(19, 8), ["armored_infantry_company", "sherman_platoon"])
    # German turn 1: buy reinforcements; US turn 1 passes; German turn 2 attacks.
    for _ in range(6):
        c.end_phase()
    c.purchase("german", "grenadier_company")
    c.purchase("german", "fw190_flight")
    for _ in range(7):
        c.end_phase()
    c.purchase("us", "sherman_platoon")
    c.end_phase()
    c.end_phase()  # german reinforcement -> movement
    c.end_phase()  # -> attack orders
    attackers = [f.id for f in c.formations("german") if f.hex in (north_west, south_west)]
    us_division = next(f.id for f in c.formations("us") if f.hex == front)
    artillery, air = (
        [u.id for u in c.formation(g_corps).units],
        [u.id for u in c.army_hq("german") if u.category == "air"],
    )
    b = c.declare_attack(attackers, us_division, artillery, air)
    us_art, _ = c.available_support("us", b)
    c.support_defense(b, us_art, [])
    c.end_phase()  # -> battle resolution
    return c


def purchase_phase_campaign() -> Campaign:
    """The demo campaign played on to the German purchase phase (the battle a DRAW)."""
    c = demo_campaign()
    c.enter_result(c.battles()[0], "DRAW")
    while c.phase != "purchase":
        c.end_phase()
    return c


def start_demo(window, purchase: bool = False) -> object:
    """The campaign mode on `window`, showing the demo campaign (or its purchase phase)."""
    from hexcampaign.app.campaign import install

    mode = getattr(window, "_campaign_demo_mode", None)
    if mode is None:
        mode = install(window)
        window._campaign_demo_mode = mode
        window._campaign_demos = {}
        set_mode = getattr(window, "set_mode", None)
        if callable(set_mode):
            set_mode(mode)  # the editor steps aside, as when the umpire picks the mode
        else:
            mode.activate()
    demos = window._campaign_demos
    key = "purchase" if purchase else "battle"
    if key not in demos:
        demos[key] = purchase_phase_campaign() if purchase else demo_campaign()
    if mode.campaign is not demos[key]:
        mode.start(demos[key], Path(f"demo-{key}.hxcampaign"))
    _settle()
    return mode


def desk(window) -> QWidget:
    mode = start_demo(window)
    mode.set_show_zoc(False)
    # Close enough to read the counters: the battle at the river.
    battle = mode.campaign.battles()[0]
    window.canvas.set_zoom(0.95)
    window.canvas.center_on_hex(Hex(*battle.defender_hex))
    _settle()
    return window


def oob_dock(window) -> QWidget:
    mode = start_demo(window)
    mode.oob_dock.show()
    mode.oob_dock.raise_()
    mode.oob_dock.set_side("german")
    mode.oob_dock.tree.expandAll()
    _settle()
    return mode.oob_dock


def purchase_dock(window) -> QWidget:
    mode = start_demo(window, purchase=True)
    mode.purchase_dock.show()
    mode.purchase_dock.raise_()
    chart = mode.campaign.setup.charts[mode.campaign.side_to_play]
    mode.purchase_dock.basket = [chart.types[0].id, chart.types[4].id]
    mode.purchase_dock.refresh()
    mode.purchase_dock.table.selectRow(4)
    _settle()
    return mode.purchase_dock


def battle_sheet(window) -> QWidget:
    mode = start_demo(window)
    battle = mode.campaign.battles()[0].id
    dialog = mode.battles_dock.sheet_dialog(battle)
    _settle()
    return dialog


def result_form(window) -> QWidget:
    mode = start_demo(window)
    battle = mode.campaign.battles()[0]
    form = mode.battles_dock.result_form(battle.id)
    form.set_outcome("DEFENDER DEFEAT", "tactical")
    us_units = [u for u in form.uids if mode.campaign.unit(u).side == "us"]
    form.set_casualties(us_units[0], 61)
    tanks = [u for u in form.uids if mode.campaign.unit_type(u).vehicles]
    form.set_casualties(tanks[0], 2, 1)
    _settle()
    return form


def battle_area(window) -> QWidget:
    """The sheet window scrolled to its picture of the battle area."""
    mode = start_demo(window)
    battle = mode.campaign.battles()[0].id
    dialog = mode.battles_dock.sheet_dialog(battle)
    _settle()
    browser = dialog.browser
    found = browser.find("Battle area")
    if found:
        bar = browser.verticalScrollBar()
        bar.setValue(bar.value() + browser.cursorRect().top() - 8)
    _settle()
    return dialog


SHOTS: dict[str, Callable[[object], QWidget]] = {
    "campaign-desk": desk,
    "campaign-oob-dock": oob_dock,
    "campaign-purchase-dock": purchase_dock,
    "campaign-battle-sheet": battle_sheet,
    "campaign-battle-area": battle_area,
    "campaign-result-form": result_form,
}


def _settle() -> None:
    for _ in range(3):
        QApplication.processEvents()
