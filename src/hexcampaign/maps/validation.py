"""Map problems an author should fix before playing on a map.

`find_problems(m)` returns every problem found, in map order, each naming the hex (or
None for problems of the whole map) and a sentence for the user. The editor's
Validation dock and `hexcampaign validate` show the same list.

What counts as a problem:

- bridge: a bridge on a hex that is not both a road hex and a river hex — a bridge
  carries a road over a river, so without both it means nothing to the rules.
- road_cliff: a road segment crossing a cliff hexside — nothing may move across a
  cliff (Kasserine terrain chart), so that road can never be used.
- place_on_river: a place on a river hex that no road reaches, when the palette's
  palette does not allow places on rivers (`river_places_allowed` false). A town on a river-only hex can only be entered at river cost.
- unreachable: a place no unit can reach. A place is cut off when every hexside to its
  on-map neighbours is a cliff; and, on a map that has a road net at all, a place is
  also unreachable when no road path (road segments not crossing cliffs) joins it to
  another place or to the map edge. Maps without any road are not checked for road
  reachability, so a bare terrain map does not flag every town.
- duplicate_name: two places with the same name (compared ignoring case and
  surrounding spaces) — rules, scenarios and saves look places up by name.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hexcampaign.hexes import Hex, HexSide

if TYPE_CHECKING:
    from hexcampaign.maps import HexMap
    from hexcampaign.maps.model import Place

PROBLEM_KINDS = ("bridge", "road_cliff", "place_on_river", "unreachable", "duplicate_name")


@dataclass(frozen=True)
class Problem:
    hex: Hex | None
    message: str
    kind: str

    def __str__(self) -> str:
        return self.message


def find_problems(m: HexMap) -> list[Problem]:
    """Every problem of the map, grouped by kind, in map order within a kind."""
    problems: list[Problem] = []
    problems += bridge_problems(m)
    problems += road_cliff_problems(m)
    problems += place_on_river_problems(m)
    problems += unreachable_place_problems(m)
    problems += duplicate_name_problems(m)
    return problems


def bridge_problems(m: HexMap) -> list[Problem]:
    found = []
    for h in sorted(m.bridges()):
        missing = []
        if not m.on_road(h):
            missing.append("road")
        if not m.is_river(h):
            missing.append("river")
        if missing:
            found.append(
                Problem(
                    h,
                    f"Bridge at {m.label(h)} has no {' and no '.join(missing)}: "
                    "a bridge must carry a road over a river.",
                    "bridge",
                )
            )
    return found


def road_cliff_problems(m: HexMap) -> list[Problem]:
    cliffs = m.cliffs()
    found = []
    for a, b in sorted(_ordered_roads(m)):
        if HexSide.between(a, b) in cliffs:
            found.append(
                Problem(
                    a,
                    f"Road from {m.label(a)} to {m.label(b)} crosses a cliff hexside: "
                    "no movement across a cliff, so the road cannot be used.",
                    "road_cliff",
                )
            )
    return found


def place_on_river_problems(m: HexMap) -> list[Problem]:
    if getattr(m.palette, "river_places_allowed", True):
        return []
    found = []
    for place in _places_in_map_order(m):
        h = place.hex
        if m.is_river(h) and not m.on_road(h) and not m.has_bridge(h):
            found.append(
                Problem(
                    h,
                    f"{place.name} at {m.label(h)} stands on a river hex with no road: "
                    "this palette does not allow places on river-only hexes.",
                    "place_on_river",
                )
            )
    return found


def unreachable_place_problems(m: HexMap) -> list[Problem]:
    places = _places_in_map_order(m)
    cliffs = m.cliffs()
    found: list[Problem] = []
    walled_in: set[Hex] = set()
    for place in places:
        h = place.hex
        inside = [n for n in h.neighbors() if m.contains(n)]
        if inside and all(HexSide.between(h, n) in cliffs for n in inside):
            walled_in.add(h)
            found.append(
                Problem(
                    h,
                    f"{place.name} at {m.label(h)} is unreachable: every hexside around it "
                    "is a cliff.",
                    "unreachable",
                )
            )
    if not m.roads():
        return found
    place_hexes = {p.hex for p in places}
    for place in places:
        h = place.hex
        if h in walled_in:
            continue
        if not _road_joins_elsewhere(m, h, place_hexes, cliffs):
            found.append(
                Problem(
                    h,
                    f"{place.name} at {m.label(h)} is unreachable by road: no road joins it "
                    "to another place or to the map edge.",
                    "unreachable",
                )
            )
    return found


def duplicate_name_problems(m: HexMap) -> list[Problem]:
    seen: dict[str, Place] = {}
    found = []
    for place in _places_in_map_order(m):
        key = place.name.strip().casefold()
        if key in seen:
            first = seen[key]
            found.append(
                Problem(
                    place.hex,
                    f"Two places are named {place.name.strip()!r} "
                    f"({m.label(first.hex)} and {m.label(place.hex)}): "
                    "place names must be unique.",
                    "duplicate_name",
                )
            )
        else:
            seen[key] = place
    return found


# --- helpers -----------------------------------------------------------------------


def _places_in_map_order(m: HexMap) -> list:
    return sorted(m.places(), key=lambda p: (p.hex, p.name))


def _ordered_roads(m: HexMap) -> set[tuple[Hex, Hex]]:
    return {(min(a, b), max(a, b)) for a, b in m.roads()}


def _is_edge(m: HexMap, h: Hex) -> bool:
    return any(not m.contains(n) for n in h.neighbors())


def _road_joins_elsewhere(
    m: HexMap, start: Hex, place_hexes: set[Hex], cliffs: dict[HexSide, Hex]
) -> bool:
    """True when the road net, not crossing cliffs, leads from start to another place
    or to a hex on the map edge. A place on the edge itself counts only when a road
    leaves it, since units enter a map along its roads."""
    seen = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in m.road_neighbours(here):
            if there in seen or not m.contains(there):
                continue
            if HexSide.between(here, there) in cliffs:
                continue
            if there in place_hexes or _is_edge(m, there):
                return True
            seen.add(there)
            queue.append(there)
    return len(seen) > 1 and _is_edge(m, start)
