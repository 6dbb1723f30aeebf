"""Whole-map reshaping and hex-region copy/paste (no Qt; the commands wrap these).

Content moves by axial translation, which is a rigid move of the drawing: every road,
cliff and river keeps its neighbours. On a flat-top "odd-q" map, moving content by an
odd number of columns therefore shifts every other column half a hex; at the top and
bottom edges a hex of those columns may fall off the map. The functions report how
many hexes were lost so the editor can say so.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from hexcampaign.files import parse_json
from hexcampaign.hexes import Hex, HexSide, Layout
from hexcampaign.maps import HexMap, Palette
from hexcampaign.maps.model import MAX_SIDE
from hexcampaign.maps.terrain_mapping import remap_terrains
from hexcampaign.maps.underlay import shifted
from hexcampaign.rules import IllegalAction

REGION_FORMAT = "hexcampaign-region"


# --- resize and palette ---------------------------------------------------------------


def resize_map(m: HexMap, left: int = 0, right: int = 0, top: int = 0, bottom: int = 0):
    """A new map with columns/rows added (positive) or removed (negative) on each side,
    content kept and shifted. Returns (new map, number of content hexes lost)."""
    cols = m.cols + left + right
    rows = m.rows + top + bottom
    if not (1 <= cols <= MAX_SIDE and 1 <= rows <= MAX_SIDE):
        raise IllegalAction(
            f"Resize: a map must keep 1 to {MAX_SIDE} columns and rows; this would make "
            f"it {cols}×{rows}.",
            rule="resize",
        )
    # The map's own palette object, never its name: a map may carry a palette of its
    # own (the shipped examples do), which no shipped palette of that name stands for.
    new = HexMap.blank(cols, rows, m.palette, m.orientation)
    _copy_meta(m, new)
    origin = new.at(0, 0)
    corner = new.at(left, top)  # not "shifted": that is underlay.shifted, called below
    delta = (corner.q - origin.q, corner.r - origin.r)
    lost = _transplant(m, new, delta, m.hexes())
    if m.underlay is not None:  # the picture moves with the hexes it shows
        unit = Layout(1.0, m.orientation)
        (x0, y0), (x1, y1) = unit.center(Hex(0, 0)), unit.center(Hex(*delta))
        new.underlay = shifted(m.underlay, x1 - x0, y1 - y0)
    return new, lost


def with_palette(m: HexMap, palette: str | Palette):
    """The same map on another terrain palette (a shipped one's name, or a Palette). Terrains the new palette lacks become
    its default (the old default always becomes the new default). Returns (new map,
    number of hexes whose own terrain was replaced by the default)."""
    new = HexMap.blank(m.cols, m.rows, palette, m.orientation)
    _copy_meta(m, new)
    _transplant(m, new, (0, 0), m.hexes())
    replaced = sum(
        1
        for h in m.hexes()
        if m.terrain(h) != m.palette.default and m.terrain(h) not in new.palette.terrains
    )
    return new, replaced


# --- copy and paste of a hex region ----------------------------------------------------


@dataclass
class HexRegion:
    """Copied hexes with everything on them, keyed by axial offset from an anchor."""

    palette: str
    hexes: dict[tuple[int, int], dict] = field(default_factory=dict)
    roads: list[tuple[tuple[int, int], tuple[int, int]]] = field(default_factory=list)
    cliffs: list[tuple[tuple[int, int], tuple[int, int]]] = field(default_factory=list)
    places: list[dict] = field(default_factory=list)
    labels: list[dict] = field(default_factory=list)
    # The copied terrains' labels in their own palette, so the paste into a map on
    # another palette can name them (and match them by label).
    terrain_labels: dict[str, str] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.hexes)

    def to_json(self) -> str:
        return json.dumps(
            {
                "format": REGION_FORMAT,
                "version": 1,
                "palette": self.palette,
                "hexes": [[d[0], d[1], v] for d, v in self.hexes.items()],
                "roads": self.roads,
                "cliffs": self.cliffs,
                "places": self.places,
                "labels": self.labels,
                "terrain_labels": self.terrain_labels,
            }
        )

    @staticmethod
    def from_json(text: str) -> HexRegion:
        """Raises IllegalAction with a sentence when the text is not a copied region.

        The clipboard is anyone's text: it is parsed within the file limits (size,
        nesting, finite numbers: files.parse_json) and every field is checked for its
        kind here, so paste_region only ever sees well-formed values. A hex without
        elevation, river or bridge (hand-written text) gets the map's defaults."""
        try:
            data = parse_json(text, "The clipboard", "copied region")
            if not isinstance(data, dict) or data.get("format") != REGION_FORMAT:
                raise ValueError
            hexes = {}
            for q, r, v in data["hexes"]:
                hexes[_offset(q, r)] = {
                    "terrain": _kind(v["terrain"], str),
                    "elevation": _kind(v.get("elevation", 0), int),
                    "river": _kind(v.get("river", False), bool),
                    "bridge": _kind(v.get("bridge", False), bool),
                }
            return HexRegion(
                palette=_kind(data["palette"], str),
                hexes=hexes,
                roads=[(_offset(*a), _offset(*b)) for a, b in data.get("roads", ())],
                cliffs=[(_offset(*a), _offset(*b)) for a, b in data.get("cliffs", ())],
                places=[
                    {
                        "at": _offset(*p["at"]),
                        "name": _kind(p["name"], str),
                        "kind": _kind(p["kind"], str),
                        "vp": _kind(p.get("vp", 0), int),
                        "pp": _kind(p.get("pp", 0), int),
                    }
                    for p in data.get("places", ())
                ],
                labels=[
                    {"at": _offset(*lb["at"]), "text": _kind(lb["text"], str)}
                    for lb in data.get("labels", ())
                ],
                terrain_labels={
                    _kind(name, str): _kind(label, str)
                    for name, label in dict(data.get("terrain_labels", {})).items()
                },
            )
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
            raise IllegalAction(
                "Paste: the clipboard holds no hexes copied from a hexcampaign map.",
                rule="paste",
            ) from None


