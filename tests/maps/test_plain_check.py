"""The hand check of a map file (maps/plain_check.py, the one judge of whether a map
opens) against the file model that words its refusals (maps/schema.py MapFileV2): over
real maps and every kind of damage, it accepts exactly what the model accepts, with the
same values. Likewise the palette check (maps/palette.py) against PaletteFile."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError
from tests.reliability.strategies import hostile, json_values, paths_in, real_map, replaced

from hexcampaign.maps import (
    MapFormatError,
    dumps_map,
    load_map,
    load_palette,
    loads_map,
    palette_names,
)
from hexcampaign.maps.palette import PaletteError, palette_from_data
from hexcampaign.maps.plain_check import lone_surrogate, plain_document
from hexcampaign.maps.schema import (
    MapFileV2,
    MapFileV3,
    MapFileV4,
    MapFileV5,
    MapFileV6,
    PaletteFile,
)
from hexcampaign.paths import maps_path, resources_path


def _as_dict(value: object) -> object:
    if isinstance(value, tuple) and hasattr(value, "_asdict"):
        return _as_dict(value._asdict())  # a Palette or a terrain (a NamedTuple: no __dict__)
    if isinstance(value, dict):
        return {k: _as_dict(v) for k, v in value.items()}
    if hasattr(value, "__dict__"):
        return {k: _as_dict(v) for k, v in vars(value).items()}
    if isinstance(value, (list, tuple)):
        return [_as_dict(v) for v in value]
    return value


def _agree(raw: bytes | str) -> None:
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return  # not JSON: refused before either check
    plain = plain_document(data)
    try:
        version = data.get("version") if type(data) is dict and type(data.get("version")) is int else None
        models = {3: MapFileV3, 4: MapFileV4, 5: MapFileV5, 6: MapFileV6}
        model = models.get(version, MapFileV2).model_validate(data)
    except (ValidationError, ValueError, RecursionError):
        model = None
    if plain is None and lone_surrogate(data) and type(data) is dict:
        return  # refused by the hand check alone: the model takes some such text
    if plain is None:
        assert model is None, f"the hand check refused a good file: {str(raw)[:200]!r}"
        return
    assert model is not None, f"the hand check accepted a file the model refuses: {str(raw)[:200]!r}"
    # Tuples and lists, NamedTuples and dicts: the same values either way.
    assert _as_dict(plain) == _as_dict(model.model_dump())


def test_every_shipped_map_passes_the_hand_check_with_the_models_values():
    for path in sorted(maps_path().rglob("*.hexmap")):
        raw = path.read_bytes()
        assert plain_document(json.loads(raw)) is not None, path.name
        _agree(raw)
        assert dumps_map(load_map(path))  # and builds


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=hostile(real_map()))
def test_hostile_map_files_get_the_same_answer_both_ways(data):
    _agree(data)


@st.composite
def _one_value_swapped(draw):
    """A real map with one value anywhere replaced by a near miss of its own kind: the
    edges of every range and length the model sets."""
    doc = json.loads(real_map())
    path = draw(st.sampled_from(paths_in(doc)[1:]))
    edges = [-100, -99, -1, 0, 1, 2, 80, 81, 199, 200, 201, 499, 500, 501, 999, 1000, True, False, 1.0,
             "", "x", "xy", "x" * 80, "x" * 81, "x" * 200, "x" * 201, "flat", "pointy", "CC.RR", "city",
             "above", "hexcampaign-map", [], [0], [0, 0], [0, 0, 0], [0, 0, 0, 0], {}, None]
    return json.dumps(replaced(doc, path, draw(st.sampled_from(edges) | json_values)))


@settings(max_examples=600, deadline=None, suppress_health_check=list(HealthCheck))
@given(raw=_one_value_swapped())
def test_values_at_the_edge_of_every_range_get_the_same_answer_both_ways(raw):
    _agree(raw)


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(extra=1),
        lambda d: d["grid"].update(extra=1),
        lambda d: d["places"][0].update(extra=1),
        lambda d: d["labels"][0].update(extra=1),
        lambda d: d.pop("grid"),
        lambda d: d["places"][0].pop("kind"),
        lambda d: d.update(rivers=[[True, 0]]),
        lambda d: d.update(elevation=[[0, 0, -100]]),
        lambda d: d.update(elevation=[[0, 0, 501]]),
        lambda d: d.update(terrain_codes={"pp": "plain"}),
        lambda d: d.update(version=True),
    ],
)
def test_each_kind_of_refusal_is_made_by_the_hand_check(change):
    doc = json.loads(real_map())
    change(doc)
    assert plain_document(doc) is None
    _agree(json.dumps(doc))


def _palette_from_model(data: dict):
    from hexcampaign.maps.palette import Palette, TerrainType

    values = PaletteFile.model_validate(data).model_dump()
    terrains = tuple(TerrainType(**t) for t in values.pop("terrains_list"))
    return Palette(**{**values, "place_kinds": tuple(values["place_kinds"])}, terrains_list=terrains)


def test_every_shipped_palette_loads_as_its_file_model_reads_it():
    for name in palette_names():
        data = json.loads(Path(resources_path(f"palettes/{name}.json")).read_text(encoding="utf-8"))
        assert load_palette(name) == _palette_from_model(data)


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda d: d.pop("default"), "no 'default'"),
        (lambda d: d.update(default="marsh"), "default terrain 'marsh'"),
        (lambda d: d["terrains"][0].update(colour="red"), "not #rrggbb"),
        (lambda d: d["terrains"][1].update(code=d["terrains"][0]["code"]), "unique"),
        (lambda d: d["terrains"][0].update(name="Plain Ground"), "lower-case"),
        (lambda d: d.update(place_kinds=["fortress"]), "place_kinds"),
        (lambda d: d.update(rules={"road_move_cost": "one"}), "numbers"),
        (lambda d: d.update(colour="#000000"), "unknown field 'colour'"),
    ],
)
def test_a_damaged_palette_is_refused_both_ways_and_the_hand_check_says_why(change, words):
    data = json.loads(Path(resources_path("palettes/kasserine.json")).read_text(encoding="utf-8"))
    change(data)
    with pytest.raises(PaletteError, match=words):
        palette_from_data(data)
    with pytest.raises(ValidationError):
        PaletteFile.model_validate(data)


@pytest.mark.parametrize("where", ["name", "terrain", "places"])
def test_a_lone_surrogate_is_refused_wherever_it_is(where):
    # JSON can spell one and json.loads gives it, but no UTF-8 file could be saved with
    # it. The model refuses it in some fields and takes it in others; the hand check,
    # which decides, refuses it everywhere and the sentence says where.
    doc = json.loads(real_map())
    if where == "places":
        doc["places"][0]["name"] = "Thala \udc00"
    elif where == "terrain":
        doc["terrain"][0] = "\ud800" + doc["terrain"][0][1:]
    else:
        doc["name"] = "\ud800"
    assert plain_document(doc) is None
    with pytest.raises(MapFormatError, match="not a character"):
        loads_map(json.dumps(doc))


def test_opening_a_map_does_not_import_pydantic():
    # The point of the hand check: the window with a map opens without pydantic's 90 ms.
    import subprocess
    import sys

    code = (
        "import sys; from hexcampaign.maps import load_map; "
        f"load_map({str(maps_path('kasserine/kasserine.hexmap'))!r}); "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('pydantic', 'pydantic_core')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
