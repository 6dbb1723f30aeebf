"""Combat: declaring attacks, artillery support of attack and defense, Allied air power,
strengths and odds, the roll, and the stages a result sets off (carried out by results).

Changes recorded: a declaration sets COMBAT and LOCK (it hands the game to the defender to
allocate his artillery: a declared attack stands); the defender's artillery sets COMBAT
and LOCK (it reveals the defender's choice: the attack stands at the new odds); a roll
sets COMBAT and LOCK, and what its result did (UNITS, ELIMINATED, DECISION, ...).
"""

from __future__ import annotations

from fractions import Fraction

from hexcampaign.hexes import Hex
from hexcampaign.kasserine import crt
from hexcampaign.kasserine.context import GameContext
from hexcampaign.kasserine.position import enemy_of, refuse
from hexcampaign.kasserine.results import run_stages
from hexcampaign.kasserine.state import (
    AdvanceRoll,
    Axial,
    CombatState,
    DeclareAttack,
    DeclineAdvance,
    Resolve,
    RolledCombat,
    SupportDefense,
    UnitState,
    trusted,
)
from hexcampaign.rules import IllegalAction
from hexcampaign.rules.changes import Play


class Combat:
    """A declared attack, as the players see it. Until it is rolled its numbers follow
    the live position; once rolled they are the numbers it was rolled at."""

    def __init__(self, ctx: GameContext, combat_id: int) -> None:
        self._ctx = ctx
        self.id = combat_id

    @property
    def _state(self) -> CombatState:
        return self._ctx.combat(self.id)

    @property
    def attackers(self) -> list[str]:
        return list(self._state.attackers)

    @property
    def defenders(self) -> list[str]:
        return list(self._state.defenders)

    @property
    def artillery(self) -> list[str]:
        return list(self._state.artillery)

    @property
    def defense_artillery(self) -> list[str]:
        return list(self._state.defense_artillery)

    @property
    def target(self) -> Hex:
        return Hex(*self._state.target)

    @property
    def side(self) -> str:
        """The attacking side."""
        return self._state.side

    @property
    def defending_side(self) -> str:
        return enemy_of(self._state.side)

    @property
    def as_rolled(self) -> RolledCombat | None:
        """The combat as it was rolled (odds, strengths, dice faces, result), or None."""
        return self._state.as_rolled

    @property
    def attack_strength(self) -> Fraction:
        rolled = self._state.as_rolled
        return Fraction(rolled.attack) if rolled else strengths(self._ctx, self._state)[0]

    @property
    def defense_strength(self) -> Fraction:
        rolled = self._state.as_rolled
        return Fraction(rolled.defense) if rolled else strengths(self._ctx, self._state)[1]

    @property
    def odds(self) -> str:
        """The column the roll is read on (after Allied air power, when used)."""
        c = self._state
        return c.odds if c.resolved and c.odds else column(self._ctx, c)

    @property
    def breakdown(self) -> list[str]:
        rolled = self._state.as_rolled
        return list(rolled.breakdown) if rolled else strengths(self._ctx, self._state)[2]

    @property
    def distribution(self) -> dict[str, Fraction]:
        return crt.distribution(self.odds, self._ctx.state.options.crt_high_rolls)

    @property
    def result(self) -> str | None:
        return self._state.result

    @property
    def roll(self) -> int | None:
        return self._state.roll

    @property
    def resolved(self) -> bool:
        return self._state.resolved

    def __repr__(self) -> str:
        return f"Combat({self.id}, {self.attackers} -> {self.defenders}, {self.odds})"


# --- questions ----------------------------------------------------------------------------


def combat_phase_error(ctx: GameContext) -> str | None:
    if not ctx.state.phase.endswith("combat"):
        return "Sequence of movement: attacks are made in the combat phase"
    if ctx.state.pending:
        return f"Combat: a result is waiting — {ctx.describe(ctx.state.pending[0])}"
    return None


def may_fight(ctx: GameContext, u: UnitState) -> bool:
    """Cost of combat: the MP to fight must be left, unless the unit moved one hex."""
    return u.hexes_moved <= 1 or u.mp_spent + ctx.position.combat_cost(u) <= u.mf


