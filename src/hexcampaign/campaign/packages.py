"""Turn packages (issue 29 item 2): one file per side holding that side's view only.

A package is made from `fog.side_view` (the side's own forces in full with their
strengths now, of the enemy only what the fog rules reveal, its battles with its own
sheets, the log lines it may read and the umpire's notes as worded for it) and from
what both sides know anyway: the map, the two capitals, the options, the places and
who holds them (every change of hands is announced to both), the clock, and of each
battle the facts announced to both (who attacks whom where, the outcome, who must
retreat and where to, the pursuit battle). The side's own unit chart and its own id
counters ride along so that ids the desk gives a new formation or unit are the ones
the umpire's campaign will give them. Nothing that predicts a die is in it: no seed,
no weather key, no record of rolls, and the enemy's pursuit roll (it tells experience)
is left out.

The file is JSON: a head (format, version, campaign id, turn, phase, side) and the
content, sealed with a SHA-256 digest of both (hashlib), so that a damaged file is
refused in one sentence. `desk_world` rebuilds from it the world the player's desk
plans on: the side's forces, the known enemy as formations that hold their hex and
zone of control (of their kind and strength nothing is known, so each counts as a
division able to defend itself), the unknown enemy absent.
"""

from __future__ import annotations

import hashlib
import html
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from pydantic import ValidationError

from hexcampaign.campaign.fog import SideView, side_view, world_of
from hexcampaign.campaign.legal import LegalAction, legal_actions
from hexcampaign.campaign.names import slug
from hexcampaign.campaign.options import Options
from hexcampaign.campaign.package_map import side_map_svg
from hexcampaign.campaign.phases import PHASE_TITLES, PHASES
from hexcampaign.campaign.sheet_form import BattleSheet
from hexcampaign.campaign.state import (
    BattleRecord,
    FormationRecord,
    LogEvent,
    Result,
    Setup,
    State,
    UmpireNote,
    UnitRecord,
    pair,
    to_hex,
)
from hexcampaign.campaign.turn_report import turn_report_html
from hexcampaign.campaign.unit_chart import UnitChart, UnitType
from hexcampaign.campaign.world import World
from hexcampaign.files import FileFormatError, atomic_export, parse_json
from hexcampaign.hexes import Hex
from hexcampaign.maps.fileformat import MapFormatError, map_from_document, map_to_document

FORMAT = "hexcampaign-turn-package"
VERSION = 1
SUFFIX = ".hxpackage"
# The placeholder type of a known enemy formation's combat units on the desk: of an
# enemy in contact a side knows neither its kind nor its units.
UNKNOWN_TYPE = "unknown_unit"
HEAD_KEYS = ("campaign", "name", "turn", "phase", "side", "side_turn", "side_to_play")


class OrdersError(ValueError):
    """A package or an orders file refused whole; the message is one sentence."""


class PackageError(OrdersError):
    """A turn package that cannot be used (so `except OrdersError` catches it too)."""


# --- sealing: the digest that refuses a damaged file ------------------------------------


def canonical(document: dict[str, Any]) -> bytes:
    """The bytes the digest is taken of: sorted keys, no spaces, UTF-8."""
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode(
        "utf-8"
    )


def seal(document: dict[str, Any]) -> bytes:
    """The file's bytes: the document with a SHA-256 digest of everything else in it."""
    body = {k: v for k, v in document.items() if k != "digest"}
    sealed = dict(body, digest=hashlib.sha256(canonical(body)).hexdigest())
    return json.dumps(sealed, indent=1, ensure_ascii=False).encode("utf-8")


