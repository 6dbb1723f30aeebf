"""Colours, pen widths and fonts of the map drawing, in one place; and the window's own
colours (the start page, the words on the turn bar), taken from the desktop's QPalette.

Terrain, river and road colours come from the map's palette (data in resources/); what
lives here is the cartography the palette does not say: ink, paper, hatching, text.
Widths are fractions of the hex size so the map looks the same at every zoom and in every
export; fonts likewise scale with the hex. The map is paper whatever the desktop's theme;
the widgets around it follow the theme (a dark one showed near-white titles on cream).
"""

from __future__ import annotations

import re

from PySide6.QtGui import QColor, QFont, QPalette

PAPER = QColor("#f4efe1")  # the margin around the map in exports
CANVAS_BACKGROUND = QColor("#5a5f66")  # the desk around the map in the window
UNKNOWN_TERRAIN = QColor("#ff00ff")  # loud on purpose: a terrain the palette lacks

GRID = QColor(60, 50, 35, 150)
GRID_WIDTH = 0.035  # of the hex size
GRID_MIN_SCREEN_HEX = 7.0  # below this many pixels per hex the grid would be a grey smear

COORDINATE_TEXT = QColor(50, 40, 30, 200)
COORDINATE_FONT = 0.24  # font pixel size as a fraction of the hex size
COORDINATE_MIN_SCREEN_HEX = 26.0  # hex size in screen pixels before coordinates show

ELEVATION_HIGH = QColor(80, 45, 15)  # darkened per level above 0
ELEVATION_LOW = QColor(255, 255, 255)  # lightened per level below 0
ELEVATION_ALPHA_PER_LEVEL = 28
ELEVATION_ALPHA_MAX = 150

CONTOUR = QColor(110, 70, 30, 220)
CONTOUR_WIDTH = 0.07
CONTOUR_MIN_SCREEN_HEX = 8.0  # smaller hexes show their level by shading alone

RIVER_WASH_ALPHA = 120
RIVER_WASH_LIGHTER = 165  # percent
RIVER_WIDTH = 0.2
ROAD_WIDTH = 0.14
ROAD_CASING = 0.22
ROAD_CASING_COLOUR = QColor(40, 30, 20, 230)
BRIDGE_DECK = QColor("#d9d2c3")
BRIDGE_PARAPET = QColor(30, 25, 20)

CLIFF = QColor(45, 30, 20)
CLIFF_WIDTH = 0.09
CLIFF_TICKS = 5  # hatching ticks per cliff hexside, on the low side
CLIFF_TICK_LENGTH = 0.24

PLACE_FILL = {
    "capital": QColor("#b3261e"),
    "city": QColor("#3b3b3b"),
    "town": QColor("#4b4b4b"),
    "village": QColor("#5c5c5c"),
}
PLACE_OUTLINE = QColor(255, 255, 255)
PLACE_SIZE = {"capital": 0.34, "city": 0.32, "town": 0.26, "village": 0.19}
PLACE_NAME_FONT = 0.36
PLACE_POINTS_FONT = 0.27
PLACE_TEXT = QColor(20, 20, 20)
PLACE_TEXT_BACKGROUND = QColor(255, 255, 255, 190)
TEXT_MIN_SCREEN_PX = 5.0  # text smaller than this on screen is not drawn

LABEL_TEXT = QColor(25, 35, 80)
LABEL_FONT = 0.34

PREVIEW = QColor(255, 200, 0)
PREVIEW_FILL_ALPHA = 90
PREVIEW_WIDTH = 0.12

FONT_FAMILY = "DejaVu Sans"


def font(pixel_size: float, bold: bool = False, italic: bool = False) -> QFont:
    """A font of `pixel_size` scene units (fractional sizes kept: exports scale them)."""
    f = QFont(FONT_FAMILY)
    f.setPixelSize(max(1, round(pixel_size)))
    f.setBold(bold)
    f.setItalic(italic)
    return f


# --- the window's colours, from the desktop's palette ----------------------------------------

WARM_PAPER = QColor("#efe9da")  # the start page's tint under a light theme
LEAST_CONTRAST = 4.5  # WCAG AA for body text


