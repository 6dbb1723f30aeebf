"""File > Import geography… as a designer met it in issue 30: roads hidden when each
highway value was unique, guesses that did not follow a change of palette, no user
palette for a new map, imported maps numbered from 0000."""

from __future__ import annotations

import json

from hexcampaign.app.editor.geo_dialog import GeoImportDialog
from hexcampaign.app.editor.user_palettes import remember_palette
from hexcampaign.cli import main
from hexcampaign.geo import read_geojson
from hexcampaign.maps import HexMap, load_map, load_palette
from hexcampaign.maps.palette import TerrainType, check_palette

# The window with a map open, and a dialog answered by a function: as the dialog's own tests.
from .test_geo_dialog import answer_dialog, window  # noqa: F401

SQUARE = [[1000, 3000], [6000, 3000], [6000, 8600], [1000, 8600], [1000, 3000]]
HIGHWAYS = ["primary", "secondary", "tertiary", "trunk", "residential"]  # each once


def line(y: float, **properties) -> dict:
    return {"type": "Feature", "properties": properties,
            "geometry": {"type": "LineString", "coordinates": [[500, y], [9000, y]]}}


def write(tmp_path, features: list[dict], name: str = "roads.geojson"):
    path = tmp_path / name
    path.write_text(json.dumps({"type": "FeatureCollection", "features": features}))
    return path


def rows(dialog: GeoImportDialog) -> dict:
    return {key: dialog._target_box(i).currentData() for i, key in enumerate(dialog._rows)}


def cli_road_links(tmp_path, path, *options: str) -> int:
    out = tmp_path / "cli.hexmap"
    assert main(["import-geo", str(path), "--hex-km", "1", "--palette", "kasserine", *options,
                 "-o", str(out), "--force"]) == 0
    return len(load_map(out).roads())


def test_highway_is_listed_when_each_value_is_unique_and_the_import_has_the_cli_roads(qtbot, tmp_path):
    features = [line(1000 + 1500 * i, highway=value) for i, value in enumerate(HIGHWAYS)]
    features.append({"type": "Feature", "properties": {"landuse": "forest"},
                     "geometry": {"type": "Polygon", "coordinates": [SQUARE]}})
    path = write(tmp_path, features)
    dialog = GeoImportDialog(read_geojson(path), None)
    qtbot.addWidget(dialog)
    found = rows(dialog)
    assert all(found[("line", "highway", value)] == "road" for value in HIGHWAYS)
    dialog.hex_km.setValue(1.0)
    dialog.refresh()
    links = len(dialog.plan.roads)
    assert links > 20 and links == cli_road_links(tmp_path, path, "--terrain", "highway=*:road")
    assert links == cli_road_links(tmp_path, path)  # OSM's highway=*, without --terrain


def test_an_attribute_of_too_many_values_is_one_row_for_any_value(qtbot, tmp_path):
    # 70 roads, each its own highway value (a reference): too many to list one by one.
    features = [line(200 + 130 * i, highway=f"D{i + 1}") for i in range(70)]
    path = write(tmp_path, features)
    dialog = GeoImportDialog(read_geojson(path), None)
    qtbot.addWidget(dialog)
    assert rows(dialog) == {("line", "highway", "*"): "road"}
    assert dialog.table.item(0, 2).text() == "any value (too many to list)"
    dialog.hex_km.setValue(1.0)
    dialog.refresh()
    assert len(dialog.plan.roads) == cli_road_links(tmp_path, path, "--terrain", "highway=*:road") > 50


def test_the_find_box_narrows_the_list_of_values(qtbot, tmp_path):
    features = [line(1000 + 1500 * i, highway=value, surface="asphalt") for i, value in enumerate(HIGHWAYS)]
    dialog = GeoImportDialog(read_geojson(write(tmp_path, features)), None)
    qtbot.addWidget(dialog)
    dialog.search.setText("tert")
    shown = [key for i, key in enumerate(dialog._rows) if not dialog.table.isRowHidden(i)]
    assert shown == [("line", "highway", "tertiary")]
    dialog.search.setText("surface")
    assert [k for i, k in enumerate(dialog._rows) if not dialog.table.isRowHidden(i)] == [("line", "surface", "asphalt")]
    dialog.search.clear()
    assert not any(dialog.table.isRowHidden(i) for i in range(len(dialog._rows)))


