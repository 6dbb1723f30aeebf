"""The three file types: globs, JSON parentage, icons, and magic that matches real saves."""

from __future__ import annotations

from hexcampaign.maps import HexMap, save_map

EXPECTED_GLOBS = {
    "application/x-hexcampaign-map": "*.hexmap",
    "application/x-hexcampaign-kpgame": "*.kpgame",
    "application/x-hexcampaign-campaign": "*.hxcampaign",
}


def test_three_types_with_their_file_name_globs(files):
    types = files.mime_types()
    assert set(types) == set(EXPECTED_GLOBS)
    for name, node in types.items():
        globs = [g.get("pattern") for g in node.findall(files.tag("glob"))]
        assert globs == [EXPECTED_GLOBS[name]]
        assert node.find(files.tag("comment")).text.strip()


def test_every_type_is_json_so_other_programs_may_open_it(files):
    for node in files.mime_types().values():
        parents = [p.get("type") for p in node.findall(files.tag("sub-class-of"))]
        assert parents == ["application/json"]


def test_every_type_has_an_icon_at_every_size(files):
    for name, node in files.mime_types().items():
        icon = node.find(files.tag("icon")).get("name")
        assert icon == name.replace("/", "-")  # the name desktops look for by default
        for size in files.icon_sizes:
            assert (files.hicolor / f"{size}x{size}" / "mimetypes" / f"{icon}.png").is_file()
        assert (files.hicolor / "scalable" / "mimetypes" / f"{icon}.svg").is_file()


def test_map_magic_matches_a_map_saved_by_the_program(files, tmp_path):
    """A .hexmap renamed without its extension is still recognised by its content."""
    path = tmp_path / "renamed"
    save_map(HexMap.blank(3, 3, palette="cm"), path)
    head = path.read_bytes()[:200]
    matches = files.mime_types()["application/x-hexcampaign-map"].findall(files.tag("magic/match"))
    assert matches
    found = False
    for match in matches:
        first, last = (int(n) for n in match.get("offset").split(":"))
        value = match.get("value").encode()
        position = head.find(value)
        found |= first <= position <= last
    assert found, f"no magic rule matches the start of a saved map: {head[:60]!r}"
