"""The battle set-up sheet's form: the fields the umpire fills in for one battle in Combat
Mission, and how a filled form is written out (plain sections, Markdown, HTML).

Besides the orders of battle it gives everything a CM player would otherwise invent:
the date and time of day, the weather, a suggested map size, and a picture of the
battle area (the defender's hex and its neighbours) drawn as SVG text with no Qt, so
the HTML sheet carries it inline and the desk can paint it into the PDF.

Filling the form in from a campaign is battle_sheet.py's work; this module knows nothing
of the campaign, so the campaign's state (whose battle records carry a sheet) can use it.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Callable

from pydantic import BaseModel, ConfigDict, Field

Escape = Callable[[str], str]  # html.escape, passed down to every piece of SVG text


class OobLine(BaseModel):
    model_config = ConfigDict(extra="forbid")

    formation: str
    formation_id: str
    unit_id: str | None  # None for troops that are not combat units (corps HQ troops)
    unit: str
    category: str
    strength: str
    experience: str


class AreaHex(BaseModel):
    """One hex of the battle area, as the picture and the terrain list show it."""

    model_config = ConfigDict(extra="forbid")

    label: str  # the 4-digit hex number printed on the map
    direction: str  # "centre", or the side of the defender's hex it lies on ("N", "NE", ...)
    on_map: bool = True
    terrain: str = ""
    colour: str = "#cccccc"
    elevation: int = 0
    river: bool = False
    bridge: bool = False
    roads: list[str] = Field(default_factory=list)  # directions a road leaves this hex by
    place: str = ""  # "village Hill 112 (1 PP)"
    formations: list[list[str]] = Field(default_factory=list)  # [side, name, role]
    setup_edge: str = ""  # for an attacker's hex: the CM map edge it sets up along


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
    # Conditions (empty in sheets saved before they were given)
    date: str = ""
    time_of_day: str = ""
    weather: str = ""
    map_size: str = ""
    area: list[AreaHex] = Field(default_factory=list)
    # What to set in CM to build the battle (empty in sheets saved before it was given).
    checklist: list[str] = Field(default_factory=list)

    @property
    def type(self) -> str:
        return self.battle_type

    def title(self) -> str:
        when = f", {self.date}" if self.date else ""
        return (
            f"Battle {self.battle_id}: {self.battle_type}, {self.turns} turns — "
            f"{self.attacker_side} attacks {self.defender_side} at {self.location} "
            f"(campaign turn {self.campaign_turn}{when})"
        )

    def conditions(self) -> list[str]:
        lines = []
        if self.date:
            lines.append(
                f"Date: {self.date}" + (f", {self.time_of_day}" if self.time_of_day else "")
            )
        if self.weather:
            lines.append(f"Weather: {self.weather}")
        if self.map_size:
            lines.append(f"Suggested CM map: {self.map_size}")
        return lines

    def sections(self) -> list[tuple[str, list[str]]]:
        """The sheet as titled sections of plain lines; both renderers read this."""
        out: list[tuple[str, list[str]]] = []
        if self.conditions():
            out.append(("Conditions", self.conditions()))
        if self.checklist:
            out.append(("CM build checklist", self.checklist))
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
        out.append(("Operational terrain", terrain_lines(self.area) if self.area else self.terrain))
        out.append(("Notes", self.notes))
        return out

    def to_markdown(self) -> str:
        """Markdown with every name escaped: markup typed into a name stays text."""
        m = markdown_escape
        parts = [f"# {m(self.title())}", ""]
        for heading, lines in self.sections():
            parts.append(f"## {m(heading)}")
            parts += [f"- {m(line)}" for line in lines]
            parts.append("")
        return "\n".join(parts)

    def to_html(self) -> str:
        """A standalone HTML fragment; every string (names come from users) is escaped.
        The battle area is an inline SVG picture."""
        e = html.escape
        parts = [f"<h1>{e(self.title())}</h1>"]
        for heading, lines in self.sections():
            parts.append(f"<h2>{e(heading)}</h2>")
            parts.append("<ul>" + "".join(f"<li>{e(line)}</li>" for line in lines) + "</ul>")
            if heading == "Set-up zones" and self.area:
                parts.append("<h2>Battle area</h2>")
                parts.append(area_svg(self))
        return "\n".join(parts)


def terrain_lines(area: list[AreaHex]) -> list[str]:
    lines = []
    for h in area:
        if not h.on_map:
            lines.append(f"{h.direction}: off the operational map")
            continue
        bits = [f"{h.label}: {h.terrain}", f"elevation {h.elevation}"]
        if h.roads:
            bits.append("road to " + ", ".join(h.roads))
        if h.river:
            bits.append("river" + (" with bridge" if h.bridge else ""))
        if h.place:
            bits.append(h.place)
        bits += [f"the {side} {name}" for side, name, _ in h.formations]
        head = "Defender's hex" if h.direction == "centre" else h.direction
        lines.append(f"{head} {', '.join(bits)}")
    return lines


# Flat-topped hexes: the centre of each neighbour, in the order N, NE, SE, S, SW, NW.
_OFFSETS = {
    "centre": (0.0, 0.0),
    "N": (0.0, -math.sqrt(3)),
    "NE": (1.5, -math.sqrt(3) / 2),
    "SE": (1.5, math.sqrt(3) / 2),
    "S": (0.0, math.sqrt(3)),
    "SW": (-1.5, math.sqrt(3) / 2),
    "NW": (-1.5, -math.sqrt(3) / 2),
}
_SIDE_COLOURS = ("#1f3f8f", "#8f1f1f")  # attacker, defender


def area_svg(sheet: BattleSheet, size: float = 60.0) -> str:
    """The battle area as SVG text: seven flat-topped hexes in their terrain colours,
    roads, rivers, places, both sides' formations (a tag in the side's colour), an arrow
    from each attacker's hex and, under the hexes, a key: whose colour is whose and the
    CM map edge each attacker sets up along. Every name is escaped."""
    e = html.escape
    edges = [h for h in sheet.area if h.setup_edge and h.on_map]
    width = 7.2 * size
    cx, cy = width / 2, 2.75 * size
    key_top = cy + 2.95 * size
    line = size * 0.3
    height = key_top + line * (1 + len(edges)) + size * 0.1
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif" font-size="{size / 6:.1f}">',
        f"<title>{e('Battle area of battle ' + sheet.battle_id)}</title>",
    ]
    centres = {}
    tags = []
    for h in sheet.area:
        dx, dy = _OFFSETS.get(h.direction, (0.0, 0.0))
        x, y = cx + dx * size, cy + dy * size
        centres[h.direction] = (x, y)
        points = " ".join(
            f"{x + size * math.cos(math.radians(60 * k)):.1f},{y + size * math.sin(math.radians(60 * k)):.1f}"
            for k in range(6)
        )
        fill = h.colour if h.on_map else "#ffffff"
        dash = "" if h.on_map else ' stroke-dasharray="4 3"'
        out.append(f'<polygon points="{points}" fill="{e(fill)}" stroke="#333"{dash}/>')
        if not h.on_map:
            out.append(_text(x, y, "off the map", e))
            continue
        if h.river:
            out.append(_river(x, y, size))
        for d in h.roads:
            ox, oy = _OFFSETS.get(d, (0.0, 0.0))
            out.append(
                f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x + ox * size / 2:.1f}" '
                f'y2="{y + oy * size / 2:.1f}" stroke="#b0302a" stroke-width="{size / 15:.1f}"/>'
            )
        out.append(_text(x, y - size * 0.62, h.label, e, bold=True))
        out.append(_text(x, y - size * 0.42, h.terrain, e))
        if h.place:  # under the terrain, where the hex is wide enough for it
            out.append(_text(x, y - size * 0.27, h.place, e, small=size / 6 * 0.8))
        for i, (side, name, _role) in enumerate(h.formations):
            tags.append((x, y + size * 0.08 + i * size * 0.3, side, name))
    # Arrows over the hexes, tags over the arrows, so no name is hidden.
    for h in edges:
        x, y = centres[h.direction]
        out.append(_arrow(x, y, cx, cy, size))
    small = size / 6 * 0.85
    for x, fy, side, name in tags:
        colour = _SIDE_COLOURS[0 if side == sheet.attacker_side else 1]
        out.append(
            f'<rect x="{x - size * 0.9:.1f}" y="{fy - size * 0.13:.1f}" width="{size * 1.8:.1f}" '
            f'height="{size * 0.26:.1f}" fill="{colour}" rx="3"/>'
        )
        out.append(_text(x, fy + size * 0.05, name, e, fill="#ffffff", small=small))
    out += _key(sheet, edges, size, key_top, line, e)
    out.append("</svg>")
    return "\n".join(out)


def _key(
    sheet: BattleSheet, edges: list[AreaHex], size: float, top: float, line: float, e: Escape
) -> list[str]:
    """Under the hexes: each side's colour, then each attacker's set-up edge."""
    x = size * 0.3
    out = []
    for i, (side, role) in enumerate(
        ((sheet.attacker_side, "attacker"), (sheet.defender_side, "defender"))
    ):
        left = x + i * size * 3.4
        out.append(
            f'<rect x="{left:.1f}" y="{top - size * 0.15:.1f}" width="{size * 0.2:.1f}" '
            f'height="{size * 0.2:.1f}" fill="{_SIDE_COLOURS[i]}"/>'
        )
        out.append(_left_text(left + size * 0.3, top, f"{side} ({role})", e))
    for n, h in enumerate(edges, start=1):
        names = ", ".join(name for side, name, _ in h.formations if side == sheet.attacker_side)
        who = names or sheet.attacker_side
        out.append(_left_text(x, top + n * line, f"{who} ({h.label}) sets up: {h.setup_edge}", e))
    return out


def _river(x: float, y: float, size: float) -> str:
    """A river across the hex as a wavy blue line (the map says the hex holds a river,
    not where it flows)."""
    points = []
    for k in range(13):
        t = -0.8 + k * 1.6 / 12
        points.append(f"{x + t * size:.1f},{y + size * (0.3 + 0.08 * math.sin(t * 8)):.1f}")
    return (
        f'<polyline points="{" ".join(points)}" fill="none" stroke="#3f7fc1" '
        f'stroke-width="{size / 10:.1f}" opacity="0.8"/>'
    )


def _arrow(x: float, y: float, tx: float, ty: float, size: float) -> str:
    """An arrow from an attacker's hex towards the defender's, in the attacker's colour."""
    dx, dy = tx - x, ty - y
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    sx, sy = x + ux * size * 0.35, y + uy * size * 0.35
    ex, ey = x + ux * length * 0.62, y + uy * length * 0.62
    head = size * 0.22
    left = (ex - ux * head - uy * head * 0.6, ey - uy * head + ux * head * 0.6)
    right = (ex - ux * head + uy * head * 0.6, ey - uy * head - ux * head * 0.6)
    colour = _SIDE_COLOURS[0]
    return (
        f'<line x1="{sx:.1f}" y1="{sy:.1f}" x2="{ex:.1f}" y2="{ey:.1f}" stroke="{colour}" '
        f'stroke-width="{size / 12:.1f}" opacity="0.8"/>'
        f'<polygon points="{ex:.1f},{ey:.1f} {left[0]:.1f},{left[1]:.1f} '
        f'{right[0]:.1f},{right[1]:.1f}" fill="{colour}" opacity="0.8"/>'
    )


