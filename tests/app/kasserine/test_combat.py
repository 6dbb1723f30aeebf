"""Attacks through the combat dock: odds against the engine, the defender's artillery,
hand rolls, and the result's decisions taken through the panel and the map."""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton

from hexcampaign.kasserine import crt

from .conftest import H, skirmish, unit


def roll_for(column: str, word: str, high_rolls: str = "mirror") -> int:
    return next(r for r in range(2, 13) if crt.lookup(column, r, high_rolls).startswith(word))


def declare(mode, guns=True):
    panel = mode.combat.panel
    mode.hex_clicked(H(4, 3))
    assert panel.target == H(4, 3)
    assert panel.attackers.selected_ids() == ["Panzer"]
    assert panel.defenders.selected_ids() == ["Doughboys"]
    assert panel.artillery.ids() == ["Guns"]
    if guns:
        panel.artillery.select_id("Guns")
    panel.declare.click()
    return mode.game.combats()[-1]


def test_end_phase_is_refused_while_an_attack_is_owed(mode, answering_message_boxes):
    s = mode.play(skirmish())
    mode.turn_bar.end_button.click()
    assert s.game.state.phase == "german_combat"
    assert mode.last_message.startswith("Combat: Panzer")
    kind, text = answering_message_boxes[-1]
    assert kind == "warning"
    assert "Still to do dock" in text  # the box points to the whole list
    listed = " ".join(item.text for item in mode.docks.still_to_do.required())
    assert "must attack" in listed and "must be attacked" in listed  # every obligation listed
    assert mode.docks.still_to_do.isVisible()


def test_odds_panel_follows_the_engine_and_the_defender_allocates(mode):
    s = mode.play(skirmish())
    g = s.game
    panel = mode.combat.panel
    c = declare(mode)
    assert c.attackers == ["Panzer"] and c.artillery == ["Guns"]
    # the defender's turn to allocate: the screen says so and waits
    assert panel.defense.isVisibleTo(panel)
    assert panel.defense_prompt.text() == "Allied player: allocate your artillery"
    assert panel.defense_guns.ids() == ["Battery"]
    assert not panel.roll_box.isVisibleTo(panel)
    odds = panel.odds
    assert odds.column.text() == c.odds == "4:1"
    assert f"Attack {c.attack_strength} against defence {c.defense_strength}" in odds.totals.text()
    assert odds.lines.text().splitlines() == c.breakdown
    assert odds.shown == c.distribution
    assert abs(sum(odds.shown.values()) - 1) < 1e-9
    worst = g.worst_case(c)  # the attacker waits: his worst case is shown beside
    assert set(odds.results_shown()) == set(c.distribution) | set(worst.distribution)
    assert odds.worst.text() == worst.sentence() and "Battery" in odds.worst.text()
    assert mode.docks.crt.highlighted == "4:1"
    panel.defense_guns.select_id("Battery")
    panel.allocate.click()
    assert c.defense_artillery == ["Battery"]
    assert odds.column.text() == c.odds == "2:1"
    assert odds.shown == c.distribution
    assert "Battery (artillery 2-12) supports the defense with 2" in odds.lines.text()
    assert panel.roll_box.isVisibleTo(panel)
    assert panel.dice.hand_entry.isVisibleTo(panel)  # this game rolls by hand
    assert g.state.units["Battery"].supported


def test_hand_roll_and_a_retreat_taken_on_the_map(mode):
    s = mode.play(skirmish())
    g = s.game
    panel = mode.combat.panel
    c = declare(mode)
    panel.allocate.click()  # no defensive fire
    roll = roll_for(c.odds, "D BACK")
    panel.dice.hand_entry.setValue(roll)
    panel.dice.hand_button.click()
    assert c.roll == roll and c.result.startswith("D BACK")
    assert panel.dice.faces.faces and sum(panel.dice.faces.faces) == roll
    assert panel.dice.result.text().endswith(c.result)
    decision = g.pending()
    assert decision.kind == "retreat" and decision.units == ["Doughboys"]
    assert panel.result.isVisibleTo(panel)
    assert "Allied player (Allied): retreat Doughboys" in panel.result_prompt.text()
    ends = {p[-1]: p for p in g.retreat_paths("Doughboys")}
    assert set(mode.highlight.hexes) == set(ends)
    # a hex that is not a legal retreat end is refused with the engine's sentence
    wrong = next(h for h in H(4, 3).neighbors() if h not in ends and g.map.contains(h))
    before = g.state.model_copy(deep=True)
    assert not mode.hex_clicked(wrong)
    assert g.state == before and mode.last_message.split(":")[0] in {
        "Retreat",
        "Zone of control",
        "Cliff",
        "Movement",
    }
    goal = sorted(ends)[0]
    assert mode.hex_clicked(goal)
    assert g.unit("Doughboys").hex == goal
    # then the German advance: the highlight shows where, and it can be declined
    decision = g.pending()
    if decision is not None:
        assert decision.kind == "advance" and panel.decline.isVisibleTo(panel)
        assert set(mode.highlight.hexes) == {p[-1] for p in g.advance_paths("Panzer")}
        panel.decline.click()
    assert g.pending() is None
    assert "D BACK" in "\n".join(mode.docks.log.shown_lines())


