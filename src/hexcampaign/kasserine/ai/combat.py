"""The combat phase: which attacks to declare, with which artillery, and where the
defender puts its guns.

Every unit of the side to play that stands in an enemy zone of control must attack, and
every enemy unit with one of ours in its zone must be attacked; so the choice here is
mostly who attacks whom. The declarations the engine lists (all available attackers of
a hex, with and without all artillery in range) tell exactly which units may still fight.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from hexcampaign.hexes import Hex
from hexcampaign.kasserine.ai.odds import attack_value, column
from hexcampaign.kasserine.ai.situation import Situation, high_rolls_of
from hexcampaign.kasserine.state import BreakdownUnit, DeclareAttack, SupportDefense

if TYPE_CHECKING:
    from hexcampaign.kasserine.combat import Combat
    from hexcampaign.kasserine.game import Game
    from hexcampaign.kasserine.units import UnitView

# A declaration being weighed: (its worth, the target, the attackers, the odds column).
Declaration = tuple[float, Hex, list["UnitView"], str]


def support_kinds(game: Game) -> set[str]:
    return set(game.rules.support_kinds)


def defense_of(sit: Situation, defenders: list[UnitView], target: Hex) -> tuple[float, float]:
    """(basic defense factors, the factors A ELIM and EXCHANGE take) of these defenders."""
    guns = support_kinds(sit.game)
    lone_gun = sit.game.rules.lone_artillery_defense
    basic = sum(u.cf if u.kind not in guns else lone_gun for u in defenders)
    mult = 2 if target in sit.ground.city else 1
    return float(basic * mult), float(basic * mult)


def enemy_support(sit: Situation, target: Hex, side: str, used: set[str] | None = None) -> float:
    """The support factors `side`'s guns could add to a fight at `target`."""
    guns = support_kinds(sit.game)
    total = 0.0
    for u in sit.units.values():
        if u.side != side or u.hex is None or u.eliminated or u.kind not in guns:
            continue
        if u.id in sit.supported or (used and u.id in used):
            continue
        # A gun in the defending stack fires too (only a lone gun under attack cannot).
        if u.hex.distance(target) <= u.range and (u.hex != target or len(sit.at.get(target, ())) > 1):
            total += u.support
    return total


def estimate(sit: Situation, attackers: list[UnitView], hexes: dict[str, Hex], guns: list[UnitView],
             target: Hex, defenders: list[UnitView], defense_guns: float,
             air: bool = False) -> tuple[str, float]:
    """The column and the worth of an attack: attackers (their hexes in `hexes`), guns."""
    ground = sit.ground
    attack = sum(u.cf * ground.attack_factor(hexes[u.id], target) for u in attackers)
    attack += sum(g.support for g in guns)
    basic, loss = defense_of(sit, defenders, target)
    col = column(attack, basic + defense_guns)
    if air and col != "none":
        from hexcampaign.kasserine import crt

        col = crt.shift(col)
    value = attack_value(col, sum(u.cf for u in attackers), basic, loss, high_rolls_of(sit.game))
    return col, value


