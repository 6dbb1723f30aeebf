"""Build maps/cm-sample.hexmap: a small CM campaign map (30×20) made with the map API.

Rerun after changing the model or this script:  .venv/bin/python scripts/build_sample_map.py
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from hexcampaign.maps import HexMap, save_map

COLS, ROWS = 30, 20

# name, kind, col, row, pp — the German side holds the west, the US side the east.
PLACES = [
    ("Altdorf", "capital", 2, 10, 5),
    ("Bergheim", "town", 7, 4, 3),
    ("Kirchberg", "village", 6, 15, 1),
    ("Mühlbach", "village", 11, 9, 1),
    ("Steinach", "town", 15, 14, 3),
    ("Hollerbach", "village", 15, 3, 1),
    ("Marville", "village", 19, 8, 1),
    ("St. Aubin", "town", 22, 16, 3),
    ("Clairmont", "village", 23, 4, 2),
    ("Fort Lewis", "capital", 27, 10, 5),
]

# roads as chains of places (hex lines between them)
ROADS = [
    ["Altdorf", "Mühlbach", "Marville", "Fort Lewis"],
    ["Altdorf", "Bergheim", "Hollerbach", "Clairmont", "Fort Lewis"],
    ["Altdorf", "Kirchberg", "Steinach", "St. Aubin", "Fort Lewis"],
    ["Mühlbach", "Steinach"],
    ["Marville", "Clairmont"],
]

# a stream from the north edge to the south edge between the two sides, through these
# hexes (the hex lines between them are filled in)
RIVER_WAYPOINTS = [(13, 0), (14, 4), (13, 7), (15, 11), (16, 15), (17, 19)]


def build() -> HexMap:
    m = HexMap.blank(COLS, ROWS, palette="cm")
    m.name = "Sample campaign: the Aubin valley"
    m.author = "hexcampaign"
    m.description = (
        "A small operational map for the CM campaign rules: clear ground and forest, "
        "roads between villages and towns with production points, a stream with "
        "bridges, and one capital for each side (Altdorf west, Fort Lewis east)."
    )
    rng = random.Random(1943)
    # forest in clumps: seed hexes grown a few steps
    for _ in range(16):
        h = m.at(rng.randrange(COLS), rng.randrange(ROWS))
        for _ in range(rng.randint(4, 12)):
            m.set_terrain(h, "forest")
            options = m.neighbours_on_map(h)
            h = rng.choice(options)
    for (c1, r1), (c2, r2) in zip(RIVER_WAYPOINTS, RIVER_WAYPOINTS[1:]):
        for h in m.at(c1, r1).line_to(m.at(c2, r2)):
            m.set_river(h, True)
    for name, kind, col, row, pp in PLACES:
        h = m.at(col, row)
        m.set_terrain(h, "clear")
        m.add_place(h, name, kind, vp=1 if kind != "village" else 0, pp=pp)
    for chain in ROADS:
        for a, b in zip(chain, chain[1:]):
            line = m.place(a).hex.line_to(m.place(b).hex)
            for x, y in zip(line, line[1:]):
                m.add_road(x, y)
    for h in m.rivers():
        if m.on_road(h):
            m.set_bridge(h, True)
    m.add_label(m.at(1, 19), "German side")
    m.add_label(m.at(26, 19), "US side")
    return m


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1] / "maps/cm-sample.hexmap"
    save_map(build(), out)
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