def _kind(value, kind: type):
    """`value` if it is of `kind` (a bool is not an int here), else ValueError."""
    if type(value) is not kind:
        raise ValueError(value)
    if isinstance(value, int) and not -(10**6) <= value <= 10**6:
        raise ValueError(value)
    return value


def _offset(q, r) -> tuple[int, int]:
    """A copied hex's place relative to the region's corner: two small integers."""
    q, r = _kind(q, int), _kind(r, int)
    if abs(q) > 2 * MAX_SIDE or abs(r) > 2 * MAX_SIDE:
        raise ValueError((q, r))
    return q, r


def region_anchor(m: HexMap, hexes: list[Hex]) -> Hex:
    """The top-left hex of the region's offset bounding box (where a paste lands)."""
    cols = [m.offset(h)[0] for h in hexes]
    rows = [m.offset(h)[1] for h in hexes]
    return m.at(min(cols), min(rows))


def copy_region(m: HexMap, hexes: list[Hex]) -> HexRegion:
    hexes = [h for h in hexes if m.contains(h)]
    if not hexes:
        raise IllegalAction("Copy: select some hexes of the map first.", rule="copy")
    anchor = region_anchor(m, hexes)
    inside = set(hexes)

    def rel(h: Hex) -> tuple[int, int]:
        return (h.q - anchor.q, h.r - anchor.r)

    region = HexRegion(m.palette.name)
    terrains = m.palette.terrains
    region.terrain_labels = {
        name: terrains[name].label for name in sorted({m.terrain(h) for h in inside})
    }
    # River hexes first, line by line in order: a paste paints them in that order, so
    # each pasted river extends its own line as the copied one ran.
    rivers = [h for h in m.river_order() if h in inside]
    for h in rivers + sorted(inside - set(rivers)):
        region.hexes[rel(h)] = {
            "terrain": m.terrain(h),
            "elevation": m.elevation(h),
            "river": m.is_river(h),
            "bridge": m.has_bridge(h),
        }
    # Road segments road by road, in each road's order: a paste lays them so, and each
    # segment extends the road the one before it laid.
    for a, b in dict.fromkeys(pair for line in m.lines("road") for pair in zip(line.hexes, line.hexes[1:])):
        if a in inside and b in inside:
            region.roads.append((rel(a), rel(b)))
    for side, top in m.cliffs().items():
        a, b = side.hexes()
        if a in inside and b in inside:
            region.cliffs.append((rel(top), rel(side.other(top))))
    for p in m.places():
        if p.hex in inside:
            region.places.append(
                {"at": rel(p.hex), "name": p.name, "kind": p.kind, "vp": p.vp, "pp": p.pp}
            )
    for lb in m.labels():
        if lb.hex in inside:
            region.labels.append({"at": rel(lb.hex), "text": lb.text})
    return region


