"""The map file's migrations: version N -> N+1, each kept forever with a fixture
(tests/maps/fixtures/v1.hexmap, v2.hexmap). `fileformat.map_from_data` has checked the
document's "format" and "version" before it runs them, one after the other, up to the
current version."""

from __future__ import annotations

from collections.abc import Callable

from hexcampaign.maps.model import MAX_SIDE


def _v1_to_v2(data: dict) -> dict:
    """Version 1 listed every hex as an object; roads, cliffs and places by [col,row]."""
    grid = dict(data["grid"])
    cols, rows = grid["cols"], grid["rows"]
    if not (isinstance(cols, int) and isinstance(rows, int) and 1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        raise ValueError("the grid size is not valid")
    from hexcampaign.maps.palette import load_palette

    palette = load_palette(data["palette"])
    code_of = {t.name: t.code for t in palette.terrains_list}
    cells = [[palette.default] * cols for _ in range(rows)]
    elevation, rivers, bridges = [], [], []
    for cell in data.get("hexes", []):
        col, row = cell["col"], cell["row"]
        cells[row][col] = cell.get("terrain", palette.default)
        if cell.get("elevation"):
            elevation.append([col, row, cell["elevation"]])
        if cell.get("river"):
            rivers.append([col, row])
        if cell.get("bridge"):
            bridges.append([col, row])
    return {
        "format": data["format"],  # checked to be the map format before any step
        "version": 2,
        "name": data.get("name", ""),
        "author": data.get("author", ""),
        "description": data.get("description", ""),
        "grid": grid,
        "palette": palette.name,
        "terrain_codes": {t.code: t.name for t in palette.terrains_list},
        "terrain": ["".join(code_of.get(t, "?") for t in line) for line in cells],
        "elevation": elevation,
        "rivers": rivers,
        "bridges": bridges,
        "roads": [[*r["from"], *r["to"]] for r in data.get("roads", [])],
        "cliffs": [[*c["upper"], *c["lower"]] for c in data.get("cliffs", [])],
        "places": [
            {k: v for k, v in {**p, "col": p["hex"][0], "row": p["hex"][1]}.items() if k != "hex"}
            for p in data.get("places", [])
        ],
        "labels": data.get("labels", []),
    }


def _v2_to_v3(data: dict) -> dict:
    """Version 3 reads every version-2 document as it is: "palette" may now also be a
    palette object. (So a version-2 file opens without this step; it is kept for the
    chain of migrations and its fixture, tests/maps/fixtures/v2.hexmap.)"""
    return {**data, "version": 3}


def _v3_to_v4(data: dict) -> dict:
    """Version 4 reads every version-3 document as it is: it only adds optional fields
    ("notes", grid "label_every")."""
    return {**data, "version": 4}


def _v4_to_v5(data: dict) -> dict:
    """Version 5 reads a version-4 document's "rivers" and "roads" lists by splitting
    them into lines (in _build, river_lines_of and road_lines_of), so the step only
    renumbers; a version-5 file itself writes "lines" instead of them."""
    return {**data, "version": 5}


def _v5_to_v6(data: dict) -> dict:
    """Version 6 reads every version-5 document as it is: it only adds optional fields
    ("underlay", grid "hex_km")."""
    return {**data, "version": 6}


MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4, 4: _v4_to_v5,
                                                 5: _v5_to_v6}
