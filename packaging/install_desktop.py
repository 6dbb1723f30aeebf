"""Register hexcampaign with the desktop for the current user: launcher, file types, icons.

    python3 packaging/install_desktop.py              # install (make install-desktop)
    python3 packaging/install_desktop.py --uninstall  # remove what install put there

Files go under $XDG_DATA_HOME (default ~/.local/share), or under PREFIX/share with
--prefix (a system-wide /usr/local, or a test's temporary folder):

    applications/io.github.hexcampaign.HexCampaign.desktop   the launcher, Exec made absolute
    mime/packages/io.github.hexcampaign.HexCampaign.xml      .hexmap, .kpgame, .kpturn, .hxcampaign, .hxpackage, .hxorders
    metainfo/io.github.hexcampaign.HexCampaign.metainfo.xml  what software centres show
    icons/hicolor/<size>/{apps,mimetypes}/...                the app and file-type icons

then refreshes the desktop's caches with update-mime-database, update-desktop-database and
gtk-update-icon-cache, each only if it is installed (a desktop without one does not use
its cache).

Only the standard library is used, so the same script works from the source checkout and
from the frozen one-folder app (dist/hexcampaign/desktop/), where no Python environment
of hexcampaign's exists. It finds its data files beside itself.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

APP_ID = "io.github.hexcampaign.HexCampaign"
COMMAND = "hexcampaign"
HERE = Path(__file__).resolve().parent

# The desktop entry spec's characters that force an Exec argument into double quotes.
_RESERVED = set(" \t\n\"'\\><~|&;$*?#()`")


class InstallError(Exception):
    """Installing cannot go on; the message says why in one sentence."""


@dataclass(frozen=True)
class Placement:
    """One file of the desktop integration: where it comes from and where it goes."""

    source: Path
    target: Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Register hexcampaign's launcher, file types and icons for this user."
    )
    parser.add_argument(
        "--prefix",
        type=Path,
        help="install under PREFIX/share instead of $XDG_DATA_HOME (~/.local/share)",
    )
    parser.add_argument(
        "--exec",
        dest="executable",
        type=Path,
        help="the hexcampaign program the launcher runs (default: found automatically)",
    )
    parser.add_argument(
        "--uninstall", action="store_true", help="remove the files an install put there"
    )
    parser.add_argument(
        "--no-caches",
        action="store_true",
        help="do not run update-mime-database, update-desktop-database, gtk-update-icon-cache",
    )
    args = parser.parse_args(argv)
    data_home = data_directory(args.prefix)
    try:
        if args.uninstall:
            removed = uninstall(data_home, refresh=not args.no_caches)
            print(f"removed {len(removed)} files from {data_home}")
        else:
            executable = find_executable(args.executable)
            installed = install(data_home, executable, refresh=not args.no_caches)
            print(f"installed {len(installed)} files under {data_home}; launcher runs {executable}")
    except InstallError as error:
        print(f"install_desktop: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        # A folder that is not writable (a system prefix without root) or not a folder.
        where = error.filename or data_home
        print(f"install_desktop: cannot write {where}: {error.strerror}", file=sys.stderr)
        return 1
    return 0


def data_directory(prefix: Path | None) -> Path:
    """Where per-user (or, with a prefix, per-prefix) desktop data lives."""
    if prefix is not None:
        return prefix.expanduser().resolve() / "share"
    xdg = os.environ.get("XDG_DATA_HOME", "")
    # The XDG spec says a relative XDG_DATA_HOME is invalid and must be ignored.
    if xdg and Path(xdg).is_absolute():
        return Path(xdg)
    return Path.home() / ".local" / "share"


def install(data_home: Path, executable: Path, *, refresh: bool = True) -> list[Path]:
    """Copy every file into place, the launcher rewritten to run `executable`."""
    placements = list(placements_under(data_home))
    missing = [p.source for p in placements if not p.source.is_file()]
    if missing:
        raise InstallError(f"a packaging file is missing: {missing[0]}")
    written = []
    for placement in placements:
        placement.target.parent.mkdir(parents=True, exist_ok=True)
        if placement.source.suffix == ".desktop":
            text = launcher_text(placement.source.read_text(encoding="utf-8"), executable)
            _write_atomically(placement.target, text.encode("utf-8"))
        else:
            _write_atomically(placement.target, placement.source.read_bytes())
        written.append(placement.target)
    if refresh:
        refresh_caches(data_home)
    return written


def uninstall(data_home: Path, *, refresh: bool = True) -> list[Path]:
    """Remove exactly the files `install` writes; folders others may share are kept."""
    removed = []
    for placement in placements_under(data_home):
        if placement.target.is_file():
            placement.target.unlink()
            removed.append(placement.target)
    if refresh:
        refresh_caches(data_home)
    return removed


def placements_under(data_home: Path) -> Iterator[Placement]:
    """Every file of the integration: the three metadata files, then each icon."""
    yield Placement(HERE / f"{APP_ID}.desktop", data_home / "applications" / f"{APP_ID}.desktop")
    # shared-mime-info reads every XML in mime/packages; the file name is only our tag.
    yield Placement(HERE / f"{APP_ID}.mime.xml", data_home / "mime" / "packages" / f"{APP_ID}.xml")
    yield Placement(
        HERE / f"{APP_ID}.metainfo.xml", data_home / "metainfo" / f"{APP_ID}.metainfo.xml"
    )
    icons = HERE / "icons" / "hicolor"
    if not icons.is_dir():
        raise InstallError(f"the icons folder is missing: {icons}")
    for icon in sorted(icons.rglob("*")):
        if icon.is_file() and icon.suffix in (".png", ".svg"):
            yield Placement(icon, data_home / "icons" / "hicolor" / icon.relative_to(icons))


def find_executable(explicit: Path | None = None) -> Path:
    """The program the launcher should run, as an absolute path.

    In order: --exec; the frozen app this script ships in (dist/hexcampaign/hexcampaign
    beside desktop/); the source checkout's .venv; `hexcampaign` on PATH.
    """
    if explicit is not None:
        path = explicit.expanduser().resolve()
        if not (path.is_file() and os.access(path, os.X_OK)):
            raise InstallError(f"--exec {explicit} is not an executable file")
        return path
    beside = HERE.parent
    candidates = [beside / COMMAND, beside / ".venv" / "bin" / COMMAND]
    on_path = shutil.which(COMMAND)
    if on_path:
        candidates.append(Path(on_path))
    for candidate in candidates:
        if candidate.is_file() and os.access(candidate, os.X_OK):
            # Not resolve(): a venv's bin/hexcampaign must stay the venv's script path.
            return candidate.absolute()
    raise InstallError(
        f"no {COMMAND} program found (looked for {', '.join(map(str, candidates))}); "
        "run `make run` or `make package` first, or pass --exec PATH"
    )


def launcher_text(template: str, executable: Path) -> str:
    """The .desktop text with Exec and TryExec pointing at `executable`.

    Menus run Exec without a shell and without the user's PATH of a terminal, so the
    shipped `Exec=hexcampaign %f` becomes the absolute program path.
    """
    lines = []
    for line in template.splitlines():
        key = line.split("=", 1)[0].strip()
        if key == "Exec":
            line = f"Exec={exec_argument(str(executable))} %f"
        elif key == "TryExec":
            # TryExec is a plain string (a path, not a command line): only escape.
            line = f"TryExec={_escape_string(str(executable))}"
        lines.append(line)
    return "\n".join(lines) + "\n"


def exec_argument(argument: str) -> str:
    """One Exec argument, quoted as the desktop entry spec says when it must be."""
    argument = argument.replace("%", "%%")
    if any(ch in _RESERVED for ch in argument):
        inner = "".join("\\" + ch if ch in '"`$\\' else ch for ch in argument)
        argument = f'"{inner}"'
    # Then the general string-value escaping of a desktop file: a backslash doubles.
    return _escape_string(argument)


def refresh_caches(data_home: Path) -> list[str]:
    """Run each cache updater that is installed; return the ones that ran."""
    ran = []
    commands = [
        ("update-mime-database", [str(data_home / "mime")]),
        ("update-desktop-database", ["-q", str(data_home / "applications")]),
        # -t: a user's hicolor folder has no index.theme of its own; -f: rebuild anyway.
        ("gtk-update-icon-cache", ["-q", "-t", "-f", str(data_home / "icons" / "hicolor")]),
    ]
    for tool, arguments in commands:
        program = shutil.which(tool)
        if program is None or not Path(arguments[-1]).is_dir():
            continue
        result = subprocess.run([program, *arguments], capture_output=True, text=True)
        if result.returncode != 0:
            # The files are in place; a stale cache only delays the desktop noticing them.
            print(f"install_desktop: {tool} failed: {result.stderr.strip()}", file=sys.stderr)
        else:
            ran.append(tool)
    return ran


def _escape_string(value: str) -> str:
    return (
        value.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t").replace("\r", "\\r")
    )


def _write_atomically(target: Path, data: bytes) -> None:
    temporary = target.with_name(f".{target.name}.tmp")
    temporary.write_bytes(data)
    os.replace(temporary, target)


if __name__ == "__main__":
    sys.exit(main())
