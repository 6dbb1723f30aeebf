"""The Tiled map: a hexagonal TMX whose tile grid is our map's (its numbering, stagger
and sizes by Tiled's own renderer arithmetic), its tiles the palette's terrains, its
places objects with vp and pp, and read back into the same map."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET

import pytest
from PySide6.QtGui import QColor, QImage

from hexcampaign.cli import main
from hexcampaign.exports import ExportError
from hexcampaign.exports.tiled import TiledGrid, read_tmx
from hexcampaign.maps import HexMap, load_map, save_map
from hexcampaign.paths import maps_path


def kasserine() -> HexMap:
    return load_map(maps_path("kasserine/kasserine.hexmap"))


def small_map(orientation: str = "flat") -> HexMap:
    """A new 7×5 map with every kind of feature (and a lone river hex)."""
    m = HexMap.new(7, 5, palette="kasserine", orientation=orientation)
    m.name = "Small"
    for col, row in [(2, 1), (3, 1), (3, 2)]:
        m.set_terrain(m.at(col, row), "high_ground")
        m.set_elevation(m.at(col, row), 1)
    river = [m.at(1, r) for r in range(5)]
    for h in river:
        m.set_river(h, True)
    m.set_river(m.at(6, 4), True)
    road = [m.at(0, 2), m.at(1, 2), m.at(2, 2)]
    for a, b in zip(road, road[1:]):
        m.add_road(a, b)
    m.set_bridge(m.at(1, 2), True)
    m.add_cliff(m.at(3, 2), m.at(3, 3))
    m.add_place(m.at(5, 1), "Ville", "town", vp=2, pp=1)
    m.add_place(m.at(0, 4), "Hameau", "village", vp=0, pp=3)
    m.add_label(m.at(4, 4), "Plaine")
    return m


@pytest.fixture
def export(qapp, tmp_path):
    from hexcampaign.app.render.interchange import export_tiled

    def run(hexmap: HexMap, name: str = "map.tmx", hex_size: float = 30.0):
        path = tmp_path / name
        notes = export_tiled(hexmap, path, hex_size)
        return path, ET.parse(path).getroot(), notes

    return run


def test_tiled_grid_is_tileds_arithmetic():
    # Flat: 60×52 tiles, side 30, columns 45 apart, odd ones 26 lower (hexagonalrenderer.cpp).
    flat = TiledGrid.for_hex_size("flat", 30)
    assert (flat.tile_width, flat.tile_height, flat.side) == (60, 52, 30)
    assert flat.top_left(1, 0) == (45, 26) and flat.top_left(0, 1) == (0, 52)
    assert flat.pixel_size(27, 31) == (27 * 45 + 15, 31 * 52 + 26)
    pointy = TiledGrid.for_hex_size("pointy", 30)
    assert (pointy.tile_width, pointy.tile_height, pointy.side) == (52, 60, 30)
    assert pointy.top_left(0, 1) == (26, 45) and pointy.top_left(1, 0) == (52, 0)
    # Our hex size 32 is kept (even side); an odd one is made even.
    assert TiledGrid.for_hex_size("flat", 33).side % 2 == 0


@pytest.mark.parametrize("which", ["kasserine", "small", "small-pointy"])
def test_tmx_grid_tiles_and_places_match_the_map(which, export):
    hexmap = {"kasserine": kasserine, "small": small_map,
              "small-pointy": lambda: small_map("pointy")}[which]()
    path, root, notes = export(hexmap)
    grid = TiledGrid.for_hex_size(hexmap.orientation, 30)
    assert root.get("orientation") == "hexagonal"
    assert (int(root.get("width")), int(root.get("height"))) == (hexmap.cols, hexmap.rows)
    assert (int(root.get("tilewidth")), int(root.get("tileheight")), int(root.get("hexsidelength"))) == (
        grid.tile_width, grid.tile_height, grid.side)
    # Odd columns (flat, odd-q) or odd rows (pointy, odd-r) sit half a hex down or right.
    assert root.get("staggeraxis") == ("x" if hexmap.orientation == "flat" else "y")
    assert root.get("staggerindex") == "odd"
    # The tileset: a tile per terrain of the palette, the picture beside the map.
    tileset = root.find("tileset")
    terrain_of = {int(t.get("id")) + 1: p.get("value") for t in tileset.findall("tile")
                  for p in t.iter("property") if p.get("name") == "terrain"}
    assert sorted(terrain_of.values()) == sorted(hexmap.palette.terrains)
    image = tileset.find("image")
    picture = QImage(str(path.parent / image.get("source")))
    assert (picture.width(), picture.height()) == (int(image.get("width")), int(image.get("height")))
    # Every cell of the terrain layer is its hex's terrain.
    layer = next(t for t in root.findall("layer") if t.get("name") == "terrain")
    cells = [int(v) for v in layer.find("data").text.replace("\n", "").split(",")]
    assert [terrain_of[g] for g in cells] == [
        hexmap.terrain(hexmap.at(c, r)) for r in range(hexmap.rows) for c in range(hexmap.cols)]
    # Places are objects with their VP and PP, at their hex's centre.
    places = {o.get("name"): o for g in root.findall("objectgroup") if g.get("name") == "places"
              for o in g.findall("object")}
    assert set(places) == {p.name for p in hexmap.places()}
    for place in hexmap.places():
        obj = places[place.name]
        props = {p.get("name"): (p.get("type"), p.get("value")) for p in obj.iter("property")}
        assert props["vp"] == ("int", str(place.vp)) and props["pp"] == ("int", str(place.pp))
        assert (float(obj.get("x")), float(obj.get("y"))) == grid.centre(*hexmap.offset(place.hex))
    assert f"{grid.tile_width}×{grid.tile_height}" in notes[0]


@pytest.mark.parametrize("which", ["kasserine", "small", "small-pointy"])
def test_tmx_reads_back_into_the_same_map(which, export):
    hexmap = {"kasserine": kasserine, "small": small_map,
              "small-pointy": lambda: small_map("pointy")}[which]()
    path, _, _ = export(hexmap)
    back = read_tmx(path)
    assert back == hexmap
    assert back.places() and all(p.vp == hexmap.place(p.name).vp for p in back.places())


def test_a_user_palette_travels_with_the_tmx(export):
    hexmap = load_map(maps_path("examples/gettysburg.hexmap"))
    assert not hexmap.palette.is_shipped()
    path, _, _ = export(hexmap, "gettysburg.tmx")
    assert read_tmx(path).palette == hexmap.palette


def test_tileset_tiles_have_the_terrain_colours(export):
    hexmap = small_map()
    path, root, _ = export(hexmap)
    tileset = root.find("tileset")
    picture = QImage(str(path.parent / tileset.find("image").get("source")))
    columns, w, h = int(tileset.get("columns")), int(tileset.get("tilewidth")), int(tileset.get("tileheight"))
    for i, terrain in enumerate(hexmap.palette.terrains_list):
        x, y = (i % columns) * w, (i // columns) * h
        corner = picture.pixelColor(x + 1, y + 1)  # outside the hex: transparent
        assert corner.alpha() == 0
        # Near the left corner, inside the hex: clear of a symbol drawn in the middle.
        inside = picture.pixelColor(x + w // 5, y + h // 2)
        assert inside.rgb() == QColor(terrain.colour).rgb(), terrain.name


@pytest.mark.skipif(shutil.which("tmxrasterizer") is None, reason="Tiled's tmxrasterizer is not installed")
def test_tmxrasterizer_draws_the_map(export, tmp_path):
    """Tiled itself lays the hexes where the export says: the picture is the map's size
    and each clear hex's centre, far from any line, is clear's colour."""
    hexmap = HexMap.new(6, 4, palette="kasserine")
    hexmap.set_terrain(hexmap.at(2, 1), "high_ground")
    path, _, _ = export(hexmap)
    out = tmp_path / "tiled.png"
    subprocess.run(["tmxrasterizer", str(path), str(out)], check=True, capture_output=True,
                   env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"})
    picture = QImage(str(out))
    grid = TiledGrid.for_hex_size("flat", 30)
    assert (picture.width(), picture.height()) == grid.pixel_size(6, 4)
    colours = {name: QColor(t.colour).rgb() for name, t in hexmap.palette.terrains.items()}
    for h in hexmap.hexes():
        x, y = grid.centre(*hexmap.offset(h))
        # A quarter hex left of the centre: clear of a terrain symbol.
        assert picture.pixel(int(x - grid.side / 2), int(y)) == colours[hexmap.terrain(h)]


def test_read_tmx_refuses_other_files_in_one_sentence(tmp_path):
    square = tmp_path / "square.tmx"
    square.write_text('<?xml version="1.0"?><map orientation="orthogonal" width="2" height="2"/>')
    with pytest.raises(ExportError, match=r"^square.tmx is not a hexagonal Tiled map\.$"):
        read_tmx(square)
    broken = tmp_path / "broken.tmx"
    broken.write_text("<map")
    with pytest.raises(ExportError, match="is not a Tiled map"):
        read_tmx(broken)


def test_cli_export_and_import(qapp, tmp_path, capsys):
    source = tmp_path / "small.hexmap"
    save_map(small_map(), source)
    out = tmp_path / "small.tmx"
    assert main(["export-tiled", str(source), "-o", str(out)]) == 0
    assert (tmp_path / "small-tiles.png").exists()
    assert f"Wrote {out}." in capsys.readouterr().out
    back = tmp_path / "back.hexmap"
    assert main(["import-tiled", str(out), "-o", str(back)]) == 0
    assert load_map(back) == load_map(source)
    assert main(["import-tiled", str(out), "-o", str(back)]) == 1
    assert capsys.readouterr().err.strip() == f"hexcampaign: {back} already exists; add --force to overwrite it."


def test_cli_refuses_a_bad_map_and_a_wrong_name_in_one_sentence(qapp, tmp_path, capsys):
    bad = tmp_path / "bad.hexmap"
    bad.write_text("this is not a map")
    assert main(["export-tiled", str(bad), "-o", str(tmp_path / "x.tmx")]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("hexcampaign: ") and "\n" not in err and err.endswith(".")
    assert main(["export-tiled", str(bad), "-o", str(tmp_path / "x.png")]) == 1
    assert capsys.readouterr().err.strip() == "hexcampaign: A Tiled map's file name ends in .tmx, not x.png."
    assert not (tmp_path / "x.tmx").exists()


def test_hexes_come_back_at_their_place(export):
    """Every kind of object is read back on the hex it was written for."""
    hexmap = small_map("pointy")
    path, _, _ = export(hexmap)
    back = read_tmx(path)
    assert back.rivers() == hexmap.rivers() and hexmap.at(6, 4) in back.rivers()
    assert back.cliffs() == hexmap.cliffs()
    assert [(m.hex, m.text) for m in back.labels()] == [(m.hex, m.text) for m in hexmap.labels()]