def test_losses_are_chosen_in_the_panel(mode):
    s = mode.play(skirmish())
    g = s.game
    panel = mode.combat.panel
    c = declare(mode)
    panel.allocate.click()
    panel.dice.hand_entry.setValue(roll_for(c.odds, "EXCHANGE"))
    panel.dice.hand_button.click()
    decision = g.pending()
    assert decision.kind == "losses" and decision.side == "german"
    assert panel.take_losses.isVisibleTo(panel)
    assert "remove at least" in panel.result_prompt.text()
    panel.result_units.select_id("Panzer")
    panel.take_losses.click()
    assert g.unit("Panzer").eliminated
    assert "Panzer" not in mode.board.layer.items


def test_program_dice_roll_and_a_declared_attack_stands(mode):
    s = mode.play(skirmish(dice="program"))
    g = s.game
    panel = mode.combat.panel
    c = declare(mode, guns=False)
    # handed to the defender: nothing takes the attack back (no withdraw button, no Undo)
    assert not g.can_undo and not mode.turn_bar.undo_button.isEnabled()
    assert all("withdraw" not in b.text().lower() for b in panel.findChildren(QPushButton))
    assert not mode.undo() and "declared" in mode.last_message
    assert len(g.combats()) == 1
    panel.allocate.click()
    assert panel.dice.roll_button.isVisibleTo(panel)
    assert not panel.dice.hand_entry.isVisibleTo(panel)
    panel.dice.roll_button.click()
    assert c.resolved and c.result
    faces = g.actions()[-1].faces
    assert panel.dice.faces.faces == faces and sum(faces) == c.roll
    assert not g.can_undo  # the roll locked the game
    assert not mode.turn_bar.undo_button.isEnabled()
    assert not mode.undo()  # the Game menu's Undo says why
    assert mode.last_message.startswith("Undo: play is locked here — a die roll was seen")


def test_odds_are_previewed_before_the_attack_is_declared(mode):
    s = mode.play(skirmish())
    g = s.game
    panel = mode.combat.panel
    mode.hex_clicked(H(4, 3))
    view = panel.odds.view
    assert view is not None and view.preview and view.odds == "3:1"
    assert "Preview, not declared yet" in panel.odds.totals.text()
    assert g.combats() == [] and g.log() == []  # nothing happened in the real game
    panel.artillery.select_id("Guns")
    panel.artillery.itemSelectionChanged.emit()
    assert panel.odds.view.odds == "4:1" and panel.odds.view.attack == 9
    panel.attackers.clearSelection()
    assert panel.odds.column.text() == "✗"
    assert "Pick at least one attacker" in panel.odds.totals.text()
    panel.attackers.select_id("Panzer")
    panel.attackers.itemSelectionChanged.emit()
    preview = panel.odds.view
    panel.declare.click()
    c = g.combats()[-1]
    assert (c.odds, c.attack_strength, c.defense_strength) == (
        preview.odds,
        preview.attack,
        preview.defense,
    )
    assert c.distribution == preview.distribution


def test_a_preview_the_rules_refuse_shows_the_engines_sentence(mode):
    from hexcampaign.kasserine import Game

    s = mode.play(skirmish(panzer_cf=1))  # the Panzer alone: 1 against 2 is 1:2, allowed
    panel = mode.combat.panel
    mode.hex_clicked(H(4, 3))
    assert panel.odds.view.odds == "1:2"
    weak = Game.custom(
        s.game.map,
        [
            unit("Scouts", 3, 3, kind="recon", cf=1, mf=18),
            unit("Brigade", 4, 3, "allied", cf=7, size="brigade"),
        ],
        phase="german_combat",
    )
    mode.play(weak)
    mode.hex_clicked(H(4, 3))
    assert panel.odds.column.text() == "✗"
    assert panel.odds.totals.text().startswith("Odds: 1:7 is worse than 1:6")