def _left_text(x: float, y: float, text: str, e: Escape) -> str:
    shown = text if len(text) <= 70 else text[:69] + "…"
    return f'<text x="{x:.1f}" y="{y:.1f}" fill="#000000">{e(shown)}</text>'


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|~])")


def markdown_escape(text: str) -> str:
    """Text safe in Markdown: HTML markup becomes entities, Markdown syntax is escaped."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(text, quote=False))


def _text(
    x: float,
    y: float,
    text: str,
    e: Escape,
    bold: bool = False,
    fill: str = "#000000",
    small: float = 0,
) -> str:
    """`small`: a smaller font size in user units (a number: Qt's SVG renderer, which
    draws the PDF sheet's picture, reads "70%" as 70 units)."""
    weight = ' font-weight="bold"' if bold else ""
    most = 26 if small else 34  # what fits across a hex (or a formation's tag)
    shown = text if len(text) <= most else text[: most - 1] + "…"
    font = f' font-size="{small:.1f}"' if small else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="middle" fill="{fill}"{weight}{font}>'
        f"{e(shown)}</text>"
    )


def _oob_text(o: OobLine) -> str:
    if o.category == "unknown":  # what a player knows of the enemy
        return f"{o.formation}: {o.unit}"
    return f"{o.formation}: {o.unit} ({o.category.replace('_', ' ')}), {o.strength}, {o.experience}"
