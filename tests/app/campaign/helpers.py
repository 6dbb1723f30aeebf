"""Helpers for the umpire's desk tests: a shown main window with the campaign mode, a
small CM campaign with two divisions face to face (built through the engine), and the
text of an exported PDF. Imported as app.campaign.helpers (tests/ is on the path)."""

from __future__ import annotations

import re
import unicodedata
import zlib

from PySide6.QtWidgets import QApplication

from app import helpers as windows
from hexcampaign.app import MainWindow
from hexcampaign.app.campaign import install
from hexcampaign.campaign import Campaign, Options
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap

GERMAN_CAPITAL = Hex.from_offset(1, 4)
US_CAPITAL = Hex.from_offset(14, 4)
FRONT = Hex.from_offset(7, 4)  # the German division; the US one is to its south-east


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def shown_window(qtbot, width: int = 1400, height: int = 900) -> MainWindow:
    """A main window without the editor, shown at that size."""
    return windows.shown_window(qtbot, width, height, editor=False)


def open_desk(window: MainWindow):
    """The umpire's desk installed in `window` and made the window's mode."""
    m = install(window)
    m.activate()
    return m


def small_campaign(**options) -> Campaign:
    m = HexMap.blank(16, 9, palette="cm")
    m.add_place(GERMAN_CAPITAL, "Berlin", "capital", pp=10)
    m.add_place(US_CAPITAL, "Washington", "capital", pp=10)
    return Campaign.new(
        m,
        sides=("german", "us"),
        capitals={"german": GERMAN_CAPITAL, "us": US_CAPITAL},
        seed=5,
        options=Options(**options),
    )


def clash(c: Campaign) -> dict[str, str]:
    """Corps HQs with artillery behind two divisions in contact; returns their ids."""
    g_corps = c.deploy("german", "corps", FRONT.neighbor(5).neighbor(5), ["lefh18_battery"])
    u_corps = c.deploy(
        "us", "corps", FRONT.neighbor(2).neighbor(2).neighbor(2), ["howitzer105_battery"]
    )
    g = c.deploy(
        "german",
        "mechanised",
        FRONT,
        ["panzergrenadier_company_armoured", "panzer_iv_platoon"],
        corps=g_corps,
        experience="veteran",
    )
    u = c.deploy(
        "us",
        "infantry",
        FRONT.neighbor(2),
        ["rifle_company", "rifle_company", "sherman_platoon"],
        corps=u_corps,
    )
    return {"g_corps": g_corps, "u_corps": u_corps, "german": g, "us": u}


def pdf_text(path) -> str:
    """The text a PDF written by QPdfWriter shows, decoded through its ToUnicode maps
    (Qt writes one glyph per Tj, so the words come back without spaces between runs)."""
    data = path.read_bytes()
    objects: dict[int, bytes] = {}
    for m in re.finditer(rb"(\d+) 0 obj(.*?)endobj", data, re.S):
        objects[int(m.group(1))] = m.group(2)

    def stream(body: bytes) -> bytes:
        m = re.search(rb"stream\r?\n(.*?)\r?\nendstream", body, re.S)
        if not m:
            return b""
        raw = m.group(1)
        return zlib.decompress(raw) if b"FlateDecode" in body else raw

    def cmap(body: bytes) -> dict[int, str]:
        table: dict[int, str] = {}
        text = stream(body).decode("latin-1")
        for block in re.findall(r"beginbfrange(.*?)endbfrange", text, re.S):
            for start, end, rest in re.findall(
                r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(\[.*?\]|<[0-9A-Fa-f]+>)", block, re.S
            ):
                first, last = int(start, 16), int(end, 16)
                if rest.startswith("["):
                    codes = re.findall(r"<([0-9A-Fa-f]+)>", rest)
                    for i, code in enumerate(codes):
                        table[first + i] = chr(int(code, 16))
                else:
                    base = int(rest[1:-1], 16)
                    for i in range(last - first + 1):
                        table[first + i] = chr(base + i)
        for block in re.findall(r"beginbfchar(.*?)endbfchar", text, re.S):
            for glyph, code in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
                table[int(glyph, 16)] = chr(int(code, 16))
        return table

    fonts: dict[bytes, dict[int, str]] = {}
    for body in objects.values():
        for name, ref in re.findall(rb"/(F\d+)\s+(\d+) 0 R", body):
            font = objects.get(int(ref), b"")
            uni = re.search(rb"/ToUnicode\s+(\d+) 0 R", font)
            if uni:
                fonts[name] = cmap(objects[int(uni.group(1))])
    out: list[str] = []
    for body in objects.values():
        content = stream(body)
        if b" Tj" not in content:
            continue
        table: dict[int, str] = {}
        for token in re.finditer(rb"/(F\d+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]+)>\s*Tj", content):
            if token.group(1):
                table = fonts.get(token.group(1), {})
            else:
                hexes = token.group(2).decode()
                for i in range(0, len(hexes), 4):
                    out.append(table.get(int(hexes[i : i + 4], 16), "?"))
    # Qt's text layout uses ligatures ("fi" is one glyph): NFKC spells them out again.
    return unicodedata.normalize("NFKC", "".join(out))


def squeeze(text: str) -> str:
    """Text without any white space (PDF layout wraps and drops spaces)."""
    return re.sub(r"\s+", "", text)
