"""Import of geography: a 200×200 map from 10,000 polygons and 5,000 lines (issue 21:
at most 5 s on this machine), from reading the GeoJSON file to the finished map.

The data is generated: land-cover blobs (star-shaped, so valid) of 0.4-4 km with a
height each, and roads and rivers that wander 10-20 km, in longitude/latitude around
central Tunisia, written as compact GeoJSON to a metre's precision. Reported, not
anchored: the issue's budget is a time.

    python benchmarks/bench_geo.py        (or: python benchmarks/run.py --only bench_geo)
"""

from __future__ import annotations

import json
import math
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from common import Result  # noqa: E402

from hexcampaign.geo import ImportSettings, import_geography, read_geojson  # noqa: E402

COLS = ROWS = 200
HEX_KM = 1.0
WEST, NORTH = 8.0, 35.9  # the map's north-west corner
KM_PER_DEGREE = 111.195
COVER = ["farmland", "forest", "hills", "mountain", "marsh", "urban"]
RULES = ["landuse=hills:high_ground", "landuse=mountain:rugged_crest", "landuse=forest:high_ground",
         "highway=*:road", "waterway=*:river"]
BUDGET_MS = 5000.0


def run(repeat: int = 3) -> list[Result]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "region.geojson"
        path.write_text(json.dumps(region(10_000, 5_000), separators=(",", ":")))
        size = path.stat().st_size
        settings = ImportSettings(hex_km=HEX_KM, palette="kasserine", origin=(WEST, NORTH),
                                  cols=COLS, rows=ROWS, elevation_attribute="ele").with_rules(RULES)
        times, hexmap = [], None
        for _ in range(repeat):
            started = time.perf_counter()
            hexmap, _notes = import_geography(read_geojson(path), settings)
            times.append((time.perf_counter() - started) * 1000)
    assert hexmap is not None
    return [
        Result("geo: 200×200 map from 10k polygons + 5k lines", statistics.median(times),
               budget=BUDGET_MS,
               extra={"bytes": size, "runs_ms": [round(t) for t in times],
                      "road_links": len(hexmap.roads()), "river_hexes": len(hexmap.rivers()),
                      "not_plain": sum(hexmap.terrain(h) != "plain" for h in hexmap.hexes())}),
    ]


def region(polygons: int, lines: int, seed: int = 21) -> dict:
    """A FeatureCollection over the 200×200 map's area."""
    rng = random.Random(seed)
    width_km = 1.5 * (HEX_KM / math.sqrt(3)) * (COLS - 1) + 2 * HEX_KM / math.sqrt(3)
    height_km = HEX_KM * (ROWS + 0.5)
    lat0 = NORTH - height_km / 2 / KM_PER_DEGREE
    per_lon = KM_PER_DEGREE * math.cos(math.radians(lat0))

    def lonlat(x_km: float, y_km: float) -> list[float]:
        return [round(WEST + x_km / per_lon, 5), round(NORTH - y_km / KM_PER_DEGREE, 5)]

    features = []
    for _ in range(polygons):
        cx, cy = rng.uniform(0, width_km), rng.uniform(0, height_km)
        radius = rng.uniform(0.4, 4.0)
        ring = [lonlat(cx + radius * rng.uniform(0.6, 1.0) * math.cos(a),
                       cy + radius * rng.uniform(0.6, 1.0) * math.sin(a))
                for a in (2 * math.pi * k / 8 for k in range(8))]
        ring.append(ring[0])
        features.append({"type": "Feature",
                         "properties": {"landuse": rng.choice(COVER), "ele": rng.randint(200, 1500)},
                         "geometry": {"type": "Polygon", "coordinates": [ring]}})
    for i in range(lines):
        x, y = rng.uniform(0, width_km), rng.uniform(0, height_km)
        heading = rng.uniform(0, 2 * math.pi)
        points = [lonlat(x, y)]
        for _ in range(6):
            heading += rng.uniform(-0.6, 0.6)
            step = rng.uniform(1.5, 3.5)
            x, y = x + step * math.cos(heading), y + step * math.sin(heading)
            points.append(lonlat(x, y))
        props = {"waterway": "river"} if i % 4 == 0 else {"highway": "secondary"}
        features.append({"type": "Feature", "properties": props,
                         "geometry": {"type": "LineString", "coordinates": points}})
    return {"type": "FeatureCollection", "features": features}


if __name__ == "__main__":
    for result in run():
        print(f"{result.name}: {result.ours_ms:.0f} ms (budget {BUDGET_MS:.0f} ms) {result.extra}")
