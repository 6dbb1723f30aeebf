"""The dice panel as the players see it between two attacks (found playing under Xvfb)."""

from __future__ import annotations

from hexcampaign.app.kasserine.dice import DiceWidget


def test_dice_made_ready_for_the_next_attack_show_no_earlier_result(qtbot):
    # The Allies' first attack of their phase showed, under blank dice, the words of the
    # German attack rolled before it: "Attack 1 at 1:2: rolled 6 — A BACK 3".
    dice = DiceWidget()
    qtbot.addWidget(dice)
    dice.animate = False
    dice.show_roll([2, 4], "Attack 1 at 1:2: rolled 6 — A BACK 3")
    assert dice.result.text() and dice.faces.faces == [2, 4]
    dice.set_mode(2, hand=False)  # the combat panel readies the dice for Attack 2
    assert dice.result.text() == "" and dice.faces.faces == []


def test_a_tumble_cut_short_by_a_new_attack_never_lands_on_it(qtbot):
    dice = DiceWidget()
    qtbot.addWidget(dice)
    dice.show_roll([6, 6], "Attack 1 at 3:1: rolled 12 — D ELIM")  # tumbling
    dice.set_mode(2, hand=False)
    qtbot.wait(60 * 12)  # longer than a whole tumble
    assert dice.result.text() == "" and dice.faces.faces == []
