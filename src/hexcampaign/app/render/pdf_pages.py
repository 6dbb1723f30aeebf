"""A PDF written a page at a time, and the pages of one picture joined into one page.

Qt's PDF writer keeps a page in memory until the next begins, and writes the file's
cross-reference table only at the end. `PdfPages` copies each page out of memory as soon
as it is complete, so an SVG or PDF of a big map, painted a band of hexes a page at a
time (app/render/export.py), never holds the whole picture. `join_pages` then turns the
band pages into the one page they make, through pypdf (a PDF library that reads whatever
Qt writes, so a change of Qt's writer cannot break the join): a new document whose one
page draws every band's content stream, each between `q` and `Q`, with the resources of
them all.
"""

from __future__ import annotations

from typing import Any, BinaryIO

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QPdfWriter

from hexcampaign.app.render.catalogue import RenderError


class PdfPages:
    """A QPdfWriter whose bytes go to `out` a page at a time: Qt writes a page when the
    next begins, so each page is copied out of memory as soon as it is complete."""

    def __init__(self, out: BinaryIO, title: str) -> None:
        self.out = out  # a new, empty file, readable too (the join reads it back)
        self.buffer = QBuffer()
        self.buffer.setData(QByteArray())
        self.buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        self.writer = QPdfWriter(self.buffer)
        self.writer.setTitle(title)
        self.writer.setCreator("hexcampaign")
        self.pages = 1

    def next_page(self) -> None:
        self.writer.newPage()
        self.pages += 1
        self.drain()

    def drain(self) -> None:
        """Copy what Qt has written so far into the file and empty the buffer (Qt counts
        its offsets itself, not by the buffer's position)."""
        size = self.buffer.pos()
        if size:
            self.out.write(self.buffer.data().left(size).data())
            self.buffer.seek(0)

    def finish(self, join: bool) -> None:
        """After the painter ends: the rest of the file, and with `join` its pages as one."""
        self.drain()
        if join and self.pages > 1:
            join_pages(self.out)


_COPY_CHUNK = 1 << 20
_REFUSED = "The PDF could not be joined into one page: "


def join_pages(out: BinaryIO) -> None:
    """Turn the PDF in `out` (a file of its own, from its first byte) from one page per
    band into one page that draws every band, each between `q` and `Q` so that every band
    starts from the page's own graphics state, with the resources of them all.

    pypdf writes the joined document after Qt's, through `_Tail`, and it is then copied
    down over Qt's a megabyte at a time: no second file, and what is held in memory is
    the bands' content streams as Qt compressed them (about the size of the file)."""
    # Imported here: only a joined PDF needs it, and start-up need not pay for it.
    from pypdf import PdfReader, PdfWriter
    from pypdf.errors import PyPdfError
    from pypdf.generic import ArrayObject, NameObject

    out.flush()
    end = out.seek(0, 2)
    out.seek(0)
    try:
        reader = PdfReader(out)
        writer = PdfWriter()
        bands = list(reader.pages)
        page = writer.add_page(bands[0])  # its size, boxes and the rest; a clone
        # Two tiny streams every band shares (pypdf has no public call for a new object).
        push = writer._add_object(_stream(b"q\n"))
        pop = writer._add_object(_stream(b"\nQ\n"))
        contents = ArrayObject()
        for band in bands:
            drawn = band.raw_get("/Contents")
            for stream in drawn.get_object() if isinstance(drawn.get_object(), ArrayObject) else [drawn]:
                contents.extend([push, stream.clone(writer), pop])
        page[NameObject("/Contents")] = contents
        page[NameObject("/Resources")] = _merged_resources(bands, writer)
        writer.add_metadata(
            # Title, creator, producer, dates; /Trapped is a name, which add_metadata
            # would turn into text.
            {key: value for key, value in (reader.metadata or {}).items() if not isinstance(value, NameObject)}
        )
        tail = _Tail(out, end)
        writer.write_stream(tail)  # type: ignore[arg-type]  # (it writes and tells only)
    except RenderError:
        raise
    except (PyPdfError, KeyError, TypeError, ValueError) as error:
        raise RenderError(f"{_REFUSED}{str(error).rstrip('.')}.") from None
    # pypdf's document, after Qt's in the same file, becomes the file (the copy never
    # overtakes what it reads: it writes below `end`, reads at or above it).
    done = 0
    while done < tail.size:
        out.seek(end + done)
        chunk = out.read(min(_COPY_CHUNK, tail.size - done))
        out.seek(done)
        out.write(chunk)
        done += len(chunk)
    out.truncate(tail.size)
    out.seek(tail.size)


class _Tail:
    """`out` from offset `start` on, as a file of its own for pypdf to write (it counts
    its offsets by `tell`)."""

    def __init__(self, out: BinaryIO, start: int) -> None:
        self.out = out
        self.start = start
        self.size = 0

    def write(self, data: bytes) -> int:
        self.out.seek(self.start + self.size)  # the reader may have moved the file
        self.out.write(data)
        self.size += len(data)
        return len(data)

    def tell(self) -> int:
        return self.size

    def flush(self) -> None:
        self.out.flush()


def _stream(data: bytes) -> Any:
    from pypdf.generic import DecodedStreamObject

    stream = DecodedStreamObject()
    stream.set_data(data)
    return stream


def _merged_resources(bands: list[Any], writer: Any) -> Any:
    """One resource dictionary holding every band's (Qt names each resource after its
    object, so two bands never give one name two meanings; if one day they do, the join
    is refused rather than drawn wrong)."""
    from pypdf.generic import DictionaryObject, NameObject

    merged = DictionaryObject()
    seen: dict[tuple[str, str], object] = {}
    for band in bands:
        resources = band.get("/Resources")
        for kind, entries in (resources.get_object() if resources is not None else {}).items():
            entries = entries.get_object()
            if not isinstance(entries, DictionaryObject):  # /ProcSet: a list, the same on every page
                merged.setdefault(NameObject(kind), entries.clone(writer))
                continue
            into = merged.setdefault(NameObject(kind), DictionaryObject())
            for name, value in entries.items():
                before = seen.setdefault((kind, name), value)
                if before != value:
                    raise RenderError(f"{_REFUSED}two pages give the resource {name} two meanings.")
                if name not in into:
                    into[NameObject(name)] = value.clone(writer)
    return merged