def attacker_error(ctx: GameContext, a: UnitState, target: int) -> str | None:
    """Why `a` may not attack the hex `target` this phase (the one reason), or None."""
    side = ctx.state.side
    pos = ctx.position
    if a.side != side or not ctx.on_map(a):
        return f"Combat: {ctx.label(a)} is not a unit of the side attacking"
    if a.kind in ctx.rules.support_kinds:
        return f"Artillery: {ctx.label(a)} supports attacks but does not attack itself"
    if a.cf <= 0:
        return f"Combat: {ctx.label(a)} has no combat factor"
    if a.attacked:
        return f"Combat: {ctx.label(a)} has already attacked this phase; each unit attacks once per phase"
    assert a.at is not None  # on the map, as asked above
    if target not in ctx.board.neighbour[pos.index_of(a)]:
        return (
            f"Combat: {ctx.label(a)} at {ctx.hexname(a.at)} is not adjacent to "
            f"{ctx.hexname(ctx.board.hexes[target])}, the hex it would attack"
        )
    if not may_fight(ctx, a):
        return (
            f"Cost of combat: {ctx.label(a)} has not the {pos.combat_cost(a)} MP left to fight "
            f"this turn ({a.mf - a.mp_spent} left)"
        )
    return None


def target_error(ctx: GameContext, target: int) -> str | None:
    """Why the side to play may not attack the stack in hex `target` now, or None."""
    error = combat_phase_error(ctx)
    if error:
        return error
    side = ctx.state.side
    stack = ctx.position.units_at(target, enemy_of(side))
    where = ctx.hexname(ctx.board.hexes[target])
    if not stack:
        return f"Combat: no enemy unit stands in {where}"
    combat_units = [u for u in stack if u.kind not in ctx.rules.support_kinds]
    attacked = [u for u in combat_units if u.defended]
    if side == "allied" and attacked:
        return (
            f"Combat: {ctx.label(attacked[0])} in {where} has already been attacked this phase; "
            "each unit is attacked once per phase, and the Allies attack a whole stack as one combat"
        )
    if combat_units and len(attacked) == len(combat_units):
        return f"Combat: every unit in {where} has already been attacked this phase"
    if not combat_units and any(u.defended for u in stack):
        return f"Combat: the artillery in {where} has already been attacked this phase"
    return None


def air_power_error(ctx: GameContext) -> str | None:
    state = ctx.state
    if state.side != "allied" or not state.phase.endswith("combat"):
        return "Allied air power: only the Allies, in their combat phase"
    if state.options.allied_air_power == "off":
        return "Allied air power: the optional rule is not in use in this game"
    if state.turn < ctx.rules.air_power_from_turn:
        return "Allied air power: the Allies gain air superiority only from the Feb 22 turn"
    if not state.air_superiority:
        return "Allied air power: the Allies did not gain air superiority (the Feb 22 roll)"
    if state.air_used_turn == state.turn:
        return "Allied air power: only one attack per turn may be shifted"
    return None


def support_error(ctx: GameContext, g: UnitState, attackers: list[str]) -> str | None:
    """Why the battery `g` may not support an attack by `attackers` now, or None."""
    error = support_reach_error(ctx, g, attackers)
    if error:
        return error
    if not may_fight(ctx, g):
        return f"Cost of combat: {ctx.label(g)} has not the {ctx.position.combat_cost(g)} MP left to support an attack"
    return None


def support_reach_error(ctx: GameContext, g: UnitState, attackers: list[str]) -> str | None:
    """Why the battery `g` is no support for an attack by `attackers` at all (not the
    attacker's artillery, already supporting, out of range), or None; the MP to fire is
    the last question support_error asks."""
    pos = ctx.position
    if g.side != ctx.state.side or g.kind not in ctx.rules.support_kinds or not ctx.on_map(g):
        return f"Artillery: {ctx.label(g)} is not artillery of the attacking side"
    if g.supported:
        return f"Artillery: {ctx.label(g)} already supports a combat this phase; one battery supports only one combat a phase"
    gi = pos.index_of(g)
    if not any(
        ctx.on_map(u := ctx.unit(a)) and u.at is not None and ctx.board.hexes[gi].distance(Hex(*u.at)) <= g.range
        for a in attackers
    ):
        return f"Artillery: {ctx.label(g)} has support range {g.range} and no attacking unit is that close"
    return None


def defense_support_error(ctx: GameContext, c: CombatState, g: UnitState) -> str | None:
    """Why the battery `g` may not fire in defence against the attack `c`, or None."""
    if g.side == c.side or g.kind not in ctx.rules.support_kinds or not ctx.on_map(g):
        return f"Artillery: {ctx.label(g)} is not artillery of the defending side"
    if g.supported:
        return f"Artillery: {ctx.label(g)} already supports a combat this phase; one battery supports only one combat a phase"
    if g.id in c.defenders:
        return "Artillery: artillery under attack defends itself and cannot also support"
    if ctx.board.hexes[ctx.position.index_of(g)].distance(Hex(*c.target)) > g.range:
        return (
            f"Artillery: {ctx.label(g)} has support range {g.range} and the defending hex "
            f"{ctx.hexname(c.target)} is farther"
        )
    return None


