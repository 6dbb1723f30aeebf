"""The questions players and the window ask a Kasserine Pass game without acting on it:
who and what is where, what a unit may do and why not, the odds of an attack before it
is declared, the legal actions. `Game` (game.py) is built on this class and adds the
actions, the log, undo, replay and saves; the questions never change the game.

Each refusal question gives the engine's one reason, the same function the matching
action asks (movement.movement_error, unit_work.breakdown_error, combat.support_error,
combat.defense_support_error, ...), so a question and its action cannot disagree.
"""

from __future__ import annotations

from collections.abc import Iterable

from hexcampaign.hexes import Hex
from hexcampaign.kasserine import combat, movement, phases, results, unit_work
from hexcampaign.kasserine.board import NO_HEX, Board
from hexcampaign.kasserine.combat import Combat
from hexcampaign.kasserine.context import (
    GameContext,
    copy_state,
    unit_views,
)
from hexcampaign.kasserine.legal import legal_actions, move_actions
from hexcampaign.kasserine.obligations import available_attackers
from hexcampaign.kasserine.position import refuse
from hexcampaign.kasserine.state import (
    Action,
    Decision,
    DeclareAttack,
    MoveUnit,
)
from hexcampaign.kasserine.units import UnitView
from hexcampaign.kasserine.what_if import (
    WorstCase,
    copy_context,
    with_defensive_fire,
    worst_case,
)
from hexcampaign.maps import HexMap


