"""`hexcampaign import-geo` end to end: a GeoJSON file in, a map file out that loads
with the terrain, roads, rivers and places of the data."""

from __future__ import annotations

from hexcampaign.cli import main
from hexcampaign.maps import load_map

from ._regions import write
from .test_import import region


def test_import_geo_writes_a_map_with_the_data_on_it(tmp_path, capsys):
    data = write(tmp_path, region())
    out = tmp_path / "region.hexmap"
    status = main([
        "import-geo", str(data), "--hex-km", "1", "--palette", "cm",
        "--terrain", "landuse=forest:forest", "--terrain", "highway=*:road",
        "--terrain", "waterway=river:river", "--terrain", "natural=water:ignore",
        "--origin", "0,10000", "--cols", "10", "--rows", "10", "--coordinates", "metres",
        "--name", "Thala sector", "-o", str(out),
    ])
    printed = capsys.readouterr().out
    assert status == 0
    m = load_map(out)
    assert (m.name, m.cols, m.rows, m.palette.name) == ("Thala sector", 10, 10, "cm")
    assert m.terrain(m.at(2, 5)) == "forest" and m.terrain(m.at(3, 3)) == "clear"
    assert len(m.roads()) == 9 and len(m.rivers()) == 7 and len(m.bridges()) == 1
    assert {p.name for p in m.places()} == {"Thala", "Sbiba"}
    assert "note: Kasserine shares hex 0808 with Sbiba" in printed
    assert f"Wrote {out}" in printed


def test_import_geo_refuses_to_overwrite_without_force(tmp_path, capsys):
    data = write(tmp_path, region())
    out = tmp_path / "region.hexmap"
    out.write_text("precious")
    assert main(["import-geo", str(data), "--hex-km", "1", "-o", str(out)]) == 1
    assert "already exists" in capsys.readouterr().err
    assert out.read_text() == "precious"


def test_a_bad_origin_or_mapping_is_one_sentence(tmp_path, capsys):
    data = write(tmp_path, region())
    out = tmp_path / "x.hexmap"
    assert main(["import-geo", str(data), "--hex-km", "1", "--origin", "north", "-o", str(out)]) == 1
    assert main(["import-geo", str(data), "--hex-km", "1", "--terrain", "landuse=forest:jungle",
                 "-o", str(out)]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "hexcampaign: --origin is two numbers X,Y, not 'north'."
    assert err[1].startswith("hexcampaign: In 'landuse=forest:jungle', 'jungle' is not")
    assert not out.exists()
