"""The still-to-do list: every obligation of the phase as the engine states it, with its
unit, hex and rule, and in a movement phase the CONTACT retreats owed, the attacks the
combat phase will demand and the units not yet moved."""

from __future__ import annotations

import random
from pathlib import Path

from hexcampaign.hexes import Hex
from hexcampaign.kasserine import Game
from hexcampaign.kasserine.still_to_do import heading, obligations_only, still_to_do
from kasserine.helpers import H, U, choose, game, skirmish

FIXTURES = Path(__file__).parent / "fixtures"
MOVEMENT_STARTS = 290  # feb17-german-combat.kpgame: its Feb 17 German movement begins here


def feb17(actions: int | None = None) -> Game:
    saved = Game.load(FIXTURES / "feb17-german-combat.kpgame")
    return saved if actions is None else saved._rebuild(saved.actions()[:actions], 0)


def test_the_german_combat_of_feb_17_lists_its_13_obligations_with_units_and_hexes():
    g = feb17()
    items = still_to_do(g)
    assert [i.text for i in items] == g.obligations() and len(items) == 13
    assert all(i.required for i in items)
    assert heading(g, items) == "German combat, Feb 17: 13 obligations"
    declared = items[0]
    assert (declared.kind, declared.unit) == ("resolve", None)
    assert declared.hex == Hex(*g.combats()[0].target) and declared.hex_label == "1409"
    assert declared.rule.title == "Use of Artillery"
    for item in items[1:]:
        unit = g.unit(item.unit)
        assert item.hex == unit.hex and item.hex_label == g.hex_label(unit.hex)
        assert item.unit_label == g.label(item.unit)
        assert item.unit_label in item.text and item.hex_label in item.text
        assert item.rule.title == "Zone of Control" and item.rule.interpretation == "Mandatory attacks"
    kinds = [i.kind for i in items]
    assert kinds.count("must attack") == 8 and kinds.count("must be attacked") == 4
    kasserine = next(i for i in items if "Kasserine" in i.hex_label)
    assert kasserine.hex_label == "1318 (Kasserine)"


def test_a_contact_retreat_owed_in_the_movement_phase_and_the_units_not_yet_moved():
    g = feb17(MOVEMENT_STARTS)
    assert (g.state.phase, g.date()) == ("german_movement", "Feb 17")
    assert g.obligations() == []  # nothing keeps the movement phase from ending...
    items = still_to_do(g)
    owed = [i for i in items if i.kind == "contact retreat"]
    # ...but two Italian battalions got CONTACT results on the Allied turn: each must
    # leave the attackers' zone of control, or they must all be counter-attacked.
    assert [i.unit_label for i in owed] == ["Italian infantry 10", "Italian infantry 8"]
    first = owed[0]
    assert first.hex == g.unit(first.unit).hex and first.hex_label in first.text
    assert "3/1 Armd Regt" in first.text and "counter-attacked" in first.text
    assert first.rule.heading == "Explanation of Results" and first.rule.interpretation == "CONTACT"
    assert not first.required
    waiting = {i.unit for i in items if i.kind == "not yet moved"}
    assert first.unit not in waiting  # listed once, as the retreat it owes
    assert len(waiting) == len(items) - 2
    # Italian infantry 10 moves out of reach of the two attackers: the retreat is paid.
    contact = next(c for c in g.state.contacts if first.unit in c.defenders)
    attackers = [g.unit(a).hex for a in contact.attackers]
    away = sorted(h for h in g.reachable(first.unit) if all(h.distance(a) > 1 for a in attackers))
    g.move(first.unit, g.path_to(first.unit, away[0]))
    after = still_to_do(g)
    assert first.unit not in {i.unit for i in after}
    mover = sorted(waiting)[0]
    g.move(mover, g.path_to(mover, sorted(g.reachable(mover))[0]))
    assert mover not in {i.unit for i in still_to_do(g)}
    g.undo()
    assert mover in {i.unit for i in still_to_do(g) if i.kind == "not yet moved"}


def test_a_unit_that_entered_an_enemy_zone_of_control_must_attack_in_the_combat_phase():
    # US armour: its zone of control stops a Panzer (American infantry's would not).
    g = game([U("pz", (3, 2), name="Panzer 1"), U("us", (5, 2), side="allied", kind="armor", name="1/1 Armd")])
    assert [i.kind for i in still_to_do(g)] == ["not yet moved"]
    g.move("pz", [H(4, 2)])
    (item,) = still_to_do(g)
    assert item.kind == "must attack" and not item.required
    assert item.text.startswith("Combat: Panzer 1 is in an enemy zone of control at ")
    assert item.text.endswith("must attack in the combat phase")
    g.end_phase()
    assert [i.kind for i in still_to_do(g)] == ["must attack", "must be attacked"]
    assert all(i.required for i in still_to_do(g))


def test_the_german_set_up_lists_every_unit_to_place():
    g = Game.scenario(seed=1)
    items = still_to_do(g)
    assert [i.text for i in items] == g.obligations() and len(items) > 30
    assert all(i.kind == "place" and i.hex is not None for i in items)
    assert items[0].rule.heading == "German Initial Placement"


def test_the_obligations_are_the_engines_own_in_every_phase_of_a_played_game():
    g = skirmish(seed=4)
    rng = random.Random(4)
    seen = set()
    for _ in range(600):
        if g.over:
            break
        items = still_to_do(g)
        required = [i.text for i in obligations_only(items)]
        assert required == g.obligations()
        assert all(i.rule is not None and (i.hex is None or g.map.contains(i.hex)) for i in items)
        seen.update(i.kind for i in items)
        g.apply(choose(g, rng))
    assert {"place", "not yet moved", "must attack", "must be attacked"} <= seen
