"""What happened to a unit, and what each side may know (fog of war).

A unit's history is read from the battle records (their sheets name every unit that
fought); a side's view of the enemy is its formations next to its own and those met in
this turn's battles; a side's log leaves out the enemy's purchases, deployments, moves
and defensive support, as a player would never see them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hexcampaign.campaign.calendar import date_text, turn_date
from hexcampaign.campaign.state import BattleRecord, to_hex
from hexcampaign.campaign.world import World

_LINE = re.compile(r"^Turn (\d+), ([^,]+), ([^:]+): (.*)$")


@dataclass(frozen=True)
class UnitHistory:
    uid: str
    label: str
    battles: tuple[str, ...]  # battle ids, in order
    casualties: int  # taken over the whole campaign
    eliminated_in: str | None  # the battle that eliminated it, if one did
    lines: tuple[str, ...]  # one sentence per battle, for the OOB dock


def unit_history(w: World, uid: str) -> UnitHistory:
    label = w.unit_label(uid)
    fought: list[str] = []
    lines: list[str] = []
    total = 0
    eliminated_in = None
    for b in w.state.battles.values():
        if not _fought_in(b, uid):
            continue
        fought.append(b.id)
        role = "attacked" if w.unit_record(uid).side == b.attacker_side else "defended"
        day = date_text(turn_date(w.options, b.turn))
        text = f"Battle {b.id} ({day}): {role} at {w.map.label(to_hex(b.defender_hex))}"
        if b.result is None:
            text += ", awaiting the result"
        else:
            lost = b.result.casualties.get(uid, 0)
            total += lost
            text += f", {b.result.outcome.lower()}, {lost} casualties"
            if uid in b.result.eliminated:
                eliminated_in = b.id
                text += f"; eliminated in {b.id}"
        lines.append(text)
    return UnitHistory(uid, label, tuple(fought), total, eliminated_in, tuple(lines))


def known_formation_ids(w: World, side: str, battles: bool = True) -> list[str]:
    """`side`'s formations, the enemy's next to (or, with `battles`, met in this turn's
    battles by) them. `battles=False`: only those it can see where they stand now (an
    enemy the umpire moves away from the front is not followed to its new hex)."""
    own = [f for f in w.state.formations.values() if f.side == side]
    near = {n for f in own for n in to_hex(f.hex).within(1)}
    met = {
        fid
        for b in w.state.battles.values()
        if battles and b.turn == w.turn and side in (b.attacker_side, b.defender_side)
        for fid in [*b.attackers, *b.defenders]
    }
    known = [f.id for f in own]
    known += [
        f.id
        for f in w.state.formations.values()
        if f.side != side and (to_hex(f.hex) in near or f.id in met)
    ]
    return known


def side_log(w: World, side: str, turn: int | None = None, corrections: bool = True) -> list[str]:
    """The log lines `side` may read, of one turn (default: every turn). An umpire's
    correction reads as worded for `side` (fog of war); `corrections=False` leaves them
    out (the turn report lists them under the umpire's notes)."""
    enemy = w.enemy(side)
    noted = {n.line: n for n in w.state.umpire_notes}
    out = []
    for index, line in enumerate(w.state.log):
        m = _LINE.match(line)
        if not m:
            continue
        if turn is not None and int(m.group(1)) != turn:
            continue
        note = noted.get(index)
        if note is not None:
            if corrections and side in note.by_side:
                out.append(line[: len(line) - len(m.group(4))] + note.by_side[side])
        elif visible_to(m.group(2), m.group(4), side, enemy):
            out.append(line)
    return out


def umpire_notes(w: World, side: str, turn: int) -> list[str]:
    """The umpire's corrections of `turn` as `side` reads them, with their reasons."""
    return [n.by_side[side] for n in w.state.umpire_notes if n.turn == turn and side in n.by_side]


def visible_to(actor: str, text: str, side: str, enemy: str) -> bool:
    """Whether a log line (its actor and text) is something `side` would know."""
    lowered = text.lower()
    hidden = (
        f"the umpire deploys the {enemy} ".lower(),
        f"{enemy} buys ".lower(),
        f"{enemy} assigns defensive support".lower(),
        f"{enemy} builds ".lower(),
    )
    if any(lowered.startswith(h) for h in hidden):
        return False
    if lowered.startswith("umpire correction: the ") and f"the {enemy} " in lowered:
        return False  # an enemy formation put in another hex: where it went is not known
    if actor == side or lowered.startswith(f"the umpire deploys the {side} ".lower()):
        return True
    if lowered.endswith(" phase begins"):
        return False  # the enemy's phases ("The attack orders phase begins") tell nothing
    if lowered.startswith(("umpire correction", "umpire override", "the campaign")):
        return True
    return (
        lowered.startswith("battle ")
        or " attack " in lowered
        or " attacks " in lowered
        or "retreat" in lowered
        or " takes " in lowered
        or "pursu" in lowered
        or "eliminated" in lowered
        or "overruns" in lowered
    )


def _fought_in(b: BattleRecord, uid: str) -> bool:
    if uid in (*b.artillery, *b.air, *b.defense_artillery, *b.defense_air):
        return True
    return any(line.unit_id == uid for lines in b.sheet.oobs.values() for line in lines)
