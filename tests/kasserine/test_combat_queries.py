"""The questions a window asks the engine before it offers a button (may this unit break
down, which guns may fire, which units an attack may name, in what order the results
come) give the same answer as the actions themselves: a button offered is never refused,
a button withheld would have been."""

from __future__ import annotations

import random

from hexcampaign.kasserine import Game, IllegalAction, Options, crt
from hexcampaign.kasserine.state import BreakdownUnit, DeclareAttack, EndPhase, SupportDefense
from hexcampaign.kasserine.tables import ALL_ODDS, RESULTS, crt_table

from .helpers import H, U, game

GUN = {"kind": "artillery", "cf": 0, "support": 4, "range": 2, "mf": 8}
BRIGADE = {"size": "brigade", "cf": 7, "mf": 10, "breakdown": "dak_armor_brigade"}


def refusal_of(g: Game, action) -> str | None:
    """The sentence the action is refused with on a copy of `g` (g is untouched), or None."""
    copy = Game.from_json(g.to_json())
    try:
        copy.apply(action)
    except IllegalAction as error:
        return str(error)
    return None


def scenario_positions() -> list[Game]:
    """The shipped scenario at its start and after random legal play: set-up, both
    movement phases and both combat phases of the first turns."""
    g = Game.scenario(seed=3)
    rng = random.Random(3)
    seen: list[Game] = []
    phases: set[tuple[int, str]] = set()
    for _ in range(400):
        key = (g.state.turn, g.state.phase)
        if key not in phases:
            phases.add(key)
            seen.append(Game.from_json(g.to_json()))
        if len(phases) >= 6 or g.over:
            break
        actions = [a for a in g.legal_actions() if not isinstance(a, EndPhase)]
        ends = [a for a in g.legal_actions() if isinstance(a, EndPhase)]
        pick = rng.choice(actions) if actions and (not ends or rng.random() < 0.9) else ends[0]
        g.apply(pick)
    return seen


def stacked_position(phase: str) -> Game:
    """A brigade on the breakdown chart alone, a battalion with no room to break down, an
    Italian, an Allied unit and a unit off the map."""
    return game(
        [
            U("free", (2, 2), **BRIGADE),
            U("crowded", (5, 5), breakdown="armor_battalion"),  # two parts make five units
            U("b1", (5, 5), kind="infantry", cf=3, mf=8),  # a shape the chart has not
            U("g1", (5, 5), **GUN),
            U("g2", (5, 5), **GUN),
            U("it", (7, 2), nationality="italian"),
            U("away", None, breakdown="armor_battalion"),
            U("pz", (8, 8), breakdown="armor_battalion"),
            U("gi", (9, 9), side="allied"),
        ],
        phase=phase,
    )


def test_breakdown_refusal_and_the_breakdown_action_agree_on_every_unit():
    positions = scenario_positions() + [
        stacked_position(phase) for phase in ("german_movement", "german_combat", "allied_movement")
    ]
    assert len(positions) >= 7
    allowed = refused = 0
    for g in positions:
        for unit in g.units():
            if unit.eliminated:
                continue
            said = g.breakdown_refusal(unit.id)
            assert said == refusal_of(g, BreakdownUnit(unit=unit.id)), (g.phase, unit.id)
            allowed += said is None
            refused += said is not None
    assert allowed and refused  # both answers were met


def test_breakdown_refusal_names_the_reason():
    g = stacked_position("german_movement")
    assert g.breakdown_refusal("free") is None
    assert g.breakdown_refusal("crowded").startswith("Stacking:")
    assert "only German units" in g.breakdown_refusal("it")
    assert "only German units" in g.breakdown_refusal("gi")
    assert "not on the map" in g.breakdown_refusal("away")
    assert "not on the breakdown chart" in g.breakdown_refusal("b1")
    late = stacked_position("allied_movement")
    assert "German half of the turn" in late.breakdown_refusal("free")


