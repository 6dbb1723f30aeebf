"""The map picture of a turn package (issue 29 item 2): the whole map as SVG text with the
side's own formations and the enemy it knows, drawn from the desk's world (the world
rebuilt from the package, packages.desk_world), so by construction it shows nothing
outside the side's view. Qt-free: the HTML report carries it inline and the desk's PDF
paints it (app/campaign/reports draws every SVG of a page as an image).
"""

from __future__ import annotations

import html

from hexcampaign.campaign.state import to_hex
from hexcampaign.campaign.world import World
from hexcampaign.hexes import Layout
from hexcampaign.maps.lines import HEXSIDE_RIVER

OWN, ENEMY = "#1f3f8f", "#8f1f1f"
RIVER = "#3b7fc4"


def side_map_svg(w: World, side: str, size: float = 16.0) -> str:
    """The map in its terrain colours, rivers, roads and places, each formation of the world as
    a counter in its side's colour (corps HQs as a ring) with its name, and a key."""
    e = html.escape
    m = w.map
    layout = Layout(size, m.orientation)
    hexes = m.hexes()
    points = [p for h in hexes for p in layout.corners(h)]
    left, top = min(x for x, _ in points), min(y for _, y in points)
    width = max(x for x, _ in points) - left + 2
    key_top = max(y for _, y in points) - top + 6
    height = key_top + size * 2.2

    def at(h: object) -> tuple[float, float]:
        x, y = layout.center(h)  # type: ignore[arg-type]
        return x - left + 1, y - top + 1

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif" '
        f'font-size="{size * 0.55:.1f}">',
        f"<title>{e(f'The map as the {side} side knows it, turn {w.turn}')}</title>",
    ]
    for h in hexes:
        colour = m.palette.terrains[m.terrain(h)].colour
        corners = " ".join(f"{x - left + 1:.1f},{y - top + 1:.1f}" for x, y in layout.corners(h))
        out.append(
            f'<polygon points="{corners}" fill="{e(colour)}" stroke="#777" stroke-width="0.5"/>'
        )
    # Rivers before roads, as on the board: a player plans crossings from this picture.
    for line in m.lines():
        if line.kind == HEXSIDE_RIVER:
            for hexside in line.along:
                (x1, y1), (x2, y2) = layout.side_segment(hexside)
                out.append(
                    f'<line x1="{x1 - left + 1:.1f}" y1="{y1 - top + 1:.1f}" '
                    f'x2="{x2 - left + 1:.1f}" y2="{y2 - top + 1:.1f}" '
                    f'stroke="{RIVER}" stroke-width="{size / 5:.1f}"/>'
                )
        elif line.kind == "river":
            spots = " ".join(f"{x:.1f},{y:.1f}" for x, y in map(at, line.hexes))
            out.append(
                f'<polyline points="{spots}" fill="none" stroke="{RIVER}" '
                f'stroke-width="{size / 4:.1f}" stroke-linejoin="round" stroke-linecap="round"/>'
            )
    for h in hexes:
        for n in m.road_neighbours(h):
            if (n.q, n.r) > (h.q, h.r):
                (x1, y1), (x2, y2) = at(h), at(n)
                out.append(
                    f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
                    f'stroke="#b0302a" stroke-width="{size / 8:.1f}"/>'
                )
    for place in m.places():
        x, y = at(place.hex)
        holder = w.state.holdings.get(place.name)
        fill = OWN if holder == side else ENEMY if holder else "#ffffff"
        out.append(
            f'<rect x="{x - size * 0.25:.1f}" y="{y - size * 0.75:.1f}" width="{size * 0.5:.1f}" '
            f'height="{size * 0.3:.1f}" fill="{fill}" stroke="#000" stroke-width="0.5"/>'
        )
        out.append(_label(x, y - size * 0.8, place.name, size * 0.45, "#000"))
    for f in w.state.formations.values():
        x, y = at(to_hex(f.hex))
        colour = OWN if f.side == side else ENEMY
        if f.kind == "corps":
            out.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{size * 0.5:.1f}" fill="none" '
                f'stroke="{colour}" stroke-width="{size / 6:.1f}"/>'
            )
            continue
        out.append(
            f'<rect x="{x - size * 0.45:.1f}" y="{y - size * 0.3:.1f}" width="{size * 0.9:.1f}" '
            f'height="{size * 0.6:.1f}" fill="{colour}" rx="2"/>'
        )
        out.append(_label(x, y + size * 0.85, f.name, size * 0.45, colour))
    legend = (
        (OWN, f"{side}: every formation (a ring: corps HQ)"),
        (ENEMY, "enemy: only those the side knows (next to its own now, or seen retreating)"),
    )
    for i, (colour, text) in enumerate(legend):
        y = key_top + i * size * 0.9
        out.append(
            f'<rect x="2" y="{y:.1f}" width="{size * 0.6:.1f}" height="{size * 0.5:.1f}" fill="{colour}"/>'
        )
        out.append(f'<text x="{size:.1f}" y="{y + size * 0.45:.1f}">{e(text)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _label(x: float, y: float, text: str, font: float, colour: str) -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="middle" font-size="{font:.1f}" '
        f'fill="{colour}">{html.escape(text)}</text>'
    )
