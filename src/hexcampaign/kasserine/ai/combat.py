"""The combat phase: which attacks to declare, with which artillery, and where the
defender puts its guns.

Every unit of the side to play that stands in an enemy zone of control must attack, and
every enemy unit with one of ours in its zone must be attacked; so the choice here is
mostly who attacks whom. The declarations the engine lists (all available attackers of
a hex, with and without all artillery in range) tell exactly which units may still fight.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

from hexcampaign.hexes import Hex
from hexcampaign.kasserine.ai.odds import attack_value, column
from hexcampaign.kasserine.ai.situation import Situation, high_rolls_of
from hexcampaign.kasserine.state import BreakdownUnit, DeclareAttack, SupportDefense
from hexcampaign.kasserine.tables import ALL_ODDS

if TYPE_CHECKING:
    from hexcampaign.kasserine.combat import Combat
    from hexcampaign.kasserine.game import Game
    from hexcampaign.kasserine.units import UnitView

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


# How many rounds of improvement each level gives its plan of attacks: a round tries every
# single change (one unit or gun to another attack, a stack split) and keeps the best. The
# search has a fixed size rather than a clock, so a seed plays the same game everywhere.
LOOKAHEAD = {"easy": 0, "normal": 6, "hard": 30}
# What an attack costs the plan when it is declared at 1:1 or better and the guns that can
# reach the hex could push it below 1:1: the attacker then risks A ELIM for little.
CUT = 3.0

# The share of its guns an "easy" defender fires, each for an attack in range picked at random.
EASY_FIRE = 0.5

Slot = tuple[Hex, tuple[str, ...]]  # one attack: the hex and the units it names


def plan_attacks(game: Game, sit: Situation, level: str, rng: random.Random) -> list[DeclareAttack]:
    """The attacks to declare now, best first; every obligation the position allows met.

    Attackers and guns are first placed one by one where each adds most, every odds
    column read against every defending battery that can reach the hex (the worst case).
    Then the plan is improved by single changes: a unit or a gun to another attack, and
    (German) a stack attacked unit by unit (selective attack). "hard" reads each plan
    against the defender's own answer, the guns placed as the defending computer places
    them, and keeps the worst case only to refuse attacks the guns could cut below 1:1."""
    offers = [a for a in game.legal_actions(moves=False) if isinstance(a, DeclareAttack)]
    if not offers:
        return []
    # Per target hex: the widest defender group and every unit and gun the engine allows.
    targets: dict[Hex, dict] = {}
    for a in offers:
        d0 = sit.units[a.defenders[0]]
        assert d0.hex is not None  # a unit that can be attacked stands on the map
        t = targets.setdefault(d0.hex, {"defenders": [], "attackers": set(), "guns": set(), "groups": set()})
        if len(a.defenders) > len(t["defenders"]):
            t["defenders"] = list(a.defenders)
        t["attackers"].update(a.attackers)
        t["guns"].update(a.artillery)
        t["groups"].add(tuple(sorted(a.defenders)))
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
            gain = _lift(sit, hexes, h, defenders, plan[h], [], unit=unit, see_guns=level != "easy")
            gain += 6.0 if not plan[h] else 0.0
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
            gain = _lift(sit, hexes, h, defenders, atts, guns_plan[h], gun=gun, see_guns=level != "easy")
            if level == "easy":
                gain += rng.gauss(0, 0.5)
            if gain > best_gain:
                best, best_gain = h, gain
        if best is not None:
            guns_plan[best].append(gun)
    slots: dict[Slot, list[UnitView]] = {
        (h, tuple(targets[h]["defenders"])): atts for h, atts in plan.items() if atts
    }
    slot_guns: dict[Slot, list[UnitView]] = {
        (h, tuple(targets[h]["defenders"])): guns_plan[h] for h, atts in plan.items() if atts
    }
    if LOOKAHEAD.get(level, 0):
        planner = _Planner(sit, hexes, targets, choices, level)
        slots, slot_guns = planner.improve(slots, slot_guns, LOOKAHEAD[level])
    air = game.air_power_available() if level != "easy" else False
    declarations: list[tuple[float, Slot]] = []
    for slot, atts in slots.items():
        h, names = slot
        defenders = [sit.units[d] for d in names]
        col, value = estimate(sit, atts, hexes, slot_guns[slot], h, defenders, _fire(sit, slot))
        declarations.append((value, slot))
    declarations.sort(key=lambda d: (-d[0], d[1]))
    air_target = None
    if air and declarations:
        # Allied air power: the attack one column helps most.
        def lift(d: tuple[float, Slot]) -> float:
            value, slot = d
            defenders = [sit.units[x] for x in slot[1]]
            shifted = estimate(sit, slots[slot], hexes, slot_guns[slot], slot[0], defenders,
                               _fire(sit, slot), air=True)[1]
            return shifted - value

        air_target = max(declarations, key=lift)[1]
    return [
        DeclareAttack(
            attackers=sorted(a.id for a in slots[slot]),
            defenders=list(slot[1]),
            artillery=sorted(g.id for g in slot_guns[slot]),
            air_power=slot == air_target,
        )
        for _value, slot in declarations
    ]


def _fire(sit: Situation, slot: Slot) -> float:
    """Every defending battery that could fire for this attack (the worst case)."""
    return sum(g.support for g in guns_for(sit, slot))


def guns_for(sit: Situation, slot: Slot) -> list[UnitView]:
    """The enemy batteries that may fire in defence of this attack: in range of the hex,
    not firing already, and not named in it. A battery alone in a hex it is attacked in
    defends itself and cannot also support (the engine refuses it), but it may still fire
    for another attacked hex in its range; a battery stacked with combat units is not
    named (artillery in a stack is attacked as if it were not there) and fires for its
    own hex."""
    target, names = slot
    guns = support_kinds(sit.game)
    out = []
    for u in sit.units.values():
        if u.side == sit.side or u.hex is None or u.eliminated or u.kind not in guns:
            continue
        if u.id in sit.supported or u.id in names:
            continue
        if u.hex.distance(target) <= u.range:
            out.append(u)
    return out


class _Planner:
    """Improves a plan of attacks by single changes, each plan scored as a whole."""

    def __init__(self, sit: Situation, hexes: dict[str, Hex], targets: dict[Hex, dict],
                 choices: dict[str, list[Hex]], level: str) -> None:
        self.sit, self.hexes, self.targets, self.choices, self.level = sit, hexes, targets, choices, level
        self.hr = high_rolls_of(sit.game)
        self.guns: dict[Slot, list[UnitView]] = {}
        self.allowed_guns = {h: set(t["guns"]) for h, t in targets.items()}

    def fire(self, slot: Slot) -> list[UnitView]:
        if slot not in self.guns:
            self.guns[slot] = guns_for(self.sit, slot)
        return self.guns[slot]

    def strengths(self, slot: Slot, atts: list[UnitView], guns: list[UnitView]) -> tuple[float, float, float, float]:
        """(attack, basic defense, the loss A ELIM takes, the attackers' basic factors)."""
        h, names = slot
        ground = self.sit.ground
        attack = sum(u.cf * ground.attack_factor(self.hexes[u.id], h) for u in atts)
        attack += sum(g.support for g in guns)
        basic, loss = defense_of(self.sit, [self.sit.units[d] for d in names], h)
        return attack, basic, loss, float(sum(u.cf for u in atts))

    def score(self, slots: dict[Slot, list[UnitView]], guns: dict[Slot, list[UnitView]]) -> float:
        parts = {s: self.strengths(s, atts, guns[s]) for s, atts in slots.items()}
        answer = self.answer(parts) if self.level == "hard" else {}
        total = 0.0
        for s, (attack, basic, loss, cf) in parts.items():
            worst = basic + sum(g.support for g in self.fire(s))
            declared = column(attack, basic)
            col_worst = column(attack, worst)
            if self.level == "hard":
                value = attack_value(column(attack, basic + answer.get(s, 0.0)), cf, basic, loss, self.hr)
                value = 0.8 * value + 0.2 * attack_value(col_worst, cf, basic, loss, self.hr)
            else:
                value = attack_value(col_worst, cf, basic, loss, self.hr)
            if _at_least_even(declared) and not _at_least_even(col_worst):
                value -= CUT
            total += value
        return total

    def answer(self, parts: dict[Slot, tuple[float, float, float, float]]) -> dict[Slot, float]:
        """The defending computer's guns on these attacks (as combat.plan_defense places
        them): the support each attack would meet."""
        added = {s: 0.0 for s in parts}
        batteries = {g.id: g for s in parts for g in self.fire(s)}
        for gun in sorted(batteries.values(), key=lambda g: (-g.support, g.id)):
            best, best_gain = None, -1.0
            for s, (attack, basic, loss, cf) in parts.items():
                if gun not in self.fire(s):
                    continue
                before = attack_value(column(attack, basic + added[s]), cf, basic, loss, self.hr)
                after = attack_value(column(attack, basic + added[s] + gun.support), cf, basic, loss, self.hr)
                if before - after > best_gain:
                    best, best_gain = s, before - after
            if best is not None:
                added[best] += gun.support
        return added

    def improve(self, slots: dict[Slot, list[UnitView]], guns: dict[Slot, list[UnitView]],
                rounds: int) -> tuple[dict[Slot, list[UnitView]], dict[Slot, list[UnitView]]]:
        best = self.score(slots, guns)
        for _ in range(rounds):
            found = None
            for cand in self._changes(slots, guns):
                value = self.score(*cand)
                if value > best + 1e-6:
                    best, found = value, cand
            if found is None:
                break
            slots, guns = found
        return slots, guns

    def _changes(self, slots: dict[Slot, list[UnitView]], guns: dict[Slot, list[UnitView]]) -> Iterator[
            tuple[dict[Slot, list[UnitView]], dict[Slot, list[UnitView]]]]:
        """Every plan one change away."""
        by_hex: dict[Hex, list[Slot]] = {}
        for s in slots:
            by_hex.setdefault(s[0], []).append(s)
        for s, atts in slots.items():
            if len(atts) < 2:
                continue  # the last attacker stays: its target must be attacked
            for u in atts:
                for h in self.choices.get(u.id, []):
                    for other in by_hex.get(h, []):
                        if other == s:
                            continue
                        new = dict(slots)
                        new[s] = [a for a in atts if a is not u]
                        new[other] = slots[other] + [u]
                        yield new, self._fitted(new, guns)
        for gid in sorted(set().union(*self.allowed_guns.values())):
            gun = self.sit.units[gid]
            now = next((s for s, gs in guns.items() if gun in gs), None)
            for dest in [*slots, None]:
                if dest == now or (dest is not None and not self._may_support(gun, dest, slots[dest])):
                    continue
                new_guns = {k: [g for g in v if g is not gun] for k, v in guns.items()}
                if dest is not None:
                    new_guns[dest] = new_guns[dest] + [gun]
                yield slots, new_guns
        if self.sit.side != "german":
            return
        for s, atts in slots.items():
            h, names = s
            if len(names) < 2 or len(atts) < len(names):
                continue
            groups = self.targets[h]["groups"]
            if not all((d,) in groups for d in names):
                continue
            # Selective attack: each unit of the stack its own combat, the strongest
            # attackers on the weakest defender, one attacker on each of the others.
            ordered = sorted(names, key=lambda d: (self.sit.units[d].cf, d))
            strongest = sorted(atts, key=lambda u: (-u.cf, u.id))
            new = {k: v for k, v in slots.items() if k != s}
            for i, d in enumerate(ordered[1:]):
                new[(h, (d,))] = [strongest[-1 - i]]
            new[(h, (ordered[0],))] = strongest[: len(atts) - len(ordered) + 1]
            new_guns = {k: v for k, v in guns.items() if k != s}
            for k in new:
                new_guns.setdefault(k, [])
            new_guns[(h, (ordered[0],))] = list(guns[s])
            yield new, self._fitted(new, new_guns)

    def _may_support(self, gun: UnitView, slot: Slot, atts: list[UnitView]) -> bool:
        assert gun.hex is not None  # an offered gun stands on the map
        return gun.id in self.allowed_guns[slot[0]] and any(
            gun.hex.distance(self.hexes[a.id]) <= gun.range for a in atts)

    def _fitted(self, slots: dict[Slot, list[UnitView]], guns: dict[Slot, list[UnitView]]) -> dict[
            Slot, list[UnitView]]:
        """The guns that may still support each attack once its attackers changed."""
        return {s: [g for g in guns.get(s, []) if self._may_support(g, s, slots[s])] for s in slots}


def _at_least_even(col: str) -> bool:
    return col != "none" and ALL_ODDS.index(col) >= ALL_ODDS.index("1:1")


def _lift(sit: Situation, hexes: dict[str, Hex], target: Hex, defenders: list[UnitView],
          attackers: list[UnitView], guns: list[UnitView], unit: UnitView | None = None,
          gun: UnitView | None = None, see_guns: bool = True) -> float:
    """How much an attack's worth rises with one more unit or gun (from nothing: 0);
    read against the defender's guns in reach unless `see_guns` is False ("easy")."""
    guns_there = enemy_support(sit, target, sit.enemy) if see_guns else 0.0
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
        if level == "easy":
            # A beginner's guns: each fires half the time, for any attack in its range.
            in_range = [c.id for c in open_combats if gun.id not in c.defenders
                        and gun_hex.distance(c.target) <= gun.range]
            if in_range and rng.random() < EASY_FIRE:
                cid = rng.choice(in_range)
                chosen[cid].append(gun.id)
                added[cid] += gun.support
            continue
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
