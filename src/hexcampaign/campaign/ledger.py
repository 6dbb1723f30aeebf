"""The campaign ledger: PP income and spending, losses per side and formation, places
changing hands, the battle table with each battle's status, the VP and PP of each side
over the turns, and a summary over the whole campaign; written out as Markdown, HTML
and CSV.

It is computed from the campaign's history, not from its log's words: the action log
is replayed from the set-up (as `Campaign.replay` does, die rolls read from the log)
and each action's effect on the PP, the holdings and the clock is read off the
position before and after it. Losses and battles come from the battle records of the
campaign itself (an amended result counts as amended). The replay is kept per campaign
and carried on as actions are added, so asking again after one more action costs one
action; after a Back it goes back to a turn's end it kept and carries on from there. A save whose log no longer replays (made by an
older version under other rules) gets a ledger from its battles and its position, with
a note saying where the history stops.

This is the umpire's ledger: it shows both sides in full (a side's package is made from
fog.py's view, never from this).
"""

from __future__ import annotations

import csv
import html
import io
import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from hexcampaign.campaign import actions as A
from hexcampaign.campaign import play
from hexcampaign.campaign.battle_admin import battle_status
from hexcampaign.campaign.calendar import date_text, turn_date
from hexcampaign.campaign.ending import victory_points
from hexcampaign.campaign.phases import PHASES
from hexcampaign.campaign.state import ARMY_HQ, ELIMINATED, BattleRecord, State
from hexcampaign.campaign.unit_chart import MANPOWER_CATEGORIES
from hexcampaign.campaign.world import World
from hexcampaign.files import atomic_write_text
from hexcampaign.rules import IllegalAction

TABLES = {
    "pp": "PP income and spending",
    "losses": "Losses per formation",
    "places": "Places changing hands",
    "battles": "Battles",
    "turns": "VP and PP over the turns",
}


@dataclass(frozen=True)
class PPEntry:
    """One change of a side's PP: income (+), spending (-), unspent PP lost at the end
    of its turn (-), the umpire's adjustment, or the change an amended result made."""

    turn: int
    side: str
    kind: str  # "income", "spent", "lost", "adjusted", "amended"
    amount: int
    balance: int  # the side's PP after it
    what: str  # the log's words for it


@dataclass(frozen=True)
class FormationLosses:
    """What one formation lost in all its battles: men (infantry and engineers) and
    vehicles or guns (the rest), combat units eliminated, and whether it was destroyed."""

    side: str
    formation_id: str
    formation: str
    battles: int
    men: int
    vehicles: int
    units_eliminated: int
    destroyed: bool


@dataclass(frozen=True)
class PlaceChange:
    turn: int
    place: str
    hex: str  # the hex's label
    vp: int
    pp: int
    before: str | None
    after: str | None
    how: str  # the log's words of the action that changed it


@dataclass(frozen=True)
class BattleRow:
    id: str
    turn: int
    date: str
    kind: str  # "battle" or "pursuit"
    battle_type: str
    attacker_side: str
    defender_side: str
    attackers: str  # formation names
    defender: str
    location: str
    result: str  # "DEFENDER DEFEAT (tactical)", "" while awaited
    status: str
    owed: tuple[str, ...]
    files: int


@dataclass(frozen=True)
class TurnPoint:
    """Each side's VP and PP at the end of a turn (turn 0: the start; the last point is
    the position now while its turn is not over)."""

    turn: int
    label: str
    vp: dict[str, int] = field(hash=False)
    pp: dict[str, int] = field(hash=False)  # held at the end of the turn
    income: dict[str, int] = field(hash=False)
    spent: dict[str, int] = field(hash=False)
    losses: dict[str, int] = field(hash=False)  # men and vehicles/guns lost in its battles
    complete: bool = True


