"""The user's own terrain palettes: the ones made in Map › Palette… or imported, kept
as .hexpalette files in the user's data folder so New map can offer them again.

A map carries its palette inside its file, so nothing here is needed to open a map:
this folder only remembers palettes for the next new map. A damaged file in it is
skipped (and named by `damaged`), never fatal.
"""

from __future__ import annotations

import re
from pathlib import Path

from hexcampaign.app.settings import data_dir
from hexcampaign.maps import Palette
from hexcampaign.maps.palette import (
    PALETTE_SUFFIX,
    PaletteError,
    palette_names,
    read_palette_file,
    save_palette_file,
)


def user_palettes() -> list[Palette]:
    """The palettes the user kept, by title; shipped names never shadow the rulesets'."""
    found: list[Palette] = []
    for path in sorted(palette_folder().glob(f"*{PALETTE_SUFFIX}")):
        try:
            palette = read_palette_file(path)
        except (PaletteError, OSError):
            continue
        if palette.name not in palette_names():
            found.append(palette)
    return sorted(found, key=lambda p: p.title.lower())


def user_palette(name: str) -> Palette | None:
    return next((p for p in user_palettes() if p.name == name), None)


def remember_palette(palette: Palette) -> Path:
    """Keep `palette` for later maps (replacing an older one of the same name).
    Raises OSError when the folder cannot be written (the caller says so)."""
    folder = palette_folder()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{file_stem(palette.name)}{PALETTE_SUFFIX}"
    save_palette_file(palette, path)
    return path


def palette_folder() -> Path:
    return data_dir() / "palettes"


def file_stem(name: str) -> str:
    """A file name for a palette name: letters, digits, - and _ only."""
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-")
    return stem[:40] or "palette"
