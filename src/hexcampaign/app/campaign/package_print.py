"""A turn package's printable report written as HTML or PDF (issue 29 item 2).

The words are the engine's (campaign/packages.package_report: made from the package
alone, so from the side's view); PDF lays the HTML out with QTextDocument as the battle
sheets' and turn reports' PDFs are (reports.write_pdf), so both formats say the same.
"""

from __future__ import annotations

from pathlib import Path

from hexcampaign.app.campaign.reports import SHEET_CSS, _export_text, write_pdf
from hexcampaign.campaign.packages import package_html, package_report


def package_html_page(data: bytes | str) -> str:
    """The package's report as a complete, styled HTML page."""
    return package_html(data, SHEET_CSS)


def export_package_report(data: bytes | str, path: Path | str) -> Path:
    """Write the package's report as HTML or PDF, chosen by the file's suffix."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix in (".html", ".htm"):
        _export_text(path, package_html_page(data))
    elif suffix == ".pdf":
        title, _ = package_report(data)
        write_pdf(package_html_page(data), path, title)
    else:
        raise ValueError(
            f"A package's report is exported as HTML (.html) or PDF (.pdf), "
            f"not {suffix or 'a file without a suffix'}."
        )
    return path
