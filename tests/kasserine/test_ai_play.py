"""How the computer plays, on fixed positions: the German attacks on Feb 14 where the odds
hold after every Allied gun in reach, sends no more than its attack needs, attacks one
unit of a stack when that is better and breaks a battalion down to pay an exchange
exactly; the Allies keep Thala garrisoned on Feb 14 and leave no gun alone within the
Panzers' reach. Each test plays one phase or one turn, not a game."""

from __future__ import annotations

import pytest

from hexcampaign.kasserine import Game
from hexcampaign.kasserine.ai import Opponent
from hexcampaign.kasserine.ai.combat import support_kinds
from hexcampaign.kasserine.ai.ground import ground_of
from hexcampaign.kasserine.tables import ALL_ODDS
from hexcampaign.maps import HexMap

from .helpers import U

EVEN = ALL_ODDS.index("1:1")


def feb_14(seed: int, german: str = "normal", allied: str = "normal"):
    """The scenario played by the computer to the start of the Allied movement of Feb 14:
    (the game, the bots, each German attack as (declared odds, worst case) read when the
    Allies are asked for their guns)."""
    g = Game.scenario(seed=seed)
    bots = {"german": Opponent("german", german, seed=seed), "allied": Opponent("allied", allied, seed=seed)}
    attacks = []

    def defense(game: Game) -> None:
        for c in game.combats():
            if not c.resolved:
                attacks.append((c.odds, game.worst_case(c.id).odds))
        bots["allied"].play(game)

    while g.state.turn == 1 and g.state.phase != "allied_movement":
        if bots["german"].waits_on_me(g):
            bots["german"].play(g, defense=defense)
        else:
            assert bots["allied"].waits_on_me(g), f"nobody plays {g.state.phase}"
            bots["allied"].play(g)
    return g, bots, attacks


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_on_feb_14_the_german_attacks_where_the_odds_hold_after_every_gun_in_reach(level):
    _g, _bots, attacks = feb_14(seed=1, german=level)
    assert attacks, "no German attack on Feb 14"
    for declared, worst in attacks:
        assert ALL_ODDS.index(worst) >= EVEN, f"declared at {declared}, {worst} if every gun fires"


def allied_feb_14(seed: int) -> Game:
    """Feb 14 to the end of the Allied movement phase, both sides the normal computer."""
    g, bots, _ = feb_14(seed)
    for _ in bots["allied"].steps(g):
        if g.state.phase != "allied_movement":
            break
    assert g.state.phase == "allied_combat"
    return g


@pytest.mark.parametrize("seed", [1, 2])
def test_the_allies_keep_thala_garrisoned_on_feb_14(seed):
    g = allied_feb_14(seed)
    thala = next(p.hex for p in g.map.places() if p.name == "Thala")
    guns = support_kinds(g)
    keep = [u for u in g.units() if u.hex == thala and u.side == "allied" and u.kind not in guns]
    assert keep, "Thala left without a combat unit"
    assert "Thala" not in g.held_places("german")


@pytest.mark.parametrize("seed", [1, 2])
def test_no_allied_gun_ends_alone_within_reach_of_the_panzers(seed):
    g = allied_feb_14(seed)
    guns = support_kinds(g)
    ground = ground_of(g)
    combat_at = {u.hex for u in g.units() if u.side == "allied" and u.hex and u.kind not in guns and u.cf > 0}
    panzers = [u for u in g.units() if u.side == "german" and u.hex and u.kind in ("armor", "armored_infantry")]
    for gun in (u for u in g.units() if u.side == "allied" and u.hex and u.kind in guns):
        if gun.hex in combat_at:
            continue  # stacked: attacked with the stack, never alone
        field = ground.distance_to(gun.hex)
        near = [p.id for p in panzers if field.get(p.hex, 999) <= p.mf]
        assert not near, f"{gun.id} alone at {g.hex_label(gun.hex)} within reach of {near}"


def test_no_overkill_the_german_sends_what_the_odds_need():
    # Six 2-factor Panzer battalions in reach of one 1-factor US battalion on open ground,
    # no gun anywhere: 6 factors make 6:1; the other battalions stay out of it.
    units = [U(f"pz{i}", (2, 2 + i)) for i in range(6)]
    units.append(U("us", (6, 5), side="allied", cf=1))
    g = Game.custom(HexMap.blank(12, 12), units, phase="german_movement")
    bot = Opponent("german", "normal", seed=1)
    for _ in bot.steps(g):
        if g.state.phase != "german_movement":
            break
    assert g.state.phase == "german_combat"
    (attack,) = [a for a in bot.suggest(g) if a.kind == "declare"]
    factors = sum(g.unit(a).cf for a in attack.attackers)
    assert 6 <= factors <= 7, f"{factors} factors against 1"
    assert len(attack.attackers) == 3


def test_selective_attack_hits_the_weak_unit_of_a_stack():
    # A 4-factor and a 1-factor US unit stacked; three 2-factor Panzer battalions beside
    # them. The whole stack is 6 against 5 (1:1, no result that helps); the 1-factor alone
    # is 4 against 1 (4:1) with one battalion soaking off against the other.
    units = [U("pz1", (4, 3)), U("pz2", (5, 3)), U("pz3", (3, 3))]
    units += [U("big", (4, 4), side="allied", cf=4, kind="armor"), U("small", (4, 4), side="allied", cf=1)]
    g = Game.custom(HexMap.blank(10, 10), units, phase="german_combat")
    assert all(H in g.zone_of_control("allied") for H in (g.unit("pz1").hex, g.unit("pz2").hex, g.unit("pz3").hex))
    declared = [a for a in Opponent("german", "normal", seed=1).suggest(g) if a.kind == "declare"]
    assert sorted(tuple(a.defenders) for a in declared) == [("big",), ("small",)]
    on_small = next(a for a in declared if a.defenders == ["small"])
    assert len(on_small.attackers) == 2


def test_breakdown_pays_an_exchange_exactly():
    # Two 2-16 battalions against a US 1-16 at 4:1, where an EXCHANGE may come: the
    # rulebook's example, one battalion broken down so a 1-factor detachment pays it.
    units = [
        U("pz1", (4, 3), breakdown="armor_battalion"),
        U("pz2", (5, 3), breakdown="armor_battalion"),
        U("us", (4, 4), side="allied", cf=1),
    ]
    g = Game.custom(HexMap.blank(10, 10), units, phase="german_combat")
    actions = Opponent("german", "normal", seed=1).suggest(g)
    kinds = [a.kind for a in actions]
    assert "breakdown" in kinds and kinds.index("breakdown") < kinds.index("resolve")
