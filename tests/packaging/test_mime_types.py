"""The six file types: globs, JSON parentage, icons, and magic that matches real saves."""

from __future__ import annotations

from hexcampaign import maps_path
from hexcampaign.campaign import Campaign
from hexcampaign.campaign.orders import PlayerDesk, side_package
from hexcampaign.kasserine import Game
from hexcampaign.kasserine.mail import MailGame
from hexcampaign.maps import load_map, save_map

EXPECTED_GLOBS = {
    "application/x-hexcampaign-map": "*.hexmap",
    "application/x-hexcampaign-kpgame": "*.kpgame",
    "application/x-hexcampaign-kpturn": "*.kpturn",
    "application/x-hexcampaign-campaign": "*.hxcampaign",
    "application/x-hexcampaign-package": "*.hxpackage",
    "application/x-hexcampaign-orders": "*.hxorders",
}


def test_six_types_with_their_file_name_globs(files):
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


def test_magic_names_each_file_saved_by_the_program(files, tmp_path):
    """A save renamed without its extension is still recognised by its content."""
    hexmap = load_map(maps_path("cm-sample.hexmap"))
    save_map(hexmap, tmp_path / "map")
    (tmp_path / "game").write_text(Game.scenario(seed=1).to_json(), encoding="utf-8")
    invitation = MailGame.start("german", {"german": "Erwin", "allied": "Lloyd"}).outgoing()
    (tmp_path / "turn").write_bytes(invitation or b"")
    capitals = {"german": hexmap.place("Altdorf").hex, "us": hexmap.place("Fort Lewis").hex}
    campaign = Campaign.new(hexmap, capitals=capitals)
    (tmp_path / "campaign").write_text(campaign.to_json(), encoding="utf-8")
    (tmp_path / "package").write_bytes(side_package(campaign, "german"))
    (tmp_path / "orders").write_bytes(PlayerDesk.open(side_package(campaign, "german")).orders())
    saved = {
        "application/x-hexcampaign-map": tmp_path / "map",
        "application/x-hexcampaign-kpgame": tmp_path / "game",
        "application/x-hexcampaign-kpturn": tmp_path / "turn",
        "application/x-hexcampaign-campaign": tmp_path / "campaign",
        "application/x-hexcampaign-package": tmp_path / "package",
        "application/x-hexcampaign-orders": tmp_path / "orders",
    }
    types = files.mime_types()
    for path in saved.values():
        head = path.read_bytes()[:256]
        recognised = [name for name, node in types.items() if magic_matches(files, node, head)]
        assert recognised == [name for name, p in saved.items() if p == path], path.name


def magic_matches(files, node, head: bytes) -> bool:
    """shared-mime-info's string match: `value` starting anywhere in the offset range."""
    for match in node.findall(files.tag("magic/match")):
        assert match.get("type") == "string"
        first, last = (int(n) for n in match.get("offset").split(":"))
        value = match.get("value").encode()
        if any(head.startswith(value, at) for at in range(first, last + 1)):
            return True
    return False