def unseal(data: bytes | str, file_format: str, what: str) -> dict[str, Any]:
    """The document of a sealed file, or PackageError with one sentence when it is not
    a `file_format` file of this version or its digest does not match (damaged)."""
    try:
        doc = parse_json(data, f"The {what}", what)
    except FileFormatError as e:
        raise PackageError(str(e)) from None
    if not isinstance(doc, dict) or doc.get("format") != file_format:
        raise PackageError(f"This is not a hexcampaign {what}.")
    version = doc.get("version")
    if version != VERSION or isinstance(version, bool):
        raise PackageError(
            f"This {what} has version {version!r}; this program reads version {VERSION}."
        )
    digest = doc.get("digest")
    body = {k: v for k, v in doc.items() if k != "digest"}
    if not isinstance(digest, str) or hashlib.sha256(canonical(body)).hexdigest() != digest:
        raise PackageError(f"The {what} is damaged: its contents do not match its SHA-256 digest.")
    return doc


# --- the campaign's identity and the package's name -------------------------------------


def campaign_id(source: object) -> str:
    """An id of the campaign every package and orders file names: a digest of its set-up
    (map, sides, capitals, charts, options, starting holdings) and of its weather key.
    The dice seed is left out (its digest would let a player try seeds until one fits),
    so two campaigns set up alike with a seed share an id; a campaign between people
    has no seed and a random weather key, so its id is its own."""
    w = world_of(source)
    s = w.setup
    key = "" if s.weather_key is None else hashlib.sha256(str(s.weather_key).encode()).hexdigest()
    ident = {
        "map": map_to_document(w.map),
        "setup": s.model_dump(mode="json", exclude={"seed", "weather_key"}),
        "key": key,
    }
    return hashlib.sha256(canonical(ident)).hexdigest()[:16]


def campaign_name(source: object) -> str:
    """The campaign's name in file names: its map's name, made file-name safe."""
    return slug(world_of(source).map.name or "campaign", "campaign")


def package_file_name(source: object, side: str, name: str | None = None) -> str:
    """ "<campaign>-turn03-us-half-phase2-german.hxpackage", named for e-mail: the turn,
    whose half of it (each phase comes twice a turn, and a player must not get two
    different files of one name), the phase and the side it is for."""
    w = world_of(source)
    stem = slug(name, "campaign") if name else campaign_name(w)
    phase = PHASES.index(w.phase) + 1
    half = slug(w.side_to_play, "side")
    return f"{stem}-turn{w.turn:02d}-{half}-half-phase{phase}-{slug(side, 'side')}{SUFFIX}"


# --- writing a package ------------------------------------------------------------------


def side_package(campaign: object, side: str) -> bytes:
    """`side`'s package for the phase now: its view and its open decisions."""
    w = world_of(campaign)
    view = side_view(w, side)
    content = _content(w, view)
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "campaign": campaign_id(w),
        "name": campaign_name(w),
        "turn": view.turn,
        "phase": view.phase,
        "side": side,
        "side_turn": w.state.side_turn,
        "side_to_play": view.side_to_play,
        "content": content,
    }
    # The open decisions are those the desk will offer: computed on the desk's world.
    desk = desk_world(Package.of(document))
    content["decisions"] = decision_lines(desk, side)
    return seal(document)


def export_packages(campaign: object, folder: Path | str, name: str | None = None) -> list[Path]:
    """Every side's package for the phase now, one file each in `folder`, named for
    e-mail ("<campaign>-turn03-german-half-phase2-us.hxpackage"); returns the paths."""
    w = world_of(campaign)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for side in w.sides:
        data = side_package(w, side)
        path = folder / package_file_name(w, side, name)
        atomic_export(path, _writer(data))
        paths.append(path)
    return paths


def _writer(data: bytes) -> Callable[[BinaryIO], object]:
    return lambda f: f.write(data)