def selective_attack(ctx: GameContext) -> bool:
    """May the side to play attack some units of a stack (the Germans), or must it attack
    a whole stack as one combat (the Allies)?"""
    return ctx.state.side == "german"


def attackable_defenders(ctx: GameContext, target: int) -> list[UnitState]:
    """The enemy units in hex `target` an attack may name now: the combat units not yet
    attacked this phase (artillery in a stack is attacked as if it were not there), or
    the artillery when it stands alone and has not been attacked."""
    stack, guns = _stack_defenders(ctx, target, enemy_of(ctx.state.side))
    if stack:
        return [u for u in stack if not u.defended]
    return [] if any(u.defended for u in guns) else guns


def declare_error(ctx: GameContext, action: DeclareAttack) -> tuple[str | None, CombatState | None]:
    """(why the declaration is refused, None) or (None, the combat it would make)."""
    error = combat_phase_error(ctx)
    if error:
        return error, None
    side = ctx.state.side
    pos = ctx.position
    if not action.attackers:
        return "Combat: an attack needs at least one attacking unit", None
    if not action.defenders:
        return "Combat: an attack is made against units in one hex", None
    if any(len(set(ids)) != len(ids) for ids in (action.attackers, action.defenders, action.artillery)):
        return "Combat: a unit is named twice", None
    defenders = [ctx.unit(d) for d in action.defenders]
    for d in defenders:
        if d.side == side or not ctx.on_map(d):
            return f"Combat: {ctx.label(d)} is not an enemy unit on the map", None
    target_hexes = {tuple(d.at) for d in defenders if d.at is not None}  # all on the map
    if len(target_hexes) != 1:
        return "Combat: each combat is against units in one hex", None
    target = pos.index_of(defenders[0])
    stack, guns = _stack_defenders(ctx, target, enemy_of(side))
    if side == "allied" and any(u.defended for u in stack):
        return target_error(ctx, target), None
    for d in defenders:
        if d.defended:
            return (
                f"Combat: {ctx.label(d)} has already been attacked this phase; each unit is "
                "attacked once per phase"
            ), None
    named = {d.id for d in defenders}
    if stack:
        if any(d.kind in ctx.rules.support_kinds for d in defenders):
            return (
                "Artillery: artillery in a stack cannot be selectively attacked; attack the "
                "combat units as if the artillery were not there"
            ), None
        if not selective_attack(ctx) and named != {u.id for u in stack}:
            return "Selective attack: the Allies must attack a whole stack as one combat", None
    elif named != {u.id for u in guns}:
        return "Artillery: artillery stacked alone is attacked as one stack", None
    attacker_hexes: list[Axial] = []
    for a_id in action.attackers:
        a = ctx.unit(a_id)
        error = attacker_error(ctx, a, target)
        if error:
            return error, None
        assert a.at is not None  # attacker_error: on the map
        attacker_hexes.append(a.at)
    for g_id in action.artillery:
        error = support_error(ctx, ctx.unit(g_id), action.attackers)
        if error:
            return error, None
    if action.air_power:
        error = air_power_error(ctx)
        if error:
            return error, None
    basic = pos.defense_basic(defenders) * ctx.board.city[target]
    # Built without validation (listing the attacks asks this of every candidate): the
    # values are of the fields' types, fresh lists and hex pairs.
    combat = trusted(
        CombatState,
        id=ctx.state.next_combat,
        side=side,
        attackers=list(action.attackers),
        defenders=list(action.defenders),
        artillery=list(action.artillery),
        air_power=action.air_power,
        target=(ctx.board.hexes[target].q, ctx.board.hexes[target].r),
        attacker_hexes=[(h[0], h[1]) for h in attacker_hexes],
        loss_factors=basic,
    )
    try:
        combat.odds = column(ctx, combat)
    except IllegalAction as e:  # worse than 1:6: crt.odds refuses with the rule's sentence
        return str(e), None
    return None, combat


