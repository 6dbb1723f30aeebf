"""install_desktop.py: what `make install-desktop` puts where, and takes away again."""

from __future__ import annotations

import os
import shlex
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest


def run_installer(files, *arguments, env=None):
    return subprocess.run(
        [sys.executable, str(files.packaging / "install_desktop.py"), *arguments],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def fake_program(folder: Path, name: str = "hexcampaign") -> Path:
    """An executable standing in for the real program; the installer only needs it to exist."""
    folder.mkdir(parents=True, exist_ok=True)
    program = folder / name
    program.write_text("#!/bin/sh\nexit 0\n")
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    return program


def expected_files(files, share: Path) -> list[Path]:
    app = files.app_id
    expected = [
        share / "applications" / f"{app}.desktop",
        share / "mime" / "packages" / f"{app}.xml",
        share / "metainfo" / f"{app}.metainfo.xml",
    ]
    icons = [f"apps/{app}"] + [f"mimetypes/{t.replace('/', '-')}" for t in files.mime_types()]
    for icon in icons:
        for size in files.icon_sizes:
            expected.append(share / "icons" / "hicolor" / f"{size}x{size}" / f"{icon}.png")
        expected.append(share / "icons" / "hicolor" / "scalable" / f"{icon}.svg")
    return expected


def test_prefix_install_writes_launcher_types_metainfo_and_every_icon(files, tmp_path):
    program = fake_program(tmp_path / "bin")
    result = run_installer(files, "--prefix", str(tmp_path / "root"), "--exec", str(program))
    assert result.returncode == 0, result.stderr
    share = tmp_path / "root" / "share"
    for path in expected_files(files, share):
        assert path.is_file(), f"not installed: {path.relative_to(share)}"
    assert (share / "mime" / "packages" / f"{files.app_id}.xml").read_bytes() == (
        files.mime.read_bytes()
    )
    assert f"installed {len(expected_files(files, share))} files" in result.stdout


def test_installed_launcher_runs_the_program_by_absolute_path(files, tmp_path):
    program = fake_program(tmp_path / "bin")
    run_installer(files, "--prefix", str(tmp_path / "root"), "--exec", str(program))
    launcher = tmp_path / "root" / "share" / "applications" / f"{files.app_id}.desktop"
    entry = files.desktop_entry(launcher)
    assert shlex.split(entry["Exec"]) == [str(program), "%f"]
    assert entry["TryExec"] == str(program)
    # Everything else is the shipped entry, untouched.
    shipped = files.desktop_entry()
    for key in ("Name", "Icon", "MimeType", "Categories", "Comment"):
        assert entry[key] == shipped[key]


def test_a_program_path_with_spaces_is_quoted_for_the_menu(files, tmp_path):
    program = fake_program(tmp_path / "My Games" / "hex campaign")
    run_installer(files, "--prefix", str(tmp_path / "root"), "--exec", str(program))
    launcher = tmp_path / "root" / "share" / "applications" / f"{files.app_id}.desktop"
    exec_line = files.desktop_entry(launcher)["Exec"]
    assert exec_line == f'"{program}" %f'
    assert shlex.split(exec_line)[0] == str(program)


def test_exec_quoting_follows_the_desktop_entry_spec(install_desktop):
    quote = install_desktop.exec_argument
    assert quote("/opt/hexcampaign/hexcampaign") == "/opt/hexcampaign/hexcampaign"
    assert quote('/a "b"/c') == '"/a \\\\"b\\\\"/c"'  # \" inside quotes, then \ doubled
    assert quote("/price$/x") == '"/price\\\\$/x"'
    assert quote("/100%/x") == "/100%%/x"  # a literal % is written %%


def test_uninstall_removes_only_what_install_wrote(files, tmp_path):
    program = fake_program(tmp_path / "bin")
    root = tmp_path / "root"
    run_installer(files, "--prefix", str(root), "--exec", str(program))
    share = root / "share"
    neighbour = share / "applications" / "someone-else.desktop"
    neighbour.write_text("[Desktop Entry]\nType=Application\nName=Other\nExec=other\n")
    result = run_installer(files, "--prefix", str(root), "--uninstall")
    assert result.returncode == 0, result.stderr
    assert not any(path.exists() for path in expected_files(files, share))
    assert neighbour.read_text().startswith("[Desktop Entry]")
    assert f"removed {len(expected_files(files, share))} files" in result.stdout
    # Registered no more: the rebuilt MIME database has forgotten our globs.
    globs = share / "mime" / "globs2"
    if globs.exists():
        assert "hexmap" not in globs.read_text()


def test_without_prefix_it_installs_into_xdg_data_home(files, tmp_path):
    program = fake_program(tmp_path / "bin")
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), HOME=str(tmp_path / "home"))
    result = run_installer(files, "--exec", str(program), "--no-caches", env=env)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "data" / "applications" / f"{files.app_id}.desktop").is_file()
    assert not (tmp_path / "home").exists()


def test_default_is_dot_local_share_when_xdg_data_home_is_unset_or_relative(files, tmp_path):
    program = fake_program(tmp_path / "bin")
    env = dict(os.environ, HOME=str(tmp_path / "home"), XDG_DATA_HOME="relative/ignored")
    result = run_installer(files, "--exec", str(program), "--no-caches", env=env)
    assert result.returncode == 0, result.stderr
    share = tmp_path / "home" / ".local" / "share"
    assert (share / "applications" / f"{files.app_id}.desktop").is_file()