def _content(w: World, view: SideView) -> dict[str, Any]:
    side, enemy = view.side, view.enemy
    own_ids = {f.id for f in view.own}
    units = [u for f in view.own for u in f.units] + list(view.army_hq)
    known = {e.id for e in view.enemy_known} | own_ids
    counters = {
        k: v
        for k, v in w.state.counters.items()
        if k == "battle"  # every battle is announced to both sides
        or k
        in {f"{side}-{what}" for what in ("formation", "unit", "infantry", "mechanised", "corps")}
    }
    return {
        "map": map_to_document(w.map),
        "sides": list(w.sides),
        "capitals": {s: list(h) for s, h in w.setup.capitals.items()},
        "options": w.options.model_dump(mode="json"),
        "chart": w.setup.charts[side].model_dump(mode="json"),
        "holdings": dict(w.state.holdings),  # every change of hands is told to both
        "owners": dict(w.state.owners),
        "pp": view.pp,
        "income": view.income,
        "victory_points": view.victory_points,
        "ended": view.ended,
        "counters": counters,
        "bought_this_turn": dict(w.state.bought_this_turn) if side == view.side_to_play else {},
        "formations": [w.formation_record(f.id).model_dump(mode="json") for f in view.own],
        "units": [w.unit_record(u.id).model_dump(mode="json") for u in units],
        "enemy": [
            {
                "id": e.id,
                "name": e.name,
                "hex": None if e.hex is None else list(pair(e.hex)),
                "battles": list(e.battles),
                "combat_units": e.combat_units,
            }
            for e in view.enemy_known
            if e.side == enemy
        ],
        "battles": [_battle(w, b.id, side, b.sheet, known) for b in view.battles],
        "log": [e.line for e in view.events],
        "notes": [[t, text] for t, text in view.notes],
    }


def _battle(w: World, bid: str, side: str, sheet: BattleSheet, known: set[str]) -> dict[str, Any]:
    """A battle as the side knows it: what was announced to both (attackers, defender,
    hex, outcome, retreats, the pursuit battle), its own support and eliminated units,
    and its own sheet."""
    b = w.state.battles[bid]
    attacker = side == b.attacker_side
    result = None
    if b.result is not None:
        mine = [u for u in b.result.eliminated if w.state.units[u].side == side]
        result = {"outcome": b.result.outcome, "level": b.result.level, "eliminated": mine}
    return {
        "id": b.id,
        "kind": b.kind,
        "side_turn": b.side_turn,
        "turn": b.turn,
        "attacker_side": b.attacker_side,
        "defender_side": b.defender_side,
        "attackers": [f for f in b.attackers if f in known],
        "defender": b.defender,
        "defenders": [f for f in b.defenders if f in known],
        "defender_hex": list(b.defender_hex),
        "artillery": list(b.artillery) if attacker else [],
        "air": list(b.air) if attacker else [],
        "defense_artillery": [] if attacker else list(b.defense_artillery),
        "defense_air": [] if attacker else list(b.defense_air),
        "sheet": sheet.model_dump(mode="json"),
        "result": result,
        "retreats": {k: (list(v) if isinstance(v, tuple) else v) for k, v in b.retreats.items()},
        "advanced": b.advanced if attacker else None,
        "pursuit_of": b.pursuit_of,
        # The roll tells the pursuer's experience: the pursuer's side alone has it; the
        # other reads only that a pursuit was tried.
        "pursuit_tried": b.pursuit_roll is not None,
        "pursuit_roll": b.pursuit_roll if attacker else None,
        "pursuit_battle": b.pursuit_battle,
        "weather": b.weather,
        "due": _due(w, b),
    }


def _due(w: World, b: BattleRecord) -> str:
    """The battle's deadline as the package prints it."""
    if b.result is not None:
        return "fought: the result is in"
    phase = "pursuit" if b.kind == "pursuit" else "battle_resolution"
    return (
        f"to be fought in Combat Mission and its result sent to the umpire by the "
        f"{PHASE_TITLES[phase]} phase of {b.attacker_side}'s turn {b.turn}"
    )


# --- reading a package ------------------------------------------------------------------


@dataclass(frozen=True)
class Head:
    """What a package or an orders file is for: the campaign (id and name), the turn,
    the phase, the side, and the count of side-turns (which half of the turn)."""

    campaign: str
    name: str
    turn: int
    phase: str
    side: str
    side_turn: int


