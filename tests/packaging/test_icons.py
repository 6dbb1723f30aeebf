"""Icons: a PNG of the right size wherever the theme looks, an SVG, .ico and .icns."""

from __future__ import annotations

import os
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_MAGIC, "not a PNG"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def icon_names(files) -> list[tuple[str, str]]:
    return [("apps", files.app_id)] + [
        ("mimetypes", t.replace("/", "-")) for t in files.mime_types()
    ]


def test_every_icon_is_a_png_of_its_folder_size(files):
    for context, name in icon_names(files):
        for size in files.icon_sizes:
            path = files.hicolor / f"{size}x{size}" / context / f"{name}.png"
            assert png_size(path.read_bytes()) == (size, size), path


def test_icons_are_drawings_with_transparent_corners(files):
    """Painted in the middle, see-through in the corners around the hexagon or page."""
    from PySide6.QtGui import QImage

    for context, name in icon_names(files):
        for size in files.icon_sizes:
            image = QImage(str(files.hicolor / f"{size}x{size}" / context / f"{name}.png"))
            assert not image.isNull()
            assert image.pixelColor(0, 0).alpha() == 0
            assert image.pixelColor(size - 1, 0).alpha() == 0
            assert image.pixelColor(size // 2, size // 2).alpha() == 255
            colours = {image.pixel(x, size // 2) for x in range(size)}
            assert len(colours) >= 3  # ink, fill and background at least: not a flat blob


def test_every_icon_has_a_scalable_svg(files):
    for context, name in icon_names(files):
        root = ET.parse(files.hicolor / "scalable" / context / f"{name}.svg").getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg"
        assert root.get("viewBox").split() == ["0", "0", "256", "256"]
        assert len(list(root.iter())) > 10  # shapes, not an empty canvas


def test_windows_ico_holds_each_size_as_png(files):
    data = (files.packaging / "icons" / "hexcampaign.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1)
    sizes = []
    for i in range(count):
        width, height, _, _, _, _, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * i : 22 + 16 * i]
        )
        width = width or 256  # 0 means 256 in the one-byte field
        assert png_size(data[offset : offset + length]) == (width, width)
        sizes.append(width)
    assert sizes == [16, 32, 48, 64, 128, 256]


def test_macos_icns_holds_the_retina_sizes(files):
    data = (files.packaging / "icons" / "hexcampaign.icns").read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    sizes, position = {}, 8
    while position < len(data):
        kind, length = (
            data[position : position + 4],
            struct.unpack(">I", data[position + 4 : position + 8])[0],
        )
        sizes[kind] = png_size(data[position + 8 : position + length])[0]
        position += length
    assert sizes == {
        b"icp4": 16,
        b"icp5": 32,
        b"icp6": 64,
        b"ic07": 128,
        b"ic08": 256,
        b"ic09": 512,
    }


def test_make_icons_redraws_the_same_set_of_files(files, tmp_path):
    """The committed icons are what packaging/make_icons.py makes: same files, same sizes."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    result = subprocess.run(
        [sys.executable, str(files.packaging / "make_icons.py"), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    committed = files.packaging / "icons"

    def listing(root: Path) -> set[str]:
        return {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()}

    assert listing(tmp_path) == listing(committed)
    for name in listing(committed):
        if name.endswith(".png"):
            assert png_size((tmp_path / name).read_bytes()) == png_size(
                (committed / name).read_bytes()
            )
