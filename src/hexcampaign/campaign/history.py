"""What happened to a unit, and what each side may know (fog of war).

A unit's history is read from the battle records (their sheets name every unit that
fought); a side's view of the enemy is its formations next to its own and those met in
this turn's battles; a side's log holds the lines the engine said it may see when it
wrote them (state.events: battles, retreats, places taken, eliminations, and its own
doings), so the enemy's purchases, deployments, moves and defensive support never reach
it. The whole view is built in fog.py.
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


@dataclass(frozen=True)
class SeenLine:
    """One log line as a side reads it: its index in the log, its turn, and the line
    (the side's own wording of it where the rules give one)."""

    index: int
    turn: int
    line: str

    @property
    def text(self) -> str:
        """The line without its "Turn 3, german, Movement: " head."""
        return self.line.split(": ", 1)[-1]


def seen_lines(
    w: World, side: str, turn: int | None = None, corrections: bool = True
) -> list[SeenLine]:
    """The log lines `side` may read, decided by who the engine said may see each when it
    wrote it (state.events), never by the line's words. An umpire's correction reads as
    worded for `side`; `corrections=False` leaves them out (the turn report lists them
    under the umpire's notes). A line with no event (a save from before events were
    recorded) falls back to the old rule, `visible_to`."""
    enemy = w.enemy(side)
    noted = {n.line: n for n in w.state.umpire_notes}
    events = {e.line: e for e in w.state.events}
    out = []
    for index, line in enumerate(w.state.log):
        m = _LINE.match(line)
        if not m:
            continue
        at = int(m.group(1))
        if turn is not None and at != turn:
            continue
        head = line[: len(line) - len(m.group(4))]
        note = noted.get(index)
        event = events.get(index)
        if note is not None:
            if corrections and side in note.by_side:
                out.append(SeenLine(index, at, head + note.by_side[side]))
        elif event is not None:
            if side in event.seen_by:
                wording = event.wording.get(side)
                out.append(SeenLine(index, at, line if wording is None else head + wording))
        elif visible_to(m.group(2), m.group(4), side, enemy):
            out.append(SeenLine(index, at, line))
    return out


def side_log(w: World, side: str, turn: int | None = None, corrections: bool = True) -> list[str]:
    """The log lines `side` may read, of one turn (default: every turn): `seen_lines`."""
    return [s.line for s in seen_lines(w, side, turn, corrections)]


def umpire_notes(w: World, side: str, turn: int) -> list[str]:
    """The umpire's corrections of `turn` as `side` reads them, with their reasons."""
    return [n.by_side[side] for n in w.state.umpire_notes if n.turn == turn and side in n.by_side]


def visible_to(actor: str, text: str, side: str, enemy: str) -> bool:
    """Whether a log line of a save made before events were recorded is something `side`
    would know, judged from its words (newer saves record who may see each line)."""
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
