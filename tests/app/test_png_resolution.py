"""A PNG says its resolution (a pHYs chunk), so it prints at the size asked (issue 32
item 8): 96 dpi when no size is asked, or the resolution that prints a hex hex_mm
across the flats."""

from __future__ import annotations

import math
import struct

from hexcampaign.app.render import export, picture_files
from hexcampaign.maps import HexMap


def resolution(path) -> tuple[int, int, int] | None:
    """(x, y pixels per unit, unit) of the file's pHYs chunk, or None."""
    data = path.read_bytes()
    at = 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        if kind == b"pHYs":
            return struct.unpack(">IIB", data[at + 8 : at + 17])
        at += 12 + length
    return None


def test_a_png_prints_its_hexes_at_the_width_asked(qapp, tmp_path):
    m = HexMap.new(6, 5, palette="kasserine")
    plain, sized = tmp_path / "plain.png", tmp_path / "sized.png"
    export.export_picture(m, plain, 20)
    assert resolution(plain) == (round(96 / 0.0254), round(96 / 0.0254), 1)
    export.export_picture(m, sized, 20, hex_mm=19.0)
    per_metre, same, unit = resolution(sized)
    assert unit == 1 and per_metre == same
    across_px = math.sqrt(3) * 20  # a hex across the flats, in pixels
    assert abs(across_px / per_metre * 1000 - 19.0) < 0.01  # printed: 19 mm


def test_a_big_png_painted_in_bands_says_its_resolution_too(qapp, tmp_path, monkeypatch):
    monkeypatch.setattr(picture_files, "BAND_PIXELS", 10_000)  # several bands for a small map
    out = tmp_path / "bands.png"
    export.export_picture(HexMap.new(12, 10, palette="kasserine"), out, 20, hex_mm=25.0)
    per_metre, _, _ = resolution(out)
    assert abs(math.sqrt(3) * 20 / per_metre * 1000 - 25.0) < 0.01