def strengths(
    ctx: GameContext, c: CombatState, explain: bool = True
) -> tuple[Fraction, Fraction, list[str]]:
    """(attack, defense, the lines that explain them) in the current position; with
    `explain` False no line is written (column(): listing the attacks asks the odds of
    every candidate declaration, and the lines' labels cost more than the sums)."""
    state = ctx.state
    pos = ctx.position
    target = ctx.board.index[Hex(*c.target)]
    lines: list[str] = []
    attack = Fraction(0)
    declared = dict(zip(c.attackers, c.attacker_hexes, strict=False))
    for a_id in c.attackers:
        a = state.units[a_id]
        where = a.at if ctx.on_map(a) else declared.get(a_id)
        if where is None:
            continue
        i = ctx.board.index[Hex(*where)]
        factor, why = pos.attack_modifier(i, target)
        value = a.cf * factor
        attack += value
        if explain:
            lines.append(
                f"{ctx.label_with_factors(a)} attacks with {a.cf}"
                + (" " + ", ".join(why) + f" = {fraction_text(value)}" if why else "")
            )
    for g_id in c.artillery:
        g = state.units[g_id]
        attack += g.support
        if explain:
            lines.append(f"{ctx.label_with_factors(g)} supports the attack with {g.support} (terrain does not change it)")
    multiplier = ctx.board.city[target]
    defense = Fraction(0)
    for d in (state.units[d] for d in c.defenders):
        gun = d.kind in ctx.rules.support_kinds
        base = ctx.rules.lone_artillery_defense if gun else d.cf
        strength = base * multiplier
        defense += strength
        if explain:
            note = " (artillery alone defends with 1)" if gun else ""
            city = f" ×{multiplier} defending a city = {strength}" if multiplier != 1 else ""
            lines.append(f"{ctx.label_with_factors(d)} defends with {base}{note}{city}")
    for g_id in c.defense_artillery:
        g = state.units[g_id]
        defense += g.support
        if explain:
            lines.append(f"{ctx.label_with_factors(g)} supports the defense with {g.support}")
    if not explain:
        return attack, defense, lines
    lines.append(f"Total {fraction_text(attack)} against {fraction_text(defense)}, rounded in favour of the defender")
    if c.air_power:
        lines.append("Allied air power: one column better for the attacker")
    lines.append(crt.rule_note(state.options.crt_high_rolls))
    return attack, defense, lines


def column(ctx: GameContext, c: CombatState) -> str:
    attack, defense, _ = strengths(ctx, c, explain=False)
    try:
        odds = crt.odds(attack, defense)
    except IllegalAction:
        if not c.defense_artillery:
            raise
        # A declared attack stands: the defender's guns can push it to 1:6, an
        # automatic A ELIM, but not un-declare it.
        odds = "1:6"
    if c.air_power:
        odds = crt.shift(odds)
    return odds


def fraction_text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


# --- actions ------------------------------------------------------------------------------


def declare(ctx: GameContext, action: DeclareAttack) -> list[str]:
    error, combat = declare_error(ctx, action)
    if error:
        raise refuse(error)
    assert combat is not None  # declare_error gives a combat when it finds no error
    state = ctx.state
    state.next_combat += 1
    state.combats.append(combat)
    for a in combat.attackers:
        state.units[a].attacked = True
    for d in combat.defenders:
        state.units[d].defended = True
    for g in combat.artillery:
        state.units[g].supported = True
    if combat.air_power:
        state.air_used_turn = state.turn
    # The defender is handed the game to allocate his artillery: a declared attack stands.
    ctx.changes.add(
        Play.COMBAT | Play.LOCK, [*combat.attackers, *combat.defenders, *combat.artillery], [Hex(*combat.target)]
    )
    support = f" supported by {ctx.labels(combat.artillery)}" if combat.artillery else ""
    return [
        f"Attack {combat.id}: {ctx.labels(combat.attackers)}{support} against "
        f"{ctx.labels(combat.defenders)} at {ctx.hexname(combat.target)}, odds {combat.odds}"
    ]


def support_defense(ctx: GameContext, action: SupportDefense) -> list[str]:
    c = ctx.combat(action.combat)
    if c.resolved:
        raise refuse("Artillery: the defender allocates artillery before the combat is resolved")
    if ctx.state.pending:
        raise refuse(f"Combat: a result is waiting — {ctx.describe(ctx.state.pending[0])}")
    if len(set(action.artillery)) != len(action.artillery):
        raise refuse("Artillery: a battery is named twice")
    for g_id in action.artillery:
        error = defense_support_error(ctx, c, ctx.unit(g_id))
        if error:
            raise refuse(error)
    for g_id in action.artillery:
        ctx.state.units[g_id].supported = True
        c.defense_artillery.append(g_id)
    c.odds = column(ctx, c)
    ctx.changes.add(Play.COMBAT | Play.LOCK, action.artillery, [Hex(*c.target)])
    return [f"Defensive fire for attack {c.id}: {ctx.labels(action.artillery)}; odds now {c.odds}"]


