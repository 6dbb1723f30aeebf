"""Geography onto hexes: terrain from polygons, roads and rivers from lines, places from
points, elevation from a numeric attribute.

The import first makes an ImportPlan (what each hex gets) and only then writes it to a
map, so the editor can preview a plan, apply it to a copy, or apply it to the open map
as one undo step, and a refused import leaves no half-written map.

- Terrain: each hex takes the terrain whose polygons cover the largest share of its
  area: the pairs of hex and polygon come from an STRtree of the hexes (shapely), the
  area of each intersection from geo/clip.py (exact, and four times faster than GEOS's
  overlay); a hex whose largest share is under `min_share` gets the palette's default.
  Overlapping polygons of one terrain count their overlap twice, capped at the whole
  hex (land-cover data does not overlap).
- Lines are walked in their own order at steps of a quarter hex; the hexes they pass
  through, in that order, become a road or river of the map's own, one named line a
  feature (geo/line_pieces.py: its name or ref, else the map's "River 1"; a piece a
  stretch on the map), never joined onto another line's end: two rivers whose ends
  lie in neighbouring hexes stay two. A line that only clips a hex's corner (one step, under a
  quarter of a hex, between two hexes that touch) does not turn through it. Where a
  road line crosses a river line, the hex of the crossing gets a bridge (real roads
  cross rivers on bridges); a road beside a river shares hexes with it but no bridge.
- Points with a name become places: kind, VP and PP from attributes, else defaults.
  Two places in one hex, or two of one name: the first is kept and the rest noted.
- Elevation: of the polygons with a height over a hex, the innermost wins: the
  smallest of those covering at least half of the hex, else the one covering most of
  it. A plateau drawn over its base, or contour bands drawn one inside the other, so
  give each hex the height of the top one over it (a mean would flatten the plateau
  into its base). Points give the plain mean of those in the hex (points win where a
  hex has both: spot heights are more precise than bands). The heights are binned into
  levels: equal steps from the lowest to the highest hex, or a fixed height per level.
- Rules: the given ones first, then (unless `osm_tags` is off) the OSM table's
  (geo/mapping.py), so a file of OpenStreetMap tags needs no mapping.
- A new map is numbered from 0101, as File > New numbers it (HexMap.new), and records
  its km per hex (the printed scale bar's) from the hex size the import used.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple, cast

import numpy as np
import shapely

from hexcampaign.geo.clip import covered_areas
from hexcampaign.geo.geojson import GeoData
from hexcampaign.geo.line_pieces import LineToAdd, feature_name, named_pieces, stretches
from hexcampaign.geo.mapping import IGNORE, Rule, RuleError, osm_rules, parse_rule, targets
from hexcampaign.geo.project import Grid, Projection, choose_projection, place_grid
from hexcampaign.hexes import Hex, Layout
from hexcampaign.maps import HexMap, MapEditError, load_palette
from hexcampaign.maps.palette import Palette

DEFAULT_MIN_SHARE = 0.5  # "predominant terrain": the hex is what covers half of it or more
DEFAULT_LEVELS = 5
LINE_STEP = 0.25  # of the hex size: fine enough that no hex a line passes is skipped
MAX_LEVEL = 99
# Bounds on the work one import may do, so that a hostile or mistaken file gets a
# sentence rather than exhausting memory: some 200 MB each at most.
MAX_PAIRS = 10_000_000  # (polygon, hex) pairs to measure; the benchmark has 270,000
MAX_LINE_STEPS = 5_000_000  # quarter-hex steps along all lines; the benchmark has 520,000
BIG_OUTLINE = 64  # positions from which a polygon's inner and outer hexes are sorted out first


class GeoImportError(ValueError):
    """Settings the import cannot follow (a bad rule, a map too large); one sentence."""


@dataclass
class ImportSettings:
    """Everything the import is told; the command line and the dialog fill it in."""

    hex_km: float = 1.0
    palette: str | Palette = "kasserine"  # a shipped palette's name, or a Palette (a user's own)
    rules: list[Rule] = field(default_factory=list)
    osm_tags: bool = True  # after the rules, the OSM table's (mapping.OSM_TAGS)
    min_share: float = DEFAULT_MIN_SHARE
    name_attribute: str = "name"
    kind_attribute: str = "kind"
    vp_attribute: str = "vp"
    pp_attribute: str = "pp"
    default_kind: str | None = None  # None: the palette's middling kind (town, else village)
    elevation_attribute: str | None = None
    levels: int = DEFAULT_LEVELS
    metres_per_level: float | None = None  # set: level = floor(height / this), not binned
    coordinates: str = "auto"  # "auto" | "lonlat" | "metres"
    origin: tuple[float, float] | None = None  # the map's NW corner in the file's coordinates
    cols: int | None = None
    rows: int | None = None
    orientation: str = "flat"

    def with_rules(self, texts: Iterable[str]) -> ImportSettings:
        """These settings plus rules parsed from "ATTR=VALUE:TARGET" texts."""
        palette = _palette(self.palette)
        try:
            self.rules = [*self.rules, *(parse_rule(t, palette) for t in texts)]
        except RuleError as e:
            raise GeoImportError(str(e)) from None
        return self


@dataclass(frozen=True)
class PlaceToAdd:
    hex: Hex
    name: str
    kind: str
    vp: int
    pp: int


@dataclass
class ImportPlan:
    """What the import writes: per hex, per link, per place, and the notes to show."""

    cols: int
    rows: int
    palette: str
    grid: Grid
    palette_used: Palette | None = None  # the palette itself (a user's is not found by name)
    terrain: dict[Hex, str] = field(default_factory=dict)
    elevation: dict[Hex, int] = field(default_factory=dict)
    rivers: list[Hex] = field(default_factory=list)  # in the order of the lines
    roads: list[tuple[Hex, Hex]] = field(default_factory=list)
    lines: list[LineToAdd] = field(default_factory=list)  # the rivers and roads above, feature by feature
    bridges: list[Hex] = field(default_factory=list)
    places: list[PlaceToAdd] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def hexes(self) -> list[Hex]:
        """Every hex the plan writes to (for an undo step's snapshot)."""
        touched = dict.fromkeys(self.terrain)
        touched.update(dict.fromkeys(self.elevation))
        touched.update(dict.fromkeys(self.rivers))
        for a, b in self.roads:
            touched[a] = touched[b] = None
        touched.update(dict.fromkeys(p.hex for p in self.places))
        return list(touched)

    def new_map(self, name: str = "") -> tuple[HexMap, list[str]]:
        """A new map of the plan's size and palette with the plan written on it, and
        the notes for the user."""
        m = HexMap.new(self.cols, self.rows, palette=self.palette_used or self.palette,
                       orientation=self.grid.layout.orientation)
        m.name = name
        # Grid space is kilometres: a hex is √3 sizes across its flats.
        m.set_hex_km(round(self.grid.layout.size * math.sqrt(3), 9))
        return m, self.apply(m)

    def apply(self, m: HexMap) -> list[str]:
        """Write the plan onto `m`; returns the notes, including places `m` refused."""
        if (m.cols, m.rows, m.orientation) != (self.cols, self.rows, self.grid.layout.orientation):
            raise GeoImportError(f"This import was planned for a {self.cols}×{self.rows} map, not {m.cols}×{m.rows}.")
        notes = list(self.notes)
        terrains = m.palette.terrains
        for h, name in self.terrain.items():
            if name in terrains and m.terrain(h) != name:
                m.set_terrain(h, name)
        for h, level in self.elevation.items():
            m.set_elevation(h, level)
        for line in self.lines:
            m.add_line(line.kind, line.hexes, line.name)
        for h in self.bridges:
            if m.is_river(h) and m.on_road(h):
                m.set_bridge(h, True)
        for p in self.places:
            try:
                m.add_place(p.hex, p.name, p.kind, p.vp, p.pp)
            except MapEditError as e:
                notes.append(f"{p.name} was not placed: {e}")
        return notes

    def summary(self) -> str:
        counts: dict[str, int] = {}
        for name in self.terrain.values():
            counts[name] = counts.get(name, 0) + 1
        terrain = ", ".join(f"{n} {name}" for name, n in sorted(counts.items(), key=lambda kv: -kv[1]))
        return (
            f"{self.cols}×{self.rows} map, terrain from the data: {terrain or 'none'}; "
            f"{len(self.roads)} road links, {len(set(self.rivers))} river hexes, "
            f"{len(self.bridges)} bridges, {len(self.places)} places, "
            f"{len(self.elevation)} hexes with an elevation."
        )


def import_geography(data: GeoData, settings: ImportSettings, name: str = "") -> tuple[HexMap, list[str]]:
    """A new map from the data: (the map, notes for the user)."""
    return plan_import(data, settings).new_map(name)


def plan_import(data: GeoData, settings: ImportSettings, onto: HexMap | None = None) -> ImportPlan:
    """The plan for a new map (onto=None) or for the open map `onto`, whose size,
    orientation and palette then rule; GeoImportError says why it cannot be made."""
    palette = onto.palette if onto is not None else _palette(settings.palette)
    if not 0 <= settings.min_share <= 1:
        raise GeoImportError(f"The least share of a hex is between 0 and 1, not {settings.min_share:g}.")
    if not 1 <= settings.levels <= 2 * MAX_LEVEL:
        raise GeoImportError(f"The elevation levels are 1 to {2 * MAX_LEVEL}, not {settings.levels}.")
    if settings.metres_per_level is not None and not (
        math.isfinite(settings.metres_per_level) and settings.metres_per_level > 0
    ):
        raise GeoImportError("The height of an elevation level must be a positive number of metres.")
    for rule in settings.rules:
        if not rule.kinds(palette):
            raise GeoImportError(f"The mapping {rule} names {rule.target!r}, which the {palette.name} palette does not know.")
    try:
        projection = choose_projection(data, settings.coordinates)
        grid = place_grid(
            data,
            projection,
            settings.hex_km,
            onto.orientation if onto is not None else settings.orientation,
            settings.origin,
            onto.cols if onto is not None else settings.cols,
            onto.rows if onto is not None else settings.rows,
        )
    except ValueError as e:
        raise GeoImportError(str(e)) from None
    plan = ImportPlan(grid.cols, grid.rows, palette.name, grid, palette)
    blank = HexMap.new(grid.cols, grid.rows, orientation=grid.layout.orientation)
    _Importer(data, settings, palette, projection, grid, blank.hexes(), plan, onto is not None, onto or blank).run()
    return plan


# --- the work -------------------------------------------------------------------------------


class _Hexagons(NamedTuple):
    """Every hex of the grid as a polygon, in self.hexes' order, and a tree to query them."""

    centres: np.ndarray
    shapes: np.ndarray
    tree: shapely.STRtree


class _Importer:
    def __init__(
        self,
        data: GeoData,
        settings: ImportSettings,
        palette: Palette,
        projection: Projection,
        grid: Grid,
        hexes: list[Hex],
        plan: ImportPlan,
        onto: bool,
        target: HexMap,
    ) -> None:
        self.data: GeoData = data
        self.settings: ImportSettings = settings
        self.palette: Palette = palette
        self.projection: Projection = projection
        self.layout: Layout = grid.layout
        self.hexes: list[Hex] = hexes
        self.index = {h: i for i, h in enumerate(hexes)}
        self.plan: ImportPlan = plan
        self.onto = onto
        self.target = target  # the open map, or a blank new one: its numbers in the notes
        rules = [*settings.rules, *(osm_rules(palette) if settings.osm_tags else [])]
        self.rules = {kind: [r for r in rules if kind in r.kinds(palette)] for kind in ("polygon", "line", "point")}
        # Notes say "nothing matched a mapping" only of mappings the user gave.
        self.given = {kind: [r for r in settings.rules if kind in r.kinds(palette)]
                      for kind in ("polygon", "line", "point")}
        self.hexagons: _Hexagons | None = None  # built by the first polygon layer

    def run(self) -> None:
        error = self.projection.scale_error(self.data.bounds())
        if error > 0.03:
            self.plan.notes.append(
                f"The data spans enough latitude that east-west distances are off by up to "
                f"{error:.0%} at its edges (the import's flat projection is exact only on the "
                f"centre parallel)."
            )
        if self.data.repaired:
            self.plan.notes.append(f"{self.data.repaired} polygons whose outlines crossed themselves were repaired.")
        polygon_means = self._polygons()
        self._lines()
        point_means = self._points()
        self._elevation(polygon_means, point_means)

    # --- polygons: terrain and elevation bands ----------------------------------------------

    def _polygons(self) -> dict[int, float]:
        layer = self.data.polygons
        terrain_names = list(self.palette.terrains)
        wanted = targets(self.rules["polygon"], layer.properties) if len(layer) else []
        terrain_of = np.array([terrain_names.index(t) if t in self.palette.terrains else -1
                               for t in wanted], dtype=np.int64)
        heights = self._heights(layer.properties)
        use = np.flatnonzero((terrain_of >= 0) | ~np.isnan(heights)) if len(layer) else np.array([], int)
        if not len(use):
            if self.given["polygon"] and len(layer):
                self.plan.notes.append("No polygon matched a terrain mapping.")
            if not self.onto:
                self.plan.terrain = dict.fromkeys(self.hexes, self.palette.default)
            return {}
        shapes = self.projection.geometries_to_grid(layer.array()[use])
        terrain_of, heights = terrain_of[use], heights[use]
        hexagons = self._hexagons()
        tree = hexagons.tree
        hex_area = float(shapely.area(hexagons.shapes[0]))
        self._check_pairs(shapes, hex_area)
        # Pairs whose bounding boxes meet; those that do not overlap measure 0 below,
        # which costs less than asking GEOS whether they intersect.
        found, cells = tree.query(shapes)
        area = self._areas(shapes, found, cells, hex_area)
        # terrain: the share of each hex each terrain covers
        n_hex, n_terrain = len(self.hexes), len(terrain_names)
        mapped = terrain_of[found] >= 0
        shares = np.bincount(cells[mapped] * n_terrain + terrain_of[found[mapped]],
                             weights=area[mapped], minlength=n_hex * n_terrain)
        shares = np.minimum(shares.reshape(n_hex, n_terrain) / hex_area, 1.0)
        best = shares.argmax(axis=1)
        best_share = shares[np.arange(n_hex), best]
        covered = shares.sum(axis=1) > 0
        names = np.array(terrain_names + [self.palette.default], dtype=object)
        chosen = np.where(best_share >= self.settings.min_share, best, len(terrain_names))
        if self.onto:  # the open map keeps its terrain where no polygon says anything
            keep = np.flatnonzero(covered).tolist()
            self.plan.terrain = dict(zip([self.hexes[i] for i in keep], names[chosen[keep]].tolist()))
        else:
            self.plan.terrain = dict(zip(self.hexes, names[np.where(covered, chosen, len(terrain_names))].tolist()))
        return self._polygon_heights(shapes, heights, found, cells, area / hex_area)

    def _polygon_heights(self, shapes: np.ndarray, heights: np.ndarray, found: np.ndarray, cells: np.ndarray,
                         share: np.ndarray) -> dict[int, float]:
        """Each hex's height from the polygons over it: the innermost wins (the smallest
        of those covering half of it or more, else the one covering most of it), so a
        plateau over its base keeps its height."""
        measured = np.flatnonzero(~np.isnan(heights[found]) & (share > 0))
        if not len(measured):
            return {}
        polygon_area = shapely.area(shapes)[found[measured]]
        half = share[measured] >= 0.5
        # Sorted per hex: first the polygons covering half, smallest first; then the
        # rest, largest share first (ties: the smaller polygon).
        order = np.lexsort((polygon_area, np.where(half, 0.0, -share[measured]), ~half, cells[measured]))
        ranked = measured[order]
        first = np.ones(len(ranked), dtype=bool)
        first[1:] = cells[ranked[1:]] != cells[ranked[:-1]]
        winners = ranked[first]
        return dict(zip(cells[winners].tolist(), heights[found[winners]].tolist()))

    def _areas(self, shapes: np.ndarray, found: np.ndarray, cells: np.ndarray, hex_area: float) -> np.ndarray:
        """The area of each pair's shape inside its hex. The cost of measuring a pair
        grows with the shape's outline, so for shapes of many positions (a lake of a
        thousand) GEOS's prepared tests first sort out the hexes wholly inside (the
        whole hex) and wholly outside (nothing); only the hexes on the outline are
        measured."""
        hexagons = self._hexagons()
        area = np.zeros(len(found))
        measure = np.ones(len(found), dtype=bool)
        big = shapely.get_num_coordinates(shapes) > BIG_OUTLINE
        pairs = np.flatnonzero(big[found])
        if len(pairs):
            shapely.prepare(shapes[big])
            whole = shapely.contains_properly(shapes[found[pairs]], hexagons.shapes[cells[pairs]])
            area[pairs[whole]] = hex_area
            rest = pairs[~whole]
            apart = ~shapely.intersects(shapes[found[rest]], hexagons.shapes[cells[rest]])
            measure[pairs[whole]] = False
            measure[rest[apart]] = False
        which = np.flatnonzero(measure)
        corners = np.array(self.layout.corner_offsets)
        area[which] = covered_areas(shapes, found[which], corners, hexagons.centres[cells[which]])
        return area

    def _check_pairs(self, shapes: np.ndarray, hex_area: float) -> None:
        """Refuse, in a sentence, polygons that would pair with more hexes than the
        import can measure in memory (many huge, overlapping polygons)."""
        box = shapely.bounds(shapes)
        width, height = self.layout.width, self.layout.height
        estimate = float((((box[:, 2] - box[:, 0]) / width + 2) * ((box[:, 3] - box[:, 1]) / height + 2)).sum())
        if estimate > MAX_PAIRS:
            raise GeoImportError(
                f"The polygons of {self.data.name} overlap the map's hexes some {estimate:,.0f} "
                f"times, more than the {MAX_PAIRS:,} the import measures; clip or dissolve the "
                f"polygons in a GIS, or use larger hexes."
            )

    def _hexagons(self) -> _Hexagons:
        if self.hexagons is None:
            # One hexagon translated to every centre (Layout's corners and centres),
            # built as one array: 40,000 Layout.polygon calls would cost a second.
            centres = hex_centres(self.layout, self.hexes)
            corners = np.array(self.layout.corner_offsets)
            shapes = shapely.polygons(centres[:, None, :] + corners[None, :, :])
            self.hexagons = _Hexagons(centres, shapes, shapely.STRtree(shapes))
        return self.hexagons

    # --- lines: roads and rivers ------------------------------------------------------------

    def _lines(self) -> None:
        layer = self.data.lines
        if not len(layer):
            return
        wanted = targets(self.rules["line"], layer.properties)
        chosen = [i for i, t in enumerate(wanted) if t in ("road", "river")]
        if not chosen:
            if self.given["line"]:
                self.plan.notes.append("No line matched a road or river mapping.")
            return
        lines = self.projection.geometries_to_grid(layer.array()[chosen])
        parts, owner = shapely.get_parts(lines, return_index=True)
        is_river = np.array([wanted[chosen[o]] == "river" for o in owner.tolist()], dtype=bool)
        step = self.layout.size * LINE_STEP
        total_steps = float(shapely.length(parts).sum()) / step
        if total_steps > MAX_LINE_STEPS:
            raise GeoImportError(
                f"The roads and rivers of {self.data.name} run {total_steps * step:,.0f} km, too far to "
                f"follow hex by hex at {self.settings.hex_km:g} km a hex; use larger hexes or "
                f"clip the lines to the map's region."
            )
        dense = shapely.segmentize(parts, step)
        xy, part = shapely.get_coordinates(dense, return_index=True)
        q, r = hexes_at(self.layout, xy)
        # Runs of one hex along each part, with their number of steps.
        new_run = np.ones(len(q), dtype=bool)
        new_run[1:] = (q[1:] != q[:-1]) | (r[1:] != r[:-1]) | (part[1:] != part[:-1])
        starts = np.flatnonzero(new_run)
        steps = np.diff(np.append(starts, len(q)))
        q, r, part = q[starts], r[starts], part[starts]
        # A corner clip: one step in a hex between two hexes that touch each other.
        clipped = np.zeros(len(q), dtype=bool)
        if len(q) > 2:
            dq, dr = q[2:] - q[:-2], r[2:] - r[:-2]
            touching = np.abs(dq) + np.abs(dr) + np.abs(dq + dr) <= 2
            clipped[1:-1] = (steps[1:-1] == 1) & (part[:-2] == part[1:-1]) & (part[2:] == part[1:-1]) & touching
        q, r, part = q[~clipped], r[~clipped], part[~clipped]
        repeated = np.zeros(len(q), dtype=bool)
        repeated[1:] = (q[1:] == q[:-1]) & (r[1:] == r[:-1]) & (part[1:] == part[:-1])
        q, r, part = q[~repeated], r[~repeated], part[~repeated]
        where = self._grid_index(q, r)  # -1: off the map
        on_map = where >= 0
        river = is_river[part]
        hexes = self.hexes
        plan = self.plan
        plan.rivers = list(dict.fromkeys(hexes[i] for i in where[on_map & river].tolist()))
        # Roads: links between successive hexes of a part, both on the map.
        link = np.flatnonzero((part[1:] == part[:-1]) & ~river[1:] & on_map[1:] & on_map[:-1])
        dq, dr = q[link + 1] - q[link], r[link + 1] - r[link]
        adjacent = np.abs(dq) + np.abs(dr) + np.abs(dq + dr) == 2
        roads = list(zip([hexes[i] for i in where[link[adjacent]].tolist()],
                         [hexes[i] for i in where[link[adjacent] + 1].tolist()]))
        for i in link[~adjacent].tolist():  # never expected at a quarter-hex step
            path = hexes[where[i]].line_to(hexes[where[i + 1]])
            roads.extend((x, y) for x, y in zip(path, path[1:]) if x in self.index and y in self.index)
        plan.roads = list(dict.fromkeys(roads))
        plan.lines = self._named_lines(where, part, owner, is_river, chosen)
        plan.bridges = self._bridges(parts, is_river)

    def _named_lines(self, where: np.ndarray, part: np.ndarray, owner: np.ndarray, is_river: np.ndarray,
                     features: list[int]) -> list[LineToAdd]:
        """Each part's runs of hexes on the map as named lines (geo/line_pieces.py)."""
        on_map = where >= 0
        cut = np.flatnonzero((part[1:] != part[:-1]) | (on_map[1:] != on_map[:-1])) + 1
        runs: dict[int, list[list[Hex]]] = {}  # feature -> its stretches, in order
        kinds: dict[int, str] = {}
        hexes = self.hexes
        for start, end in zip([0, *cut.tolist()], [*cut.tolist(), len(where)]):
            if start == end or not on_map[start]:
                continue
            p = int(part[start])
            feature = features[int(owner[p])]
            kinds[feature] = "river" if is_river[p] else "road"
            runs.setdefault(feature, []).extend(stretches([hexes[i] for i in where[start:end].tolist()], self.index))
        properties = self.data.lines.properties
        name_key = self.settings.name_attribute
        return [line for feature, pieces in runs.items()
                for line in named_pieces(kinds[feature], feature_name(properties[feature], name_key), pieces)]

    def _grid_index(self, q: np.ndarray, r: np.ndarray) -> np.ndarray:
        """Each axial hex's place in self.hexes (column by column), -1 off the map."""
        if self.layout.flat:
            col, row = q, r + (q - (q & 1)) // 2
        else:
            col, row = q + (r - (r & 1)) // 2, r
        cols, rows = self.plan.cols, self.plan.rows
        inside = (col >= 0) & (col < cols) & (row >= 0) & (row < rows)
        return np.where(inside, col * rows + row, -1)

    def _bridges(self, parts: np.ndarray, is_river: np.ndarray) -> list[Hex]:
        """The hexes where a road line crosses a river line, when the import made that
        hex a river hex on a road: a road running beside a river shares hexes with it
        but crosses nothing."""
        roads, rivers = _segments(parts[~is_river]), _segments(parts[is_river])
        if not len(roads) or not len(rivers):
            return []
        # Segment pairs whose boxes meet (STRtree), then where they cross, in numpy:
        # GEOS's line overlay would cost ~50 µs a pair of lines.
        # An (n, 2, 2) array gives an array of n lines; the stubs cannot tell its shape.
        tree = shapely.STRtree(cast("np.ndarray", shapely.linestrings(rivers)))
        road_of, river_of = tree.query(shapely.linestrings(roads))
        p, d = roads[road_of, 0], roads[road_of, 1] - roads[road_of, 0]
        o, e = rivers[river_of, 0], rivers[river_of, 1] - rivers[river_of, 0]
        between = o - p
        denominator = d[:, 0] * e[:, 1] - d[:, 1] * e[:, 0]
        with np.errstate(divide="ignore", invalid="ignore"):
            t = (between[:, 0] * e[:, 1] - between[:, 1] * e[:, 0]) / denominator
            u = (between[:, 0] * d[:, 1] - between[:, 1] * d[:, 0]) / denominator
        cross = (denominator != 0) & (t >= 0) & (t <= 1) & (u >= 0) & (u <= 1)
        q, r = hexes_at(self.layout, p[cross] + t[cross, None] * d[cross])
        on_road = {h for link in self.plan.roads for h in link}
        river_hexes = set(self.plan.rivers)
        found = (Hex(a, b) for a, b in zip(q.tolist(), r.tolist()))
        return list(dict.fromkeys(h for h in found if h in river_hexes and h in on_road))

    # --- points: places and spot heights ----------------------------------------------------

    def _points(self) -> dict[int, float]:
        layer = self.data.points
        if not len(layer):
            return {}
        settings = self.settings
        wanted = targets(self.rules["point"], layer.properties)
        parts, owner = shapely.get_parts(self.projection.geometries_to_grid(layer.array()), return_index=True)
        xy = shapely.get_coordinates(parts)
        q, r = hexes_at(self.layout, xy)
        heights = self._heights(layer.properties)
        kinds = self.palette.place_kinds
        default_kind = settings.default_kind or next(
            (k for k in ("town", "village", "city") if k in kinds), kinds[0] if kinds else "village")
        if default_kind not in kinds:
            raise GeoImportError(
                f"The {self.palette.name} palette's places are {', '.join(kinds)}, not {default_kind}.")
        sums: dict[int, list[float]] = {}
        taken_hexes: dict[Hex, str] = {}
        taken_names: set[str] = set()
        off_map = 0
        for k, o in enumerate(owner.tolist()):
            h = Hex(int(q[k]), int(r[k]))
            i = self.index.get(h)
            if i is None:
                off_map += 1
                continue
            if not math.isnan(heights[o]):
                sums.setdefault(i, []).append(float(heights[o]))
            target = wanted[o]
            props = layer.properties[o]
            name = props.get(settings.name_attribute)
            if target == IGNORE or not isinstance(name, str) or not name.strip():
                continue
            name = " ".join("".join(c if c.isprintable() else " " for c in name).split())[:80]  # no NUL, BEL
            kind = target or props.get(settings.kind_attribute)
            if kind not in kinds:
                kind = default_kind
            if name in taken_names:
                continue  # a MultiPoint's other parts, or a second feature of that name
            if h in taken_hexes:
                self.plan.notes.append(
                    f"{name} shares hex {self._label(h)} with {taken_hexes[h]}; only {taken_hexes[h]} was placed.")
                continue
            taken_hexes[h] = name
            taken_names.add(name)
            vp = _points(props.get(settings.vp_attribute))
            pp = _points(props.get(settings.pp_attribute))
            self.plan.places.append(PlaceToAdd(h, name, kind, vp, pp))
        if off_map:
            self.plan.notes.append(f"{off_map} points lie off the map and were left out.")
        return {i: sum(v) / len(v) for i, v in sums.items()}

    # --- elevation ---------------------------------------------------------------------------

    def _heights(self, properties: list[dict]) -> np.ndarray:
        name = self.settings.elevation_attribute
        out = np.full(len(properties), np.nan)
        if not name:
            return out
        for i, props in enumerate(properties):
            value = props.get(name)
            if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
                out[i] = float(value)
        return out

    def _elevation(self, polygon_means: dict[int, float], point_means: dict[int, float]) -> None:
        means = {**polygon_means, **point_means}
        if not self.settings.elevation_attribute:
            return
        if not means:
            self.plan.notes.append(
                f"No feature has a number in {self.settings.elevation_attribute!r}; the elevation is unchanged.")
            return
        values = np.array(list(means.values()))
        per_level = self.settings.metres_per_level
        if per_level is not None:
            levels = np.floor(values / per_level)
        else:
            low, high = float(values.min()), float(values.max())
            n = self.settings.levels
            levels = np.zeros(len(values)) if high <= low else np.minimum(
                n - 1, np.floor((values - low) / (high - low) * n))
        levels = np.clip(levels, -MAX_LEVEL, MAX_LEVEL).astype(int).tolist()
        for i, level in zip(means, levels):
            if level or self.onto:
                self.plan.elevation[self.hexes[i]] = level

    def _label(self, h: Hex) -> str:
        return self.target.label(h)


def hex_centres(layout: Layout, hexes: list[Hex]) -> np.ndarray:
    """Layout.center for many hexes at once: an (n, 2) array, the same arithmetic."""
    q, r = np.array(hexes, dtype=float).reshape(-1, 2).T
    s = layout.size
    if layout.flat:
        x, y = s * 1.5 * q, s * math.sqrt(3) * (r + q / 2)
    else:
        x, y = s * math.sqrt(3) * (q + r / 2), s * 1.5 * r
    return np.column_stack([x + layout.origin[0], y + layout.origin[1]])


def hexes_at(layout: Layout, xy: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Layout.hex_at for many points at once (axial q and r arrays): the same arithmetic
    and rounding, in numpy, because a 5,000-line import walks some million points."""
    if not len(xy):
        empty = np.empty(0, dtype=np.int64)
        return empty, empty
    px = (xy[:, 0] - layout.origin[0]) / layout.size
    py = (xy[:, 1] - layout.origin[1]) / layout.size
    if layout.flat:
        fq = 2 / 3 * px
        fr = -1 / 3 * px + math.sqrt(3) / 3 * py
    else:
        fq = math.sqrt(3) / 3 * px - 1 / 3 * py
        fr = 2 / 3 * py
    fs = -fq - fr
    q, r, s = np.round(fq), np.round(fr), np.round(fs)
    dq, dr, ds = np.abs(q - fq), np.abs(r - fr), np.abs(s - fs)
    fix_q = (dq > dr) & (dq > ds)
    fix_r = ~fix_q & (dr > ds)
    q = np.where(fix_q, -r - s, q)
    r = np.where(fix_r, -q - s, r)
    return q.astype(np.int64), r.astype(np.int64)


def _segments(lines: np.ndarray) -> np.ndarray:
    """Every segment of the lines as an (n, 2, 2) array of end points."""
    xy, line = shapely.get_coordinates(lines, return_index=True)
    same = np.flatnonzero(line[1:] == line[:-1])
    return np.stack([xy[same], xy[same + 1]], axis=1)


def _points(value: object) -> int:
    """VP or PP from an attribute: a whole number 0-999 (text of digits too), else 0."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return int(min(999, max(0, round(value))))
    return 0


def _palette(name: str | Palette) -> Palette:
    if isinstance(name, Palette):
        return name
    try:
        return load_palette(name)
    except ValueError as e:
        raise GeoImportError(str(e)) from None
