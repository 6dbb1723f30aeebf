"""The Combat dock as issue 28 found it: the worst case after the defender's guns before
declaring (item 5), the dock's content in view at 1,280×800 and 1,600×1,000, the die
faces staying up until the next action, no hand-over for a defender without a gun in
reach, and "up to 1 hex" in the singular (item 7)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QApplication, QWidget

from hexcampaign.kasserine import Game, Options
from hexcampaign.kasserine.state import DeclareAttack
from hexcampaign.maps import HexMap

from .conftest import H, skirmish, unit
from .test_combat import declare, roll_for


def settle() -> None:
    for _ in range(5):
        QApplication.processEvents()


def in_view(panel, widget: QWidget) -> bool:
    """Is the whole widget on screen in the Combat dock, without scrolling it? A widget
    of the scrolled steps must lie inside the scroll area's viewport; any widget inside
    the dock's panel."""
    if not widget.isVisibleTo(panel):
        return False
    top_left = widget.mapTo(panel, QPoint(0, 0))
    box = QRect(top_left, widget.size())
    if not panel.rect().contains(box):
        return False
    if panel.steps.isAncestorOf(widget):
        viewport = panel.steps_area.viewport()
        seen = QRect(viewport.mapTo(panel, QPoint(0, 0)), viewport.size())
        return seen.contains(box)
    return True


def no_scrolling(panel) -> bool:
    bar = panel.steps_area.verticalScrollBar()
    return bar.value() == 0


def three_attackers(dice: str = "hand") -> Game:
    """Three German units around a US battalion, two German guns in range of them, one
    Allied battery in reach of the defender."""
    units = [
        unit("Panzer", 3, 3, cf=6),
        unit("Panzer B", 4, 2, cf=6),
        unit("Grenadiers", 5, 3, kind="armored_infantry", cf=2),
        unit("Guns", 2, 3, kind="artillery", cf=0, support=3, range=3, mf=8),
        unit("Guns 2", 4, 1, kind="artillery", cf=0, support=3, range=3, mf=8),
        unit("Doughboys", 4, 3, "allied", cf=4),
        unit("Battery", 6, 5, "allied", kind="artillery", cf=0, support=2, range=3, mf=12),
    ]
    return Game.custom(
        HexMap.blank(10, 8), units, seed=1, phase="german_combat", options=Options(dice=dice)
    )


def no_allied_gun(dice: str = "hand") -> Game:
    """The skirmish without the Allied battery: no gun of the defender's can reach."""
    units = [
        unit("Panzer", 3, 3, cf=6),
        unit("Guns", 2, 3, kind="artillery", cf=0, support=3, range=3, mf=8),
        unit("Doughboys", 4, 3, "allied"),
    ]
    return Game.custom(
        HexMap.blank(10, 8), units, seed=1, phase="german_combat", options=Options(dice=dice)
    )


def pick_all_guns(panel) -> None:
    for i in range(panel.artillery.count()):
        panel.artillery.item(i).setSelected(True)


# --- item 5: the worst case before declaring ------------------------------------------------


def test_the_preview_shows_the_worst_case_after_the_allied_battery_in_reach(mode):
    g = mode.play(skirmish()).game
    panel = mode.combat.panel
    mode.hex_clicked(H(4, 3))
    odds = panel.odds
    worst = g.what_if_attack(["Panzer"], ["Doughboys"])
    assert worst.guns == ["Battery"]
    assert odds.view.preview and odds.view.odds == "3:1"
    # the sentence names the battery as its counter does, with the column it leaves
    assert odds.worst.isVisibleTo(panel)
    assert odds.worst.text() == worst.sentence()
    assert f"if Allied {g.label('Battery')} fires" in odds.worst.text()
    assert worst.odds in odds.worst.text() and worst.odds != "3:1"
    # and its chance per result in the table's own column
    shown = odds.worst_case_shown()
    assert shown == {w: f"{float(p) * 100:.1f}%" for w, p in worst.distribution.items()}
    assert not odds.chances.isColumnHidden(3)
    assert g.combats() == [] and g.log() == []  # a question: nothing was declared
    # a gun of the attacker's ticked: the worst case follows
    panel.artillery.select_id("Guns")
    panel.artillery.itemSelectionChanged.emit()
    after = g.what_if_attack(["Panzer"], ["Doughboys"], ["Guns"])
    assert odds.worst.text() == after.sentence() and odds.view.worst == after