def paste_targets(m: HexMap, region: HexRegion, anchor: Hex) -> list[Hex]:
    """The map hexes a paste at `anchor` overwrites."""
    targets = (Hex(anchor.q + dq, anchor.r + dr) for dq, dr in region.hexes)
    return [h for h in targets if m.contains(h)]


# The layers a paste may carry, in the order the paste dialog lists them. "places"
# carries the map labels too; "roads" carries the bridges (a bridge carries a road).
PASTE_LAYERS: tuple[str, ...] = ("terrain", "elevation", "roads", "rivers", "cliffs", "places")
LAYER_TITLES = {
    "terrain": "Terrain",
    "elevation": "Elevation",
    "roads": "Roads and bridges",
    "rivers": "Rivers",
    "cliffs": "Cliffs",
    "places": "Places and labels",
}
ALL_LAYERS = frozenset(PASTE_LAYERS)


def needs_mapping(m: HexMap, region: HexRegion) -> bool:
    """The region was copied from another palette than the map's (or holds terrain the
    map's palette lacks): its terrains are to be mapped before they land."""
    terrains = {v["terrain"] for v in region.hexes.values()}
    return region.palette != m.palette.name or not terrains <= set(m.palette.terrains)


def region_terrains(region: HexRegion) -> list[str]:
    """The terrains the region's hexes hold, each once, by name (the paste dialog's rows)."""
    return sorted({v["terrain"] for v in region.hexes.values()})


def paste_region(
    m: HexMap,
    region: HexRegion,
    anchor: Hex,
    layers: frozenset[str] | set[str] = ALL_LAYERS,
    mapping: dict[str, str] | None = None,
) -> list[str]:
    """Paste the region's `layers` over the hexes under it (anchor = its top-left):
    each pasted layer there becomes the region's, every other layer of the map stays
    as it was. `mapping` turns the region's terrains into the map palette's (maps.
    terrain_mapping); without one, terrain the palette lacks is refused before anything
    changes. Returns notes for the user (hexes off the map, places renamed)."""
    layers = frozenset(layers) & ALL_LAYERS
    if not layers:
        raise IllegalAction("Paste: choose at least one layer to paste.", rule="paste")
    terrains: dict[tuple[int, int], str] = {}
    if "terrain" in layers:
        copied = {d: v["terrain"] for d, v in region.hexes.items()}
        if mapping is None:
            unknown = sorted(set(copied.values()) - set(m.palette.terrains))
            if unknown:
                raise IllegalAction(
                    f"Paste: terrain {', '.join(unknown)} is not in the {m.palette.name} palette; "
                    "map each copied terrain to one of this map's (Edit › Paste special…).",
                    rule="paste",
                )
        terrains = remap_terrains(copied, mapping or {}, m.palette)

    def at(d) -> Hex:
        return Hex(anchor.q + d[0], anchor.r + d[1])

    targets = set(paste_targets(m, region, anchor))
    notes = []
    off = len(region.hexes) - len(targets)
    if off:
        notes.append(f"{off} copied hexes fell off the map and were left out.")
    bridged = {h for h in targets if m.has_bridge(h)}
    # Rivers and roads already as pasted are left alone, so the lines through them
    # keep their names and order (a region pasted onto itself changes nothing).
    river_wanted = {at(d) for d, v in region.hexes.items() if v["river"]}
    roads_wanted = {frozenset((at(a), at(b))) for a, b in region.roads}
    # Clear what the paste replaces, layer by layer: the hexes' own features and the
    # sides between them. A layer not pasted is never touched.
    for h in targets:
        for n in h.neighbors():
            if n in targets:
                if "roads" in layers and frozenset((h, n)) not in roads_wanted:
                    m.remove_road(h, n)
                if "cliffs" in layers:
                    m.remove_cliff(h, n)
        if "rivers" in layers and h not in river_wanted:
            m.set_river(h, False)
        if "places" in layers:
            place = m.place_at(h)
            if place is not None:
                m.remove_place(place.name)
            for lb in m.labels():
                if lb.hex == h:
                    m.remove_label(lb)
    for d, v in region.hexes.items():
        h = at(d)
        if h in targets:
            if "terrain" in layers:
                m.set_terrain(h, terrains[d])
            if "elevation" in layers:
                m.set_elevation(h, int(v["elevation"]))
            if "rivers" in layers and v["river"] and not m.is_river(h):
                m.set_river(h, True)
    if "roads" in layers:
        for a, b in region.roads:
            if at(a) in targets and at(b) in targets and not m.has_road(at(a), at(b)):
                m.add_road(at(a), at(b))
    if "cliffs" in layers:
        for top, bottom in region.cliffs:
            if at(top) in targets and at(bottom) in targets:
                m.add_cliff(at(top), at(bottom))
    # Bridges go with the roads: pasted roads bring the region's bridges, else the map
    # keeps its own; either way only where a river and a road still meet.
    if "roads" in layers:
        bridged = {at(d) for d, v in region.hexes.items() if v["bridge"]} & targets
    for h in targets:
        m.set_bridge(h, h in bridged and m.is_river(h) and m.on_road(h))
    if "places" in layers:
        notes += _paste_places(m, region, at, targets)
    return notes


