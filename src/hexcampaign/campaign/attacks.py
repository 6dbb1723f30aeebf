"""Attack orders: who may attack whom, artillery and air support.

The set-up sheet each order fills in is built by battle_sheet.py."""

from __future__ import annotations

import random

from hexcampaign.campaign.battle_sheet import ARTILLERY, build_sheet, placeholder_sheet, side_sheet
from hexcampaign.campaign.phases import PHASE_TITLES
from hexcampaign.campaign.state import BattleRecord, UnitRecord, pair, to_hex
from hexcampaign.campaign.tables import battle_conditions, campaign_rules
from hexcampaign.campaign.world import World
from hexcampaign.hexes import Hex
from hexcampaign.rules import IllegalAction

# build_sheet and side_sheet are imported from here by older code.
__all__ = [
    "attack_options",
    "available_support",
    "build_sheet",
    "cancel_attack",
    "declare_attack",
    "roll_weather",
    "side_sheet",
    "support_defense",
    "unsupported_joins",
]


def declare_attack(
    c: World, attackers: list[str], defender: str, artillery: list[str], air: list[str]
) -> BattleRecord:
    side = c.side_to_play
    _need_phase(c, "Attack orders")
    if c.state.orders_closed:
        raise IllegalAction(
            "Attack orders: the defender has begun assigning defensive support, so the "
            "attacker's orders are closed",
            "Attack orders",
        )
    target = c.formation_record(defender)
    if target.side == side:
        raise IllegalAction(
            f"Attack orders: {target.name} is not an enemy formation", "Attack orders"
        )
    where = to_hex(target.hex)
    if target.kind == "corps":
        # A corps HQ sharing its hex with a division is defended by that division: the
        # battle type and any pursuit follow the division.
        target = next(
            (f for f in c.formations_at(where, side=target.side) if f.kind != "corps"), target
        )
    if not attackers:
        raise IllegalAction("Attack orders: name at least one attacking division", "Attack orders")
    if len(set(attackers)) != len(attackers):
        raise IllegalAction("Attack orders: a division is named twice", "Attack orders")
    for b in c.battles_this_turn():
        if to_hex(b.defender_hex) == where:
            raise IllegalAction(
                f"Attack orders: {c.map.label(where)} is already attacked this turn; name every "
                "attacking division in one order",
                "Attack orders",
            )
    busy = {a for b in c.battles_this_turn() for a in b.attackers}
    for fid in attackers:
        f = c.formation_record(fid)
        if f.side != side:
            raise IllegalAction(f"Attack orders: {f.name} is not {side}'s", "Attack orders")
        if f.kind == "corps":
            raise IllegalAction(
                f"Attack orders: only divisions attack; {f.name} is a corps HQ", "Attack orders"
            )
        if not to_hex(f.hex).is_adjacent(where):
            raise IllegalAction(
                f"Attack orders: {f.name} is not adjacent to the enemy at {c.map.label(where)}",
                "Attack orders",
            )
        if f.reinforced_side_turn == c.state.side_turn:
            raise IllegalAction(
                f"Reinforcement: {f.name} was reinforced this turn and may not attack",
                "Reinforcement",
            )
        if fid in busy:
            raise IllegalAction(
                f"Attack orders: {f.name} already attacks in another battle this turn",
                "Attack orders",
            )
    parents = {p for a in attackers if (p := c.formation_record(a).corps) is not None}
    _check_support(c, side, where, artillery, air, parents, defending=False)
    defenders = [target.id] + [
        f.id for f in c.formations_at(where, side=target.side) if f.id != target.id
    ]
    battle = BattleRecord(
        id=c.next_id("battle", "B"),
        kind="battle",
        side_turn=c.state.side_turn,
        turn=c.state.turn,
        attacker_side=side,
        defender_side=target.side,
        attackers=list(attackers),
        defender=target.id,
        defenders=defenders,
        defender_hex=pair(where),
        artillery=list(artillery),
        air=list(air),
        sheet=placeholder_sheet(),
    )
    battle.weather = roll_weather(c, battle.id)
    battle.weather_set_by = "rolled"
    battle.sheet = build_sheet(c, battle)
    c.state.battles[battle.id] = battle
    for fid in attackers:
        c.formation_record(fid).attacked_this_turn = True
    for fid in defenders:
        c.formation_record(fid).attacked_by_enemy = True
    names = ", ".join(c.formation_record(a).name for a in attackers)
    c.say(
        f"The {side} {names} {'attacks' if len(attackers) == 1 else 'attack'} the {target.side} {target.name} at {c.map.label(where)} "
        f"({battle.sheet.battle_type}, "
        f"{battle.sheet.turns} turns) as battle {battle.id}; weather rolled: {battle.weather}",
        c.sides,  # the defender is told it is attacked, and by whom
    )
    return battle


