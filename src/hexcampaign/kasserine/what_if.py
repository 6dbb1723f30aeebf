"""What-if odds: an attack as it would stand after the defender's artillery fires for
it. The worst case for the attacker is every battery of the defender that could reach
the defending hex firing in its defence (each adds its support factor to the defence, so
more guns never help the attacker); its chance table is read on the column that leaves.
Also the odds while the defender picks some of his guns, before he commits them.

Everything is computed on a copy of the position: the game, its log and its undo are
untouched."""

from __future__ import annotations

from dataclasses import dataclass
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

    @property
    def changes_nothing(self) -> bool:
        """No battery of the defender can reach the hex: the odds declared stand."""
        return not self.guns


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
    return WorstCase(
        odds=after.odds,
        attack=after.attack_strength,
        defense=after.defense_strength,
        guns=guns,
        distribution=dict(after.distribution),
        automatic=crt.automatic_result(after.odds),
    )


__all__ = ["WorstCase", "copy_context", "reaching_guns", "with_defensive_fire", "worst_case"]