def test_the_declared_attack_shows_the_worst_case_while_the_defender_decides(mode):
    g = mode.play(skirmish()).game
    panel = mode.combat.panel
    c = declare(mode)
    assert panel.defense.isVisibleTo(panel)  # the Allied player picks his guns
    worst = g.worst_case(c)
    assert panel.odds.column.text() == c.odds
    assert panel.odds.worst.text() == worst.sentence()
    assert panel.odds.worst_case_shown()
    panel.defense_guns.select_id("Battery")
    panel.allocate.click()
    # fired: the odds are the worst case, no what-if any more
    assert panel.odds.column.text() == worst.odds
    assert not panel.odds.worst.isVisibleTo(panel) and panel.odds.worst_case_shown() == {}


def test_the_odds_follow_the_guns_as_the_defender_ticks_them(mode):
    g = mode.play(skirmish()).game
    panel = mode.combat.panel
    c = declare(mode)
    count = len(g.actions())
    assert panel.odds.column.text() == c.odds == "4:1"
    panel.defense_guns.select_id("Battery")  # ticked, not committed
    assert panel.odds.column.text() == g.preview_defense(c, ["Battery"]).odds == "2:1"
    assert "not fired yet" in panel.odds.totals.text()
    assert len(g.actions()) == count and c.odds == "4:1"  # nothing was sent
    panel.defense_guns.clearSelection()
    assert panel.odds.column.text() == "4:1"


def test_with_no_gun_in_reach_the_preview_says_the_odds_stand(mode):
    mode.play(no_allied_gun())
    panel = mode.combat.panel
    mode.hex_clicked(H(4, 3))
    odds = panel.odds
    assert odds.worst.text() == "No Allied battery can reach the hex: the odds of 3:1 stand."
    assert odds.chances.isColumnHidden(3) and odds.worst_case_shown() == {}


# --- item 7: the dock's content in view ---------------------------------------------------


def test_at_1280x800_the_odds_column_and_the_roll_button_are_in_view(mode, window):
    mode.play(three_attackers(dice="program"))
    panel = mode.combat.panel
    window.resize(1280, 800)
    settle()
    mode.hex_clicked(H(4, 3))
    pick_all_guns(panel)
    panel.declare.click()
    panel.defense_guns.select_id("Battery")
    panel.allocate.click()
    settle()
    assert panel.roll_box.isVisibleTo(panel)
    assert in_view(panel, panel.dice.roll_button), "the Roll button is below the fold"
    assert in_view(panel, panel.odds.column), "the odds column is below the fold"
    assert no_scrolling(panel)
    # the factor lines are a click away, not in the way
    assert not panel.odds.lines.isVisibleTo(panel)
    panel.odds.factors.click()
    assert panel.odds.lines.isVisibleTo(panel)
    settle()
    assert in_view(panel, panel.dice.roll_button)  # the dice never scroll away


def test_a_short_dock_scrolls_its_steps_never_the_roll_button_or_the_odds(mode):
    """However the window's docks share its height, the Roll button and the odds column
    stay in view: only the steps above the dice scroll, as a last resort."""
    mode.play(three_attackers(dice="program"))
    panel = mode.combat.panel
    mode.hex_clicked(H(4, 3))
    pick_all_guns(panel)
    panel.declare.click()
    panel.allocate.click()  # the Allied player declines to fire
    dock = mode.combat
    dock.setFloating(True)
    dock.resize(400, 300)
    settle()
    assert panel.height() <= 300
    assert in_view(panel, panel.dice.roll_button) and in_view(panel, panel.odds.column)