@dataclass(frozen=True)
class Ledger:
    sides: tuple[str, str]
    turn: int
    pp_entries: tuple[PPEntry, ...]
    losses: tuple[FormationLosses, ...]
    places: tuple[PlaceChange, ...]
    battles: tuple[BattleRow, ...]
    turns: tuple[TurnPoint, ...]
    pp_now: dict[str, int] = field(hash=False)
    vp_now: dict[str, int] = field(hash=False)
    ended: str | None = None  # the end as a sentence
    note: str = ""  # where the replayed history stops, when it does

    def pp_total(self, side: str, kind: str | None = None) -> int:
        return sum(e.amount for e in self.pp_entries if e.side == side and kind in (None, e.kind))

    def side_losses(self, side: str) -> dict[str, int]:
        """men, vehicles, units eliminated and formations destroyed of one side."""
        rows = [r for r in self.losses if r.side == side]
        return {
            "men": sum(r.men for r in rows),
            "vehicles": sum(r.vehicles for r in rows),
            "units": sum(r.units_eliminated for r in rows),
            "formations": sum(1 for r in rows if r.destroyed),
        }

    def owed(self) -> list[str]:
        """Every sentence of what is owed, battle by battle (empty: nothing is)."""
        return [o for b in self.battles for o in b.owed]

    def summary(self) -> list[str]:
        """The campaign over all its turns, one sentence a line."""
        done = sum(1 for t in self.turns if t.turn > 0 and t.complete)
        n = len(self.battles)
        lines = [f"{done} turn{'s' if done != 1 else ''} played; {n} battle{'s' if n != 1 else ''}."]
        if self.ended:
            lines.append(self.ended)
        for side in self.sides:
            lost = self.side_losses(side)
            gained = sum(1 for p in self.places if p.after == side)
            given = sum(1 for p in self.places if p.before == side)
            won = sum(1 for b in self.battles if _winner(b) == side)
            lines.append(
                f"{side}: {self.vp_now[side]} VP now; {self.pp_total(side, 'income')} PP "
                f"income, {-self.pp_total(side, 'spent')} spent, {self.pp_now[side]} held; "
                f"won {won} battle{'s' if won != 1 else ''}; took {gained} "
                f"place{'s' if gained != 1 else ''} and lost {given}; lost {lost['men']} men, "
                f"{lost['vehicles']} vehicles or guns, {lost['units']} combat units and "
                f"{lost['formations']} formation{'s' if lost['formations'] != 1 else ''}."
            )
        owed = self.owed()
        if owed:
            lines.append(
                f"{len(owed)} thing{'s are' if len(owed) != 1 else ' is'} owed "
                f"(the battle table says what and by whom)."
            )
        if self.note:
            lines.append(self.note)
        return lines

    def rows(self, table: str) -> tuple[list[str], list[list[str]]]:
        """(header, rows) of one table as text, for CSV, HTML and the desk."""
        if table == "pp":
            return ["Turn", "Side", "Kind", "PP", "Balance", "What"], [
                [str(e.turn), e.side, e.kind, f"{e.amount:+d}", str(e.balance), e.what]
                for e in self.pp_entries
            ]
        if table == "losses":
            return [
                "Side", "Formation", "Battles", "Men", "Vehicles/guns", "Units eliminated", "Destroyed",
            ], [
                [r.side, r.formation, str(r.battles), str(r.men), str(r.vehicles),
                 str(r.units_eliminated), "yes" if r.destroyed else ""]
                for r in self.losses
            ]  # fmt: skip
        if table == "places":
            return ["Turn", "Place", "Hex", "VP", "PP", "From", "To", "How"], [
                [str(p.turn), p.place, p.hex, str(p.vp), str(p.pp), p.before or "nobody",
                 p.after or "nobody", p.how]
                for p in self.places
            ]  # fmt: skip
        if table == "battles":
            return [
                "Battle", "Turn", "Status", "Result", "Type", "Kind", "Attacker", "Defender",
                "Attacking", "Defending", "Where", "Date", "Owed", "Files",
            ], [
                [b.id, str(b.turn), b.status, b.result or "awaited", b.battle_type, b.kind,
                 b.attacker_side, b.defender_side, b.attackers, b.defender, b.location, b.date,
                 " ".join(b.owed), str(b.files)]
                for b in self.battles
            ]  # fmt: skip
        if table == "turns":
            head = ["Turn"]
            for s in self.sides:
                head += [f"{s} VP", f"{s} PP", f"{s} income", f"{s} spent", f"{s} losses"]
            body = []
            for t in self.turns:
                row = [t.label]
                for s in self.sides:
                    row += [str(t.vp[s]), str(t.pp[s]), str(t.income[s]), str(t.spent[s]),
                            str(t.losses[s])]  # fmt: skip
                body.append(row)
            return head, body
        raise KeyError(f"There is no ledger table {table!r}; the tables are {', '.join(TABLES)}.")


