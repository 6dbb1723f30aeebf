"""Fog of war by construction: what one side may know, computed in one place.

`side_view(world_or_campaign, side)` is a frozen value holding everything a side's
artefacts (turn report, battle sheets, the battle-area picture, a package) may say: its
own forces in full with their strengths now, of the enemy only what the rules reveal
(formations next to its own now, with their hex; formations met in this turn's battles,
by name and number of combat units as the side's battle sheet gives them), the battles
it is in with its own sheets, and the log lines the engine recorded it may see when it
wrote them (state.events). Nothing here reads a log line's words to decide.

The documented rules (docs/rules-interpretations.md, "Fog of war"): a side sees the enemy
formations next to its own and those in battles it fights; of an enemy formation it
learns name and combat units, never experience, supply, ammunition, support, PP,
purchases, builds, reinforcements, deployments, moves or digging in; battles, retreats,
places taken, eliminations and the umpire's corrections (worded for it) reach both.
"""

from __future__ import annotations

from dataclasses import dataclass

from hexcampaign.campaign.battle_sheet import BattleSheet, area_svg, side_sheet
from hexcampaign.campaign.ending import victory_points
from hexcampaign.campaign.history import known_formation_ids, seen_lines, umpire_notes
from hexcampaign.campaign.production import production_points
from hexcampaign.campaign.state import ARMY_HQ, to_hex
from hexcampaign.campaign.views import FormationView, UnitView, formation_view, unit_view
from hexcampaign.campaign.world import World
from hexcampaign.hexes import Hex


@dataclass(frozen=True)
class SeenEvent:
    """A log line this side may read: its turn and the text (without the line's head)."""

    turn: int
    text: str
    line: str  # the whole line, "Turn 3, german, Movement: …"


@dataclass(frozen=True)
class KnownEnemy:
    """An enemy formation as this side knows it: in contact now (with its hex) and/or met
    in this turn's battles (named on the side's sheet, with its combat units)."""

    id: str
    side: str
    name: str
    hex: Hex | None  # None: met in a battle, not next to the side's forces now
    label: str  # the hex's 4-digit label, "" when `hex` is None
    battles: tuple[str, ...]  # this turn's battles the side fights it in
    combat_units: int | None  # as the side's sheet gives it; None: not met in a battle


@dataclass(frozen=True)
class SideBattle:
    """A battle this side fights, with the sheet its player may see."""

    id: str
    kind: str
    turn: int
    attacker_side: str
    defender_side: str
    sheet: BattleSheet  # side_sheet: own forces in full, of the enemy names and counts
    result: str | None  # "DEFENDER DEFEAT (tactical)"; None while awaiting the result


@dataclass(frozen=True)
class SideView:
    """Everything `side` may know now; every side artefact is made from this alone."""

    side: str
    enemy: str
    turn: int
    phase: str
    side_to_play: str
    pp: int
    income: int
    victory_points: int
    ended: str | None  # the campaign's end as a sentence, once it has come
    own: tuple[FormationView, ...]
    army_hq: tuple[UnitView, ...]
    enemy_known: tuple[KnownEnemy, ...]
    battles: tuple[SideBattle, ...]
    events: tuple[SeenEvent, ...]  # every turn's, corrections left out (see `notes`)
    notes: tuple[tuple[int, str], ...]  # (turn, the umpire's correction as worded for it)

    def events_of(self, turn: int) -> list[SeenEvent]:
        return [e for e in self.events if e.turn == turn]

    def battles_of(self, turn: int) -> list[SideBattle]:
        return [b for b in self.battles if b.turn == turn]

    def notes_of(self, turn: int) -> list[str]:
        return [text for t, text in self.notes if t == turn]

    def in_contact(self) -> list[KnownEnemy]:
        return [e for e in self.enemy_known if e.hex is not None]

    def battle_picture(self, battle_id: str) -> str:
        """The battle area as this side may see it (SVG): of the enemy only the
        formations fighting in the battle."""
        sheet = next((b.sheet for b in self.battles if b.id == battle_id), None)
        if sheet is None:
            raise KeyError(f"{self.side} fights no battle {battle_id}")
        return area_svg(sheet)


def world_of(source: object) -> World:
    """The world of a Campaign (or a World itself): fog's functions take either."""
    w = source if isinstance(source, World) else getattr(source, "_world", None)
    if not isinstance(w, World):
        raise TypeError("a campaign or its world is needed")
    return w


def side_view(source: object, side: str) -> SideView:
    """What `side` may know: `source` is a World or a Campaign (its world)."""
    w = world_of(source)
    if side not in w.sides:
        raise ValueError(f"There is no side {side!r}; the sides are {', '.join(w.sides)}.")
    enemy = w.enemy(side)
    battles = tuple(
        SideBattle(
            id=b.id,
            kind=b.kind,
            turn=b.turn,
            attacker_side=b.attacker_side,
            defender_side=b.defender_side,
            sheet=side_sheet(b.sheet, side),
            result=None
            if b.result is None
            else b.result.outcome + (f" ({b.result.level})" if b.result.level else ""),
        )
        for b in w.state.battles.values()
        if side in (b.attacker_side, b.defender_side)
    )
    return SideView(
        side=side,
        enemy=enemy,
        turn=w.turn,
        phase=w.phase,
        side_to_play=w.side_to_play,
        pp=w.state.pp[side],
        income=production_points(w, side),
        victory_points=victory_points(w, side),
        ended=None if w.state.ended is None else w.state.ended.reason,
        own=tuple(formation_view(w, f.id) for f in w.formations_of(side)),
        army_hq=tuple(
            unit_view(w, u) for u in w.state.units.values() if u.side == side and u.where == ARMY_HQ
        ),
        enemy_known=_known_enemy(w, side),
        battles=battles,
        events=tuple(
            SeenEvent(s.turn, s.text, s.line) for s in seen_lines(w, side, corrections=False)
        ),
        notes=tuple((t, text) for t in range(1, w.turn + 1) for text in umpire_notes(w, side, t)),
    )


def _known_enemy(w: World, side: str) -> tuple[KnownEnemy, ...]:
    enemy = w.enemy(side)
    contact = set(known_formation_ids(w, side, battles=False))
    met: dict[str, list[str]] = {}
    counts: dict[str, int] = {}
    for b in w.state.battles.values():
        if b.turn != w.turn or side not in (b.attacker_side, b.defender_side):
            continue
        fought: dict[str, int] = {}
        for line in b.sheet.oobs.get(enemy, []):
            met.setdefault(line.formation_id, []).append(b.id)
            # A combat unit (corps HQ troops are not): the count the side's sheet gives.
            fought[line.formation_id] = fought.get(line.formation_id, 0) + bool(line.unit_id)
        for fid, n in fought.items():
            counts[fid] = max(counts.get(fid, 0), n)
    out = []
    for f in w.state.formations.values():
        if f.side == side or (f.id not in contact and f.id not in met):
            continue
        here = to_hex(f.hex) if f.id in contact else None
        out.append(
            KnownEnemy(
                id=f.id,
                side=f.side,
                name=f.name,
                hex=here,
                label="" if here is None else w.map.label(here),
                battles=tuple(dict.fromkeys(met.get(f.id, []))),
                combat_units=counts.get(f.id, 0) if f.id in met else None,
            )
        )
    return tuple(out)
