"""The battle set-up sheet: what the umpire builds in Combat Mission for one battle."""

from __future__ import annotations

import html

from pydantic import BaseModel, ConfigDict, Field


class OobLine(BaseModel):
    model_config = ConfigDict(extra="forbid")

    formation: str
    formation_id: str
    unit_id: str | None  # None for troops that are not combat units (corps HQ troops)
    unit: str
    category: str
    strength: str
    experience: str


class BattleSheet(BaseModel):
    model_config = ConfigDict(extra="forbid")

    battle_id: str
    battle_type: str
    turns: int
    campaign_turn: int
    attacker_side: str
    defender_side: str
    location: str  # the defender's hex label, with its place name if any
    oobs: dict[str, list[OobLine]]
    artillery: dict[str, list[str]] = Field(default_factory=dict)
    air: dict[str, list[str]] = Field(default_factory=dict)
    ammunition: dict[str, str] = Field(default_factory=dict)
    fortifications: dict[str, int | None] = Field(default_factory=dict)
    zones: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    terrain: list[str] = Field(default_factory=list)
    fortifications_known: bool = True  # False on the attacker's own sheet
    viewpoint: str | None = None  # None: the umpire's sheet; else the side it was written for

    @property
    def type(self) -> str:
        return self.battle_type

    def title(self) -> str:
        return (
            f"Battle {self.battle_id}: {self.battle_type}, {self.turns} turns — "
            f"{self.attacker_side} attacks {self.defender_side} at {self.location} "
            f"(campaign turn {self.campaign_turn})"
        )

    def sections(self) -> list[tuple[str, list[str]]]:
        """The sheet as titled sections of plain lines; both renderers read this."""
        out: list[tuple[str, list[str]]] = []
        for side in (self.attacker_side, self.defender_side):
            role = "attacker" if side == self.attacker_side else "defender"
            lines = [_oob_text(o) for o in self.oobs.get(side, [])]
            lines += [f"Artillery: {a}" for a in self.artillery.get(side, [])]
            lines += [f"Air support: {a}" for a in self.air.get(side, [])]
            if side in self.ammunition:
                lines.append(f"Ammunition: {self.ammunition[side]}")
            out.append((f"{side} ({role}) order of battle", lines or ["(nothing known)"]))
        forts = [
            f"{name}: {'as needed' if n is None else n}" for name, n in self.fortifications.items()
        ]
        if not self.fortifications_known:
            forts = ["unknown to the attacker until the battle"]
        out.append(("Fortifications (defender)", forts or ["none"]))
        out.append(("Set-up zones", self.zones))
        out.append(("Operational terrain", self.terrain))
        out.append(("Notes", self.notes))
        return out

    def to_markdown(self) -> str:
        parts = [f"# {self.title()}", ""]
        for heading, lines in self.sections():
            parts.append(f"## {heading}")
            parts += [f"- {line}" for line in lines]
            parts.append("")
        return "\n".join(parts)

    def to_html(self) -> str:
        """A standalone HTML fragment; every string (names come from users) is escaped."""
        e = html.escape
        parts = [f"<h1>{e(self.title())}</h1>"]
        for heading, lines in self.sections():
            parts.append(f"<h2>{e(heading)}</h2>")
            parts.append("<ul>" + "".join(f"<li>{e(line)}</li>" for line in lines) + "</ul>")
        return "\n".join(parts)


def _oob_text(o: OobLine) -> str:
    if o.category == "unknown":  # what a player knows of the enemy
        return f"{o.formation}: {o.unit}"
    return f"{o.formation}: {o.unit} ({o.category.replace('_', ' ')}), {o.strength}, {o.experience}"
