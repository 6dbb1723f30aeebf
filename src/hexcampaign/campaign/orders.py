"""The campaign at a distance (issue 29 items 3-5): the player's desk and the umpire's
import of its orders.

    data = side_package(campaign, "german")   # bytes: that side's view, its decisions
    desk = PlayerDesk.open(data)              # desk.side, desk.campaign_view (queries)
    desk.legal_actions(); desk.apply(action)  # that side's actions this phase
    orders = desk.orders()                    # bytes, sealed with a SHA-256 digest
    lines = import_orders(campaign, orders)   # one sentence per order applied or refused

The desk plans on the world rebuilt from the package alone (packages.desk_world: the
unknown enemy is absent), with the engine's own rules (legal.py and the checks every
action meets); a refusal is the engine's IllegalAction, naming the rule as the umpire's
desk does. The orders file holds the same typed actions the umpire's desk applies.

`import_orders` first checks the file whole (format, digest, campaign, turn, phase,
side) and refuses it whole with OrdersError and one sentence; then each order meets
the engine on the true position and is applied as the very action the umpire would
have entered. An order the true position refuses but the side's own view allows (a
hidden enemy in the way) is told apart in its sentence; `check_orders` gives the
verdicts without changing anything, and `apply_partial=False` sends the file back
whole if any order cannot be carried out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import ValidationError

from hexcampaign.campaign import actions as A
from hexcampaign.campaign import play
from hexcampaign.campaign.battle_sheet import side_sheet
from hexcampaign.campaign.campaign import Campaign, CampaignChanges
from hexcampaign.campaign.fog import world_of
from hexcampaign.campaign.legal import LegalAction
from hexcampaign.campaign.names import combat_units, player
from hexcampaign.campaign.packages import (
    VERSION,
    Head,
    OrdersError,
    Package,
    PackageError,
    campaign_id,
    campaign_name,
    desk_legal_actions,
    desk_world,
    read_package,
    seal,
    side_package,
    unseal,
)
from hexcampaign.campaign.phases import PHASE_TITLES
from hexcampaign.campaign.sheet_form import BattleSheet
from hexcampaign.campaign.state import to_hex
from hexcampaign.campaign.world import World
from hexcampaign.rules import IllegalAction

ORDERS_FORMAT = "hexcampaign-orders"
ORDERS_SUFFIX = ".hxorders"
# What a player orders; everything else (results, the end of a phase, corrections,
# deployments, weather, names) is the umpire's.
PLAYER_ORDERS = (
    A.Purchase,
    A.PurchaseList,
    A.Build,
    A.Transfer,
    A.Assign,
    A.Move,
    A.DeclareAttack,
    A.SupportDefense,
    A.CancelAttack,
    A.Retreat,
    A.Advance,
    A.Pursuit,
)
# The Campaign calls that change it: the desk's view answers queries only.
_CHANGES = frozenset(
    {
        "apply",
        "undo",
        "end_phase",
        "purchase",
        "purchase_all",
        "build_division",
        "build_corps",
        "transfer",
        "assign_to_corps",
        "deploy",
        "move",
        "declare_attack",
        "support_defense",
        "cancel_attack",
        "set_weather",
        "enter_result",
        "retreat",
        "advance",
        "pursuit",
        "adjust_pp",
        "amend_result",
        "restore_unit",
        "umpire_move",
        "set_strength",
        "set_experience",
        "rename",
        "save",
        "replay",
    }
)


class StaleOrdersError(OrdersError):
    """Orders planned on an earlier package than the position now would make: refused
    unless the umpire asks to check them against the position anyway (allow_changed)."""


__all__ = [
    "ORDERS_FORMAT",
    "ORDERS_SUFFIX",
    "DeskView",
    "OrderCheck",
    "OrdersError",
    "OrdersFile",
    "PlayerDesk",
    "StaleOrdersError",
    "check_orders",
    "import_orders",
    "read_orders",
    "side_package",
]


# --- the player's desk ------------------------------------------------------------------


class DeskView:
    """The campaign as the desk's side knows it: every query of Campaign, answered on
    the world rebuilt from the package. It changes only through PlayerDesk.apply."""

    def __init__(
        self,
        campaign: Campaign,
        side: str = "",
        met: dict[str, int] | None = None,
        sheets: dict[str, BattleSheet] | None = None,
    ) -> None:
        self._campaign = campaign
        self._world = world_of(campaign)  # fog.side_view and the reports take the view
        self._side = side
        self._met = dict(met or {})  # enemy formation id -> combat units its sheet gave
        self._sheets = dict(sheets or {})  # battle id -> the umpire's sheet for this side

    def battle_sheet(self, battle: Any, side: str | None = None) -> BattleSheet:
        """The side's sheet, whatever `side` asks: the one the umpire sent in the
        package, or for an attack planned at this desk the side's sheet made here, with
        the enemy's combat units only where a battle showed them."""
        bid = battle if isinstance(battle, str) else battle.id
        if bid in self._sheets:
            return self._sheets[bid]
        sheet = side_sheet(self._campaign.battle_sheet(bid), self._side)
        oobs = {
            who: [
                line
                if who == self._side or line.formation_id in self._met
                else line.model_copy(update={"unit": "combat units not known"})
                for line in lines
            ]
            for who, lines in sheet.oobs.items()
        }
        return sheet.model_copy(update={"oobs": oobs})

    def known_in_full(self, fid: str) -> bool:
        """Only the desk side's own formations: of the enemy the desk holds placeholders."""
        return not self._side or self._campaign.formation(fid).side == self._side

    def formation_summary(self, fid: str) -> str:
        """As Campaign's for the side's own formations; of an enemy formation the desk
        holds a placeholder, so it says what the fog rules let the side know and no more
        (never experience or digging in; combat units only when met in a battle)."""
        if self.known_in_full(fid):
            return self._campaign.formation_summary(fid)
        if fid in self._met:
            return (
                f"{combat_units(self._met[fid])} met in battle; experience and digging in not known"
            )
        return "strength, experience and digging in not known"

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "_campaign":
            raise AttributeError(name)  # (copy and pickle ask before __init__ has run)
        if name in _CHANGES:
            raise AttributeError(
                f"The player's desk changes only through PlayerDesk.apply; {name} is not a query"
            )
        return getattr(self._campaign, name)


