"""The launcher: a desktop entry that menus accept and that opens our six file types."""

from __future__ import annotations

import shlex
import shutil
import subprocess

import pytest


def test_desktop_entry_launches_hexcampaign_with_the_clicked_file(files):
    entry = files.desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Terminal"] == "false"
    command = shlex.split(entry["Exec"])
    assert command[0] == "hexcampaign"  # the [project.scripts] name, also the frozen binary
    # One field code for the file(s) a user double-clicked, so "Open with" passes them on.
    assert [arg for arg in command[1:] if arg.startswith("%")] in (["%f"], ["%F"])
    assert entry["TryExec"] == "hexcampaign"


def test_desktop_entry_claims_exactly_the_mime_types_declared(files):
    entry = files.desktop_entry()
    claimed = [t for t in entry["MimeType"].split(";") if t]
    assert sorted(claimed) == sorted(files.mime_types())
    assert len(claimed) == 6  # map, game, turn file, campaign, turn package, orders


def test_desktop_entry_icon_is_installed_at_every_size(files):
    entry = files.desktop_entry()
    assert entry["Icon"] == files.app_id  # a theme name, not a path: the theme picks the size
    for size in files.icon_sizes:
        assert (files.hicolor / f"{size}x{size}" / "apps" / f"{files.app_id}.png").is_file()
    assert (files.hicolor / "scalable" / "apps" / f"{files.app_id}.svg").is_file()


def test_desktop_entry_is_in_a_menu_category_and_named(files):
    entry = files.desktop_entry()
    categories = [c for c in entry["Categories"].split(";") if c]
    assert "Game" in categories  # a main category, so menus know where it goes
    assert entry["Name"] and entry["Comment"]
    assert files.desktop.name == f"{files.app_id}.desktop"  # the id AppStream and Wayland use


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="no desktop-file-utils")
def test_desktop_file_validate_accepts_it(files):
    result = subprocess.run(
        ["desktop-file-validate", str(files.desktop)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