@dataclass(frozen=True)
class Package(Head):
    """A package read back and checked: its head and its content."""

    side_to_play: str
    content: dict[str, Any]
    digest: str = ""

    @classmethod
    def of(cls, document: dict[str, Any]) -> Package:
        head = {k: document.get(k) for k in HEAD_KEYS}
        content = document.get("content")
        if (
            not all(
                isinstance(head[k], int) and not isinstance(head[k], bool)
                for k in ("turn", "side_turn")
            )
            or not all(
                isinstance(head[k], str) for k in HEAD_KEYS if k not in ("turn", "side_turn")
            )
            or head["phase"] not in PHASES
            or not isinstance(content, dict)
        ):
            raise PackageError("The turn package is damaged: its head is not a package's.")
        return cls(**head, content=content, digest=str(document.get("digest", "")))  # type: ignore[arg-type]

    def title(self) -> str:
        return (
            f"{self.side} package — {self.name}, turn {self.turn}, "
            f"{self.side_to_play}'s {PHASE_TITLES[self.phase]} phase"
        )


def read_package(data: bytes | str) -> Package:
    """A package from its file's bytes; PackageError with one sentence otherwise."""
    return Package.of(unseal(data, FORMAT, "turn package"))


def desk_world(p: Package) -> World:
    """The world the side's desk plans on, rebuilt from the package alone: its own
    forces, the known enemy in contact (a division of unknown units in its hex), the
    battles as it knows them, the log lines it may read. The unknown enemy is absent."""
    c = p.content
    try:
        hexmap = map_from_document(c["map"])
        sides = (str(c["sides"][0]), str(c["sides"][1]))
        side = p.side
        enemy = sides[1] if side == sides[0] else sides[0]
        unknown = UnitChart(
            side=enemy,
            title="unknown",
            types=[
                UnitType(
                    id=UNKNOWN_TYPE, name="unknown unit", category="infantry", cost=0, red_number=1
                )
            ],
        )
        setup = Setup(
            sides=sides,
            capitals={s: (int(h[0]), int(h[1])) for s, h in c["capitals"].items()},
            charts={side: UnitChart.model_validate(c["chart"]), enemy: unknown},
            seed=None,  # the desk rolls nothing that counts
            options=Options.model_validate(c["options"]),
            holdings=dict(c["holdings"]),
        )
        formations = {f["id"]: FormationRecord.model_validate(f) for f in c["formations"]}
        units = {u["id"]: UnitRecord.model_validate(u) for u in c["units"]}
        # A defeated enemy's retreat this turn is told to both sides, with its hex.
        retreated = {
            fid: where
            for b in c["battles"]
            if b["side_turn"] == p.side_turn
            for fid, where in b["retreats"].items()
            if isinstance(where, list)
        }
        for e in c["enemy"]:
            where = e["hex"] if e["hex"] is not None else retreated.get(e["id"])
            if where is None:
                continue  # met in a battle, not seen where it stands now
            formations[e["id"]] = FormationRecord(
                id=e["id"], name=e["name"], side=enemy, kind="infantry", hex=(where[0], where[1])
            )
            for i in range(max(1, e["combat_units"] or 1)):
                uid = f"{e['id']}-unknown{i + 1}"
                units[uid] = UnitRecord(
                    id=uid, side=enemy, type_id=UNKNOWN_TYPE, where=e["id"], bought_turn=0
                )
        battles = {b["id"]: _battle_record(b) for b in c["battles"]}
        for record in battles.values():
            # Of the enemy in a battle the desk holds only those it can place; the rules
            # read a battle's formations from the map.
            record.attackers = [f for f in record.attackers if f in formations]
            record.defenders = [f for f in record.defenders if f in formations]
            record.retreats = {
                f: v for f, v in record.retreats.items() if f in formations or v != "pending"
            }
        log, events, notes = _log(p, c)
        state = State(
            turn=p.turn,
            side_turn=p.side_turn,
            side_index=sides.index(p.side_to_play),
            phase=p.phase,
            pp={side: int(c["pp"]), enemy: 0},
            holdings=dict(c["holdings"]),
            owners=dict(c["owners"]),
            units=units,
            formations=formations,
            battles=battles,
            counters=dict(c["counters"]),
            bought_this_turn=dict(c["bought_this_turn"]),
            # Whether the defender has begun assigning support is its own secret (the
            # attacker is not told): an attack ordered after it is refused at import.
            orders_closed=False,
            log=log,
            events=events,
            umpire_notes=notes,
        )
    except (KeyError, TypeError, ValueError, IndexError, ValidationError, MapFormatError) as e:
        raise PackageError(
            f"The turn package is damaged: {type(e).__name__} in its content."
        ) from None
    return World(hexmap, setup, state)


