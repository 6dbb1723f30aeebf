"""The Combat dock asks the engine instead of re-writing rules: the results it lists are
the table's, in the table's order; it offers a breakdown exactly where the engine allows
one; its questions are the engine's sentences; and every button sends one of the
engine's typed actions through the game document, naming the part that sent it."""

from __future__ import annotations

from hexcampaign.app.kasserine.combat_attack import AttackPanel
from hexcampaign.app.kasserine.combat_defense import DefensePanel
from hexcampaign.app.kasserine.combat_results import ResultPanel
from hexcampaign.app.kasserine.combat_roll import RollPanel
from hexcampaign.kasserine import Game, Options, crt
from hexcampaign.kasserine.state import DeclareAttack, Resolve, SupportDefense, TakeLosses
from hexcampaign.maps import HexMap

from .conftest import H, skirmish, unit
from .test_combat import roll_for


def test_the_chances_table_lists_the_tables_results_in_its_order(mode):
    panel = mode.combat.panel
    order = crt.results_in_order()
    seen: set[str] = set()
    g = None
    for cf in (1, 2, 4, 6, 9, 14, 20):
        g = mode.play(skirmish(panzer_cf=cf)).game
        mode.hex_clicked(H(4, 3))
        for guns in ((), ("Guns",)):
            for gun in guns:
                panel.artillery.select_id(gun)
            panel.preview()
            listed = panel.odds.results_shown()
            assert listed, f"no chances listed at cf {cf}"
            assert listed == [word for word in order if word in listed]  # the table's order
            view = panel.odds.view
            worst = view.worst.distribution if view.worst is not None else {}
            assert set(listed) == set(view.distribution) | set(worst)  # and the worst case's
            seen |= set(listed)
    assert not {"A BACK 5", "A BACK 6", "D BACK 5", "D BACK 6"} & seen
    assert g.combats() == []  # previews only


def test_each_part_sends_a_typed_action_and_names_itself(mode):
    s = mode.play(skirmish(panzer_cf=13))  # 16 against 4 once the Battery fires: 4:1
    g = s.game
    panel = mode.combat.panel
    sent = []
    s.changed.connect(lambda _changes, initiator: sent.append(initiator))
    mode.hex_clicked(H(4, 3))
    panel.artillery.select_id("Guns")
    panel.declare.click()
    assert isinstance(g.actions()[-1], DeclareAttack) and isinstance(sent[-1], AttackPanel)
    panel.defense_guns.select_id("Battery")
    panel.allocate.click()
    assert isinstance(g.actions()[-1], SupportDefense) and isinstance(sent[-1], DefensePanel)
    c = g.combats()[-1]
    panel.dice.hand_entry.setValue(roll_for(c.odds, "EXCHANGE"))
    panel.dice.hand_button.click()
    assert isinstance(g.actions()[-1], Resolve) and isinstance(sent[-1], RollPanel)
    assert g.pending().kind == "losses"
    panel.result_units.select_id("Panzer")
    panel.take_losses.click()
    assert isinstance(g.actions()[-1], TakeLosses) and isinstance(sent[-1], ResultPanel)
    assert len(sent) == len(g.actions())  # one change per action, none twice


def test_declining_to_fire_sends_nothing_and_the_attacker_rolls(mode):
    s = mode.play(skirmish())
    g = s.game
    panel = mode.combat.panel
    mode.hex_clicked(H(4, 3))
    panel.declare.click()
    count = len(g.actions())
    panel.allocate.click()  # no gun picked: not an engine action
    assert len(g.actions()) == count
    assert panel.roll_box.isVisibleTo(panel) and not panel.defense.isVisibleTo(panel)


def test_the_breakdown_is_offered_exactly_where_the_engine_allows_it(mode):
    # Panzer (on the chart) shares its hex with three units: its two parts would make five.
    crowded = [
        unit("Panzer", 3, 3, cf=8, breakdown="armor_battalion"),
        unit("Grenadiers", 3, 3, kind="armored_infantry", cf=2),
        unit("Guns", 3, 3, kind="artillery", cf=0, support=3, range=3, mf=8),
        unit("Flak", 3, 3, kind="artillery", cf=0, support=1, range=1, mf=8),
        unit("Doughboys", 4, 3, "allied"),
    ]
    alone = [
        unit("Panzer", 3, 3, cf=8, breakdown="armor_battalion"),  # 8 against 2: 4:1
        unit("Doughboys", 4, 3, "allied"),
    ]
    offered = {}
    for name, units in (("crowded", crowded), ("alone", alone)):
        g = Game.custom(
            HexMap.blank(10, 8), units, phase="german_combat", options=Options(dice="hand")
        )
        mode.play(g)
        panel = mode.combat.panel
        mode.hex_clicked(H(4, 3))
        panel.attackers.select_id("Panzer")
        panel.declare.click()
        panel.allocate.click()
        panel.dice.hand_entry.setValue(roll_for(g.combats()[-1].odds, "EXCHANGE"))
        panel.dice.hand_button.click()
        decision = g.pending()
        assert decision.kind == "losses" and decision.units == ["Panzer"]
        allowed = g.breakdown_refusal("Panzer") is None
        assert panel.break_down.isVisibleTo(panel) == allowed
        assert ("broken down first" in panel.result_help.text()) == allowed
        offered[name] = allowed
    assert offered == {"crowded": False, "alone": True}


def test_the_result_asks_in_the_engines_words(mode):
    s = mode.play(skirmish(), {"german": "Erwin", "allied": "Lloyd"})
    g = s.game
    panel = mode.combat.panel
    mode.hex_clicked(H(4, 3))
    panel.artillery.select_id("Guns")  # 9 against 2: 4:1
    panel.declare.click()
    panel.allocate.click()
    c = g.combats()[-1]
    panel.dice.hand_entry.setValue(roll_for(c.odds, "D BACK"))
    panel.dice.hand_button.click()
    decision = g.pending()
    assert panel.result_prompt.text() == g.describe(decision, "Lloyd (Allied)")
    assert panel.result_prompt.text().startswith("Lloyd (Allied): retreat Doughboys")


def test_air_power_is_not_shown_to_the_german(mode):
    from .conftest import H, skirmish

    mode.play(skirmish())
    panel = mode.combat.panel
    assert not panel.air_power.isVisibleTo(panel)  # before a target is picked
    mode.hex_clicked(H(4, 3))
    assert panel.target == H(4, 3)
    assert not panel.air_power.isVisibleTo(panel)


def test_percentages_sit_beside_their_bars_not_on_them(mode):
    from PySide6.QtWidgets import QProgressBar

    from .conftest import H, skirmish

    mode.play(skirmish())
    panel = mode.combat.panel
    mode.hex_clicked(H(4, 3))
    table = panel.odds.chances
    assert table.rowCount() > 0
    for r in range(table.rowCount()):
        words = table.item(r, 1).text()
        assert words.endswith(")") and "%" in words
        bar = table.cellWidget(r, 2)
        assert isinstance(bar, QProgressBar) and not bar.isTextVisible()


def test_an_advance_of_one_hex_is_said_in_the_singular():
    from hexcampaign.kasserine.state import Decision

    one = Decision(kind="advance", side="german", combat=1, units=["Panzer"], hexes=1)
    assert "up to 1 hex," in one.describe()
    two = Decision(kind="advance", side="german", combat=1, units=["Panzer"], hexes=2)
    assert "up to 2 hexes," in two.describe()