class GameQuestions:
    """Read-only questions on one game's context. What they use of the game is declared
    here; `Game` sets it up."""

    context: GameContext
    map: HexMap
    board: Board
    entry_zones: dict[str, list[Hex]]
    arrival_points: dict[str, list[Hex]]
    _view_cache: dict[str, tuple[tuple, UnitView]]

    def units(self) -> list[UnitView]:
        return list(self._views().values())

    def unit(self, unit_id: str) -> UnitView:
        self.context.unit(unit_id)  # an unknown id is refused with a sentence
        return self._views()[unit_id]

    def label(self, unit_id: str) -> str:
        """The unit as its counter names it, with its formation where names repeat."""
        return self.context.label(self.context.unit(unit_id))

    def hex_label(self, h: Hex) -> str:
        """The hex as the map prints it (4 digits), with its place's name."""
        return self.context.hexname(h)

    def pending(self) -> Decision | None:
        """The decision a combat result awaits (losses, retreat, advance) and whose it is."""
        return self.context.pending()

    def describe(self, decision: Decision, who: str | None = None) -> str:
        """The decision in a sentence naming the units by their counters; `who` names
        the one who decides ("Anna (German)"), by default "German player"."""
        return decision.describe(self.context.labels, who)

    def combats(self) -> list[Combat]:
        """The attacks declared this phase, resolved or not."""
        return [Combat(self.context, c.id) for c in self.context.state.combats]

    def zone_of_control(self, side: str) -> set[Hex]:
        zones = self.context.position.zoc(side)
        return {self.board.hexes[i] for i, units in enumerate(zones) if units}

    def held_places(self, side: str) -> list[str]:
        return sorted(name for name, holder in self.context.state.holders.items() if holder == side)

    def victory_points(self) -> int:
        return phases.victory_points(self.context)

    def victory_level(self) -> str:
        return phases.victory_level(self.context)

    def air_power_available(self) -> bool:
        return combat.air_power_error(self.context) is None

    def air_power_refusal(self) -> str | None:
        """Why Allied air power may not shift this attack now (the rule's sentence), or
        None when it may."""
        return combat.air_power_error(self.context)

    def reachable(self, unit_id: str) -> dict[Hex, int]:
        """Every hex the unit may end its move in now -> total MP spent this phase."""
        reach = movement.unit_range(self.context, self.context.unit(unit_id))
        ends = reach.ends
        # {hexes[i]: cost for i, cost in ends.items()}, built in C (a range has ~90 ends)
        return dict(zip(map(self.board.hexes.__getitem__, ends), ends.values()))

    def movement_refusal(self, unit_id: str) -> str | None:
        """Why the unit may move to no hex at all now (the one reason), or None when
        some hex is open to it."""
        ctx = self.context
        unit = ctx.unit(unit_id)
        error = movement.movement_error(ctx, unit)
        if error:
            return error
        if movement.unit_range(ctx, unit).ends:
            return None
        left = unit.mf - unit.mp_spent
        if left <= 0:
            return f"Movement: {ctx.label(unit)} has spent all its {unit.mf} MP this phase"
        return (
            f"Movement: {ctx.label(unit)} has {left} MP left and no hex it may reach with "
            "them (enemy units, their zones of control, terrain or stacking are in the way)"
        )

    def path_to(self, unit_id: str, goal: Hex) -> list[Hex]:
        """The cheapest path reachable() found to `goal` (start excluded); a hex out of
        reach is refused with the reason (enemy, stacking, zone of control, MP)."""
        ctx = self.context
        unit = ctx.unit(unit_id)
        reach = movement.unit_range(ctx, unit)
        i = self.board.index.get(goal, NO_HEX)
        if i not in reach.ends:
            raise refuse(movement.end_refusal(ctx, unit, i))
        return [self.board.hexes[j] for j in reach.route(i)]

    def entry_hexes(self, unit_id: str) -> list[Hex]:
        """Where a German unit may be placed in set-up: its entry zone; Italians within 2
        hexes of the east edge."""
        return movement.entry_hexes(self.context, self.context.unit(unit_id))

    def breakdown_refusal(self, unit_id: str) -> str | None:
        """Why the unit may not break down now (the one reason: side, half of the turn,
        the breakdown chart, stacking), or None. The BreakdownUnit action asks the same."""
        return unit_work.breakdown_error(self.context, self.context.unit(unit_id))[0]

    def bridge_destroyed(self, hex: Hex) -> bool:
        return (hex.q, hex.r) in self.context.state.destroyed_bridges

    def preview_attack(
        self,
        attackers: list[str],
        defenders: list[str],
        artillery: list[str] | None = None,
        air_power: bool = False,
    ) -> Combat:
        """The attack as declare_attack would declare it now — odds, factors and chances —
        without declaring it: it is declared on a copy of the position, so the game, its
        log and its undo are untouched (a declaration locks undo). Refused as
        declare_attack would refuse it."""
        ctx = self.context
        copy = GameContext(
            self.map, copy_state(ctx.state), self.entry_zones, self.arrival_points, self.board
        )
        combat.declare(copy, declaration(attackers, defenders, artillery, air_power))
        return Combat(copy, copy.state.combats[-1].id)

    def what_if_attack(
        self,
        attackers: list[str],
        defenders: list[str],
        artillery: list[str] | None = None,
        air_power: bool = False,
    ) -> WorstCase:
        """The attack previewed, after every battery of the defender that could reach the
        hex fires for it (the attacker's worst case); refused as declare_attack would."""
        trial = copy_context(self.context)
        combat.declare(trial, declaration(attackers, defenders, artillery, air_power))
        return worst_case(trial, trial.state.combats[-1].id)

    def worst_case(self, combat_id: Combat | int) -> WorstCase:
        """A declared attack after every defender battery in reach fires for it."""
        return worst_case(self.context, id_of_combat(combat_id))

    def preview_defense(self, combat_id: Combat | int, guns: list[str]) -> Combat:
        """A declared attack as it would stand if `guns` fired in its defence, before the
        defender commits them; refused as SupportDefense would refuse them."""
        return with_defensive_fire(self.context, id_of_combat(combat_id), list(guns))

    def attacker_refusal(self, unit_id: str, target: Hex) -> str | None:
        """Why the unit may not attack the hex `target` now (the one reason), or None."""
        ctx = self.context
        i = self.board.index.get(target, NO_HEX)
        if i == NO_HEX:
            return "Map: the hex is off the map"
        return combat.combat_phase_error(ctx) or combat.attacker_error(ctx, ctx.unit(unit_id), i)

    def support_refusal(self, unit_id: str, attackers: list[str]) -> str | None:
        """Why the battery may not support an attack by `attackers` now (the one
        reason: side, already supporting, range, the MP to fight), or None."""
        ctx = self.context
        return combat.combat_phase_error(ctx) or combat.support_error(
            ctx, ctx.unit(unit_id), list(attackers)
        )

    def available_attackers(self, target: Hex) -> list[UnitView]:
        """The side to play's units that may still attack the hex `target` this phase."""
        i = self.board.index.get(target, NO_HEX)
        if i == NO_HEX:
            return []
        return [self.unit(u.id) for u in available_attackers(self.context, i)]

    def target_refusal(self, target: Hex) -> str | None:
        """Why the side to play may not attack the stack in `target` now, or None."""
        i = self.board.index.get(target, NO_HEX)
        if i == NO_HEX:
            return "Map: the hex is off the map"
        return combat.target_error(self.context, i)

    def attackable_defenders(self, target: Hex) -> list[UnitView]:
        """The enemy units in `target` an attack may name now: its combat units not yet
        attacked (artillery in a stack is attacked as if it were not there), or the
        artillery standing alone."""
        i = self.board.index.get(target, NO_HEX)
        if i == NO_HEX:
            return []
        return [self.unit(u.id) for u in combat.attackable_defenders(self.context, i)]

    def selective_attack(self) -> bool:
        """May the side to play attack some units of a stack (the Germans), or must it
        attack a whole stack as one combat (the Allies)?"""
        return combat.selective_attack(self.context)

    def artillery_in_range(self, attackers: list[str]) -> list[UnitView]:
        """The side to play's batteries, not yet supporting this phase, in range of one
        of `attackers`; support_refusal says which of them may not fire (the MP)."""
        ctx = self.context
        return [
            self.unit(u.id)
            for u in ctx.state.units.values()
            if not u.eliminated and combat.support_reach_error(ctx, u, list(attackers)) is None
        ]

    def defense_artillery(self, combat_id: Combat | int) -> list[UnitView]:
        """The defender's batteries that may fire in defence against the attack now."""
        ctx = self.context
        c = ctx.combat(id_of_combat(combat_id))
        return [
            self.unit(u.id)
            for u in ctx.state.units.values()
            if not u.eliminated and combat.defense_support_error(ctx, c, u) is None
        ]

    def defense_support_refusal(self, combat_id: Combat | int, unit_id: str) -> str | None:
        """Why the battery may not fire in defence against the attack, or None."""
        ctx = self.context
        return combat.defense_support_error(
            ctx, ctx.combat(id_of_combat(combat_id)), ctx.unit(unit_id)
        )

    def retreat_paths(self, unit_id: str) -> list[list[Hex]]:
        """The legal retreats of a unit the pending decision asks to retreat."""
        decision = self.pending()
        if decision is None or decision.kind != "retreat" or unit_id not in decision.units:
            return []
        paths = self.context.position.retreat_paths(self.context.unit(unit_id), decision.hexes)
        return [[self.board.hexes[i] for i in p] for p in paths]

    def advance_paths(self, unit_id: str) -> list[list[Hex]]:
        """The legal advances of a unit the pending decision lets advance."""
        decision = self.pending()
        if decision is None or decision.kind != "advance" or unit_id not in decision.units:
            return []
        paths = results.advance_paths(self.context, self.context.unit(unit_id), decision)
        return [[self.board.hexes[i] for i in p] for p in paths]

    def obligations(self) -> list[str]:
        """What must still happen before the phase may end (empty when it may)."""
        return phases.obligations(self.context)

    def legal_actions(self, moves: bool = True) -> list[Action]:
        """What the side to play may do now, as action values for apply().

        moves=False leaves out the (many) movement actions; legal_moves(unit) lists them
        unit by unit."""
        return legal_actions(self.context, moves)

    def legal_moves(self, unit_id: str) -> list[MoveUnit]:
        """The move actions of one unit: one per hex it may end in, along the cheapest path."""
        return move_actions(self.context, [self.context.unit(unit_id)])

    def _views(self) -> dict[str, UnitView]:
        """Every unit's (frozen) view, kept with the position (context.unit_views)."""
        return unit_views(self.context, self._view_cache)


def id_of_combat(combat: Combat | int) -> int:
    return combat.id if isinstance(combat, Combat) else int(combat)


def declaration(
    attackers: Iterable[str],
    defenders: Iterable[str],
    artillery: Iterable[str] | None,
    air_power: bool,
) -> DeclareAttack:
    """The action declare_attack applies and preview_attack tries on a copy."""
    return DeclareAttack(
        attackers=list(attackers),
        defenders=list(defenders),
        artillery=list(artillery or []),
        air_power=air_power,
    )