def mix(a: QColor, b: QColor, share_of_b: float) -> QColor:
    """`a` moved `share_of_b` (0 to 1) of the way to `b`."""
    t = min(1.0, max(0.0, share_of_b))
    return QColor.fromRgbF(
        a.redF() + (b.redF() - a.redF()) * t,
        a.greenF() + (b.greenF() - a.greenF()) * t,
        a.blueF() + (b.blueF() - a.blueF()) * t,
    )


def luminance(colour: QColor) -> float:
    """WCAG relative luminance (sRGB)."""

    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.redF())
        + 0.7152 * channel(colour.greenF())
        + 0.0722 * channel(colour.blueF())
    )


def contrast_ratio(a: QColor, b: QColor) -> float:
    """WCAG contrast ratio of two colours, 1 (same) to 21 (black on white)."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def readable(colour: QColor, background: QColor, least: float = LEAST_CONTRAST) -> QColor:
    """`colour`, lightened or darkened (its hue kept) until it reads on `background`:
    the German and Allied colours of the turn bar on a dark or a light bar."""
    towards = QColor("black") if luminance(background) > 0.18 else QColor("white")
    for step in range(11):
        candidate = mix(colour, towards, step / 10)
        if contrast_ratio(candidate, background) >= least:
            return candidate
    return towards


def start_page_colours(palette: QPalette) -> dict[str, QColor]:
    """The start page's colours from `palette`: under a light theme its warm paper (text
    the theme's, darker still where needed), under a dark one the theme's own ground."""
    role = QPalette.ColorRole
    window, base = palette.color(role.Window), palette.color(role.Base)
    text, window_text = palette.color(role.Text), palette.color(role.WindowText)
    highlight = palette.color(role.Highlight)
    tint = 0.0 if is_dark(palette) else 0.75
    page = mix(window, WARM_PAPER, tint)
    card = mix(base, WARM_PAPER, tint * 0.25)
    title = readable(window_text, page, 7.0)
    quiet = readable(mix(window_text, page, 0.3), page)
    card_quiet = readable(mix(text, card, 0.3), card)
    return {
        "page": page,
        "title": title,
        "subtitle": quiet,
        "card": card,
        "card_text": readable(text, card, 7.0),
        "card_subtitle": card_quiet,
        "border": mix(card, palette.color(role.Text), 0.25),
        "hover": mix(card, highlight, 0.15),
        "hover_border": highlight,
        "pressed": mix(card, highlight, 0.3),
        "empty": readable(mix(window_text, page, 0.45), page),
    }


def start_page_style(palette: QPalette) -> str:
    """The start page's style sheet, its colours from `palette` (start_page_colours)."""
    c = {name: colour.name() for name, colour in start_page_colours(palette).items()}
    return f"""
#start-page {{ background: {c["page"]}; }}
#start-scroll, #start-row {{ background: transparent; }}
#start-title {{ color: {c["title"]}; }}
#start-subtitle {{ color: {c["subtitle"]}; }}
#start-card {{
    background: {c["card"]}; border: 1px solid {c["border"]}; border-radius: 10px;
    color: {c["card_text"]};
}}
#start-card QLabel {{ color: {c["card_text"]}; }}
#start-card #start-subtitle {{ color: {c["card_subtitle"]}; }}
#start-card:hover {{ background: {c["hover"]}; border-color: {c["hover_border"]}; }}
#start-card:pressed {{ background: {c["pressed"]}; }}
#start-recent {{
    background: {c["card"]}; color: {c["card_text"]}; border: 1px solid {c["border"]};
    border-radius: 8px; padding: 4px;
}}
#start-recent::item {{ padding: 4px; border-radius: 4px; }}
#start-recent::item:hover {{ background: {c["hover"]}; }}
#start-heading {{ color: {c["title"]}; font-weight: bold; }}
#start-empty {{ color: {c["empty"]}; }}
"""


# --- the docks' own colours: a light theme's shades, made to read under any theme -----------


WINDOW = QPalette.ColorRole.Window  # the ground of labels (Base: of lists and logs)


def ground(palette: QPalette | None = None, role: QPalette.ColorRole = QPalette.ColorRole.Base) -> QColor:
    """The colour text is drawn on: the palette's Base (lists, logs) unless told."""
    from PySide6.QtWidgets import QApplication

    return (palette or QApplication.palette()).color(role)


