"""What a formation is made of: composition limits, mechanised status, self-defence."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from hexcampaign.campaign.tables import Limits, campaign_rules
from hexcampaign.campaign.unit_chart import UnitType
from hexcampaign.rules import IllegalAction

GROUP_WORDS = {
    "infantry": "infantry companies",
    "armour": "tank, StuG, light tank, SP gun or armoured car units",
    "artillery": "medium/heavy artillery or heavy mortar units",
}


def composition_counts(types: Sequence[UnitType]) -> Counter[str]:
    rules = campaign_rules()
    return Counter(rules.group(t.category) for t in types)


def composition_text(kind: str, types: Sequence[UnitType]) -> str:
    """ "infantry 2/3, armour 3/3, total 5/6" (a corps HQ adds its artillery count)."""
    limits = _limits(kind)
    counts = composition_counts(types)
    text = (
        f"infantry {counts['infantry']}/{limits.infantry}, armour {counts['armour']}/{limits.armour}, "
        f"total {_non_artillery(counts)}/{limits.total}"
    )
    if kind == "corps":
        text += f", artillery {counts['artillery']}/{limits.artillery}"
    return text


def check_composition(kind: str, name: str, types: Sequence[UnitType]) -> None:
    """Refuse a formation contents that break the draft's limits, naming the limit."""
    limits = _limits(kind)
    rule = "Corps HQ limit" if kind == "corps" else "Division limit"
    holder = "a corps HQ" if kind == "corps" else "a division"
    counts = composition_counts(types)
    if counts["air"]:
        raise IllegalAction(
            "Air support: air assets stay in the Army HQ box and are assigned to battles "
            "from there, never to a formation",
            rule="Air support",
        )
    if counts["artillery"] and limits.artillery == 0:
        raise IllegalAction(
            f"{rule}: a division may not include medium or heavy artillery or heavy mortars "
            f"({name})",
            rule=rule,
        )
    for group in ("infantry", "armour", "artillery"):
        allowed = getattr(limits, group)
        if counts[group] > allowed:
            raise IllegalAction(
                f"{rule}: at most {allowed} {GROUP_WORDS[group]} in {holder} ({name} would have "
                f"{counts[group]})",
                rule=rule,
            )
    if _non_artillery(counts) > limits.total:
        extra = " besides its artillery" if kind == "corps" else ""
        raise IllegalAction(
            f"{rule}: at most {limits.total} combat units in {holder}{extra} ({name} would have "
            f"{_non_artillery(counts)})",
            rule=rule,
        )


def holds_foot_infantry(types: Sequence[UnitType]) -> bool:
    return any(t.category == "infantry" and not t.motorised for t in types)


def can_defend_itself(types: Sequence[UnitType]) -> bool:
    """A division of support units only (or none) is overrun by an enemy entering its hex."""
    groups = composition_counts(types)
    return bool(groups["infantry"] or groups["armour"])


def _non_artillery(counts: Counter[str]) -> int:
    return sum(n for g, n in counts.items() if g not in ("artillery", "air"))


def _limits(kind: str) -> Limits:
    return campaign_rules().limits["corps" if kind == "corps" else "division"]
