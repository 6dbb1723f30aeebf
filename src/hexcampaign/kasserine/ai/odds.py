"""What an attack is worth before the dice are rolled: the odds column the attack would
be read on and the value of each CRT result, averaged over the roll's distribution.

The values are in combat factors, from the attacker's side: losing a factor costs one,
destroying an enemy factor earns one; retreats and contacts are worth a little.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from hexcampaign.kasserine import crt
from hexcampaign.rules import IllegalAction

NO_ATTACK = "none"  # worse than 1:6: the rulebook forbids the attack


def column(attack: float, defense: float) -> str:
    """The odds column, rounded for the defender, or NO_ATTACK below 1:6."""
    try:
        return crt.odds(Fraction(attack).limit_denominator(64), Fraction(defense).limit_denominator(64))
    except IllegalAction:
        return NO_ATTACK


@lru_cache(maxsize=64)
def distribution(odds_column: str, high_rolls: str) -> tuple[tuple[str, float], ...]:
    if odds_column == NO_ATTACK:
        return ()
    return tuple((word, float(p)) for word, p in crt.distribution(odds_column, high_rolls).items())


def result_value(word: str, attack_cf: float, defense_cf: float, loss_factors: float) -> float:
    """One result's worth to the attacker. `attack_cf`: the attackers' basic factors;
    `defense_cf`: the defenders'; `loss_factors`: what A ELIM and EXCHANGE take."""
    parts = word.split()
    if word == "A ELIM":
        return -min(attack_cf, loss_factors) - 0.5 - 0.2 * max(attack_cf - loss_factors, 0)
    if parts[:2] == ["A", "BACK"]:
        return -0.4 - 0.2 * int(parts[2])
    if word == "CONTACT":
        return 0.4
    if word == "ENGAGED":
        return -0.1
    if word == "EXCHANGE":
        return defense_cf - min(attack_cf, loss_factors) + 0.8
    if parts[:2] == ["D", "BACK"]:
        return 1.0 + 0.35 * int(parts[2]) + 0.1 * defense_cf
    if word == "D ELIM":
        return defense_cf + 1.5
    return 0.0


def attack_value(
    odds_column: str,
    attack_cf: float,
    defense_cf: float,
    loss_factors: float,
    high_rolls: str = "mirror",
) -> float:
    """The average worth of an attack on this column; very bad when it is not allowed."""
    dist = distribution(odds_column, high_rolls)
    if not dist:
        return -100.0
    return sum(p * result_value(w, attack_cf, defense_cf, loss_factors) for w, p in dist)


def chance_defender_moves(odds_column: str, high_rolls: str = "mirror") -> float:
    """The chance the defender leaves the hex (D BACK, D ELIM, EXCHANGE): the road opens."""
    return sum(p for w, p in distribution(odds_column, high_rolls) if w.startswith("D ") or w == "EXCHANGE")