class PlayerDesk:
    """One side's desk, opened from its package: plans that side's orders for the phase
    the package is for, on what the side can know, and writes them as an orders file."""

    def __init__(self, package: Package) -> None:
        self.package = package
        self.side = package.side
        self._orders: list[A.CampaignAction] = []
        self._reset()

    @classmethod
    def open(cls, data: bytes | str, orders: bytes | str | None = None) -> PlayerDesk:
        """The desk of a package's bytes; PackageError with one sentence if damaged.
        `orders`: an orders file written at this desk before (a player's work kept
        between sittings), whose orders are given again."""
        desk = cls(read_package(data))
        if orders is not None:
            try:
                doc = unseal(orders, ORDERS_FORMAT, "orders file")
            except PackageError as e:
                raise OrdersError(str(e)) from None
            if doc.get("package") != desk.package.digest or not isinstance(doc.get("orders"), list):
                raise OrdersError("These orders were not planned on this package.")
            for item in doc["orders"]:
                desk.apply(_typed(item))
        return desk

    def _reset(self) -> None:
        w = desk_world(self.package)
        self._campaign = Campaign(w.map, w.setup, w.state)
        self._world = world_of(self._campaign)
        met = {
            str(e["id"]): int(e["combat_units"])
            for e in self.package.content.get("enemy", [])
            if e.get("combat_units") is not None
        }
        sheets = {
            str(b["id"]): BattleSheet.model_validate(b["sheet"])
            for b in self.package.content.get("battles", [])
        }
        self.campaign_view = DeskView(self._campaign, self.side, met, sheets)

    @property
    def decisions(self) -> list[str]:
        """The open decisions as the package words them."""
        return [str(x) for x in self.package.content.get("decisions", [])]

    @property
    def planned(self) -> list[A.CampaignAction]:
        """The orders given so far, in order."""
        return list(self._orders)

    def legal_actions(self) -> list[LegalAction]:
        """What the rules give this side now, computed on what it can know."""
        return desk_legal_actions(self._world, self.side)

    def apply(self, action: A.CampaignAction | dict[str, Any]) -> CampaignChanges | None:
        """Check an order on the desk's world and record it; IllegalAction naming the
        rule otherwise. A pursuit is checked but not rolled (the die is the umpire's):
        it returns None and the desk's world stays as it was."""
        w = self._world
        typed = _typed(action)
        problem = _not_the_players(w, typed, self.side)
        if problem:
            raise IllegalAction(problem, "Orders")
        if isinstance(typed, A.Pursuit):
            saved, count = w.state.model_copy(deep=True), len(w.actions)
            try:
                play.apply(w, typed.model_copy(update={"roll": 1}))
            finally:
                w.state = saved
                del w.actions[count:]
            self._orders.append(typed)
            return None
        changes = self._campaign.apply(typed)
        self._orders.append(typed)
        return changes

    def take_back(self) -> None:
        """Withdraw the last order (the desk's world is rebuilt without it)."""
        if not self._orders:
            raise IllegalAction("Orders: there is no order to take back", "Orders")
        kept = self._orders[:-1]
        self._orders = []
        self._reset()
        for action in kept:
            self.apply(action)

    def orders(self) -> bytes:
        """The orders file: the orders with the campaign id, turn, phase and side they
        are for, sealed with a SHA-256 digest."""
        p = self.package
        return seal(
            {
                "format": ORDERS_FORMAT,
                "version": VERSION,
                "campaign": p.campaign,
                "name": p.name,
                "turn": p.turn,
                "phase": p.phase,
                "side": p.side,
                "side_turn": p.side_turn,
                "side_to_play": p.side_to_play,
                "package": p.digest,
                "orders": [a.document() for a in self._orders],
            }
        )


