"""A PNG writer for the rendered map: 8-bit RGB, no interlace, rows unfiltered.

Qt's PNG writer lets libpng try every row filter on every row, which on a
4800×5600-pixel map costs more than drawing the map. A printed-style map is flat
colours, which deflate compresses as well without filtering (the file comes out within
a few percent of Qt's), so the rendered map is written here: the rows with a filter
byte of 0, deflated at the fastest level in two halves at once (the deflater lets go
of Python's lock while it works) and joined into one zlib stream, as pigz does.

The deflater is ISA-L's (the `isal` package): on the 200×200 bench map it deflates the
81 MB of rows in 39 ms of CPU where zlib's fastest level takes 186 ms, into a smaller
file (6.44 MB against 6.60), and its checksum is four times quicker. The stream is the
same deflate format; without the package the standard library's zlib writes it.
"""

from __future__ import annotations

import os
import struct
import zlib
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import BinaryIO

Buffer = bytes | bytearray | memoryview  # what the deflater takes and gives


def _fastest_deflater() -> ModuleType:
    try:
        from isal import isal_zlib  # zlib's interface, deflate format, several times faster
    except ImportError:  # a platform the package has no wheel for: the same file, slower
        return zlib
    return isal_zlib


# The module that deflates and checksums (zlib's interface: compressobj, adler32, crc32).
DEFLATER = _fastest_deflater()

SIGNATURE = b"\x89PNG\r\n\x1a\n"
COLOUR_RGB = 2
LEVEL = 1  # the fastest that matches strings: a map of flat colours gains little from slower
IDAT_BYTES = 1 << 24  # split the image data into chunks of 16 MiB (any size is legal)
PIECES = 2  # deflated side by side: the machines this runs on have two cores or more
# Up to this many bytes of rows are copied whole and deflated in pieces at once (a
# 200×200 map at hex size 16 is 81 MB); larger pictures, up to the 400-megapixel
# limit, are deflated a batch of rows at a time so the rows are never held twice.
PARALLEL_MAX_BYTES = 256 << 20
BATCH_BYTES = 4 << 20


def write_rgb_png(
    target: Path | str | BinaryIO, width: int, height: int, pixels, stride: int, dpi: float | None = None
) -> None:
    """Write `height` rows of `width` RGB pixels (3 bytes each), row y starting at
    byte y * stride of `pixels` (a buffer: bytes, memoryview, QImage.constBits()), to a
    file name or an open binary file (export writes into its temporary file). With `dpi`
    the file says its resolution (a pHYs chunk), so it prints at the size it was made for."""
    if width <= 0 or height <= 0:
        raise ValueError(f"A PNG needs at least one pixel, not {width}×{height}.")
    rows = memoryview(pixels).cast("B")
    row_bytes = width * 3
    if len(rows) < (height - 1) * stride + row_bytes:
        raise ValueError("The pixel buffer is smaller than the picture.")
    if height * (row_bytes + 1) <= PARALLEL_MAX_BYTES:
        compressed = _deflate(_filtered_rows(rows, 0, height, row_bytes, stride))
    else:  # a huge picture: no second copy of its rows, at the cost of one core
        compressed = _deflate_in_batches(rows, height, row_bytes, stride)
    header = struct.pack(">IIBBBBB", width, height, 8, COLOUR_RGB, 0, 0, 0)
    if not isinstance(target, (str, os.PathLike)):  # a file object
        _write_chunks(target, header, [compressed], dpi)
        return
    with open(target, "wb") as out:
        _write_chunks(out, header, [compressed], dpi)


def _write_chunks(out: BinaryIO, header: bytes, compressed: Sequence[Buffer], dpi: float | None = None) -> None:
    """The file: its header chunks, the zlib stream (`compressed`, in pieces written as
    they are, never joined: a 100-million-pixel map's is 25 MB) in IDAT chunks of
    IDAT_BYTES, and the end."""
    out.write(SIGNATURE)
    out.write(_chunk(b"IHDR", header))
    if dpi is not None:  # pixels per metre, the same both ways (unit 1: the metre)
        per_metre = round(dpi / 0.0254)
        out.write(_chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))
    pieces = deque(memoryview(piece).cast("B") for piece in compressed)
    remaining = sum(len(piece) for piece in pieces)
    while remaining:
        size = min(IDAT_BYTES, remaining)
        out.write(struct.pack(">I", size) + b"IDAT")
        crc, need = DEFLATER.crc32(b"IDAT"), size
        while need:
            part = pieces[0][:need]
            out.write(part)
            crc = DEFLATER.crc32(part, crc)
            need -= len(part)
            if len(part) == len(pieces[0]):
                pieces.popleft()
            else:
                pieces[0] = pieces[0][len(part) :]
        out.write(struct.pack(">I", crc))
        remaining -= size
    out.write(_chunk(b"IEND", b""))


def _filtered_rows(rows: memoryview, first: int, end: int, row_bytes: int, stride: int) -> bytes:
    """Rows first..end-1, each behind a filter-type byte of 0 (none), as PNG stores them."""
    parts: list[bytes | memoryview] = []
    for y in range(first, end):
        start = y * stride
        parts.append(b"\x00")
        parts.append(rows[start : start + row_bytes])
    return b"".join(parts)


def _deflate(raw: bytes) -> bytes:
    """A zlib stream of `raw`, its pieces deflated in parallel: every piece but the
    last ends on a sync flush (byte-aligned, not final), so the raw deflate streams
    join into one; the checksum is over the whole."""
    return ZLIB_HEADER + _deflate_pieces(raw, final=True) + struct.pack(">I", DEFLATER.adler32(raw))