def ink(colour: QColor | str, background: QColor | None = None) -> QColor:
    """`colour` (a shade chosen for a light theme) where it reads on `background` (the
    palette's Base by default), else lightened or darkened, its hue kept: a game log's
    brown headings stay brown on white and turn a pale brown on a dark log."""
    shade, under = QColor(colour), background if background is not None else ground()
    if under.lightness() >= 128:
        return readable(shade, under)
    # On a dark ground as strong as it was on white (to 7:1): the still-to-do items,
    # near-black on white, are then near the theme's text, not a dim grey at 4.5:1.
    return readable(shade, under, max(LEAST_CONTRAST, min(7.0, contrast_ratio(shade, QColor("white")))))


def quiet_ink(background: QColor | None = None) -> QColor:
    """The quieter text of hints and past phases (it was #555 or #777 whatever the
    theme): the palette's text moved towards its ground, still readable (4.5:1)."""
    from PySide6.QtWidgets import QApplication

    under = background if background is not None else ground()
    text = QApplication.palette().color(QPalette.ColorRole.Text)
    quiet = readable(mix(text, under, 0.33), under)  # #555 on white, as it was
    # Readable on a pane a shade towards the text too (a tab's page under Fusion's dark
    # palette is lighter than the window: the wizard's hint was 4.3:1 there).
    return readable(quiet, mix(under, text, 0.15))


def wash(colour: QColor | str, background: QColor | None = None) -> QColor:
    """A pale background (a highlighted row, a refusal's box) as it is on a light ground;
    on a dark ground the same hue a step or two above the ground (the paler the colour,
    the smaller the step, so two highlights stay apart), for the theme's light text (a
    dark theme showed near-white text on pale yellow)."""
    pale = QColor(colour)
    under = background if background is not None else ground()
    if under.lightness() >= 128:
        return pale
    lightness = min(0.30, under.lightnessF() + 0.08 + 0.35 * (1.0 - pale.lightnessF()))
    return QColor.fromHslF(max(0.0, pale.hslHueF()), min(pale.hslSaturationF(), 0.45), lightness)


def text_on(background: QColor) -> QColor:
    """The palette's text where it reads on `background` (a washed row), else darker or
    lighter: a highlight keeps its words readable under either theme."""
    from PySide6.QtWidgets import QApplication

    return readable(QApplication.palette().color(QPalette.ColorRole.Text), background)


_RULE = re.compile(r"([^{}]*)\{([^{}]*)\}")
_BACKGROUND = re.compile(r"(background(?:-color)?\s*:\s*)(#[0-9a-fA-F]{3,8})")
_COLOUR = re.compile(r"((?<![\w-])color\s*:\s*)(#[0-9a-fA-F]{3,8})")


def themed(css: str, background: QColor | None = None) -> str:
    """A style sheet (a widget's or a log's HTML) with its light-theme colours made to
    read on `background` (the palette's Base by default): each rule's background washed,
    its text colour inked against that background."""
    under = background if background is not None else ground()

    def rule(match: re.Match[str]) -> str:
        body = match.group(2)
        found = _BACKGROUND.search(body)
        behind = wash(found.group(2), under) if found else under
        body = _BACKGROUND.sub(lambda m: m.group(1) + wash(m.group(2), under).name(), body)
        body = _COLOUR.sub(lambda m: m.group(1) + ink(m.group(2), behind).name(), body)
        if found and not _COLOUR.search(body):  # the theme's text, on the washed colour
            body = f"{body.rstrip().rstrip(';')}; color: {text_on(behind).name()};"
        return f"{match.group(1)}{{{body}}}"

    if "{" not in css:  # a bare declaration list: "color: #b00020;"
        return themed(f"*{{{css}}}", under)[2:-1]
    return _RULE.sub(rule, css)


def label_style(css: str) -> str:
    """`css` (a label's or a field's style sheet) made to read on the window's ground, as
    themed() does: a refusal's dark red on pale pink stays so on a light theme and is a
    light red on dark red under a dark one."""
    return themed(css, ground(role=WINDOW))