def _paste_places(m: HexMap, region: HexRegion, at, targets: set[Hex]) -> list[str]:
    notes = []
    taken = {p.name for p in m.places()}
    for p in region.places:
        h = at(p["at"])
        if h not in targets:
            continue
        name = p["name"]
        if name in taken:
            base, k = name, 2
            while f"{base} {k}" in taken:
                k += 1
            name = f"{base} {k}"
            notes.append(f"{base} already exists on this map; the pasted one is named {name}.")
        m.add_place(h, name, p["kind"], int(p["vp"]), int(p["pp"]))
        taken.add(name)
    for entry in region.labels:
        h = at(entry["at"])
        if h in targets:
            m.add_label(h, entry["text"])
    return notes


# --- helpers ---------------------------------------------------------------------------


def _copy_meta(src: HexMap, dst: HexMap) -> None:
    for name in ("name", "author", "description", "label_style", "label_first", "label_every", "hex_km", "underlay"):
        setattr(dst, name, getattr(src, name))


def _transplant(src: HexMap, dst: HexMap, delta: tuple[int, int], hexes) -> int:
    """Copy everything on `hexes` of src into dst, moved by the axial delta; returns
    how many hexes carrying something other than blank default terrain were lost."""
    dq, dr = delta

    def moved(h: Hex) -> Hex:
        return Hex(h.q + dq, h.r + dr)

    default = dst.palette.default
    lost = 0
    for h in hexes:
        t = moved(h)
        if not dst.contains(t):
            if (
                src.terrain(h) != src.palette.default
                or src.elevation(h)
                or src.is_river(h)
                or src.place_at(h)
                or src.note(h)
            ):
                lost += 1
            continue
        terrain = src.terrain(h)
        dst.set_terrain(t, terrain if terrain in dst.palette.terrains else default)
        dst.set_elevation(t, src.elevation(h))
    # Each river and road keeps its name and order; a line the new edge cuts keeps
    # its pieces on the map.
    def moved_step(step: Hex | HexSide) -> Hex | HexSide | None:
        """A hex of a line, or a hexside river's side, moved; None off the new map."""
        if isinstance(step, HexSide):
            a, b = (moved(h) for h in step.hexes())
            return HexSide.between(a, b) if dst.contains(a) and dst.contains(b) else None
        return moved(step) if dst.contains(moved(step)) else None

    for line in src.lines():
        pieces: list[list[Any]] = [[]]
        for step in line.course:
            there = moved_step(step)
            if there is not None:
                pieces[-1].append(there)
            elif pieces[-1]:
                pieces.append([])
        for piece in pieces:
            if len(piece) >= (2 if line.kind == "road" else 1):
                dst.add_line(line.kind, piece, line.name)
    for side, top in src.cliffs().items():
        bottom = side.other(top)
        if dst.contains(moved(top)) and dst.contains(moved(bottom)):
            dst.add_cliff(moved(top), moved(bottom))
    for h in src.bridges():
        t = moved(h)
        if dst.contains(t) and dst.is_river(t) and dst.on_road(t):
            dst.set_bridge(t, True)
    for p in src.places():
        if dst.contains(moved(p.hex)):
            dst.add_place(moved(p.hex), p.name, p.kind, p.vp, p.pp, p.label_position)
    for lb in src.labels():
        if dst.contains(moved(lb.hex)):
            dst.add_label(moved(lb.hex), lb.text)
    for h, note in src.notes().items():
        if dst.contains(moved(h)):
            dst.set_note(moved(h), note.text, note.properties)
    return lost
