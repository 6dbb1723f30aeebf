"""The map's PNG writer: what it writes must read back pixel for pixel in Qt."""

from __future__ import annotations

import random
import zlib

import pytest
from PySide6.QtGui import QImage

from hexcampaign.app import png


@pytest.mark.parametrize("deflater", [png.DEFLATER, zlib], ids=["fastest", "zlib"])
@pytest.mark.parametrize(
    ("idat_bytes", "parallel_max"),
    [(png.IDAT_BYTES, png.PARALLEL_MAX_BYTES), (100, png.PARALLEL_MAX_BYTES), (100, 0)],
)
def test_written_pixels_read_back_exactly(qapp, tmp_path, monkeypatch, idat_bytes, parallel_max, deflater):
    # zlib: what a machine without the isal package writes.
    monkeypatch.setattr(png, "DEFLATER", deflater)
    monkeypatch.setattr(png, "IDAT_BYTES", idat_bytes)  # 100: many IDAT chunks
    # 0: the batch-by-batch path that pictures over the limit take, in 500-byte batches.
    monkeypatch.setattr(png, "PARALLEL_MAX_BYTES", parallel_max)
    monkeypatch.setattr(png, "BATCH_BYTES", 500)
    rng = random.Random(3)
    width, height, stride = 37, 23, 37 * 3 + 5  # rows padded, as QImage pads them
    pixels = bytes(rng.randrange(256) for _ in range(stride * height))
    path = tmp_path / "noise.png"
    png.write_rgb_png(path, width, height, pixels, stride)
    _assert_reads_back(path, pixels, width, height, stride)


def test_refuses_a_buffer_smaller_than_the_picture(tmp_path):
    with pytest.raises(ValueError, match="smaller than the picture"):
        png.write_rgb_png(tmp_path / "x.png", 10, 10, bytes(299), 30)
    with pytest.raises(ValueError, match="at least one pixel"):
        png.write_rgb_png(tmp_path / "x.png", 0, 10, b"", 0)


@pytest.mark.parametrize("deflater", [png.DEFLATER, zlib], ids=["fastest", "zlib"])
def test_a_picture_written_in_bands_reads_back_exactly(qapp, tmp_path, monkeypatch, deflater):
    monkeypatch.setattr(png, "DEFLATER", deflater)
    rng = random.Random(5)
    width, height, stride = 29, 31, 29 * 3 + 3
    pixels = bytes(rng.randrange(256) for _ in range(stride * height))
    picture = png.PngBands(width, height)
    for top, rows in ((0, 10), (10, 1), (11, 20)):  # bands of uneven heights, as export's last
        picture.add(memoryview(pixels)[top * stride :], stride, rows)
    path = tmp_path / "bands.png"
    with open(path, "wb") as out:
        picture.write(out)
    _assert_reads_back(path, pixels, width, height, stride)


def _assert_reads_back(path, pixels: bytes, width: int, height: int, stride: int) -> None:
    image = QImage(str(path))
    assert (image.width(), image.height()) == (width, height)
    for y in range(height):
        for x in range(width):
            r, g, b = pixels[y * stride + 3 * x : y * stride + 3 * x + 3]
            assert image.pixelColor(x, y).getRgb()[:3] == (r, g, b), (x, y)


@pytest.mark.parametrize("deflater", [png.DEFLATER, zlib], ids=["fastest", "zlib"])
def test_bands_deflated_apart_join_into_a_picture_that_reads_back_exactly(qapp, tmp_path, monkeypatch, deflater):
    # As two processes paint a PNG: each band deflated on its own, joined in order.
    monkeypatch.setattr(png, "DEFLATER", deflater)
    rng = random.Random(7)
    width, height, stride = 41, 30, 41 * 3 + 1
    pixels = bytes(rng.randrange(256) for _ in range(stride * height))
    bands = ((0, 7), (7, 1), (8, 22))
    picture = png.PngBands(width, height)
    for top, rows in bands:
        data, adler, length = png.deflate_band(memoryview(pixels)[top * stride :], stride, width, rows, top + rows == height)
        picture.add_deflated(data, adler, length, rows)
    path = tmp_path / "joined.png"
    with open(path, "wb") as out:
        picture.write(out)
    _assert_reads_back(path, pixels, width, height, stride)


def test_adler32_of_two_strings_is_combined_from_theirs():
    rng = random.Random(11)
    for _ in range(500):
        first = bytes(rng.randrange(256) for _ in range(rng.randrange(300)))
        second = bytes([rng.choice((0, 255, rng.randrange(256)))]) * rng.choice((0, 1, 5552, 70_000))
        combined = png.adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second))
        assert combined == zlib.adler32(first + second)
