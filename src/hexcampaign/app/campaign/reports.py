"""Writing battle sheets and turn reports to files: Markdown, HTML, PDF, and print.

The sheet's words come from the engine (`BattleSheet.to_markdown` / `to_html`); PDF and
print lay that HTML out with QTextDocument, so all formats say exactly the same thing.
The turn report is the engine's too (turn_report.py, made from fog.side_view: each
player gets only what their side may know), written out the same three ways.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QSizeF, QUrl
from PySide6.QtGui import (
    QColor,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QTextDocument,
)

from hexcampaign.campaign import BattleSheet
from hexcampaign.campaign.turn_report import turn_report_html
from hexcampaign.files import atomic_export

SHEET_CSS = """
body { font-family: 'DejaVu Sans', sans-serif; font-size: 10pt; color: #111; }
h1 { font-size: 15pt; margin-bottom: 4pt; }
h2 { font-size: 11.5pt; margin-top: 10pt; margin-bottom: 2pt; color: #333;
     border-bottom: 1px solid #999; }
ul { margin-top: 0; }
li { margin-bottom: 1pt; }
"""
EXPORT_FORMATS = {".md": "Markdown", ".html": "HTML", ".pdf": "PDF"}


def sheet_html_page(sheet: BattleSheet) -> str:
    """A complete HTML page for the sheet (the engine's fragment, with a style sheet)."""
    title = html.escape(sheet.title())
    return (
        f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title}</title>"
        f"<style>{SHEET_CSS}</style></head><body>{sheet.to_html()}</body></html>"
    )


def export_sheet(sheet: BattleSheet, path: Path | str) -> Path:
    """Write the sheet as Markdown, HTML or PDF, chosen by the file's suffix."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".md":
        _export_text(path, sheet.to_markdown())
    elif suffix in (".html", ".htm"):
        _export_text(path, sheet_html_page(sheet))
    elif suffix == ".pdf":
        write_pdf(sheet_html_page(sheet), path, sheet.title())
    else:
        raise ValueError(
            f"A battle sheet is exported as Markdown (.md), HTML (.html) or PDF (.pdf), "
            f"not {suffix or 'a file without a suffix'}."
        )
    return path


def _export_text(path: Path, text: str) -> None:
    atomic_export(path, lambda f: f.write(text.encode("utf-8")))


SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)
AREA_URL = "hexcampaign:area-{}.png"
SHOWN_SCALE = 1.25  # the picture a little larger than its SVG size: names stay legible on A4


def _with_pictures(page_html: str, document: QTextDocument) -> str:
    """QTextDocument draws no inline SVG: each picture of the battle area is drawn with
    QSvgRenderer into an image the document holds, and the page shows that image."""
    from PySide6.QtSvg import QSvgRenderer

    count = 0

    def image(match: re.Match) -> str:
        nonlocal count
        renderer = QSvgRenderer(QByteArray(match.group(0).encode("utf-8")))
        if not renderer.isValid():
            return ""
        size = renderer.defaultSize()
        scale = 2  # drawn at twice its size, shown at its size: sharp in the PDF
        picture = QImage(size.width() * scale, size.height() * scale, QImage.Format.Format_ARGB32)
        picture.fill(QColor("white"))
        painter = QPainter(picture)
        renderer.render(painter)
        painter.end()
        url = AREA_URL.format(count)
        count += 1
        document.addResource(QTextDocument.ResourceType.ImageResource, QUrl(url), picture)
        # In a paragraph of its own: a bare image after a heading was laid out above it.
        shown = SHOWN_SCALE
        return (
            f'<p><img src="{url}" width="{size.width() * shown:.0f}" '
            f'height="{size.height() * shown:.0f}"></p>'
        )

    return SVG.sub(image, page_html)


def sheet_document(page_html: str, parent=None) -> QTextDocument:
    """The page as a document for the desk's sheet window, its battle-area picture drawn
    as an image (a QTextBrowser given the page itself showed the SVG's words as text)."""
    document = QTextDocument(parent)
    document.setDefaultStyleSheet(SHEET_CSS)
    document.setHtml(_with_pictures(page_html, document))
    return document


def write_pdf(page_html: str, path: Path | str, title: str = "") -> None:
    """Lay out HTML on A4 pages with QTextDocument, written with QPdfWriter into memory
    and then to the file atomically (a failed export leaves an earlier file whole)."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    _paint_pdf(page_html, buffer, title)
    buffer.close()
    data = buffer.data().data()
    atomic_export(path, lambda f: f.write(data))


def _paint_pdf(page_html: str, device: QIODevice, title: str) -> None:
    writer = QPdfWriter(device)
    writer.setTitle(title)
    writer.setCreator("hexcampaign")
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    writer.setPageMargins(QMarginsF(15, 15, 15, 15), QPageLayout.Unit.Millimeter)
    writer.setResolution(144)
    document = QTextDocument()
    document.setDefaultStyleSheet(SHEET_CSS)
    document.setHtml(_with_pictures(page_html, document))
    rect = writer.pageLayout().paintRectPixels(writer.resolution())
    document.setPageSize(QSizeF(rect.width(), rect.height()))
    document.print_(writer)


def print_html(page_html: str, printer) -> None:
    document = QTextDocument()
    document.setDefaultStyleSheet(SHEET_CSS)
    document.setHtml(_with_pictures(page_html, document))
    document.print_(printer)


def turn_report(c, side: str, turn: int | None = None, notes: list[str] | None = None) -> str:
    """A side's turn report: the engine's (Qt-free, fog of war: of the enemy only what
    that side may know), with the umpire's notes of that turn."""
    return c.turn_report(side, turn, notes)


def report_html_page(c, side: str, turn: int | None = None, notes: list[str] | None = None) -> str:
    """A side's turn report as a complete HTML page (the engine's fragment, styled as the
    sheets are)."""
    title = html.escape(f"{side} turn report")
    body = turn_report_html(c, side, turn, notes)
    return (
        f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title}</title>"
        f"<style>{SHEET_CSS}</style></head><body>{body}</body></html>"
    )


def export_turn_report(
    c, side: str, path: Path | str, turn: int | None = None, notes: list[str] | None = None
) -> Path:
    """Write a side's turn report as Markdown, HTML or PDF, chosen by the file's suffix:
    the same words in each (PDF lays the HTML out as the sheets' PDF does)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".md":
        _export_text(path, turn_report(c, side, turn, notes))
    elif suffix in (".html", ".htm"):
        _export_text(path, report_html_page(c, side, turn, notes))
    elif suffix == ".pdf":
        write_pdf(report_html_page(c, side, turn, notes), path, f"{side} turn report")
    else:
        raise ValueError(
            f"A turn report is exported as Markdown (.md), HTML (.html) or PDF (.pdf), "
            f"not {suffix or 'a file without a suffix'}."
        )
    return path