def test_the_guesses_follow_a_change_of_palette_but_keep_what_the_author_chose(qtbot, tmp_path):
    features = [
        {"type": "Feature", "properties": {"natural": "water"},
         "geometry": {"type": "Polygon", "coordinates": [SQUARE]}},
        {"type": "Feature", "properties": {"landuse": "meadow"},
         "geometry": {"type": "Polygon", "coordinates": [[[6000, 3000], [9000, 3000], [9000, 6000], [6000, 3000]]]}},
        {"type": "Feature", "properties": {"landuse": "forest"},
         "geometry": {"type": "Polygon", "coordinates": [[[6000, 7000], [9000, 7000], [9000, 9000], [6000, 7000]]]}},
        {"type": "Feature", "properties": {"name": "Thala", "kind": "town"},
         "geometry": {"type": "Point", "coordinates": [2000, 7000]}},
    ]
    dialog = GeoImportDialog(read_geojson(write(tmp_path, features)), None)
    qtbot.addWidget(dialog)
    assert dialog.palette_name() == "kasserine"
    before = rows(dialog)
    assert before[("polygon", "natural", "water")] == "" and before[("point", "kind", "town")] == ""
    dialog.set_target("polygon", "landuse", "meadow", "ignore")  # the author's own choice
    dialog.set_target("polygon", "landuse", "forest", "high_ground")  # one ww2 lacks
    dialog.choose_palette("ww2")
    after = rows(dialog)
    assert after[("polygon", "natural", "water")] == "water"
    assert after[("point", "kind", "town")] == "town"
    assert after[("polygon", "landuse", "meadow")] == "ignore"  # kept
    assert after[("polygon", "landuse", "forest")] == "woods"  # not in ww2: the guess
    dialog.refresh()
    assert "water" in dialog.plan.terrain.values() and dialog.plan.places[0].kind == "town"


def holland_palette():
    cm = load_palette("cm")
    polder = TerrainType("polder", "p", "Polder", "#8fbf8f", symbol="marsh")
    return check_palette(cm._replace(name="holland44", title="Holland 1944",
                                             terrains_list=(*cm.terrains_list, polder)))


def test_a_kept_user_palette_makes_a_new_map_numbered_from_0101(window, tmp_path, monkeypatch):  # noqa: F811
    palette = holland_palette()
    remember_palette(palette)
    path = write(tmp_path, [{"type": "Feature", "properties": {"natural": "wetland"},
                             "geometry": {"type": "Polygon", "coordinates": [SQUARE]}}], "polder.geojson")

    def choose(dialog):
        dialog.choose_palette("holland44")
        dialog.hex_km.setValue(1.0)
        assert rows(dialog)[("polygon", "natural", "wetland")] == "polder"  # OSM wetland: the marsh symbol

    answer_dialog(monkeypatch, choose)
    assert window.editor.import_geography(path)
    m = window.document.map
    assert m.palette == palette and sum(m.terrain(h) == "polder" for h in m.hexes()) > 10
    assert m.label(m.at(0, 0)) == "0101"


def test_the_open_maps_own_palette_is_offered_for_a_new_map(qtbot, tmp_path):
    own = HexMap.blank(6, 6, palette=holland_palette())
    path = write(tmp_path, [line(5000, highway="primary")])
    dialog = GeoImportDialog(read_geojson(path), own)
    qtbot.addWidget(dialog)
    assert dialog.palette_name() == "holland44" and not dialog.onto_open_map()
    dialog.hex_km.setValue(1.0)
    dialog.refresh()
    m, _ = dialog.plan.new_map()
    assert m.palette == own.palette and m.roads()


def test_the_guides_worked_example_in_the_dialog_makes_the_command_lines_map(qtbot, tmp_path):
    """docs/user-guide.md, "Worked example": the same file in the dialog, set as the guide
    says, gives the map its command gives (35×32 from 0101, 84 road links, two bridges)."""
    from pathlib import Path

    top = Path(__file__).resolve().parents[3]
    data = top / "maps" / "geo-example" / "kasserine-region.geojson"
    out = tmp_path / "kasserine-region.hexmap"
    assert main(["import-geo", str(data), "--hex-km", "2.5", "--palette", "kasserine",
                 "--terrain", "natural=mountain:rugged_crest", "--terrain", "natural=hills:high_ground",
                 "--terrain", "highway=*:road", "--terrain", "waterway=river:river", "--elevation", "ele",
                 "--levels", "4", "--name", "Kasserine region", "-o", str(out)]) == 0
    expected = load_map(out)
    dialog = GeoImportDialog(read_geojson(data), None)
    qtbot.addWidget(dialog)
    dialog.set_target("polygon", "natural", "mountain", "rugged_crest")
    dialog.set_target("polygon", "natural", "hills", "high_ground")
    dialog.hex_km.setValue(2.5)
    dialog.elevation.setCurrentIndex(dialog.elevation.findData("ele"))
    dialog.levels.setValue(4)
    dialog.refresh()
    m, _ = dialog.plan.new_map("Kasserine region")
    assert (m.cols, m.rows, len(m.roads()), len(m.bridges()), m.label(m.at(0, 0))) == (35, 32, 84, 2, "0101")
    assert m == expected