def roll_weather(c: World, battle_id: str) -> str:
    """The battle's weather from the conditions table's weights. Drawn from the campaign
    seed and the battle's id, not the dice: a weather roll reveals nothing, so it must
    not lock undo, and a replay draws the same weather."""
    table = battle_conditions().weather
    rng = random.Random(f"{c.weather_key}/{battle_id}")
    names = [w for w, weight in table.items() if weight > 0]
    return rng.choices(names, weights=[table[w] for w in names])[0]


def support_defense(c: World, battle_id: str, artillery: list[str], air: list[str]) -> None:
    _need_phase(c, "Defensive support")
    b = c.battle_record(battle_id)
    if b.side_turn != c.state.side_turn or b.kind != "battle":
        raise IllegalAction(
            f"Defensive support: battle {b.id} is not one of this turn's attacks",
            "Defensive support",
        )
    # The defender's step closes the attacker's orders, so they must be lawful first;
    # otherwise nothing legal could end the phase.
    broken = unsupported_joins(c)
    if broken:
        raise IllegalAction(
            f"{broken[0]}. Settle the attack orders before the defender assigns support.",
            "Attack orders",
        )
    defender = c.formation_record(b.defender)
    parent = defender.id if defender.kind == "corps" else defender.corps
    _check_support(
        c,
        b.defender_side,
        to_hex(b.defender_hex),
        artillery,
        air,
        set() if parent is None else {parent},
        defending=True,
        battle=b,
    )
    b.defense_artillery = list(artillery)
    b.defense_air = list(air)
    c.state.orders_closed = True
    b.sheet = build_sheet(c, b)
    c.say(
        f"{b.defender_side} assigns defensive support to battle {b.id}: "
        f"{len(artillery)} artillery, {len(air)} air"
    )


def cancel_attack(c: World, battle_id: str) -> None:
    _need_phase(c, "Attack orders")
    b = c.battle_record(battle_id)
    if b.side_turn != c.state.side_turn or b.kind != "battle":
        raise IllegalAction(f"Attack orders: battle {b.id} is not this turn's", "Attack orders")
    if c.state.orders_closed:
        raise IllegalAction(
            "Attack orders: the defender has begun assigning defensive support, so the "
            "attacker's orders are closed",
            "Attack orders",
        )
    del c.state.battles[b.id]
    for fid in b.attackers:
        c.formation_record(fid).attacked_this_turn = False
    attacked_elsewhere = {d for other in c.battles_this_turn() for d in other.defenders}
    for fid in b.defenders:
        if fid in c.state.formations:
            c.formation_record(fid).attacked_by_enemy = fid in attacked_elsewhere
    c.say(f"Battle {b.id} is called off", c.sides)


def unsupported_joins(c: World) -> list[str]:
    """Attack orders broken by the joining rule: an attacker next to another enemy unit
    joins only if that unit is attacked by someone this turn."""
    battles = [b for b in c.battles_this_turn() if b.kind == "battle"]
    attacked = {to_hex(b.defender_hex) for b in battles}
    problems = []
    for b in battles:
        for fid in b.attackers:
            f = c.formation_record(fid)
            for n in c.map.neighbours_on_map(to_hex(f.hex)):
                if n == to_hex(b.defender_hex) or n in attacked:
                    continue
                for enemy in c.formations_at(n, side=b.defender_side):
                    if c.exerts_zoc(enemy):
                        problems.append(
                            f"Attack orders: {f.name} attacks {c.map.label(to_hex(b.defender_hex))} "
                            f"but is also next to the enemy {enemy.name} at {c.map.label(n)}, "
                            "which nobody attacks this turn; a division next to another enemy "
                            "unit may join an attack only if that unit is attacked too"
                        )
    return problems


def attack_options(c: World) -> dict[str, list[str]]:
    """Enemy formation id -> the side to play's divisions that may attack it now."""
    if c.phase != "attack_orders" or c.state.orders_closed:
        return {}
    side = c.side_to_play
    busy = {a for b in c.battles_this_turn() for a in b.attackers}
    attacked = {to_hex(b.defender_hex) for b in c.battles_this_turn()}
    options: dict[str, list[str]] = {}
    for target in c.state.formations.values():
        if target.side == side or to_hex(target.hex) in attacked:
            continue
        where = to_hex(target.hex)
        if target.kind == "corps" and any(
            f.kind != "corps" for f in c.formations_at(where, side=target.side)
        ):
            continue  # the battle for a hex is named by its division
        able = [
            f.id
            for f in c.state.formations.values()
            if f.side == side
            and f.kind != "corps"
            and f.id not in busy
            and f.reinforced_side_turn != c.state.side_turn
            and to_hex(f.hex).is_adjacent(where)
        ]
        if able:
            options[target.id] = able
    return options