def resolve(ctx: GameContext, action: Resolve) -> list[str]:
    c = ctx.combat(action.combat)
    if c.resolved:
        raise refuse("Combat: this combat has already been resolved")
    if ctx.state.pending:
        raise refuse(f"Combat: a result is waiting — {ctx.describe(ctx.state.pending[0])}")
    options = ctx.state.options
    attack, defense, breakdown = strengths(ctx, c)
    odds = column(ctx, c)
    automatic = odds in ("1:6", ">8:1")
    if action.roll is not None and not 2 <= action.roll <= 12:
        raise refuse(f"Dice: two dice roll 2 to 12, not {action.roll}")
    if action.roll is None and not automatic and options.dice == "hand":
        raise refuse("Dice: this game uses hand-rolled dice; enter the two-dice roll")
    faces: list[int] = []
    if automatic:
        roll = None
    elif action.roll is not None:
        roll = action.roll
    else:
        faces = [ctx.roll_die(), ctx.roll_die()]
        roll = sum(faces)
    result = crt.lookup(odds, roll or 7, options.crt_high_rolls)
    c.roll, c.result, c.resolved, c.odds = roll, result, True, odds
    c.as_rolled = RolledCombat(
        odds=odds,
        attack=str(attack),
        defense=str(defense),
        faces=faces,
        roll=roll,
        result=result,
        breakdown=breakdown,
    )
    # A roll, by the program or by hand, is new information; an automatic result is not.
    seen = Play.LOCK if roll is not None else Play.NONE
    ctx.changes.add(Play.COMBAT | seen, [*c.attackers, *c.defenders], [Hex(*c.target)])
    shown = f"rolled {roll}" + (f" ({faces[0]} and {faces[1]})" if faces else "") if roll is not None else "no roll needed"
    events = [f"Attack {c.id} at {odds}: {shown} — {result}"]
    c.stages = stages_of(result)
    events.extend(run_stages(ctx, c))
    return events


def roll_advance(ctx: GameContext, action: AdvanceRoll) -> list[str]:
    decision = ctx.pending()
    if decision is None or decision.kind != "advance_roll":
        raise refuse("D ELIM: no advance die is waiting to be rolled")
    if action.die is not None and not 1 <= action.die <= 6:
        raise refuse(f"Dice: a die rolls 1 to 6, not {action.die}")
    if action.die is None and ctx.state.options.dice == "hand":
        raise refuse("Dice: this game uses hand-rolled dice; enter the die")
    die = action.die if action.die is not None else ctx.roll_die()
    ctx.state.pending.pop(0)
    ctx.changes.add(Play.DECISION | Play.LOCK)
    c = ctx.combat(decision.combat)
    c.stages.insert(0, f"advance:attackers:mp:{die}")
    return [f"D ELIM: the advance die shows {die}: up to {die} MP of advance"] + run_stages(ctx, c)


def decline_advance(ctx: GameContext, action: DeclineAdvance) -> list[str]:
    decision = ctx.pending()
    if decision is None or decision.kind != "advance":
        raise refuse("Advance after combat: no advance is waiting")
    ctx.state.pending.pop(0)
    ctx.changes.add(Play.DECISION)
    return ["Advance after combat declined"] + run_stages(ctx, ctx.combat(decision.combat))


def stages_of(result: str) -> list[str]:
    """What a result sets off, in order (results.run_stages carries them out)."""
    if result == "A ELIM":
        return ["losses", "retreat:attackers:1"]
    if result.startswith("A BACK"):
        n = int(result.split()[-1])
        return [f"retreat:attackers:{n}", f"advance:defenders:hexes:{n - 1}"]
    if result == "CONTACT":
        return ["contact"]
    if result == "ENGAGED":
        return ["engaged"]
    if result == "EXCHANGE":
        return ["eliminate:defenders", "losses", "advance:attackers:hexes:1"]
    if result.startswith("D BACK"):
        n = int(result.split()[-1])
        return [f"retreat:defenders:{n}", f"advance:attackers:hexes:{max(1, n - 1)}"]
    if result == "D ELIM":
        return ["eliminate:defenders", "advance_roll"]
    raise ValueError(result)


def _stack_defenders(ctx: GameContext, i: int, side: str) -> tuple[list[UnitState], list[UnitState]]:
    units = ctx.position.units_at(i, side)
    combat_units = [u for u in units if u.kind not in ctx.rules.support_kinds]
    artillery = [u for u in units if u.kind in ctx.rules.support_kinds]
    return combat_units, artillery
