"""The ground of the map, bottom up: terrain fills, elevation tints, contour lines and
the hex grid."""

from __future__ import annotations

from PySide6.QtCore import QLineF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from hexcampaign.app import style
from hexcampaign.app.render.frames import Frame, column_runs, run_shape
from hexcampaign.app.render.symbols import paint_symbols
from hexcampaign.hexes import DIRECTIONS, Hex


def paint_terrain(f: Frame) -> bool:
    p, m = f.painter, f.map
    by_terrain: dict[str, list[Hex]] = {}
    # The frame's terrain as slices of the map's table, in the order of its hexes, not
    # a method call a hex (some 44,000 for the bench map's picture).
    table = m.terrains_by_cell()
    names: list[str] = []
    for cells in f.cells:
        names += table[cells.start : cells.stop]
    for name, h in zip(names, f.hexes, strict=True):
        by_terrain.setdefault(name, []).append(h)
    symbols = dict(by_terrain)
    p.save()
    # Adjacent fills must tile without hairline seams, so no anti-aliasing here; a
    # same-colour cosmetic pen closes the gaps some SVG/PDF viewers leave.
    p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    terrains = m.palette.terrains
    centre = f.centre
    shape = f.shape
    block = f.block
    if block is not None:
        # The commonest terrain is one polygon around the whole block; only the other
        # hexes are filled one by one on top of it (a fill per hex is Qt's main cost).
        common = max(by_terrain, key=lambda name: len(by_terrain[name]))
        _set_fill(p, terrains, common)
        p.drawPolygon(block.outline())
        del by_terrain[common]
    for name, hexes in by_terrain.items():
        _set_fill(p, terrains, name)
        if block is None:
            for h in hexes:
                x, y = centre(h)
                p.drawPolygon(shape.translated(x, y))
            continue
        # Raster and flat-top: a run of this terrain down a column is one polygon (the
        # same pixels as its hexes one by one; a fill's cost is mostly per call).
        runs = column_runs(hexes)
        for h, count in runs:
            x, y = centre(h)
            p.drawPolygon(run_shape(f.layout.size, f.layout.height, count).translated(x, y))
    p.restore()
    if f.soft_edges:
        from hexcampaign.app.render.soft_edges import paint_soft_edges

        paint_soft_edges(f)
    paint_symbols(f, symbols)
    return bool(f.hexes)


def _set_fill(p: QPainter, terrains: dict, name: str) -> None:
    colour = QColor(terrains[name].colour) if name in terrains else style.UNKNOWN_TERRAIN
    pen = QPen(colour, 1)
    pen.setCosmetic(True)
    p.setPen(pen)
    p.setBrush(colour)


def paint_elevation(f: Frame) -> bool:
    p = f.painter
    elevations = f.features.elevations()
    if not elevations:
        return False
    # A tint per level, each set once: hexes do not overlap, so the order is free.
    by_level: dict[int, list[Hex]] = {}
    for h in f.hexes:
        level = elevations.get(h)
        if level:
            by_level.setdefault(level, []).append(h)
    if not by_level:
        return False
    p.save()
    p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    p.setPen(Qt.PenStyle.NoPen)
    centre, shape = f.centre, f.shape
    for level, hexes in by_level.items():
        base = style.ELEVATION_HIGH if level > 0 else style.ELEVATION_LOW
        colour = QColor(base)
        colour.setAlpha(
            min(style.ELEVATION_ALPHA_MAX, style.ELEVATION_ALPHA_PER_LEVEL * abs(level))
        )
        p.setBrush(colour)
        if f.block is None:
            for h in hexes:
                x, y = centre(h)
                p.drawPolygon(shape.translated(x, y))
            continue
        for h, count in column_runs(hexes):  # raster, flat-top: a run is one polygon
            x, y = centre(h)
            p.drawPolygon(run_shape(f.layout.size, f.layout.height, count).translated(x, y))
    p.restore()
    return True


def paint_contours(f: Frame) -> bool:
    """A line on every hexside where the ground steps down (drawn by the higher hex)."""
    if f.screen_hex() < style.CONTOUR_MIN_SCREEN_HEX:
        return False
    m, centre, edges = f.map, f.centre, f.edges
    elevations = f.features.elevations()
    if not elevations:
        return False
    contains, level_at = m.contains, elevations.get
    steps = list(zip(DIRECTIONS, edges, strict=True))
    # Only a hex above a neighbour draws; with no negative levels a level-0 hex never is.
    lowest = f.features.lowest_level()
    lines: list[QLineF] = []
    for h in f.hexes:
        level = level_at(h, 0)
        if level <= lowest:
            continue
        q, r = h
        cx, cy = centre(h)
        for (dq, dr), (ax, ay, bx, by) in steps:
            # A plain pair finds the neighbour as its Hex would (a Hex is a tuple), at a
            # fraction of a NamedTuple's making: a third of this layer's time was that.
            n = (q + dq, r + dr)
            if level_at(n, 0) < level and contains(n):  # type: ignore[arg-type, call-overload]
                lines.append(QLineF(cx + ax, cy + ay, cx + bx, cy + by))
    if not lines:
        return False
    pen = QPen(style.CONTOUR, f.px(style.CONTOUR_WIDTH))
    pen.setCapStyle(Qt.PenCapStyle.FlatCap)  # round caps cost twice as much to fill
    f.painter.setPen(pen)
    f.painter.drawLines(lines)
    return True


def paint_grid(f: Frame) -> bool:
    if f.screen_hex() < style.GRID_MIN_SCREEN_HEX:
        return False
    p = f.painter
    p.save()
    pen = QPen(style.GRID, f.px(style.GRID_WIDTH))
    thin = f.px(style.GRID_WIDTH) * f.scale <= 1.5
    if thin:
        # A one-pixel cosmetic line without anti-aliasing takes Qt's fast line path,
        # several times quicker than stroking a 1.2-pixel outline, and looks the same.
        pen = QPen(style.GRID, 1)
        pen.setCosmetic(True)
        p.setRenderHint(QPainter.RenderHint.Antialiasing, False)
    p.setPen(pen)
    block = f.block
    if thin and block is not None:
        # A few hundred long shapes instead of three lines per hex (120,000 on a
        # 200×200 map): Python no longer builds a line object per hexside.
        block.draw_grid(p)
        p.restore()
        return True
    m, layout, edges = f.map, f.layout, f.edges
    contains = m.contains
    lines: list[QLineF] = []
    for h in f.hexes:
        cx, cy = layout.center(h)
        for d, n in enumerate(h.neighbors()):
            # Each inner edge once (directions N, NE, SE); outer edges from the inside.
            if d < 3 or not contains(n):
                ax, ay, bx, by = edges[d]
                lines.append(QLineF(cx + ax, cy + ay, cx + bx, cy + by))
    p.drawLines(lines)
    p.restore()
    return bool(lines)