def _typed(action: A.CampaignAction | dict[str, Any]) -> A.CampaignAction:
    try:
        return A.parse_action(action)
    except ValidationError:
        raise IllegalAction("Orders: this is not an order the campaign knows", "Orders") from None


def _not_the_players(w: World, action: A.CampaignAction, side: str) -> str | None:
    """Why `side`'s player may not give this order at all, or None."""
    what = order_text(w, action)
    if not isinstance(action, PLAYER_ORDERS):
        return f"Orders: {what} is the umpire's to make, not {player(side)}'s"
    if isinstance(action, A.Pursuit) and (action.roll is not None or action.by_dice):
        return "Pursuit: the die is the umpire's; a player's pursuit order carries no roll"
    who = play.actor(w, action)
    if who is not None and side not in who:
        other = next(iter(who))
        return f"Orders: {player(side)} orders {side} forces only; {what} is {other}'s"
    return None


def order_text(w: World, action: A.CampaignAction) -> str:
    """An order as the umpire reads it in a sentence (before it is applied)."""
    s = w.state

    def name(fid: str) -> str:
        f = s.formations.get(fid)
        return f"the {f.side} {f.name}" if f is not None else f"formation {fid}"

    if isinstance(action, A.Build):
        label = (
            w.map.label(to_hex(action.where))
            if w.map.contains(to_hex(action.where))
            else "off the map"
        )
        return f"building a new {action.kind} formation at {label}"
    if isinstance(action, A.Purchase | A.PurchaseList):
        ids = [action.type_id] if isinstance(action, A.Purchase) else list(action.type_ids)
        chart = w.setup.charts.get(action.side)
        names = [chart.type(t).name if chart and chart.has(t) else t for t in ids]
        return f"the purchase of {', '.join(names) or 'nothing'}"
    if isinstance(action, A.Transfer):
        unit = w.unit_label(action.uid) if action.uid in s.units else f"unit {action.uid}"
        return f"the transfer of {unit} to {name(action.fid)}"
    if isinstance(action, A.Assign):
        corps = "no corps" if action.corps_id is None else name(action.corps_id)
        return f"putting {name(action.fid)} under {corps}"
    if isinstance(action, A.DeclareAttack):
        return f"the attack of {', '.join(name(f) for f in action.attackers)} on {name(action.defender)}"
    if isinstance(action, A.SupportDefense):
        return f"defensive support for battle {action.battle}"
    if isinstance(action, A.CancelAttack):
        return f"calling off battle {action.battle}"
    if isinstance(action, A.Pursuit):
        return f"a pursuit after battle {action.battle}"
    try:
        return play.describe(w, action)
    except (KeyError, ValueError, IllegalAction):
        return str(action.get("act")).replace("_", " ")