def test_at_1600x1000_three_attackers_and_two_guns_show_every_chance_row(mode, window):
    g = mode.play(three_attackers()).game
    panel = mode.combat.panel
    window.resize(1600, 1000)
    settle()
    mode.hex_clicked(H(4, 3))
    assert len(panel.attackers.selected_ids()) == 3
    pick_all_guns(panel)
    panel.artillery.itemSelectionChanged.emit()
    settle()
    table = panel.odds.chances
    assert table.rowCount() >= 4
    # the preview: the odds and every row of the chances in view, nothing to scroll
    assert in_view(panel, panel.odds.column) and in_view(panel, table)
    assert table.verticalScrollBar().maximum() == 0
    assert in_view(panel, panel.declare)
    for picked in (panel.attackers, panel.artillery):  # every attacker and gun in sight
        assert in_view(panel, picked) and picked.verticalScrollBar().maximum() == 0
    panel.declare.click()
    assert len(g.combats()[-1].artillery) == 2
    panel.defense_guns.select_id("Battery")
    panel.allocate.click()
    settle()
    assert in_view(panel, table) and table.verticalScrollBar().maximum() == 0
    assert in_view(panel, panel.dice.hand_button)
    assert panel.steps_area.verticalScrollBar().maximum() == 0  # the dock does not scroll


# --- item 7: die faces stay up until the next action ----------------------------------------


def rolled(mode, word: str):
    """The skirmish's attack declared, no defensive fire, and the hand roll that gives
    `word`: the game, the combat and the roll."""
    g = mode.play(skirmish()).game
    panel = mode.combat.panel
    c = declare(mode)
    panel.allocate.click()
    roll = roll_for(c.odds, word)
    panel.dice.hand_entry.setValue(roll)
    panel.dice.hand_button.click()
    return g, c, roll


def test_die_faces_stay_up_while_the_result_is_taken_and_go_with_the_next_action(mode):
    g, _c, roll = rolled(mode, "EXCHANGE")
    panel = mode.combat.panel
    assert g.pending().kind == "losses"
    # the losses are asked, the dice that decided them still show
    assert panel.result.isVisibleTo(panel) and panel.roll_box.isVisibleTo(panel)
    assert sum(panel.dice.faces.faces) == roll
    assert panel.dice.result.text().endswith("EXCHANGE")
    assert not panel.dice.hand_button.isVisibleTo(panel)  # nothing to roll now
    panel.result_units.select_id("Panzer")
    panel.take_losses.click()  # the next action: the dice go
    assert not panel.roll_box.isVisibleTo(panel)


def test_die_faces_stay_up_after_a_result_that_asks_nothing(mode):
    g, c, roll = rolled(mode, "CONTACT")
    panel = mode.combat.panel
    assert c.result == "CONTACT" and g.pending() is None
    assert panel.builder.isVisibleTo(panel)  # the next attack may be built ...
    assert panel.roll_box.isVisibleTo(panel) and sum(panel.dice.faces.faces) == roll
    assert "CONTACT" in panel.dice.result.text()  # ... under the dice that were rolled
    mode.end_phase()
    assert not panel.roll_box.isVisibleTo(panel)


def test_the_d_elim_advance_die_stays_up_while_the_advance_is_chosen(mode):
    g = mode.play(skirmish(panzer_cf=10)).game
    panel = mode.combat.panel
    c = declare(mode)
    panel.allocate.click()
    panel.dice.hand_entry.setValue(roll_for(c.odds, "D ELIM"))
    panel.dice.hand_button.click()
    panel.advance_dice.hand_entry.setValue(6)
    panel.advance_dice.hand_button.click()
    assert g.pending().kind == "advance"
    assert not panel.advance_dice.isVisibleTo(panel)  # its question is answered ...
    assert panel.roll_box.isVisibleTo(panel)  # ... and its die still shows, alone
    assert panel.dice.faces.faces == [6] and panel.dice.faces.count == 1
    assert panel.dice.result.text() == "D ELIM: advance die 6"