def ledger(source: object) -> Ledger:
    """The ledger of a campaign (a Campaign or its World) as it stands now."""
    w = _world_of(source)
    recorder = _RECORDERS.get(source)
    if recorder is not None and not recorder.follows(w.actions) and not recorder.rewind(w.actions):
        recorder = None
    if recorder is None:
        recorder = _Recorder(w)
        _RECORDERS[source] = recorder
    recorder.catch_up(w.actions)
    return recorder.ledger(w)


# --- writing it out -------------------------------------------------------------------------


def ledger_markdown(book: Ledger) -> str:
    out = ["# Campaign ledger", "", "## Summary", ""]
    out += [f"- {line}" for line in book.summary()]
    if book.owed():
        out += ["", "## Who owes what", ""] + [f"- {line}" for line in book.owed()]
    for table, title in TABLES.items():
        head, rows = book.rows(table)
        out += ["", f"## {title}", ""]
        if not rows:
            out.append("None.")
            continue
        out.append("| " + " | ".join(head) + " |")
        out.append("|" + "---|" * len(head))
        out += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(out) + "\n"


def ledger_html(book: Ledger, tables: Iterable[str] = tuple(TABLES)) -> str:
    e = html.escape
    out = [
        "<!DOCTYPE html>",
        '<html><head><meta charset="utf-8"><title>Campaign ledger</title>',
        "<style>body{font-family:sans-serif}table{border-collapse:collapse;margin-bottom:1em}"
        "td,th{border:1px solid #999;padding:2px 6px;text-align:left}</style></head><body>",
        "<h1>Campaign ledger</h1>",
        "<h2>Summary</h2><ul>",
    ]
    out += [f"<li>{e(line)}</li>" for line in book.summary()]
    out.append("</ul>")
    if book.owed():
        out.append("<h2>Who owes what</h2><ul>")
        out += [f"<li>{e(line)}</li>" for line in book.owed()]
        out.append("</ul>")
    for table in tables:
        head, rows = book.rows(table)
        out.append(f"<h2>{e(TABLES[table])}</h2>")
        if not rows:
            out.append("<p>None.</p>")
            continue
        out.append("<table><tr>" + "".join(f"<th>{e(h)}</th>" for h in head) + "</tr>")
        out += ["<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in rows]
        out.append("</table>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def ledger_csv(book: Ledger, table: str) -> str:
    head, rows = book.rows(table)
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(head)
    writer.writerows([[_csv_cell(c) for c in row] for row in rows])
    return buffer.getvalue()


def export_ledger(book: Ledger, path: Path | str, table: str = "battles") -> Path:
    """Write the ledger by the file's suffix: .md (all of it), .html (all of it) or .csv
    (one table, `table`); written whole or not at all. ValueError for another suffix."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix in (".md", ".markdown"):
        text = ledger_markdown(book)
    elif suffix in (".html", ".htm"):
        text = ledger_html(book)
    elif suffix == ".csv":
        text = ledger_csv(book, table)
    else:
        raise ValueError(
            f"{path.name}: the ledger is written as Markdown (.md), HTML (.html) or CSV (.csv)."
        )
    atomic_write_text(path, text)
    return path


# --- the replayed history -------------------------------------------------------------------


# Positions kept for a Back: the ends of the last turns (a Back goes within one phase).
KEPT_TURNS = 4


@dataclass(frozen=True)
class _Kept:
    count: int  # actions applied
    state: str  # the position as its JSON (as checkpoints.py keeps it: compact, quick)
    pp: int  # how many PP entries, places and turn points had been listed
    places: int
    turns: int
    names: dict[str, tuple[str, str]]
    homes: dict[str, str]


class _Recorder:
    """A replay of one campaign's log, kept to carry on as the log grows."""

    def __init__(self, w: World) -> None:
        self.world = play.begin(w.map.copy(), w.setup)
        self.actions: list[A.CampaignAction] = []
        self.stopped = ""
        sides = w.sides
        self.pp: list[PPEntry] = []
        self.places: list[PlaceChange] = []
        self.turns: list[TurnPoint] = []
        self.names: dict[str, tuple[str, str]] = {}  # fid -> (side, name), the last known
        self.homes: dict[str, str] = {}  # uid -> the last formation it served in
        self._kept: list[_Kept] = []  # positions at the last turns' ends, for a Back
        self._kept_turns = 0  # turn points listed when the last action was applied
        r = self.world
        for side in sides:
            if r.state.pp[side]:
                self._entry(r.turn, side, "income", r.state.pp[side], _first(r.state.log[-1:]))
        self._point(0, "start", complete=True)
        self._remember()
        self._keep()
        self._kept_turns = len(self.turns)

    def _keep(self) -> None:
        self._kept.append(
            _Kept(
                len(self.actions), self.world.state.model_dump_json(), len(self.pp),
                len(self.places), len(self.turns), dict(self.names), dict(self.homes),
            )
        )  # fmt: skip
        del self._kept[:-KEPT_TURNS]

    def rewind(self, actions: list[A.CampaignAction]) -> bool:
        """Go back to the last kept position the campaign's log still passes through (a
        Back or an undo took actions back); False when none does (rebuild it all)."""
        same = 0
        for a, b in zip(self.actions, actions, strict=False):
            if a != b:
                break
            same += 1
        kept = next((k for k in reversed(self._kept) if k.count <= same), None)
        if kept is None or self.stopped:
            return False
        self.world.state = State.model_validate_json(kept.state)
        self.actions = self.actions[: kept.count]
        self.world.actions = list(self.actions)
        del self.pp[kept.pp :], self.places[kept.places :], self.turns[kept.turns :]
        self.names, self.homes = dict(kept.names), dict(kept.homes)
        self._kept = [k for k in self._kept if k.count <= kept.count]
        self._kept_turns = len(self.turns)
        return True

    def follows(self, actions: list[A.CampaignAction]) -> bool:
        n = len(self.actions)
        return len(actions) >= n and all(
            a == b for a, b in zip(self.actions, actions, strict=False)
        )

    def catch_up(self, actions: list[A.CampaignAction]) -> None:
        todo = actions[len(self.actions) :]
        # Only the last turns' ends are kept (a copy of the position costs): the phase
        # ends still to come tell how near the end of the log a turn's end is.
        ends_left = sum(1 for a in todo if isinstance(a, A.EndPhase))
        near = 2 * len(PHASES) * KEPT_TURNS
        for action in todo:
            ends_left -= isinstance(action, A.EndPhase)
            if self.stopped:
                self.actions.append(action)
                continue
            try:
                self._apply(action)
            except IllegalAction as e:
                self.stopped = (
                    f"The ledger's history stops at entry {len(self.actions) + 1} of the log "
                    f"({play.describe(self.world, action)}: {e}); later PP and places are "
                    "not listed."
                )
            self.actions.append(action)
            ended = len(self.turns) != self._kept_turns
            self._kept_turns = len(self.turns)
            if ended and not self.stopped and ends_left <= near:
                self._keep()

    def _apply(self, action: A.CampaignAction) -> None:
        r = self.world
        before_turn, before_pp = r.turn, dict(r.state.pp)
        before_holdings = dict(r.state.holdings)
        was_over = r.state.ended is not None
        changes = play.apply(r, action)
        what = _first(changes)
        # (At a turn's end one side loses its unspent PP before the other's income.)
        for side in sorted(r.sides, key=lambda s: r.state.pp[s] - before_pp[s]):
            delta = r.state.pp[side] - before_pp[side]
            if not delta:
                continue
            words = what
            if isinstance(action, A.EndPhase):
                kind, turn = ("income", r.turn) if delta > 0 else ("lost", before_turn)
                said = f"{side}'s turn begins" if delta > 0 else f"{side} loses "
                words = _mentioning(changes, said) or what
            elif isinstance(action, A.Purchase | A.PurchaseList | A.Build):
                kind, turn = "spent", before_turn
            elif isinstance(action, A.AdjustPP):
                kind, turn = "adjusted", before_turn
            else:
                kind, turn = "amended", before_turn
            self._entry(turn, side, kind, delta, words)
        for p in r.map.places():
            old, new = before_holdings.get(p.name), r.state.holdings.get(p.name)
            if old != new:
                self.places.append(
                    PlaceChange(
                        before_turn, p.name, r.map.label(p.hex), p.vp, p.pp, old, new,
                        _mentioning(changes, p.name) or what,
                    )
                )  # fmt: skip
        if r.turn != before_turn or (r.state.ended is not None and not was_over):
            self._point(before_turn, f"T{before_turn}", complete=True)
        self._remember()

    def _entry(self, turn: int, side: str, kind: str, amount: int, what: str) -> None:
        self.pp.append(PPEntry(turn, side, kind, amount, self.world.state.pp[side], what))

    def _point(self, turn: int, label: str, complete: bool) -> None:
        r = self.world
        sides = r.sides
        # PP held at the end of a turn: before the next turn's income was added.
        held = {s: r.state.pp[s] for s in sides}
        for e in self.pp:
            if e.turn > turn and e.kind == "income":
                held[e.side] -= e.amount
        self.turns.append(
            TurnPoint(
                turn,
                label,
                {s: victory_points(r, s) for s in sides},
                held,
                _turn_sums(self.pp, sides, turn, "income"),
                _turn_sums(self.pp, sides, turn, "spent", -1),
                dict.fromkeys(sides, 0),
                complete,
            )
        )  # fmt: skip

    def _remember(self) -> None:
        s = self.world.state
        for fid, f in s.formations.items():
            self.names[fid] = (f.side, f.name)
        for uid, u in s.units.items():
            if u.where not in (ARMY_HQ, ELIMINATED):
                self.homes[uid] = u.where

    def ledger(self, w: World) -> Ledger:
        """The ledger of `w` (whose log this replay has followed to its end)."""
        sides = w.sides
        losses_by_turn: dict[int, dict[str, int]] = {}
        rows = _formation_losses(w, self.names, self.homes, losses_by_turn)
        turns = list(self.turns)
        if not (w.state.ended is not None and turns and turns[-1].turn == w.turn):
            now = self.world
            turns.append(
                TurnPoint(
                    w.turn,
                    f"T{w.turn} (now)",
                    {s: victory_points(w, s) for s in sides},
                    dict(w.state.pp),
                    _turn_sums(self.pp, sides, w.turn, "income"),
                    _turn_sums(self.pp, sides, w.turn, "spent", -1),
                    dict.fromkeys(sides, 0),
                    complete=now.state.ended is not None,
                )
            )  # fmt: skip
        turns = [
            TurnPoint(
                t.turn, t.label, t.vp, t.pp, t.income, t.spent,
                {s: losses_by_turn.get(t.turn, {}).get(s, 0) for s in sides}, t.complete,
            )
            for t in turns
        ]  # fmt: skip
        return Ledger(
            sides=sides,
            turn=w.turn,
            pp_entries=tuple(self.pp),
            losses=tuple(rows),
            places=tuple(self.places),
            battles=tuple(_battle_row(w, b, self.names) for b in w.state.battles.values()),
            turns=tuple(turns),
            pp_now=dict(w.state.pp),
            vp_now={s: victory_points(w, s) for s in sides},
            ended=None if w.state.ended is None else w.state.ended.reason,
            note=self.stopped or self._differs(w),
        )

    def _differs(self, w: World) -> str:
        """A note when the replay does not reach the campaign's own position (a position
        arranged by hand, or a save of an older version's rules)."""
        r = self.world.state
        if r.pp == w.state.pp and r.holdings == w.state.holdings:
            return ""
        return (
            "The replayed log does not reach the campaign's position (its PP or places "
            "differ): PP entries and places changing hands may be incomplete."
        )


_RECORDERS: weakref.WeakKeyDictionary[object, _Recorder] = weakref.WeakKeyDictionary()


def _formation_losses(
    w: World,
    names: dict[str, tuple[str, str]],
    homes: dict[str, str],
    by_turn: dict[int, dict[str, int]],
) -> list[FormationLosses]:
    """Casualties and eliminations of every battle with a result, by the formation each
    unit fought in (its line on the sheet; support units by the formation they served
    in); `by_turn` is filled with each side's casualties per turn."""
    tally: dict[str, dict[str, int]] = {}
    fought: dict[str, set[str]] = {}
    for b in w.state.battles.values():
        if b.result is None:
            continue
        on_sheet = {
            line.unit_id: line.formation_id
            for lines in b.sheet.oobs.values()
            for line in lines
            if line.unit_id
        }
        hit = set(b.result.casualties) | set(b.result.abandoned) | set(b.result.eliminated)
        for uid in hit:
            u = w.state.units.get(uid)
            if u is None:
                continue
            fid = on_sheet.get(uid) or homes.get(uid) or ARMY_HQ
            t = w.setup.charts[u.side].type(u.type_id)
            n = b.result.casualties.get(uid, 0)  # abandoned vehicles are among them
            row = tally.setdefault(fid, {"men": 0, "vehicles": 0, "units": 0})
            row["men" if t.category in MANPOWER_CATEGORIES else "vehicles"] += n
            row["units"] += uid in b.result.eliminated
            turn = by_turn.setdefault(b.turn, {})
            turn[u.side] = turn.get(u.side, 0) + n
        for fid in {*b.attackers, *b.defenders}:
            fought.setdefault(fid, set()).add(b.id)
            tally.setdefault(fid, {"men": 0, "vehicles": 0, "units": 0})
    out = []
    for fid, row in tally.items():
        if fid == ARMY_HQ:
            continue
        side, name = names.get(fid, ("", fid))
        f = w.state.formations.get(fid)
        if f is not None:
            side, name = f.side, f.name
        out.append(
            FormationLosses(
                side, fid, name, len(fought.get(fid, ())), row["men"], row["vehicles"],
                row["units"], fid in w.state.destroyed,
            )
        )  # fmt: skip
    for fid in w.state.destroyed:
        if fid not in tally and fid in names:
            side, name = names[fid]
            out.append(FormationLosses(side, fid, name, 0, 0, 0, 0, True))
    order = {s: i for i, s in enumerate(w.sides)}
    out.sort(key=lambda r: (order.get(r.side, 9), -(r.men + r.vehicles), r.formation))
    return out


def _battle_row(w: World, b: BattleRecord, names: dict[str, tuple[str, str]]) -> BattleRow:
    def name(fid: str) -> str:
        f = w.state.formations.get(fid)
        return f.name if f is not None else names.get(fid, ("", fid))[1]

    status = battle_status(w, b.id)
    result = (
        ""
        if b.result is None
        else b.result.outcome + (f" ({b.result.level})" if b.result.level else "")
    )
    return BattleRow(
        id=b.id,
        turn=b.turn,
        date=date_text(turn_date(w.options, b.turn)),
        kind=b.kind,
        battle_type=b.sheet.battle_type,
        attacker_side=b.attacker_side,
        defender_side=b.defender_side,
        attackers=", ".join(name(f) for f in b.attackers),
        defender=name(b.defender),
        location=b.sheet.location,
        result=result,
        status=status.status,
        owed=status.owed,
        files=len(b.files),
    )


def _turn_sums(
    entries: list[PPEntry], sides: tuple[str, str], turn: int, kind: str, sign: int = 1
) -> dict[str, int]:
    return {
        s: sign
        * sum(e.amount for e in entries if e.side == s and e.turn == turn and e.kind == kind)
        for s in sides
    }


def _winner(b: BattleRow) -> str | None:
    if b.result.startswith("DEFENDER DEFEAT"):
        return b.attacker_side
    if b.result.startswith("ATTACKER DEFEAT"):
        return b.defender_side
    return None


def _first(lines: Iterable[str]) -> str:
    for line in lines:
        return line.split(": ", 1)[-1]
    return ""


def _mentioning(lines: Iterable[str], word: str) -> str:
    """The first of the lines (without its head) that names `word`."""
    for line in lines:
        text = line.split(": ", 1)[-1]
        if word in text:
            return text
    return ""


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _csv_cell(text: str) -> str:
    """A cell a spreadsheet will not run as a formula (names come from files)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") and not _number(text) else text


def _number(text: str) -> bool:
    try:
        int(text)
    except ValueError:
        return False
    return True


def _world_of(source: object) -> World:
    w = source if isinstance(source, World) else getattr(source, "_world", None)
    if not isinstance(w, World):
        raise TypeError("a campaign or its world is needed")
    return w