# --- the umpire's import ----------------------------------------------------------------


@dataclass(frozen=True)
class OrdersFile(Head):
    """An orders file read and checked whole against the campaign."""

    orders: tuple[A.CampaignAction, ...]


@dataclass(frozen=True)
class OrderCheck:
    """One order's verdict against the true position: "legal" (applied, or would be),
    "unseen" (refused for something the side could not see: its own view allows it),
    or "refused" (the rules forbid it whatever the side knew)."""

    index: int  # 1-based, in the file's order
    action: A.CampaignAction
    status: Literal["legal", "unseen", "refused"]
    sentence: str


def read_orders(
    campaign: Campaign, data: bytes | str, side: str | None = None, allow_changed: bool = False
) -> OrdersFile:
    """The orders of a file checked whole: format, digest, campaign, side (`side`: the
    one the umpire expects, else any side with a decision this phase), turn and phase,
    and that they were planned on the side's package of the position now (a file
    imported twice, or planned before a correction, is refused unless `allow_changed`).
    OrdersError with one sentence when it is refused whole."""
    w = world_of(campaign)
    try:
        doc = unseal(data, ORDERS_FORMAT, "orders file")
    except PackageError as e:
        raise OrdersError(str(e)) from None
    try:
        head = (
            str(doc["campaign"]),
            str(doc["name"]),
            doc["turn"],
            str(doc["phase"]),
            str(doc["side"]),
        )
        turn, side_turn, raw = doc["turn"], doc["side_turn"], doc["orders"]
        if not isinstance(turn, int) or not isinstance(side_turn, int) or not isinstance(raw, list):
            raise TypeError
    except (KeyError, TypeError):
        raise OrdersError("The orders file is damaged: its head is not an orders file's.") from None
    ident, name, _, phase, who = head
    orders = []
    for i, item in enumerate(raw, 1):
        try:
            orders.append(A.parse_action(item))
        except ValidationError:
            raise OrdersError(f"The orders file is damaged: order {i} is not an order.") from None
    here = campaign_id(w)
    if ident != here:
        raise OrdersError(
            f"These orders are for another campaign ({name}, id {ident}); this is "
            f"{campaign_name(w)}, id {here}."
        )
    if who not in w.sides:
        raise OrdersError(f"These orders are for a side {who!r} this campaign does not have.")
    if side is not None and who != side:
        raise OrdersError(f"These orders are {player(who)}'s, not {player(side)}'s.")
    now = f"{w.side_to_play}'s {PHASE_TITLES[w.phase]} phase of turn {w.turn}"
    if (turn, side_turn) != (w.turn, w.state.side_turn):
        raise OrdersError(
            f"These orders of {player(who)} are for turn {turn} ({doc.get('side_to_play')}'s "
            f"half); the campaign is at {now}."
        )
    if phase != w.phase:
        title = PHASE_TITLES.get(phase, phase)
        raise OrdersError(
            f"These orders of {player(who)} are for the {title} phase; the campaign is at {now}."
        )
    if not has_decisions(w, who):
        raise OrdersError(f"These orders are {player(who)}'s, who has nothing to decide in {now}.")
    if not allow_changed and doc.get("package") != read_package(side_package(w, who)).digest:
        raise StaleOrdersError(
            f"These orders of {player(who)} were planned on an earlier package: the position "
            "has changed since it was made (these or other orders imported, or a correction); "
            f"send {player(who)} a new package, or import them anyway."
        )
    return OrdersFile(ident, name, turn, phase, who, side_turn, tuple(orders))