ZLIB_HEADER = bytes([0x78, 0x01])  # deflate, 32 KiB window, fastest level; % 31 == 0


def _deflate_pieces(raw: bytes, final: bool) -> bytes:
    """Raw deflate data of `raw`, in PIECES deflated at once; it ends the stream when
    `final`, else on a sync flush, so more data can follow in the same stream."""
    size = len(raw)
    bounds = [size * i // PIECES for i in range(PIECES + 1)]
    view = memoryview(raw)

    def piece(i: int) -> bytes:
        packer = DEFLATER.compressobj(LEVEL, DEFLATER.DEFLATED, -15)
        data = packer.compress(view[bounds[i] : bounds[i + 1]])
        last = final and i == PIECES - 1
        return data + packer.flush(DEFLATER.Z_FINISH if last else DEFLATER.Z_SYNC_FLUSH)

    # Imported here: a picture painted by two processes deflates each band in one
    # thread (render_workers.py), and the pool's modules cost ~8 ms of every render.
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(PIECES) as pool:
        return b"".join(pool.map(piece, range(PIECES)))


def deflate_band(pixels, stride: int, width: int, rows: int, final: bool) -> tuple[Buffer, int, int]:
    """`rows` rows of RGB pixels (row y at byte y * stride of `pixels`) as PNG stores
    them, deflated in this thread alone: (raw deflate data ending on a sync flush, or
    ending the stream when `final`; the rows' adler32; their length in bytes). A band
    painted by another process (app/render/render_workers.py) comes as this, for
    `PngBands.add_deflated`."""
    raw = _filtered_rows(memoryview(pixels).cast("B"), 0, rows, width * 3, stride)
    packer = DEFLATER.compressobj(LEVEL, DEFLATER.DEFLATED, -15)
    data = packer.compress(raw) + packer.flush(DEFLATER.Z_FINISH if final else DEFLATER.Z_SYNC_FLUSH)
    return data, DEFLATER.adler32(raw), len(raw)


ADLER_BASE = 65521  # the largest prime below 2**16, adler32's modulus


def adler32_combine(first: int, second: int, second_length: int) -> int:
    """The adler32 of two byte strings one after the other, from each one's adler32 and
    the second's length (zlib's adler32_combine, which Python's zlib does not offer)."""
    rem = second_length % ADLER_BASE
    # The low half sums the bytes after a 1, so the second's 1 is taken out once; the
    # high half sums the low half after every byte, so the second's also gains the
    # first's low half (less its 1) once a byte. Python's % is never negative.
    low = ((first & 0xFFFF) + (second & 0xFFFF) - 1) % ADLER_BASE
    high = (rem * ((first & 0xFFFF) - 1) + (first >> 16) + (second >> 16)) % ADLER_BASE
    return low | (high << 16)


class PngBands:
    """A PNG built from bands of rows as they are painted, top to bottom: each band is
    deflated (in pieces at once) into the one zlib stream and let go, so a picture of
    any height costs the memory of one band and the compressed data."""

    def __init__(self, width: int, height: int, dpi: float | None = None) -> None:
        if width <= 0 or height <= 0:
            raise ValueError(f"A PNG needs at least one pixel, not {width}×{height}.")
        self.width, self.height, self.dpi = width, height, dpi
        self._pieces: list[Buffer] = [ZLIB_HEADER]
        self._adler = 1
        self._rows = 0

    def add(self, pixels, stride: int, count: int) -> None:
        """The next `count` rows of RGB pixels, row y at byte y * stride of `pixels`."""
        if self._rows + count > self.height:
            raise ValueError("More rows than the picture has.")
        rows = memoryview(pixels).cast("B")
        raw = _filtered_rows(rows, 0, count, self.width * 3, stride)
        self._rows += count
        self._pieces.append(_deflate_pieces(raw, final=self._rows == self.height))
        self._adler = DEFLATER.adler32(raw, self._adler)

    def add_deflated(self, data: Buffer, adler: int, length: int, count: int) -> None:
        """The next `count` rows as `deflate_band` made them elsewhere (its data, the
        rows' adler32 and length), the last band's data ending the stream."""
        if self._rows + count > self.height:
            raise ValueError("More rows than the picture has.")
        self._rows += count
        self._pieces.append(data)
        self._adler = adler32_combine(self._adler, adler, length)

    def write(self, out: BinaryIO) -> None:
        if self._rows != self.height:
            raise ValueError(f"The picture has {self._rows} of its {self.height} rows.")
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, COLOUR_RGB, 0, 0, 0)
        _write_chunks(out, header, [*self._pieces, struct.pack(">I", self._adler)], self.dpi)


def _deflate_in_batches(rows: memoryview, height: int, row_bytes: int, stride: int) -> bytes:
    """One zlib stream fed a few rows at a time, so only a batch is ever copied."""
    packer = DEFLATER.compressobj(LEVEL)
    batch = max(1, BATCH_BYTES // (row_bytes + 1))
    pieces = [
        packer.compress(_filtered_rows(rows, y, min(y + batch, height), row_bytes, stride))
        for y in range(0, height, batch)
    ]
    pieces.append(packer.flush())
    return b"".join(pieces)


def _chunk(kind: bytes, data: bytes | memoryview) -> bytes:
    crc = DEFLATER.crc32(data, DEFLATER.crc32(kind))
    return b"".join((struct.pack(">I", len(data)), kind, data, struct.pack(">I", crc)))
