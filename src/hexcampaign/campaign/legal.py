"""What the side to play (or the umpire) may do now, for menus and random play."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hexcampaign.campaign.attacks import attack_options
from hexcampaign.campaign.movement import reachable
from hexcampaign.campaign.production import check_build, check_purchase, check_transfer
from hexcampaign.campaign.state import ARMY_HQ, to_hex
from hexcampaign.campaign.tables import campaign_rules
from hexcampaign.campaign.turn import open_items
from hexcampaign.campaign.world import World
from hexcampaign.hexes import Hex
from hexcampaign.rules import IllegalAction


@dataclass(frozen=True)
class LegalAction:
    """One kind of thing that may be done now, with its legal choices.

    kind: "build", "transfer", "assign", "move", "attack", "support_defense", "result",
    "retreat", "advance", "pursuit", "purchase", "end_phase". `subject` is what it is about
    (a formation kind to build, a unit, a formation, a battle); `choices` are hexes,
    formation ids or unit type ids, depending on the kind.
    """

    kind: str
    subject: str | None
    choices: tuple[Hex | str, ...] = ()


def legal_actions(c: World) -> list[LegalAction]:
    side = c.side_to_play
    actions: list[LegalAction] = []
    phase = c.phase
    if phase == "reinforcement":
        capital = to_hex(c.setup.capitals[side])
        for kind in campaign_rules().build_costs:
            hexes = tuple(h for h in capital.within(1) if _ok(check_build, c, side, kind, h))
            if hexes:
                actions.append(LegalAction("build", kind, hexes))
        mine = c.formations_of(side)
        for u in c.state.units.values():
            if u.side == side and u.where == ARMY_HQ:
                fids = tuple(f.id for f in mine if _ok(check_transfer, c, u.id, f.id))
                if fids:
                    actions.append(LegalAction("transfer", u.id, fids))
        corps = tuple(f.id for f in mine if f.kind == "corps")
        for f in mine:
            if f.kind != "corps" and corps:
                actions.append(LegalAction("assign", f.id, corps))
    elif phase == "movement":
        for f in c.formations_of(side):
            reach = reachable(c, f.id)
            if reach:
                actions.append(LegalAction("move", f.id, tuple(sorted(reach))))
    elif phase == "attack_orders":
        for defender, attackers in attack_options(c).items():
            actions.append(LegalAction("attack", defender, tuple(attackers)))
        for b in c.battles_this_turn():
            if b.kind == "battle":
                actions.append(LegalAction("support_defense", b.id))
    elif phase == "purchase":
        chart = c.setup.charts[side]
        types = tuple(t.id for t in chart.types if _ok(check_purchase, c, side, t.id))
        if types:
            actions.append(LegalAction("purchase", side, types))
    items = open_items(c)
    for item in items:
        if item.kind == "result":
            actions.append(LegalAction("result", item.battle))
        elif item.kind == "retreat" and item.choices:
            actions.append(LegalAction("retreat", item.formation, item.choices))
        elif item.kind == "advance":
            actions.append(LegalAction("advance", item.formation, item.choices))
        elif item.kind == "pursuit":
            actions.append(LegalAction("pursuit", item.battle, (item.formation or "",)))
    if not any(i.blocking for i in items):
        actions.append(LegalAction("end_phase", None))
    return actions


def _ok(check: Callable[..., object], *args: object) -> bool:
    try:
        check(*args)
    except IllegalAction:
        return False
    return True