def has_decisions(w: World, side: str) -> bool:
    """Whether `side` decides anything in the phase now: the side to play always; the
    other side its defensive support and its retreats."""
    if side == w.side_to_play:
        return True
    if w.phase == "attack_orders":
        return any(b.defender_side == side for b in w.battles_this_turn() if b.kind == "battle")
    if w.phase in ("retreat_advance", "pursuit"):
        return any(
            status == "pending"
            and fid in w.state.formations
            and w.state.formations[fid].side == side
            for b in w.battles_this_turn()
            for fid, status in b.retreats.items()
        )
    return False


def check_orders(
    campaign: Campaign, data: bytes | str, side: str | None = None, allow_changed: bool = False
) -> list[OrderCheck]:
    """Each order's verdict, on a copy of the campaign (nothing changes)."""
    f = read_orders(campaign, data, side, allow_changed)
    c = world_of(campaign)
    trial = Campaign(c.map, c.setup, c.state.model_copy(deep=True), list(c.actions))
    return _judge(trial, f)


def import_orders(
    campaign: Campaign,
    data: bytes | str,
    apply_partial: bool = True,
    side: str | None = None,
    allow_changed: bool = False,
) -> list[str]:
    """Apply a player's orders file; one sentence per order applied or refused.

    The file is checked whole first (OrdersError: another campaign, the wrong side,
    turn or phase, damaged, planned on an earlier package unless `allow_changed`). Each order is then applied as the typed action it is; an
    order the true position refuses is left out and told in its sentence. With
    `apply_partial=False` nothing is applied unless every order can be, and OrdersError
    sends the file back naming the first that cannot."""
    f = read_orders(campaign, data, side, allow_changed)
    if not apply_partial:
        bad = [x for x in check_orders(campaign, data, side, True) if x.status != "legal"]
        if bad:
            raise OrdersError(
                f"The orders of {player(f.side)} are sent back: {len(bad)} of {len(f.orders)} "
                f"cannot be carried out; the first: {bad[0].sentence}"
            )
    return [x.sentence for x in _judge(campaign, f)]


def _judge(campaign: Campaign, f: OrdersFile) -> list[OrderCheck]:
    """Apply each order to `campaign` in turn, and in parallel to the side's own view
    (its package world now), to tell what the side could not know from what it broke."""
    w = world_of(campaign)
    seen = desk_world(read_package(side_package(w, f.side)))
    by = player(f.side)
    out = []
    for i, order in enumerate(f.orders, 1):
        # Applied, the action keeps whose order it was: the log's lines say so, and a
        # replay of the campaign file says it again.
        action = order.model_copy(update={"ordered_by": f.side})
        what = order_text(w, action)
        problem = _not_the_players(w, action, f.side)
        if problem:
            out.append(OrderCheck(i, action, "refused", f"Refused: {what} ({by}): {problem}."))
            continue
        try:
            campaign.apply(action)
        except IllegalAction as e:
            status: Literal["unseen", "refused"] = "unseen" if _allows(seen, action) else "refused"
            if status == "unseen":
                sentence = (
                    f"Not carried out: {what}, ordered by {by}, meets what {by} could not "
                    f"see: {_clause(str(e))}."
                )
            else:
                sentence = f"Refused: {what}, ordered by {by}: {_clause(str(e))}."
            out.append(OrderCheck(i, action, status, sentence))
            continue
        _allows(seen, w.actions[-1])  # the view follows (with a pursuit's true roll)
        out.append(OrderCheck(i, action, "legal", f"Applied: {what}, ordered by {by}."))
    return out


def _allows(w: World, action: A.CampaignAction) -> bool:
    """Whether the rules allow `action` on world `w` (applied there when they do)."""
    try:
        play.apply(w, action)
    except IllegalAction:
        return False
    return True


def _clause(text: str) -> str:
    return text.rstrip().rstrip(".")
