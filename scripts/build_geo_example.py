"""Build maps/geo-example/: a GeoJSON file of the country around Kasserine, Tunisia,
from data written here by hand (rounded outlines of the djebels, the Oued Hatab, the
main roads and the towns, after period maps; not surveyed and not downloaded), then the
map the user guide makes from it, imported and finished by hand.

    .venv/bin/python scripts/build_geo_example.py            writes the GeoJSON
    .venv/bin/python scripts/build_geo_example.py --finish   also the imported and the
                                                              finished map, and their
                                                              pictures for the guide

The import is the command the guide shows (IMPORT below, run through the program's own
command line); the finishing touches are the edits the guide describes, made here with
the map's public methods so that the picture matches the words.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

TOP = Path(__file__).resolve().parents[1]
FOLDER = TOP / "maps" / "geo-example"
GEOJSON = FOLDER / "kasserine-region.geojson"
IMPORTED = FOLDER / "kasserine-region-imported.hexmap"
FINISHED = FOLDER / "kasserine-region.hexmap"
SHOTS = TOP / "docs" / "screenshots"

# (longitude, latitude) outlines, each a rough ring of the ground above the plain.
MOUNTAINS = {  # natural=mountain: the high, broken djebels
    "Djebel Chambi": [(8.55, 35.16), (8.62, 35.24), (8.71, 35.26), (8.76, 35.22), (8.72, 35.15),
                      (8.63, 35.11)],
    "Djebel Semmama": [(8.74, 35.30), (8.80, 35.35), (8.88, 35.33), (8.89, 35.27), (8.82, 35.25),
                       (8.76, 35.26)],
    "Djebel Mrhila": [(9.17, 35.35), (9.26, 35.44), (9.34, 35.41), (9.30, 35.32), (9.22, 35.30)],
}
HILLS = {  # natural=hills: high ground
    "Djebel Selloum": [(8.90, 35.14), (8.96, 35.22), (9.04, 35.21), (9.03, 35.12), (8.95, 35.10)],
    "Thala plateau": [(8.58, 35.50), (8.62, 35.62), (8.76, 35.64), (8.80, 35.55), (8.72, 35.47)],
    "Djebel el Hamra": [(8.66, 35.33), (8.70, 35.40), (8.78, 35.41), (8.80, 35.36), (8.72, 35.31)],
    "Djebel Bireno": [(8.52, 35.00), (8.56, 35.07), (8.64, 35.06), (8.62, 34.99)],
}
FORESTS = {  # landuse=forest: Aleppo pine on the Chambi slopes (for palettes with forest)
    "Chambi pines": [(8.60, 35.19), (8.66, 35.24), (8.70, 35.22), (8.67, 35.17)],
}
HEIGHTS = {"Djebel Chambi": 1544, "Djebel Semmama": 1314, "Djebel Mrhila": 1378,
           "Djebel Selloum": 1100, "Thala plateau": 1000, "Djebel el Hamra": 950,
           "Djebel Bireno": 1150}
# The Oued Hatab, from the Thala plateau through the pass to Kasserine, then east.
RIVER = [(8.66, 35.50), (8.70, 35.42), (8.73, 35.33), (8.76, 35.28), (8.80, 35.21),
         (8.84, 35.17), (8.95, 35.12), (9.08, 35.06)]
ROADS = {
    "primary": [
        [(8.836, 35.167), (8.95, 35.20), (9.12, 35.236)],  # Kasserine - Sbeitla
        [(8.836, 35.167), (8.77, 35.27), (8.72, 35.38), (8.671, 35.573)],  # through the pass to Thala
    ],
    "secondary": [
        [(8.836, 35.167), (8.70, 35.06), (8.567, 34.950)],  # Kasserine - Feriana
        [(9.12, 35.236), (9.10, 35.40), (9.073, 35.547)],  # Sbeitla - Sbiba
        [(8.671, 35.573), (8.85, 35.56), (9.073, 35.547)],  # Thala - Sbiba
    ],
}
TOWNS = [  # name, (lon, lat), kind, VP, height
    ("Kasserine", (8.836, 35.167), "city", 3, 650),
    ("Sbeitla", (9.120, 35.236), "city", 2, 540),
    ("Thala", (8.671, 35.573), "city", 3, 1010),
    ("Feriana", (8.567, 34.950), "village", 1, 720),
    ("Sbiba", (9.073, 35.547), "village", 1, 600),
    ("Kasserine Pass", (8.760, 35.270), "village", 2, 700),
]
PLAIN_HEIGHT = 600

# The import of the user guide, word for word.
IMPORT = [
    "import-geo", "maps/geo-example/kasserine-region.geojson", "--hex-km", "2.5",
    "--palette", "kasserine",
    "--terrain", "natural=mountain:rugged_crest", "--terrain", "natural=hills:high_ground",
    "--terrain", "highway=*:road", "--terrain", "waterway=river:river",
    "--elevation", "ele", "--levels", "4", "--name", "Kasserine region",
]


def region() -> dict:
    features = []

    def add(shape: str, coordinates, **properties) -> None:
        features.append({"type": "Feature", "properties": properties,
                         "geometry": {"type": shape, "coordinates": coordinates}})

    def ring(points):
        return [[[round(x, 4), round(y, 4)] for x, y in [*points, points[0]]]]

    for name, outline in MOUNTAINS.items():
        add("Polygon", ring(outline), name=name, natural="mountain", ele=HEIGHTS[name])
    for name, outline in HILLS.items():
        add("Polygon", ring(outline), name=name, natural="hills", ele=HEIGHTS[name])
    for name, outline in FORESTS.items():
        add("Polygon", ring(outline), name=name, landuse="forest")
    add("LineString", [list(p) for p in RIVER], name="Oued Hatab", waterway="river")
    for kind, lines in ROADS.items():
        for line in lines:
            add("LineString", [list(p) for p in line], highway=kind)
    for name, where, kind, vp, height in TOWNS:
        add("Point", list(where), name=name, kind=kind, vp=vp, ele=height)
    # Spot heights on the plain, so the plain is the lowest level, not the whole range.
    for lon in (8.6, 8.9, 9.2):
        for lat in (34.98, 35.40):
            add("Point", [lon, lat], ele=PLAIN_HEIGHT)
    return {"type": "FeatureCollection", "name": "Kasserine region (hand-drawn)", "features": features}


def finish(path: Path, target: Path) -> None:
    """The hand edits of the user guide, made with the map's public methods."""
    from hexcampaign.maps import load_map, save_map

    m = load_map(path)
    where = {p.name: p.hex for p in m.places()}
    # 1. The pass is a defile: cliffs on the hexsides where the pass hex meets the djebels.
    gap = where["Kasserine Pass"]
    for n in m.neighbours_on_map(gap):
        if m.terrain(n) == "rugged_crest" and not m.has_road(gap, n):
            m.add_cliff(n, gap)
    # 2. Bridges where the roads cross the Oued Hatab (the import made them), and the VP
    #    of the scenario: Thala and Kasserine count most.
    m.update_place("Thala", vp=5)
    m.update_place("Kasserine", vp=4)
    # 3. Labels for the ground a player names.
    m.add_label(where["Kasserine Pass"], "Kasserine Pass")
    m.add_label(where["Thala"].neighbor(0), "Thala plateau")
    m.description = "Imported from maps/geo-example/kasserine-region.geojson, then finished by hand."
    save_map(m, target)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--finish", action="store_true", help="also import, finish and render")
    args = parser.parse_args()
    FOLDER.mkdir(parents=True, exist_ok=True)
    GEOJSON.write_text(json.dumps(region(), indent=1) + "\n", encoding="utf-8")
    print(f"Wrote {GEOJSON.relative_to(TOP)}")
    if not args.finish:
        return 0
    import os

    from hexcampaign.cli import main as hexcampaign

    os.chdir(TOP)
    status = hexcampaign([*IMPORT, "-o", str(IMPORTED), "--force"])
    if status:
        return status
    finish(IMPORTED, FINISHED)
    for source, picture in ((IMPORTED, "geo-imported.png"), (FINISHED, "geo-finished.png")):
        status = hexcampaign(["render", str(source), "-o", str(SHOTS / picture), "--hex-size", "18"])
        if status:
            return status
    return 0


if __name__ == "__main__":
    sys.exit(main())