def plan_attacks(game: Game, sit: Situation, level: str, rng: random.Random) -> list[DeclareAttack]:
    """The attacks to declare now, best first; every obligation the position allows met."""
    offers = [a for a in game.legal_actions(moves=False) if isinstance(a, DeclareAttack)]
    if not offers:
        return []
    # Per target hex: the widest defender group and every unit and gun the engine allows.
    targets: dict[Hex, dict] = {}
    for a in offers:
        d0 = sit.units[a.defenders[0]]
        assert d0.hex is not None  # a unit that can be attacked stands on the map
        t = targets.setdefault(d0.hex, {"defenders": [], "attackers": set(), "guns": set()})
        if len(a.defenders) > len(t["defenders"]):
            t["defenders"] = list(a.defenders)
        t["attackers"].update(a.attackers)
        t["guns"].update(a.artillery)
    hexes = {u.id: u.hex for u in sit.units.values() if u.hex is not None}
    # Each attacker goes where it adds most; a target nobody else can reach comes first,
    # because leaving it unattacked breaks the zone-of-control rule.
    choices: dict[str, list[Hex]] = {}
    for h, t in targets.items():
        for uid in t["attackers"]:
            choices.setdefault(uid, []).append(h)
    plan: dict[Hex, list[UnitView]] = {h: [] for h in targets}
    order = sorted(choices, key=lambda uid: (len(choices[uid]), -sit.units[uid].cf, uid))
    for uid in order:
        unit = sit.units[uid]
        best, best_gain = None, -1e9
        for h in choices[uid]:
            defenders = [sit.units[d] for d in targets[h]["defenders"]]
            gain = _lift(sit, hexes, h, defenders, plan[h], [], unit=unit) + (6.0 if not plan[h] else 0.0)
            if level == "easy":
                gain += rng.gauss(0, 1.5)
            if gain > best_gain:
                best, best_gain = h, gain
        if best is not None:
            plan[best].append(unit)
    # Artillery: each gun to the attack it lifts most.
    guns_plan: dict[Hex, list[UnitView]] = {h: [] for h in targets}
    all_guns = sorted({g for t in targets.values() for g in t["guns"]}, key=lambda g: (-sit.units[g].support, g))
    for gid in all_guns:
        gun = sit.units[gid]
        gun_hex = gun.hex
        assert gun_hex is not None  # a gun in range of a target stands on the map
        best, best_gain = None, 0.05
        for h, atts in plan.items():
            if not atts or gid not in targets[h]["guns"]:
                continue
            if not any(gun_hex.distance(hexes[a.id]) <= gun.range for a in atts):
                continue
            defenders = [sit.units[d] for d in targets[h]["defenders"]]
            gain = _lift(sit, hexes, h, defenders, atts, guns_plan[h], gun=gun)
            if level == "easy":
                gain += rng.gauss(0, 0.5)
            if gain > best_gain:
                best, best_gain = h, gain
        if best is not None:
            guns_plan[best].append(gun)
    air = game.air_power_available() if level == "normal" else False
    declarations: list[Declaration] = []
    for h, atts in plan.items():
        if not atts:
            continue
        defenders = [sit.units[d] for d in targets[h]["defenders"]]
        guns_there = enemy_support(sit, h, sit.enemy)
        col, value = estimate(sit, atts, hexes, guns_plan[h], h, defenders, guns_there)
        declarations.append((value, h, atts, col))
    declarations.sort(key=lambda d: (-d[0], d[1]))
    result = []
    air_target = None
    if air and declarations:
        # Allied air power: the attack one column helps most.
        def lift(d: Declaration) -> float:
            value, h, atts, col = d
            defenders = [sit.units[x] for x in targets[h]["defenders"]]
            shifted = estimate(sit, atts, hexes, guns_plan[h], h, defenders,
                               enemy_support(sit, h, sit.enemy), air=True)[1]
            return shifted - value

        air_target = max(declarations, key=lift)[1]
    for _value, h, atts, _col in declarations:
        result.append(
            DeclareAttack(
                attackers=sorted(a.id for a in atts),
                defenders=list(targets[h]["defenders"]),
                artillery=sorted(g.id for g in guns_plan[h]),
                air_power=h == air_target,
            )
        )
    return result


def _lift(sit: Situation, hexes: dict[str, Hex], target: Hex, defenders: list[UnitView],
          attackers: list[UnitView], guns: list[UnitView], unit: UnitView | None = None,
          gun: UnitView | None = None) -> float:
    """How much an attack's worth rises with one more unit or gun (from nothing: 0)."""
    guns_there = enemy_support(sit, target, sit.enemy)
    now = estimate(sit, attackers, hexes, guns, target, defenders, guns_there)[1] if attackers else 0.0
    more = attackers + ([unit] if unit is not None else [])
    fire = guns + ([gun] if gun is not None else [])
    return estimate(sit, more, hexes, fire, target, defenders, guns_there)[1] - now


