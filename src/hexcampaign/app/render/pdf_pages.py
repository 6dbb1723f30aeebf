"""A PDF written a page at a time, and the pages of one picture joined into one page.

Qt's PDF writer keeps a page in memory until the next begins, and writes the file's
cross-reference table only at the end. `PdfPages` copies each page out of memory as soon
as it is complete, so an SVG or PDF of a big map, painted a band of hexes a page at a
time (app/render/export.py), never holds the whole picture. `join_pages` then turns the
band pages into the one page they make, by an incremental update as a PDF editor saves:
a few objects and a cross-reference section appended, the first page drawing every
band's content, the others left unreferenced.
"""

from __future__ import annotations

import re
from typing import BinaryIO

from PySide6.QtCore import QBuffer, QByteArray, QIODevice
from PySide6.QtGui import QPdfWriter

from hexcampaign.app.render.catalogue import RenderError


class PdfPages:
    """A QPdfWriter whose bytes go to `out` a page at a time: Qt writes a page when the
    next begins, so each page is copied out of memory as soon as it is complete."""

    def __init__(self, out: BinaryIO, title: str) -> None:
        self.out = out
        self.start = out.tell()
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
            join_pages(self.out, self.start)


# Qt writes a classic cross-reference table and plain dictionaries, one entry a line.
_REF = rb"(\d+) 0 R"
_NAME = rb"/([^\s/<>\[\]()]+)"
_RESOURCE_KINDS = re.compile(rb"/(\w+)\s*<<(.*?)>>", re.S)
_RESOURCE = re.compile(_NAME + rb"\s+(\d+ 0 R|/[^\s/<>\[\]()]+)")


def join_pages(out: BinaryIO, start: int) -> None:
    """Turn the PDF just written to `out` (from offset `start`) from one page per band into
    one page: an incremental update gives the first page every page's content, each
    between `q` and `Q` so that every band starts from the page's own graphics state, and
    the resources of them all, and leaves the page tree with that page alone. The other
    pages stay in the file unreferenced, as an editor's incremental save leaves them."""
    out.flush()
    end = out.seek(0, 2)
    out.seek(max(start, end - 4096))
    tail = out.read()
    found = re.search(rb"startxref\s+(\d+)", tail)
    if not found:
        raise RenderError("The PDF could not be joined into one page: it has no cross-reference table.")
    xref_at = start + int(found.group(1))
    out.seek(xref_at)
    table = out.read(end - xref_at)
    trailer = table[table.find(b"trailer"):]
    offsets = _xref_offsets(table[: table.find(b"trailer")], start)

    def text(number: int) -> bytes:
        out.seek(offsets[number])
        chunk = out.read(8192)
        return chunk[chunk.index(b"obj") + 3 : chunk.index(b"endobj")]

    def ref(source: bytes, key: bytes) -> int:
        match = re.search(rb"/" + key + rb"\s+" + _REF, source)
        if not match:
            raise RenderError("The PDF could not be joined into one page: an object is not as expected.")
        return int(match.group(1))

    root = ref(trailer, b"Root")
    tree = ref(text(root), b"Pages")
    tree_text = text(tree)
    kids = [int(n) for n in re.findall(_REF, tree_text[tree_text.index(b"/Kids") :].split(b"]")[0])]
    size_match = re.search(rb"/Size\s+(\d+)", trailer)
    if not size_match:
        raise RenderError("The PDF could not be joined into one page: an object is not as expected.")
    size = int(size_match.group(1))
    first = text(kids[0])
    contents = [ref(text(kid), b"Contents") for kid in kids]
    resources = _merged_resources([text(ref(text(kid), b"Resources")) for kid in kids])
    push, pop, merged = size, size + 1, size + 2
    listed = " ".join(f"{push} 0 R {c} 0 R {pop} 0 R" for c in contents).encode()
    page = re.sub(rb"/Contents\s+" + _REF, b"/Contents [" + listed + b"]", first)
    page = re.sub(rb"/Resources\s+" + _REF, b"/Resources %d 0 R" % merged, page)
    tree_text = re.sub(rb"/Kids\s*\[[^\]]*\]", b"/Kids [%d 0 R]" % kids[0], tree_text)
    tree_text = re.sub(rb"/Count\s+\d+", b"/Count 1", tree_text)
    objects = {
        push: b"<< /Length 2 >>\nstream\nq\nendstream",
        pop: b"<< /Length 2 >>\nstream\nQ\nendstream",
        merged: resources,
        kids[0]: page.strip(),
        tree: tree_text.strip(),
    }
    out.seek(end)
    written = {}
    for number, body in objects.items():
        written[number] = out.tell() - start
        out.write(b"\n%d 0 obj\n" % number + body + b"\nendobj\n")
        written[number] += 1  # the object begins after the newline
    table_at = out.tell() - start
    entries = b"".join(b"%d 1\n%010d 00000 n \n" % (n, at) for n, at in sorted(written.items()))
    kept = b" ".join(re.findall(rb"/(?:Root|Info)\s+\d+ 0 R|/ID\s*\[[^\]]*\]", trailer))
    out.write(
        b"xref\n" + entries + b"trailer\n<< /Size %d /Prev %d " % (merged + 1, xref_at - start)
        + kept + b" >>\nstartxref\n%d\n%%%%EOF\n" % table_at
    )


def _xref_offsets(table: bytes, start: int) -> dict[int, int]:
    """Object number -> file offset, from a classic table's subsections."""
    offsets: dict[int, int] = {}
    lines = table.split(b"\n")[1:]
    number = 0
    for line in lines:
        fields = line.split()
        if len(fields) == 2:
            number = int(fields[0])
        elif len(fields) == 3:
            if fields[2] == b"n":
                offsets[number] = start + int(fields[0])
            number += 1
    return offsets


def _merged_resources(dictionaries: list[bytes]) -> bytes:
    """One resource dictionary holding every page's (Qt names each resource after its
    object, so two pages never give one name two meanings)."""
    kinds: dict[bytes, dict[bytes, bytes]] = {}
    for dictionary in dictionaries:
        for kind, entries in _RESOURCE_KINDS.findall(dictionary):
            for name, value in _RESOURCE.findall(entries):
                if kinds.setdefault(kind, {}).setdefault(name, value) != value:
                    raise RenderError("The PDF could not be joined into one page: two pages name one resource twice.")
    return b"<<\n" + b"".join(
        b"/" + kind + b" <<\n" + b"".join(b"/%s %s\n" % item for item in entries.items()) + b">>\n"
        for kind, entries in kinds.items()
    ) + b">>"
