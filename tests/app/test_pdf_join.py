"""The band pages of a big map's PDF are joined into one page by pypdf (issue 32 item 8):
the join reads the PDF as a PDF library does, so it does not depend on how Qt lays its
file out (it parsed Qt's output with regular expressions before)."""

from __future__ import annotations

import pypdf
import pytest

from hexcampaign.app.render import pdf_pages, picture_files
from hexcampaign.app.render.catalogue import RenderError
from hexcampaign.app.render.export import render_to_file


def band_pages(sample_map, tmp_path, monkeypatch):
    """The sample map's PDF in four band pages, not yet joined."""
    monkeypatch.setattr(picture_files, "BAND_HEXES", sample_map.cols * sample_map.rows // 4)
    with monkeypatch.context() as patch:
        patch.setattr(pdf_pages, "join_pages", lambda out: None)
        render_to_file(sample_map, tmp_path / "bands.pdf", hex_size=40)
    assert len(pypdf.PdfReader(tmp_path / "bands.pdf").pages) == 4
    return tmp_path / "bands.pdf"


def join(path):
    with open(path, "r+b") as out:
        pdf_pages.join_pages(out)
    reader = pypdf.PdfReader(path, strict=True)
    assert len(reader.pages) == 1
    return reader


def test_the_joined_page_draws_every_band_and_keeps_the_title(qapp, sample_map, tmp_path, monkeypatch):
    path = band_pages(sample_map, tmp_path, monkeypatch)
    first = pypdf.PdfReader(path).pages[0]
    reader = join(path)
    page = reader.pages[0]
    numbers = {sample_map.label(h) for h in sample_map.hexes()}
    assert numbers <= set(page.extract_text().split())
    assert page.mediabox == first.mediabox
    assert reader.metadata.title == sample_map.name and reader.metadata.creator == "hexcampaign"


def test_the_join_reads_a_pdf_laid_out_otherwise_than_qt_writes(qapp, sample_map, tmp_path, monkeypatch):
    """A file updated by another writer (pypdf's incremental save: a cross-reference
    stream, where Qt writes a table) joins just the same."""
    path = band_pages(sample_map, tmp_path, monkeypatch)
    other = tmp_path / "other.pdf"
    writer = pypdf.PdfWriter(path, incremental=True)
    writer.add_metadata({"/Subject": "updated elsewhere"})
    writer.write(other)
    assert b"/XRef" in other.read_bytes()[-2000:]
    page = join(other).pages[0]
    numbers = {sample_map.label(h) for h in sample_map.hexes()}
    assert numbers <= set(page.extract_text().split())


def test_a_file_that_is_not_a_pdf_is_refused_in_one_sentence(tmp_path):
    path = tmp_path / "broken.pdf"
    path.write_bytes(b"%PDF-1.4\nnot a pdf at all\n")
    with pytest.raises(RenderError, match=r"^The PDF could not be joined into one page: [^:]*\.$"):
        join(path)
