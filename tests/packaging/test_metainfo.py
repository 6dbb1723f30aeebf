"""The AppStream metainfo: what a software centre lists, tied to the launcher and types."""

from __future__ import annotations

import shlex
import shutil
import struct
import subprocess
import tomllib
import xml.etree.ElementTree as ET

import pytest


def metainfo(files) -> ET.Element:
    return ET.parse(files.metainfo).getroot()


def test_metainfo_names_the_desktop_id_it_launches(files):
    root = metainfo(files)
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == files.app_id
    launchable = root.find("launchable")
    assert launchable.get("type") == "desktop-id"
    assert launchable.text == files.desktop.name


def test_metainfo_provides_the_types_and_binary_the_launcher_uses(files):
    provides = metainfo(files).find("provides")
    assert sorted(m.text for m in provides.findall("mediatype")) == sorted(files.mime_types())
    command = shlex.split(files.desktop_entry()["Exec"])[0]
    assert [b.text for b in provides.findall("binary")] == [command]


def test_metainfo_licence_and_release_match_the_project(files):
    project = tomllib.loads((files.top / "pyproject.toml").read_text())["project"]
    root = metainfo(files)
    assert root.findtext("project_license") == project["license"]["text"]
    assert root.findtext("metadata_license") == "CC0-1.0"  # what AppStream asks for
    versions = [r.get("version") for r in root.find("releases").findall("release")]
    assert project["version"] in versions


def test_metainfo_describes_all_three_jobs(files):
    text = " ".join(metainfo(files).find("description").itertext()).lower()
    for job in ("map editor", "kasserine pass", "campaign"):
        assert job in text


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="no appstream")
def test_appstreamcli_validates_the_metainfo(files):
    result = subprocess.run(
        ["appstreamcli", "validate", "--no-net", str(files.metainfo)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    # Errors and warnings fail; infos (e.g. a newer-spec tag an older appstream lacks) pass.
    assert not any(line.startswith(("E:", "W:")) for line in result.stdout.splitlines())


HOMEPAGE = "https://github.com/hexcampaign/hexcampaign"


def test_metainfo_has_a_homepage_and_the_docs_screenshots(files):
    """Software centres show the screenshots by URL: each is a picture of docs/screenshots
    that scripts/screenshots.py makes, at the size the metainfo says, on the homepage's
    repository."""
    root = metainfo(files)
    assert root.findtext("url[@type='homepage']") == HOMEPAGE
    shots = root.find("screenshots").findall("screenshot")
    assert [s.get("type") for s in shots].count("default") == 1
    made = " ".join(p.read_text() for p in (files.top / "scripts").rglob("*.py"))
    for shot in shots:
        assert shot.findtext("caption")
        image = shot.find("image")
        prefix = HOMEPAGE.replace("github.com", "raw.githubusercontent.com") + "/main/"
        assert image.text.startswith(prefix), image.text
        picture = files.top / image.text.removeprefix(prefix)
        assert picture.parent == files.top / "docs" / "screenshots" and picture.is_file()
        assert f'"{picture.stem}"' in made  # a picture scripts/screenshots.py makes
        # A PNG's size is in its header chunk (bytes 16-24, big-endian).
        width, height = struct.unpack(">II", picture.read_bytes()[16:24])
        assert (width, height) == (int(image.get("width")), int(image.get("height")))