def test_a_missing_program_is_refused_with_a_sentence(files, tmp_path):
    result = run_installer(
        files, "--prefix", str(tmp_path / "root"), "--exec", str(tmp_path / "nothing-here")
    )
    assert result.returncode == 1
    assert "is not an executable file" in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "root").exists()


def test_an_unwritable_destination_is_refused_with_a_sentence(files, tmp_path):
    program = fake_program(tmp_path / "bin")
    (tmp_path / "root").mkdir()
    (tmp_path / "root" / "share").write_text("a file where a folder should be")
    result = run_installer(files, "--prefix", str(tmp_path / "root"), "--exec", str(program))
    assert result.returncode == 1
    assert result.stderr.startswith("install_desktop: cannot write ")
    assert "Traceback" not in result.stderr


def test_the_program_is_found_beside_a_frozen_folder(files, tmp_path):
    """The copy in dist/hexcampaign/desktop/ registers dist/hexcampaign/hexcampaign."""
    folder = tmp_path / "hexcampaign"
    program = fake_program(folder)
    shutil.copytree(files.packaging, folder / "desktop")
    result = subprocess.run(
        [
            sys.executable,
            str(folder / "desktop" / "install_desktop.py"),
            "--prefix",
            str(tmp_path / "root"),
            "--no-caches",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    launcher = tmp_path / "root" / "share" / "applications" / f"{files.app_id}.desktop"
    assert shlex.split(files.desktop_entry(launcher)["Exec"])[0] == str(program)


def test_desktop_knows_the_file_types_after_install(files, tmp_path):
    """End to end: Qt's MIME database, reading the installed XML, names our types."""
    program = fake_program(tmp_path / "bin")
    share = tmp_path / "root" / "share"
    run_installer(files, "--prefix", str(tmp_path / "root"), "--exec", str(program))
    renamed_map = tmp_path / "aubin-valley"  # no extension: only the content tells
    shutil.copy(files.top / "maps" / "cm-sample.hexmap", renamed_map)
    renamed_game = tmp_path / "saturday-game"
    renamed_game.write_text('{\n "format": "hexcampaign-kasserine-game",\n "version": 1}')
    plain_json = tmp_path / "notes.json"  # a .json file that is a game stays JSON: glob wins
    plain_json.write_text('{"format": "hexcampaign-kasserine-game", "version": 1}')
    probe = (
        "import sys\n"
        "from PySide6.QtCore import QMimeDatabase\n"
        "db = QMimeDatabase()\n"
        "for name in sys.argv[1:]:\n"
        "    print(db.mimeTypeForFile(name).name())\n"
    )
    names = [
        "a.hexmap",
        "b.kpgame",
        "c.hxcampaign",
        str(renamed_map),
        str(renamed_game),
        str(plain_json),
    ]
    env = dict(os.environ, XDG_DATA_HOME=str(share), XDG_DATA_DIRS="/usr/share")
    result = subprocess.run(
        [sys.executable, "-c", probe, *names], capture_output=True, text=True, env=env, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "application/x-hexcampaign-map",
        "application/x-hexcampaign-kpgame",
        "application/x-hexcampaign-campaign",
        "application/x-hexcampaign-map",
        "application/x-hexcampaign-kpgame",
        "application/json",
    ]


@pytest.mark.skipif(shutil.which("update-mime-database") is None, reason="no shared-mime-info")
def test_mime_database_is_rebuilt_when_the_tool_is_there(files, tmp_path):
    program = fake_program(tmp_path / "bin")
    run_installer(files, "--prefix", str(tmp_path / "root"), "--exec", str(program))
    globs = (tmp_path / "root" / "share" / "mime" / "globs2").read_text()
    for pattern in ("*.hexmap", "*.kpgame", "*.hxcampaign"):
        assert pattern in globs


@pytest.mark.skipif(shutil.which("appstreamcli") is None, reason="no appstream")
def test_installed_tree_passes_appstream_validate_tree(files, tmp_path):
    program = fake_program(tmp_path / "bin")
    run_installer(files, "--prefix", str(tmp_path / "root"), "--exec", str(program))
    result = subprocess.run(
        ["appstreamcli", "validate-tree", "--no-net", str(tmp_path / "root")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.skipif(shutil.which("update-desktop-database") is None, reason="no desktop-file-utils")
def test_launcher_becomes_the_handler_of_all_three_types(files, tmp_path):
    program = fake_program(tmp_path / "bin")
    run_installer(files, "--prefix", str(tmp_path / "root"), "--exec", str(program))
    cache = (tmp_path / "root" / "share" / "applications" / "mimeinfo.cache").read_text()
    for mime in files.mime_types():
        assert f"{mime}={files.app_id}.desktop;" in cache


@pytest.mark.skipif(shutil.which("gtk-update-icon-cache") is None, reason="no GTK icon cache tool")
def test_icon_cache_is_rebuilt_with_our_icons(files, tmp_path):
    program = fake_program(tmp_path / "bin")
    run_installer(files, "--prefix", str(tmp_path / "root"), "--exec", str(program))
    cache = tmp_path / "root" / "share" / "icons" / "hicolor" / "icon-theme.cache"
    assert files.app_id.encode() in cache.read_bytes()
    assert b"application-x-hexcampaign-campaign" in cache.read_bytes()
