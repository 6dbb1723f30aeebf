"""Hex notes in the Tiled export: a "notes" object layer, one point per note named by
the hex number, the text and the note's properties as Tiled properties; read back by
read_tmx (issue 30 item 6)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from hexcampaign.exports.tiled import read_tmx
from hexcampaign.maps import HexMap


def test_notes_are_exported_as_objects_with_properties_and_read_back(qapp, tmp_path):
    from hexcampaign.app.render.interchange import export_tiled

    m = HexMap.new(6, 5, palette="kasserine")
    m.label_every = 2
    m.set_note(m.at(2, 3), "Ford & <bridge>", [("supply", "2"), ("note", "clash")])
    m.set_note(m.at(0, 0), "", [("objective", "yes")])
    path = tmp_path / "notes.tmx"
    export_tiled(m, path, 30.0)
    group = next(g for g in ET.parse(path).getroot().findall("objectgroup") if g.get("name") == "notes")
    objects = group.findall("object")
    assert [o.get("name") for o in objects] == ["0101", "0304"]
    props = {p.get("name"): p.get("value") for p in objects[1].find("properties")}
    assert props == {"note": "Ford & <bridge>", "supply": "2", "note (property)": "clash"}
    back = read_tmx(path)
    assert back.notes() == m.notes() and back.label_every == 2


def test_a_tmx_from_elsewhere_is_numbered_from_0101(qapp, tmp_path):
    from hexcampaign.app.render.interchange import export_tiled

    m = HexMap.new(4, 3, palette="kasserine")
    path = tmp_path / "foreign.tmx"
    export_tiled(m, path, 30.0)
    tree = ET.parse(path)
    box = tree.getroot().find("properties")
    for prop in list(box):
        if prop.get("name") == "label_first":
            box.remove(prop)
    tree.write(path, encoding="UTF-8", xml_declaration=True)
    back = read_tmx(path)
    assert back.label(back.at(0, 0)) == "0101"