def _battle_record(b: dict[str, Any]) -> BattleRecord:
    result = None
    if b["result"] is not None:
        r = b["result"]
        result = Result(outcome=r["outcome"], level=r["level"], eliminated=list(r["eliminated"]))
    retreats = {
        k: (v if isinstance(v, str) else (int(v[0]), int(v[1]))) for k, v in b["retreats"].items()
    }
    roll = b["pursuit_roll"]
    if b["pursuit_tried"] and roll is None:
        roll = 0  # tried, the face unknown to this side: only "tried" matters to its rules
    return BattleRecord(
        id=b["id"],
        kind=b["kind"],
        side_turn=b["side_turn"],
        turn=b["turn"],
        attacker_side=b["attacker_side"],
        defender_side=b["defender_side"],
        attackers=list(b["attackers"]),
        defender=b["defender"],
        defenders=list(b["defenders"]),
        defender_hex=(b["defender_hex"][0], b["defender_hex"][1]),
        artillery=list(b["artillery"]),
        air=list(b["air"]),
        defense_artillery=list(b["defense_artillery"]),
        defense_air=list(b["defense_air"]),
        sheet=BattleSheet.model_validate(b["sheet"]),
        result=result,
        retreats=retreats,
        advanced=b["advanced"],
        pursuit_of=b["pursuit_of"],
        pursuit_roll=roll,
        pursuit_battle=b["pursuit_battle"],
        weather=b["weather"],
    )


def _log(p: Package, c: dict[str, Any]) -> tuple[list[str], list[LogEvent], list[UmpireNote]]:
    """The side's log lines, each seen by it alone, and the umpire's notes as worded
    for it (so the desk's turn report reads as the umpire's does)."""
    log: list[str] = []
    events: list[LogEvent] = []
    for line in c["log"]:
        turn = int(str(line).split(",", 1)[0].removeprefix("Turn ") or 0)
        events.append(
            LogEvent(line=len(log), turn=turn, side=p.side, phase=p.phase, seen_by=[p.side])
        )
        log.append(str(line))
    notes = []
    for turn, text in c["notes"]:
        notes.append(UmpireNote(turn=int(turn), line=len(log), by_side={p.side: str(text)}))
        events.append(
            LogEvent(line=len(log), turn=int(turn), side=p.side, phase=p.phase, seen_by=[p.side])
        )
        log.append(f"Turn {int(turn)}, {p.side}, umpire: {text}")
    return log, events, notes


# --- the side's open decisions ----------------------------------------------------------


def desk_legal_actions(w: World, side: str) -> list[LegalAction]:
    """What `side` may decide now (legal.py on the world given), without the umpire's
    own steps (results, the end of a phase): the side to play's moves, attacks,
    purchases, advances and pursuits; the defender's support; the retreating side's
    retreats."""
    out = []
    for a in legal_actions(w):
        if a.kind in ("result", "end_phase"):
            continue
        if a.kind == "support_defense":
            if w.state.battles[str(a.subject)].defender_side == side:
                out.append(a)
        elif a.kind == "retreat":
            if w.state.formations[str(a.subject)].side == side:
                out.append(a)
        elif w.side_to_play == side:
            out.append(a)
    return out


def decision_lines(w: World, side: str) -> list[str]:
    """The open decisions of this phase for `side`, one sentence each."""
    lines = []
    for a in desk_legal_actions(w, side):
        lines.append(_decision(w, a))
    if not lines:
        lines.append(f"Nothing for the {side} player to decide in this phase.")
    return lines


