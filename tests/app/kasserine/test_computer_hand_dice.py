"""A person against the computer with dice rolled by hand (New game › Dice: entered by
hand): the computer declares its attacks and makes its decisions; the players throw the
real dice for both sides and enter them in the Combat dock."""

from __future__ import annotations

from hexcampaign.kasserine import Game, Options
from hexcampaign.maps import HexMap

from .conftest import H, skirmish, unit


def allied_assault() -> Game:
    """Allied combat, hand dice: a Sherman battalion beside a lone German detachment."""
    units = [
        unit("Lone", 3, 3, kind="infantry", size="detachment", cf=1, mf=8),
        unit("Shermans", 4, 3, "allied", kind="armor", cf=6, mf=16),
    ]
    return Game.custom(
        HexMap.blank(10, 8), units, seed=1, phase="allied_combat", options=Options(dice="hand")
    )


def bar_says(mode, qtbot, words: str) -> None:
    qtbot.waitUntil(lambda: words in mode.turn_bar.player.text(), timeout=30_000)


def test_the_computer_attacks_and_the_person_enters_its_dice(mode, qtbot):
    game = allied_assault()
    mode.play(game, computer={"allied": "normal"})
    mode.computer.set_computer_pace("fastest")
    panel = mode.combat.panel
    # No German gun in reach: nothing to allocate, the attack goes on to the roll.
    # It does not roll: the turn bar says what to roll for it, and the dock takes it.
    bar_says(mode, qtbot, "The computer (Allied) waits for your dice: attack 1 at 6:1")
    assert "enter the roll in the Combat dock" in mode.last_message
    (attack,) = game.combats()
    assert not attack.resolved and not mode.computer.computers.busy()
    assert panel.roll_box.isVisible() and panel.roll_box.isEnabled()
    assert panel.dice.hand_entry.isVisible() and not panel.dice.roll_button.isVisible()
    assert not mode.end_phase()  # the person's End phase still waits for it
    said = []
    say = mode.say
    mode.say = lambda text, refusal=False: (said.append(text), say(text, refusal))
    panel.dice.hand_entry.setValue(2)
    panel.dice.hand_button.click()  # 2 at 6:1: D ELIM
    assert "rolled 2 — D ELIM" in game.log()[-2]
    assert said[0] == "Lone is eliminated"  # the person rolled it: not "The computer (Allied): …"
    # Its advance die is the players' to throw as well (it never picks a face): the
    # Result box takes it.
    bar_says(mode, qtbot, "waits for your dice: its advance die")
    assert game.pending() is not None and game.pending().kind == "advance_roll"
    assert panel.result.isEnabled() and panel.advance_dice.hand_entry.isVisible()
    panel.advance_dice.hand_entry.setValue(3)
    panel.advance_dice.hand_button.click()
    assert any("the advance die shows 3" in line for line in game.log())
    # The computer decides the advance and ends its turn: the person plays the Germans.
    qtbot.waitUntil(lambda: game.phase == "german_movement" and not mode.computer.computers.busy(), timeout=30_000)
    assert "Allied combat ends" in game.log()[-1]
    assert game.replay().to_json() == game.to_json()


def test_a_person_attacks_the_computer_and_enters_the_roll(mode, qtbot):
    game = skirmish(phase="german_combat", dice="hand")
    mode.play(game, computer={"allied": "normal"})
    mode.computer.set_computer_pace("fastest")
    panel = mode.combat.panel
    assert panel.choose_target(H(4, 3))
    assert panel.declare_attack()
    qtbot.waitUntil(lambda: 1 in panel.defense_done, timeout=30_000)  # its guns fired
    assert any("Defensive fire for attack 1: Battery" in line for line in game.log())
    qtbot.waitUntil(lambda: not mode.computer.computers.busy(), timeout=30_000)
    assert panel.dice.hand_entry.isVisible() and panel.roll_box.isEnabled()
    assert "computer" not in mode.turn_bar.player.text()  # the person acts
    odds = game.combats()[0].odds
    panel.dice.hand_entry.setValue(6)
    panel.dice.hand_button.click()
    assert game.combats()[0].resolved
    assert any(f"at {odds}: rolled 6" in line for line in game.log())
    # What the result asks of the Allies, the computer decides; the rest is the person's.
    qtbot.waitUntil(
        lambda: (game.pending() is None or game.pending().side == "german")
        and not mode.computer.computers.busy(),
        timeout=30_000,
    )
    assert game.replay().to_json() == game.to_json()
