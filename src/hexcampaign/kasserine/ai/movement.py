"""The movement phase: where each unit goes.

First the attacks worth making are planned (which enemy stacks can be hit at good odds
by units that can reach the hexes around them, and which guns can reach range); those
units move first. Then garrisons for the places that matter, then every other unit
towards its objective, keeping out of enemy zones of control it has no plan to fight in.

Moves are yielded one at a time, not applied: the caller applies each and the planner
checks where the unit ended before it picks the next fallback hex.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Set
from typing import TYPE_CHECKING

from hexcampaign.hexes import Hex
from hexcampaign.kasserine.ai.combat import defense_of, enemy_support, support_kinds
from hexcampaign.kasserine.ai.objectives import Task, tasks_for
from hexcampaign.kasserine.ai.odds import attack_value, column
from hexcampaign.kasserine.ai.situation import Situation, high_rolls_of, look, moved_this_phase
from hexcampaign.kasserine.state import BreakOff, BridgeWork, MoveUnit
from hexcampaign.kasserine.tables import ALL_ODDS
from hexcampaign.rules import IllegalAction

if TYPE_CHECKING:
    from hexcampaign.kasserine.game import Game
    from hexcampaign.kasserine.units import UnitView

# Where a planned attacker moves: (unit id, the hex beside its target).
Orders = list[tuple[str, Hex]]

# The column an attack planned in movement aims for: below 4:1 the defender never leaves.
GOAL_ODDS = {"german": 6.0, "allied": 5.0}
# The least average worth (in combat factors) for an attack to be planned at all.
WORTH = {("german", "normal"): 0.9, ("allied", "normal"): 0.6}
# "easy" (a level for beginners) plans as a hasty player: it does not read the defender's
# guns, stops adding units at 3 to 1 against the bare defenders and goes into any contact
# it finds at 1 to 2 or better, whatever it is worth.
EASY_GOAL = 3.0
EASY_LEAST = "1:2"
# The hard German's attack moves (the hard Allies move as normal ones: lower odds cost
# them more than they gained in the benchmark).
HARD_GOAL = {"german": 4.0}
HARD_WORTH = {"german": 0.5}
# The share of the guns in reach each level expects to fire on one attack it plans in
# movement. Several attacks at once split the defender's guns (each battery fires for one
# attack): "hard" plans on half of them; the others on all (the worst case).
EXPECT = {("german", "hard"): 0.5}
# The column a contact must keep even when every gun in reach fires for the defender
# (the worst case): below it the attack is not made. The normal German is the cautious
# one, keeping 4 to 1 (where the table starts to move the defender); hard keeps 1 to 1,
# so no attack it declares at 1:1 or better can be cut below 1:1 by the guns.
HOLD = {("german", "normal"): "4:1"}
CANDIDATES = 6  # end hexes tried per unit before it stays where it is


def movement_steps(
    game: Game, side: str, level: str, rng: random.Random
) -> Iterator[MoveUnit | BridgeWork | BreakOff]:
    """Every move (and bridge or break-off) of `side` this movement phase, in order.
    A unit that has
    already moved this phase (the phase was paused, reopened or handed over half played)
    is not moved again: it stays, and may still attack from where it stands."""
    yield from _special_actions(game, side, level)
    sit = look(game, side)
    done: set[str] = moved_this_phase(game)
    if level == "hard" and sit.last_turn:
        yield from _retake(game, sit, done)
        sit = look(game, side)
    orders, targets = plan_attack_moves(game, sit, level, rng, frozen=done)
    for uid, slot in orders:
        if uid in done:
            continue
        yield from _move_to(game, uid, [slot])
        done.add(uid)
    sit = look(game, side)
    tasks = tasks_for(sit)
    guns = support_kinds(game)
    danger: set[Hex] = set()
    if side == "allied" and level != "easy":
        # The places worth points keep a garrison: while the Germans could reach a place
        # we hold, one combat unit on it (the slowest, which would do least elsewhere)
        # stays there; it may still attack from it.
        danger = in_reach_of(sit, sit.enemy)
        keepers: dict[Hex, UnitView] = {}
        for u in sit.mine():
            if u.kind in guns or u.cf <= 0 or u.hex not in danger or u.id in done:
                continue
            if not _garrisoning(sit, u):
                continue
            now = keepers.get(u.hex)
            if now is None or (u.mf, -u.cf, u.id) < (now.mf, -now.cf, now.id):
                keepers[u.hex] = u
        # A gun that cannot get out of the Germans' reach keeps one combat unit of its
        # hex with it (the slowest): alone, it would defend with 1 and die on retreat.
        for gun in sit.mine():
            if gun.kind not in guns or gun.hex not in danger or gun.hex in keepers:
                continue
            if any(h not in danger for h in game.reachable(gun.id)):
                continue
            cover = [u for u in sit.at.get(gun.hex, []) if u.kind not in guns and u.cf > 0
                     and u.id not in done and not u.engaged]
            if cover:
                keepers[gun.hex] = min(cover, key=lambda u: (u.mf, -u.cf, u.id))
        done.update(u.id for u in keepers.values())
    units = [u for u in sit.mine() if u.id not in done] + _waiting(sit)
    # The fastest units choose first: they reach the far objectives others cannot. Allied
    # guns go last, to a hex a combat unit already holds when the Germans are near.
    units.sort(key=lambda u: (bool(danger) and u.kind in guns, -u.mf, -u.cf, u.id))
    assigned: dict[str, float] = {}
    for unit in units:
        reach = game.reachable(unit.id)
        if not reach:
            continue
        sit = look(game, side)
        task = _choose_task(sit, unit, tasks, assigned, level, rng)
        if task is None:
            continue
        assigned[task.name] = assigned.get(task.name, 0.0) + max(unit.cf, 1)
        ranked = _rank_hexes(sit, unit, reach, task, targets, level, rng)
        if danger and unit.kind in guns:
            # Never a gun alone within the Germans' reach: it defends with 1 and dies
            # on retreat. The best hex that is covered or out of reach, kept in order.
            # Among the hexes nearly as good for its task only, so it stays in range of
            # the fight it is for.
            safe = [h for h in ranked[: 3 * CANDIDATES] if h not in danger or _covered(sit, h)]
            # None of those: any covered hex, or any out of reach, before a lone one. A
            # gun with no such hex in range stays where it is covered; only a gun alone
            # already goes where it does most.
            safe = safe or [h for h in ranked if h not in danger or _covered(sit, h)]
            if not safe and unit.hex is not None and _covered(sit, unit.hex):
                continue
            if level == "hard" and safe:
                # Hard: of those, the hex whose range covers most of what the Germans
                # could attack (the normal German keeps clear of contacts the guns in
                # reach could spoil): our threatened stacks, the places above all.
                order = {h: i for i, h in enumerate(safe)}
                safe.sort(key=lambda h: (-_cover(sit, unit, h, danger), order[h]))
            ranked = safe or ranked
        if not ranked:
            continue
        if unit.hex is not None and ranked[0] == unit.hex:
            continue
        yield from _move_to(game, unit.id, ranked[:CANDIDATES])


# --- attacks planned in movement -------------------------------------------------------------


def plan_attack_moves(game: Game, sit: Situation, level: str, rng: random.Random,
                      frozen: Set[str] = frozenset()) -> tuple[Orders, set[Hex]]:
    """[(unit id, hex to move to)] for the attacks worth making, and the target hexes.
    Units in `frozen` (moved already this phase) may attack only from where they stand."""
    ground = sit.ground
    guns_kinds = support_kinds(game)
    cost = game.rules.combat_cost
    free = set(game.rules.combat_cost_free_kinds)
    hr = high_rolls_of(game)
    reach: dict[str, dict[Hex, int]] = {}
    fighters: list[UnitView] = []
    guns: list[UnitView] = []
    for u in sit.mine() + _waiting(sit):
        if u.engaged:
            continue
        r = game.reachable(u.id) if u.id not in frozen else {}
        if _garrisoning(sit, u):
            r = {}  # it fights, if at all, from the place it holds
        if u.hex is not None:
            r = dict(r)
            r.setdefault(u.hex, u.mp_spent)
        reach[u.id] = r
        if u.kind in guns_kinds:
            guns.append(u)
        elif u.cf > 0:
            fighters.append(u)

    def may_fight(u: UnitView, h: Hex) -> bool:
        if u.hex is not None and (h == u.hex or (h in ground.neighbours[u.hex] and u.mp_spent == 0)):
            return True
        need = 0 if u.kind in free else cost.get(u.nationality, 2)
        return reach[u.id].get(h, 999) + need <= u.mf

    enemy = sit.enemy_hexes()
    occupancy: dict[Hex, list[UnitView]] = {h: list(us) for h, us in sit.at.items() if us[0].side == sit.side}
    scored = []
    for target, units in enemy.items():
        combat_units = [u for u in units if u.kind not in guns_kinds] or units
        basic, loss = defense_of(sit, combat_units, target)
        dg = enemy_support(sit, target, sit.enemy) if level != "easy" else 0.0
        place = ground.places.get(target)
        bonus = (6.0 if sit.last_turn else 2.0) * sit.vp.get(place.name, 0) if place else 0.0
        scored.append((basic + dg - bonus, target, combat_units, basic, loss, dg, bonus))
    scored.sort(key=lambda s: (s[0], s[1]))
    if level == "easy":
        rng.shuffle(scored)
        scored = scored[: max(1, len(scored) // 2)]
    if level == "easy":
        goal, worth = EASY_GOAL, -1e9
    else:
        goal, worth = GOAL_ODDS[sit.side], WORTH[(sit.side, "normal")]
    if level == "hard" and sit.side == "german":
        # Hard reads the defender's guns well enough to take more contacts at lower odds
        # (each still holding at 1:1 or better against every gun in reach): more attacks,
        # fewer units idle behind an overkill.
        goal, worth = HARD_GOAL[sit.side], HARD_WORTH[sit.side]
    danger = in_reach_of(sit, sit.enemy) if sit.side == "allied" and level != "easy" else set()
    used: set[str] = set()
    orders: Orders = []
    targets: set[Hex] = set()
    # Two passes: first attacks from hexes that touch only their target; then attacks
    # whose hexes also touch stacks already planned against, or weak ones a soak-off
    # can take on (each enemy stack touched must be attacked: the zone-of-control rule).
    for second in (False, True):
        for _, target, _defenders, basic, loss, worst_dg, bonus in scored:
            if target in targets:
                continue
            dg = worst_dg * EXPECT.get((sit.side, level), 1.0)
            slots = [s for s in ground.neighbours[target] if s not in enemy]
            allowed = {s for s in slots if all(
                n == target or n not in enemy
                or (second and (n in targets or (_weak(sit, enemy[n], guns_kinds)
                                                 and (level == "easy" or not enemy_support(sit, n, sit.enemy)))))
                for n in ground.neighbours[s])}
            options = []
            for u in fighters:
                if u.id in used:
                    continue
                # Every hex it could attack from, best first: when the best is full
                # (stacking), the next one; all units rushing for the nearest hex and
                # the rest left out made the attacks far too weak.
                spots = []
                for s in slots:
                    if s not in reach[u.id] or not may_fight(u, s):
                        continue
                    if s not in allowed and s != u.hex:
                        continue
                    f = u.cf * ground.attack_factor(s, target)
                    spots.append(((f, s == u.hex, -reach[u.id][s], s), s, f))
                if spots:
                    spots.sort(key=lambda x: x[0], reverse=True)
                    here = spots[0][1] == u.hex
                    options.append((spots[0][2], here, u, [(s, f) for _k, s, f in spots]))
            if not options:
                continue
            options.sort(key=lambda o: (-o[1], -o[0], o[2].id))
            chosen: list[tuple[UnitView, Hex]] = []
            attack = 0.0
            plan_occ: dict[Hex, list[UnitView]] = {}
            for _best, _, u, spots_of in options:
                pick = next(((s, f) for s, f in spots_of
                             if s == u.hex or _fits(game, plan_occ.get(s, occupancy.get(s, [])), u)), None)
                if pick is None:
                    continue
                s, f = pick
                stack = plan_occ.get(s, occupancy.get(s, []))
                chosen.append((u, s))
                plan_occ[s] = stack + ([u] if s != u.hex else [])
                attack += f
                if attack >= goal * (basic + dg):
                    break
            support = 0.0
            gun_moves: list[tuple[UnitView, Hex]] = []
            # Where our combat units will stand once this attack's units have moved: a
            # unit leaving a hex no longer covers a gun there.
            leaving = {u.id for u, s in chosen if s != u.hex}
            after = {h: [x for x in us if x.id not in leaving] for h, us in occupancy.items()}
            after.update(plan_occ)
            for g in sorted(guns, key=lambda g: (-g.support, g.id)):
                if g.id in used or attack + support >= goal * (basic + dg):
                    continue
                spot = _gun_spot(sit, g, reach[g.id], target, may_fight, danger, after)
                if spot is not None:
                    support += g.support
                    gun_moves.append((g, spot))
            col = column(attack + support, basic + dg)
            value = attack_value(col, sum(u.cf for u, _ in chosen), basic, loss, hr) + bonus
            worst = column(attack + support, basic + worst_dg)
            already_there = all(s == u.hex for u, s in chosen)
            # A contact that holds: even if every battery in reach fires for the
            # defender, the attack stays at 1:1 or better (worse, it risks A ELIM for
            # little). Units already in contact that do not hold go round, if they can.
            if level == "easy":
                holds = _at_least(col, EASY_LEAST)
            else:
                holds = _at_least(worst, HOLD.get((sit.side, level), "1:1"))
            if (value < worth and not already_there) or not holds:
                continue
            if level != "easy":
                chosen = _enough(sit, chosen, gun_moves, target, basic, dg)
            targets.add(target)
            for _u, s in chosen:
                targets.update(n for n in ground.neighbours[s] if n in enemy)
            for u, s in chosen + gun_moves:
                used.add(u.id)
                if s != u.hex:
                    orders.append((u.id, s))
                    occupancy[s] = occupancy.get(s, []) + [u]
                    if u.hex is not None:  # it leaves: it no longer covers a gun there
                        occupancy[u.hex] = [x for x in occupancy.get(u.hex, []) if x.id != u.id]
    return orders, targets


def _at_least_even(col: str) -> bool:
    return _at_least(col, "1:1")


def _at_least(col: str, least: str) -> bool:
    return col != "none" and ALL_ODDS.index(col) >= ALL_ODDS.index(least)


def _enough(sit: Situation, chosen: list[tuple[UnitView, Hex]], gun_moves: list[tuple[UnitView, Hex]],
            target: Hex, basic: float, dg: float) -> list[tuple[UnitView, Hex]]:
    """No overkill: the attackers that reach the same worst-case odds column, the
    smallest units let go first (they go on towards their own objectives). Units already
    beside the target stay in the attack: they must attack anyway."""
    ground = sit.ground
    support = sum(g.support for g, _ in gun_moves)

    def col_of(units: list[tuple[UnitView, Hex]]) -> str:
        return column(sum(u.cf * ground.attack_factor(s, target) for u, s in units) + support, basic + dg)

    goal = col_of(chosen)
    kept = list(chosen)
    for pair in sorted(chosen, key=lambda p: (p[0].cf, p[0].id)):
        u, s = pair
        if s == u.hex or len(kept) == 1:
            continue
        rest = [p for p in kept if p is not pair]
        if col_of(rest) == goal:
            kept = rest
    return kept


def in_reach_of(sit: Situation, side: str) -> set[Hex]:
    """The hexes `side`'s combat units could attack next turn: within their movement
    allowance (on the lie of the land) of a hex beside it."""
    ground = sit.ground
    guns = support_kinds(sit.game)
    out: set[Hex] = set()
    for u in sit.units.values():
        if u.side != side or u.hex is None or u.eliminated or u.kind in guns or u.cf <= 0:
            continue
        field = ground.distance_to(u.hex)
        out.update(h for h, mp in field.items() if mp <= u.mf + 2)
    return out


def _covered(sit: Situation, h: Hex, occupancy: dict[Hex, list[UnitView]] | None = None) -> bool:
    """Does a combat unit of ours stand in `h` (a gun stacked with it is attacked with
    the stack and fires for it, not alone with a defense of 1)?"""
    guns = support_kinds(sit.game)
    here = (occupancy or sit.at).get(h, [])
    return any(u.side == sit.side and u.kind not in guns and u.cf > 0 for u in here)


def _cover(sit: Situation, gun: UnitView, h: Hex, danger: Set[Hex]) -> float:
    """What a gun at `h` could fire for: our combat stacks within its range that the
    enemy could attack, a place worth points counting its points again."""
    guns = support_kinds(sit.game)
    total = 0.0
    for at, units in sit.at.items():
        if at not in danger or at.distance(h) > gun.range or units[0].side != sit.side:
            continue
        factors = sum(u.cf for u in units if u.kind not in guns)
        if factors <= 0:
            continue
        place = sit.ground.places.get(at)
        total += factors + (2.0 * sit.vp.get(place.name, 0) if place is not None else 0.0)
    return total


def _weak(sit: Situation, units: list[UnitView], guns_kinds: set[str]) -> bool:
    """A stack a single soak-off can take on without much risk: lone guns, one factor."""
    return sum(u.cf if u.kind not in guns_kinds else 1 for u in units) <= 1


def _gun_spot(
    sit: Situation, gun: UnitView, reach: dict[Hex, int], target: Hex,
    may_fight: Callable[[UnitView, Hex], bool], danger: Set[Hex] = frozenset(),
    occupancy: dict[Hex, list[UnitView]] | None = None,
) -> Hex | None:
    """A hex within the gun's range of `target`, out of enemy zones, where it may fire;
    never alone where the enemy can reach it (`danger`)."""
    best = None
    for h, mp in reach.items():
        if h.distance(target) > gun.range or h in sit.enemy_zoc or not may_fight(gun, h):
            continue
        if h in danger and not _covered(sit, h, occupancy):
            continue
        here = sit.at.get(h, [])
        if here and here[0].side != sit.side:
            continue
        key = (h == gun.hex, -h.distance(target) if h.distance(target) > 1 else -9, -mp)
        if best is None or key > best[0]:
            best = (key, h)
    return best[1] if best else None


# --- everyone else ---------------------------------------------------------------------------


def _choose_task(sit: Situation, unit: UnitView, tasks: list[Task], assigned: dict[str, float], level: str,
                 rng: random.Random) -> Task | None:
    if not tasks:
        return None
    here = unit.hex
    best, best_score = None, -1e9
    for task in tasks:
        far = sit.ground.far(task.hex, here) if here is not None else 40
        filled = assigned.get(task.name, 0.0) / max(task.need, 1.0)
        # Concentrate: a task with enough units on its way draws few more.
        score = task.weight / (1.0 + far / max(unit.mf, 6)) * (1.0 if filled < 1.0 else 0.25)
        if task.garrison and here == task.hex and filled < 1.0:
            score *= 3.0  # a garrison already in place stays while it is needed
        if level == "easy":
            score *= rng.uniform(0.5, 1.5)
        if score > best_score:
            best, best_score = task, score
    return best


def _rank_hexes(sit: Situation, unit: UnitView, reach: dict[Hex, int], task: Task, targets: set[Hex],
                level: str, rng: random.Random) -> list[Hex]:
    """End hexes for the unit, best first."""
    ground = sit.ground
    field = ground.distance_to(task.hex)
    guns = support_kinds(sit.game)
    enemy = sit.enemy_hexes()
    options = dict(reach)
    if unit.hex is not None:
        options.setdefault(unit.hex, unit.mp_spent)
    scored = []
    for h, mp in options.items():
        score = -float(field.get(h, 999))
        place = ground.places.get(h)
        taking = place is not None and sit.vp.get(place.name, 0) > 0 and sit.held.get(place.name) != sit.side
        if h in sit.enemy_zoc and not (taking and sit.last_turn):
            adjacent = [n for n in ground.neighbours[h] if n in enemy]
            # Into an enemy zone only beside a stack we have planned to attack anyway.
            if unit.kind in guns or not adjacent or any(n not in targets for n in adjacent):
                score -= 500.0
            else:
                score += 2.0
        if place is not None and sit.vp.get(place.name, 0) > 0:
            if sit.held.get(place.name) != sit.side:
                score += 40.0 * sit.vp[place.name]
            elif task.garrison and h == task.hex:
                score += 20.0
        if task.garrison:
            score += 1.5 * ground.height.get(h, 0)
            if h in ground.city:
                score += 2.0
        if ground.roads[h]:
            score += 0.3
        if level == "easy":
            score += rng.gauss(0, 4.0)
        scored.append((score, -mp, h))
    scored.sort(key=lambda s: (-s[0], -s[1], s[2]))
    return [h for _, _, h in scored]


def _move_to(game: Game, uid: str, hexes: list[Hex]) -> Iterator[MoveUnit]:
    """Try the hexes in order; yield the move and stop at the first the unit ends in."""
    for h in hexes:
        try:
            path = game.path_to(uid, h)
        except IllegalAction:
            continue
        if not path:
            return
        yield MoveUnit(unit=uid, path=[(x.q, x.r) for x in path])
        if game.unit(uid).hex == h:
            return


def _fits(game: Game, stack: list[UnitView], unit: UnitView) -> bool:
    """Could `unit` join `stack` under the stacking rules?"""
    limits = game.rules.stacking
    units = [*stack, unit]
    if len(units) > limits.max_units:
        return False
    combat = [u for u in units if u.kind not in limits.free_kinds]
    if any(u.size in limits.alone_sizes for u in combat) and len(combat) > 1:
        return False
    return sum(limits.strength[u.size] for u in combat) <= limits.max_strength


def _garrisoning(sit: Situation, unit: UnitView) -> bool:
    """Does the unit stand on a place worth points that its side holds?"""
    place = sit.ground.places.get(unit.hex) if unit.hex is not None else None
    return place is not None and sit.vp.get(place.name, 0) > 0 and sit.held.get(place.name) == sit.side


def _retake(game: Game, sit: Situation, done: set[str]) -> Iterator[MoveUnit]:
    """The last turn ("hard"): a place is held by the side whose unit last passed
    through it, so every place worth points the enemy holds but has left empty is walked
    into by the least useful unit of ours that can reach it, before anything else moves."""
    for place, holder in sorted(sit.vp_places(), key=lambda p: (-sit.vp[p[0].name], p[0].name)):
        if holder == sit.side or sit.at.get(place.hex):
            continue
        able = []
        for u in sit.mine() + _waiting(sit):
            if u.id in done or u.engaged:
                continue
            if place.hex in game.reachable(u.id):
                able.append(u)
        if not able:
            continue
        unit = min(able, key=lambda u: (u.cf + u.support, u.mf, u.id))
        moved = list(_move_to(game, unit.id, [place.hex]))
        yield from moved
        if moved:
            done.add(unit.id)


def _waiting(sit: Situation) -> list[UnitView]:
    """Our reinforcements and units still off the map that may enter now."""
    return [
        u for u in sit.units.values()
        if u.side == sit.side and u.hex is None and not u.eliminated
        and (u.arrives is None or u.arrives.turn <= sit.turn)
    ]


def _special_actions(game: Game, side: str, level: str) -> Iterator[BridgeWork | BreakOff]:
    """Bridges blown or rebuilt, engaged panzers broken off, before anyone moves."""
    sit = look(game, side)
    theirs = sit.theirs()
    for action in game.legal_actions(moves=False):
        if isinstance(action, BridgeWork):
            at = Hex(*action.hex)
            near = min((at.distance(u.hex) for u in theirs if u.hex is not None), default=99)
            if action.destroy and side == "allied" and near <= 6:
                yield action  # slow the German columns down while they are close
            elif not action.destroy and side == "german":
                yield action  # our roads forward
        elif isinstance(action, BreakOff) and level != "easy":
            unit = sit.units[action.unit]
            around = sit.ground.neighbours[unit.hex] if unit.hex is not None else []  # engaged: on the map
            foes = [u for n in around for u in sit.at.get(n, []) if u.side != side]
            basic = sum(u.cf for u in foes)
            mine = sum(u.cf for n in around for u in sit.at.get(n, []) if u.side == side)
            if mine + unit.cf < 4 * max(basic, 1):
                yield action  # a re-attack at poor odds: better to pull out and go round