# How each kind of decision reads; {s} is the subject's name, {names} and {hexes} the
# choices', {n} their number, {id} the subject as given (a battle).
DECISION_WORDS = {
    "build": "Build a new {id} formation at {hexes}.",
    "transfer": "Transfer {unit} to {names}.",
    "assign": "Put {s} under command of {names}.",
    "move": "Move {s}: {n} hexes in reach.",
    "attack": "Attack the {target} with {names}.",
    "support_defense": "Assign defensive artillery and air to battle {id}.",
    "retreat": "Retreat {s} to {hexes}.",
    "advance": "Advance {s} into {hexes} (or stay).",
    "pursuit": "Try a pursuit after battle {id} with {names}.",
    "purchase": "Buy with {pp} PP: {types}.",
}


def _decision(w: World, a: LegalAction) -> str:
    s = w.state

    def name(fid: object) -> str:
        f = s.formations.get(str(fid))
        return str(fid) if f is None else f.name

    subject = str(a.subject)
    words = {
        "id": subject,
        "s": name(subject),
        "n": len(a.choices),
        "names": ", ".join(name(f) for f in a.choices),
        "hexes": ", ".join(w.map.label(h) for h in a.choices if isinstance(h, Hex)),
        "unit": w.unit_label(subject) if subject in s.units else subject,
        "target": "",
        "pp": s.pp.get(subject, 0),
        "types": "",
    }
    if a.kind == "attack":
        t = s.formations[subject]
        words["target"] = f"{t.side} {t.name} at {w.map.label(to_hex(t.hex))}"
    if a.kind == "purchase":
        chart = w.setup.charts[subject]
        words["types"] = ", ".join(
            f"{chart.type(t).name} ({chart.type(t).cost} PP)"
            for t in a.choices
            if isinstance(t, str)
        )
    template = DECISION_WORDS.get(a.kind, a.kind.replace("_", " ").capitalize() + ": {id}.")
    return template.format(**words)


# --- the printable report ---------------------------------------------------------------


def package_report(data: bytes | str) -> tuple[str, str]:
    """The package's printable report as (title, HTML fragment): the side's turn report
    (turn_report_html on the desk's world), its open decisions, its order of battle with
    strengths now, and this turn's battle sheets with their deadlines. Qt-free; the
    desk's PDF lays it out (app/campaign/package_print.py)."""
    p = read_package(data)
    w = desk_world(p)
    view = side_view(w, p.side)
    e = html.escape
    parts = [
        f"<p><b>{e(p.title())}</b> · campaign {e(p.campaign)}</p>",
        turn_report_html(w, p.side),
    ]
    parts.append(f"<h2>Map</h2>{side_map_svg(w, p.side)}")
    parts.append("<h2>Open decisions</h2><ul>")
    parts += [f"<li>{e(str(x))}</li>" for x in p.content.get("decisions", [])]
    parts.append("</ul><h2>Order of battle (strengths now)</h2>")
    for f in view.own:
        parts.append(f"<h3>{e(f.name)} at {e(f.label)} ({e(f.composition)})</h3><ul>")
        parts += [f"<li>{e(u.name)}: {e(u.strength_text)}</li>" for u in f.units]
        parts.append("</ul>")
    if view.army_hq:
        parts.append("<h3>Army HQ box</h3><ul>")
        parts += [f"<li>{e(u.name)}: {e(u.strength_text)}</li>" for u in view.army_hq]
        parts.append("</ul>")
    due = {str(b["id"]): str(b.get("due", "")) for b in p.content.get("battles", [])}
    for b in view.battles_of(view.turn):
        result = "" if b.result is None else f"; result: {b.result}"
        parts.append(f"<h2>Battle sheet {e(b.id)}</h2><p>{e(due.get(b.id, ''))}{e(result)}</p>")
        parts.append(b.sheet.to_html())
    return p.title(), "\n".join(parts)


def package_html(data: bytes | str, css: str = "") -> str:
    """The printable report as a complete HTML page (`css`: a style sheet to carry)."""
    title, body = package_report(data)
    style = f"<style>{css}</style>" if css else ""
    return (
        f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        f"{style}</head><body>{body}</body></html>"
    )
