"""What-if odds: an attack as it would stand after the defender's artillery fires for
it. The worst case for the attacker is every battery of the defender that could reach
the defending hex firing in its defence (each adds its support factor to the defence, so
more guns never help the attacker); its chance table is read on the column that leaves.
Also the odds while the defender picks some of his guns, before he commits them.

Everything is computed on a copy of the position: the game, its log and its undo are
untouched."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from hexcampaign.kasserine import combat, crt
from hexcampaign.kasserine.combat import Combat
from hexcampaign.kasserine.context import GameContext, copy_state
from hexcampaign.kasserine.state import SupportDefense


@dataclass(frozen=True)
class WorstCase:
    """The attack after every defender battery that can reach the hex fires for it."""

    odds: str  # the column the roll would be read on
    attack: Fraction
    defense: Fraction
    guns: list[str]  # the batteries that could fire (ids), none when no gun reaches
    distribution: dict[str, Fraction]  # result words -> chance on that column
    automatic: str | None  # the result without a roll (1:6 A ELIM, >8:1), or None
    gun_names: list[str] = field(default_factory=list)  # the guns as their counters say
    defender: str = "allied"  # the side whose guns they are
    declared_odds: str = ""  # the column before any defensive fire

    @property
    def changes_nothing(self) -> bool:
        """No battery of the defender can reach the hex: the odds declared stand."""
        return not self.guns

    def sentence(self) -> str:
        """The worst case as the players read it: the guns by their counters' names, the
        column they leave and the factors; or that no gun reaches and the odds stand."""
        side = "Allied" if self.defender == "allied" else "German"
        if self.changes_nothing:
            return f"No {side} battery can reach the hex: the odds of {self.declared_odds} stand."
        names = _and_list(self.gun_names)
        verb = "fires" if len(self.gun_names) == 1 else "fire"
        automatic = f", {self.automatic} without a roll" if self.automatic else ""
        return (
            f"Worst case, if {side} {names} {verb} in defence: {self.odds}{automatic} "
            f"(attack {_number(self.attack)} against defence {_number(self.defense)})."
        )


def _and_list(words: list[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}".rstrip("0")


def copy_context(ctx: GameContext) -> GameContext:
    """A context on a copy of the state, to try actions on without touching the game."""
    return GameContext(
        ctx.map, copy_state(ctx.state), ctx.entry_zones, ctx.arrival_points, ctx.board
    )


def reaching_guns(ctx: GameContext, combat_id: int) -> list[str]:
    """The defender's batteries that may fire in defence against the declared attack."""
    c = ctx.combat(combat_id)
    return [
        u.id
        for u in ctx.state.units.values()
        if not u.eliminated and combat.defense_support_error(ctx, c, u) is None
    ]


def with_defensive_fire(ctx: GameContext, combat_id: int, guns: list[str]) -> Combat:
    """The declared attack as it would stand if `guns` fired in its defence (refused as
    SupportDefense would refuse them), on a copy of the position."""
    trial = copy_context(ctx)
    if guns:
        combat.support_defense(trial, SupportDefense(combat=combat_id, artillery=list(guns)))
    return Combat(trial, combat_id)


def worst_case(ctx: GameContext, combat_id: int) -> WorstCase:
    """The declared attack after every defender battery in reach fires for it."""
    guns = reaching_guns(ctx, combat_id)
    after = with_defensive_fire(ctx, combat_id, guns)
    declared = ctx.combat(combat_id)
    return WorstCase(
        odds=after.odds,
        attack=after.attack_strength,
        defense=after.defense_strength,
        guns=guns,
        distribution=dict(after.distribution),
        automatic=crt.automatic_result(after.odds),
        gun_names=[ctx.label(ctx.state.units[g]) for g in guns],
        defender=after.defending_side,
        declared_odds=declared.odds,
    )


__all__ = [
    "WorstCase",
    "copy_context",
    "reaching_guns",
    "with_defensive_fire",
    "worst_case",
]