def test_the_next_attacks_roll_keeps_the_last_faces_until_it_is_rolled(mode):
    """Two attacks declared before any roll (as the computer declares): the first one's
    dice stay up, with their words naming it, while the second waits for its roll."""
    units = [
        unit("Panzer", 3, 3, cf=6),
        unit("Panzer B", 6, 3, cf=6),
        unit("Doughboys", 4, 3, "allied"),
        unit("Rangers", 7, 3, "allied"),
    ]
    s = mode.play(
        Game.custom(
            HexMap.blank(12, 8), units, seed=1, phase="german_combat", options=Options(dice="hand")
        )  # fmt: skip
    )
    g = s.game
    panel = mode.combat.panel
    for attacker, defender in (("Panzer", "Doughboys"), ("Panzer B", "Rangers")):
        s.act(DeclareAttack(attackers=[attacker], defenders=[defender]), None)
    panel.allocate.click()
    panel.allocate.click()
    first = g.combats()[0]
    panel.dice.hand_entry.setValue(roll_for(first.odds, "CONTACT"))
    panel.dice.hand_button.click()
    assert first.resolved and not g.combats()[1].resolved
    panel.refresh()  # any redraw before the next roll (the turn bar, a hand-over) ...
    assert panel.dice.hand_button.isVisibleTo(panel)  # the second attack's roll ...
    assert panel.dice.faces.faces  # ... under the first one's faces
    assert panel.dice.result.text().startswith(f"Attack {first.id}")


# --- item 7: no hand-over for a defender without a gun in reach ----------------------------


def test_no_hand_over_when_no_gun_of_the_defender_can_reach(hot_seat):
    mode = hot_seat
    g = mode.play(no_allied_gun(dice="program"), {"german": "Erwin", "allied": "Lloyd"}).game
    panel = mode.combat.panel
    mode.hex_clicked(H(4, 3))
    panel.declare.click()
    c = g.combats()[-1]
    assert g.defense_artillery(c) == []
    assert not mode.handing_over()  # Lloyd is not called to the table to allocate nothing
    assert mode.turns.acting_side() == "german"
    assert "Erwin" in mode.turn_bar.player.text()
    assert panel.roll_box.isVisibleTo(panel) and not panel.defense.isVisibleTo(panel)
    assert "the odds of 3:1 stand" in panel.odds.worst.text()
    panel.dice.roll_button.click()
    assert c.resolved


def test_a_defender_with_a_gun_in_reach_is_still_handed_the_mouse(hot_seat):
    mode = hot_seat
    mode.play(skirmish(dice="program"), {"german": "Erwin", "allied": "Lloyd"})
    mode.hex_clicked(H(4, 3))
    mode.combat.panel.declare.click()
    assert mode.handing_over() and mode.handover.words.text().startswith("Lloyd:")


# --- item 7: "advance … up to 1 hexes" ------------------------------------------------------


def test_the_dock_asks_an_advance_of_one_hex_in_the_singular(mode):
    g = mode.play(skirmish(panzer_cf=1)).game  # 1 against 2: D BACK 1 on a 2
    panel = mode.combat.panel
    c = declare(mode, guns=False)
    panel.allocate.click()
    assert c.odds == "1:2"
    panel.dice.hand_entry.setValue(roll_for(c.odds, "D BACK 1"))
    panel.dice.hand_button.click()
    assert c.result == "D BACK 1"
    ends = sorted({p[-1] for p in g.retreat_paths("Doughboys")})
    assert mode.hex_clicked(ends[0])
    decision = g.pending()
    assert decision is not None and decision.kind == "advance" and decision.hexes == 1
    words = panel.result_prompt.text()
    assert "up to 1 hex," in words and "hexes" not in words


def test_the_computer_attacking_a_person_without_guns_goes_straight_to_its_dice(mode, qtbot):
    """Against the computer too: a person with no gun in reach is not asked to allocate
    nothing; the computer's attack goes on to the roll (here the players' hand dice)."""
    units = [
        unit("Lone", 3, 3, kind="infantry", size="detachment", cf=1, mf=8),
        unit("Shermans", 4, 3, "allied", kind="armor", cf=6, mf=16),
    ]
    game = Game.custom(
        HexMap.blank(10, 8), units, seed=1, phase="allied_combat", options=Options(dice="hand")
    )
    mode.play(game, computer={"allied": "normal"})
    mode.computer.set_computer_pace("fastest")
    panel = mode.combat.panel
    words = "The computer (Allied) waits for your dice: attack 1 at 6:1"
    qtbot.waitUntil(lambda: words in mode.turn_bar.player.text(), timeout=30_000)
    assert not mode.turns.defence_pending() and not panel.defense.isVisibleTo(panel)
    assert panel.dice.hand_entry.isVisibleTo(panel)
    panel.dice.hand_entry.setValue(2)
    panel.dice.hand_button.click()  # 2 at 6:1: D ELIM
    assert game.combats()[0].result == "D ELIM"