def test_every_result_the_table_gives_is_listed_once_in_order():
    order = crt.results_in_order()
    assert len(set(order)) == len(order)
    assert list(order) == [word for word in RESULTS if word in order]  # the rulebook's order
    for column in ALL_ODDS:
        for high_rolls in crt.HIGH_ROLLS:
            assert set(crt.distribution(column, high_rolls)) <= set(order)
    assert set(crt_table().automatic.values()) <= set(order)
    # nothing the table does not have (an earlier window listed A BACK 5 and 6)
    table = crt_table()
    printed = {w for row in table.rows.values() for w in row} | set(table.automatic.values())
    assert set(order) == printed
    assert crt.automatic_result("1:6") == "A ELIM" and crt.automatic_result(">8:1") == "D ELIM"
    assert crt.automatic_result("3:1") is None


def combat_position() -> Game:
    return game(
        [
            U("a", (3, 2), cf=4),
            U("b", (3, 3), cf=4),
            U("far", (10, 10), cf=4),
            U("g1", (2, 2), **GUN),
            U("g2", (9, 9), **GUN),
            U("x", (4, 2), side="allied", cf=1),
            U("xg", (4, 2), side="allied", **GUN),
            U("y", (4, 3), side="allied", cf=1),
            U("lone", (2, 4), side="allied", **GUN),
            U("dg", (6, 2), side="allied", **GUN),
            U("dfar", (11, 11), side="allied", **GUN),
        ],
        phase="german_combat",
    )


def test_artillery_in_range_are_the_guns_the_rules_let_support():
    g = combat_position()
    for attackers in (["a"], ["b"], ["a", "b"], ["far"]):
        offered = {u.id for u in g.artillery_in_range(attackers)}
        for unit in g.units():
            refusal = g.support_refusal(unit.id, attackers)
            if refusal is None:
                assert unit.id in offered
            if unit.id not in offered:
                assert refusal is not None
    assert {u.id for u in g.artillery_in_range(["a"])} == {"g1"}
    assert {u.id for u in g.artillery_in_range(["far"])} == {"g2"}


def test_attackable_defenders_are_what_a_declaration_may_name():
    g = combat_position()
    assert g.selective_attack()
    assert [u.id for u in g.attackable_defenders(H(4, 2))] == ["x"]  # not the guns with it
    assert [u.id for u in g.attackable_defenders(H(2, 4))] == ["lone"]
    assert refusal_of(g, DeclareAttack(attackers=["a"], defenders=["x"])) is None
    assert refusal_of(g, DeclareAttack(attackers=["a"], defenders=["x", "xg"])) is not None
    g.declare_attack(["a"], ["x"])
    assert g.attackable_defenders(H(4, 2)) == []  # attacked once this phase
    allied = game(
        [U("a", (3, 2), cf=4), U("x", (4, 2), side="allied", cf=2)], phase="allied_combat"
    )
    assert not allied.selective_attack()


def test_defense_artillery_are_the_guns_the_rules_let_fire():
    g = combat_position()
    c = g.declare_attack(["a"], ["x"])
    offered = {u.id for u in g.defense_artillery(c)}
    # xg stands with x but is not attacked (artillery in a stack is attacked as if it were
    # not there), so it may fire for x; dfar and lone are out of range
    assert offered == {"dg", "xg"}
    for unit in g.units():
        said = g.defense_support_refusal(c, unit.id)
        assert (said is None) == (unit.id in offered)
        assert said == refusal_of(g, SupportDefense(combat=c.id, artillery=[unit.id])), unit.id
    assert c.side == "german" and c.defending_side == "allied"


def test_a_decision_is_described_with_the_name_of_who_decides():
    g = game(
        [U("a", (3, 2), cf=4), U("x", (4, 2), side="allied", cf=1)],
        phase="german_combat",
        options=Options(dice="hand"),
    )
    c = g.declare_attack(["a"], ["x"])
    roll = next(r for r in range(2, 13) if crt.lookup(c.odds, r).startswith("D BACK"))
    g.resolve(c, roll)
    decision = g.pending()
    assert decision is not None and decision.kind == "retreat"
    assert g.describe(decision).startswith("Allied player: retreat x ")
    assert g.describe(decision, "Anna (Allied)").startswith("Anna (Allied): retreat x ")
    n = decision.hexes
    assert g.describe(decision).endswith(f"{n} hex" if n == 1 else f"{n} hexes")