def available_support(
    c: World, side: str, where: Hex, parents: set[str], defending: bool
) -> tuple[list[str], list[str]]:
    """(artillery ids, air ids) that `side` may assign to a battle at `where` now."""
    used = c.support_used_this_turn()
    rules = campaign_rules()
    artillery: list[str] = []
    air: list[str] = []
    for u in c.state.units.values():
        if u.side != side or u.id in used or u.where in ("eliminated",):
            continue
        t = c.unit_type(u.id)
        if t.category == "air":
            if arrived(c, u):
                air.append(u.id)
        elif t.category in ARTILLERY and u.where in c.state.formations:
            corps = c.formation_record(u.where)
            in_range = to_hex(corps.hex).distance(where) <= rules.artillery_range
            is_parent = corps.id in parents
            if defending:
                ok = is_parent and in_range
            elif is_parent and not c.options.parent_corps_artillery_needs_range:
                ok = True
            else:
                ok = in_range
            if ok:
                artillery.append(u.id)
    return artillery, air


def arrived(c: World, u: UnitRecord) -> bool:
    """Whether a bought unit is available: units bought in phase 7 are "available ... in
    the next turn", its side's next turn, so air bought then does not support a defence in
    the enemy's half-turn that follows (the campaign's first side buys in turn t and the
    enemy answers in turn t; the second side's enemy answers in turn t + 1)."""
    if u.side == c.side_to_play:
        return True
    first = u.side == c.sides[0]
    return u.bought_turn != (c.turn if first else c.turn - 1)


# --- helpers ---------------------------------------------------------------------------


def _need_phase(c: World, rule: str) -> None:
    if c.phase != "attack_orders":
        raise IllegalAction(
            f"{rule}: attacks are ordered in the attack orders phase, not the {PHASE_TITLES[c.phase]} phase",
            rule,
        )


def _check_support(
    c: World,
    side: str,
    where: Hex,
    artillery: list[str],
    air: list[str],
    parents: set[str],
    defending: bool,
    battle: BattleRecord | None = None,
) -> None:
    rule = "Defensive support" if defending else "Artillery support"
    if len(set(artillery)) != len(artillery) or len(set(air)) != len(air):
        raise IllegalAction(f"{rule}: a support unit is named twice", rule)
    used = c.support_used_this_turn(excluding=battle)
    for uid in [*artillery, *air]:
        u = c.unit_record(uid)
        if u.side != side:
            raise IllegalAction(f"{rule}: {c.unit_label(uid)} is not {side}'s", rule)
        if uid in used:
            raise IllegalAction(
                f"{rule}: {c.unit_label(uid)} already supports another battle this "
                "turn; each artillery or air unit supports one battle per turn",
                rule,
            )
    for uid in air:
        if c.unit_type(uid).category != "air":
            raise IllegalAction(
                f"Air support: {c.unit_type(uid).name} is not an air asset", "Air support"
            )
        if c.unit_record(uid).where == "eliminated":
            raise IllegalAction(
                f"Air support: {c.unit_label(uid)} has been eliminated", "Air support"
            )
        if not arrived(c, c.unit_record(uid)):
            raise IllegalAction(
                f"Air support: {c.unit_label(uid)} was bought at the end of the {side} turn "
                f"and is available from the next {side} turn (as bought units are)",
                "Air support",
            )
    ok_artillery, _ = available_support(c, side, where, parents, defending)
    rng = campaign_rules().artillery_range
    for uid in artillery:
        t = c.unit_type(uid)
        if t.category not in ARTILLERY:
            raise IllegalAction(
                f"Artillery support: {t.name} is not corps artillery (medium or heavy artillery "
                "or heavy mortar)",
                "Artillery support",
            )
        if uid not in ok_artillery:
            if defending:
                raise IllegalAction(
                    f"Defensive support: only artillery of the defender's parent corps HQ within "
                    f"{rng} hexes may support a defence ({t.name} may not)",
                    "Defensive support",
                )
            raise IllegalAction(
                f"Artillery range: {t.name} must be in a corps HQ within {rng} hexes of the "
                "target (or the attacker's parent corps HQ)",
                "Artillery range",
            )