def fallback_attacks(game: Game) -> list[DeclareAttack]:
    """The engine's own declarations, widest first: tried when ours leave an obligation."""
    offers = [a for a in game.legal_actions(moves=False) if isinstance(a, DeclareAttack)]
    return sorted(offers, key=lambda a: (-len(a.attackers), -len(a.artillery), a.defenders))


def plan_defense(game: Game, sit: Situation, level: str, rng: random.Random) -> list[SupportDefense]:
    """Defensive fire: each of our guns to the open attack on us it spoils most."""
    open_combats = [c for c in game.combats() if not c.resolved and c.defenders
                    and sit.units[c.defenders[0]].side == sit.side]
    if not open_combats:
        return []
    guns = support_kinds(game)
    mine = [u for u in sit.mine() if u.kind in guns and u.id not in sit.supported]
    mine.sort(key=lambda g: (-g.support, g.id))
    added: dict[int, float] = {c.id: 0.0 for c in open_combats}
    chosen: dict[int, list[str]] = {c.id: [] for c in open_combats}
    hr = high_rolls_of(game)
    for gun in mine:
        gun_hex = gun.hex
        assert gun_hex is not None  # sit.mine() holds the units on the map
        # A gun not firing now is idle until our own phase: any attack in range takes it.
        best, best_gain = None, -1.0
        for c in open_combats:
            if gun.id in c.defenders or gun_hex.distance(c.target) > gun.range:
                continue
            attack = float(c.attack_strength)
            defense = float(c.defense_strength) + added[c.id]
            attackers_cf = sum(sit.units[a].cf for a in c.attackers)
            basic, loss = defense_of(sit, [sit.units[d] for d in c.defenders], c.target)
            before = attack_value(column(attack, defense), attackers_cf, basic, loss, hr)
            after = attack_value(column(attack, defense + gun.support), attackers_cf, basic, loss, hr)
            gain = before - after
            if level == "easy":
                gain += rng.gauss(0, 0.5)
            if gain > best_gain:
                best, best_gain = c.id, gain
        if best is not None:
            chosen[best].append(gun.id)
            added[best] += gun.support
    return [SupportDefense(combat=cid, artillery=ids) for cid, ids in chosen.items() if ids]


def useful_breakdown(game: Game, combat: Combat) -> BreakdownUnit | None:
    """German breakdown before the roll, as the rulebook's example: when an A ELIM or an
    EXCHANGE would make the attackers give up more factors than the defender was worth
    (two 2-16s against a 1), a 2-factor battalion splits into two 1-factor detachments
    so the loss can be paid exactly."""
    if not any(w in ("A ELIM", "EXCHANGE") for w in combat.distribution):
        return None
    units = {u.id: u for u in game.units()}
    attackers = [units[a] for a in combat.attackers if a in units]
    defenders = [units[d] for d in combat.defenders if d in units]
    guns = support_kinds(game)
    loss = sum(u.cf if u.kind not in guns else game.rules.lone_artillery_defense for u in defenders)
    if combat.target in {p.hex for p in game.map.places() if p.kind in ("city", "capital")}:
        loss *= 2
    factors = [u.cf for u in attackers]
    if loss >= sum(factors) or _pays_exactly(factors, loss):
        return None
    splits = {a.unit for a in game.legal_actions(moves=False) if isinstance(a, BreakdownUnit)}
    for u in sorted(attackers, key=lambda u: (u.cf, u.id)):
        if u.id in splits and u.cf == 2:  # 2-16 and 2-8 split into two 1s: no factor lost
            return BreakdownUnit(unit=u.id)
    return None


def _pays_exactly(factors: list[int], loss: int) -> bool:
    sums = {0}
    for f in factors:
        sums |= {s + f for s in sums}
    return loss in sums