def test_losses_offer_the_german_breakdown(mode):
    from hexcampaign.kasserine import Game, Options
    from hexcampaign.maps import HexMap

    units = [
        unit("Panzer", 3, 3, cf=2),  # on the breakdown chart: two 1-16
        unit("Recon", 4, 4, kind="recon", cf=3, mf=18),
        unit("Guns", 2, 3, kind="artillery", cf=0, support=3, range=3, mf=8),
        unit("Doughboys", 4, 3, "allied"),
    ]
    g = Game.custom(HexMap.blank(10, 8), units, phase="german_combat", options=Options(dice="hand"))
    mode.play(g)
    panel = mode.combat.panel
    mode.hex_clicked(H(4, 3))
    panel.artillery.select_id("Guns")
    panel.declare.click()
    panel.allocate.click()
    panel.dice.hand_entry.setValue(roll_for("4:1", "EXCHANGE"))
    panel.dice.hand_button.click()
    assert g.pending().kind == "losses" and g.pending().factors == 2
    assert panel.break_down.isVisibleTo(panel)
    panel.result_units.select_id("Panzer")
    panel.break_down.click()
    assert set(panel.result_units.ids()) == {"Panzer.1", "Panzer.2", "Recon"}
    panel.result_units.select_id("Panzer.1")
    before = g.state.model_copy(deep=True)
    panel.take_losses.click()  # one factor is not enough: the engine says so
    assert g.state == before
    assert mode.last_message.startswith("Exchange: the attacker must remove at least 2")
    for i in range(panel.result_units.count()):
        item = panel.result_units.item(i)
        item.setSelected(item.text().startswith("Panzer"))
    panel.take_losses.click()
    assert g.pending() is None or g.pending().kind != "losses"
    assert g.unit("Panzer.1").eliminated and g.unit("Panzer.2").eliminated
    assert not g.unit("Recon").eliminated


def test_allied_air_power_shifts_the_previewed_column(mode):
    from hexcampaign.kasserine import Game, Options
    from hexcampaign.maps import HexMap

    units = [
        unit("Panzer", 4, 3, cf=2),
        unit("Doughboys", 3, 3, "allied", cf=4),
    ]
    g = Game.custom(
        HexMap.blank(10, 8),
        units,
        phase="allied_movement",
        turn=9,
        options=Options(allied_air_power="on", dice="hand"),
    )
    mode.play(g)
    mode.turn_bar.end_button.click()
    assert g.state.phase == "allied_combat"
    panel = mode.combat.panel
    mode.hex_clicked(H(4, 3))
    assert panel.air_power.isVisibleTo(panel) and panel.air_power.isEnabled()
    assert panel.odds.view.odds == "2:1"
    panel.air_power.setChecked(True)
    assert panel.odds.view.odds == "3:1"
    assert "Allied air power" in panel.odds.lines.text()
    panel.declare.click()
    assert g.combats()[-1].odds == "3:1"


def test_a_gun_without_the_mp_to_fire_is_shown_greyed_with_the_reason_never_offered(mode):
    """Seen under Xvfb: a battery that had spent its MP was offered in 'Artillery in
    support'; ticking it refused the whole declaration."""
    from PySide6.QtCore import Qt

    g = mode.play(skirmish(phase="german_movement")).game
    panzer = g.unit("Panzer").hex
    spent = [h for h, cost in g.reachable("Guns").items() if cost == 8 and h.distance(panzer) <= 2]
    assert spent, "a hex the guns reach with all their MP, near the Panzer"
    from hexcampaign.kasserine.state import MoveUnit

    path = [(h.q, h.r) for h in g.path_to("Guns", spent[0])]
    assert mode.document.act(MoveUnit(unit="Guns", path=path)) is not None
    mode.turn_bar.end_button.click()
    assert g.state.phase == "german_combat"
    panel = mode.combat.panel
    mode.hex_clicked(H(4, 3))
    assert panel.artillery.ids() == ["Guns"]
    item = panel.artillery.item(0)
    assert "MP left to support" in item.text() and item.text().count("Guns") == 1
    assert not item.flags() & Qt.ItemFlag.ItemIsSelectable
    item.setSelected(True)  # a click cannot pick it
    assert panel.artillery.selected_ids() == []
    assert "Guns" in g.support_refusal("Guns", ["Panzer"])
    panel.declare.click()  # the attack goes in without the gun
    assert len(g.combats()) == 1 and g.combats()[0].artillery == []
