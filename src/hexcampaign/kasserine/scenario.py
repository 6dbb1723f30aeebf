"""The Kasserine Pass scenario: orders of battle, entry zones, arrivals and victory places.

`load_scenario()` reads maps/kasserine/scenario.json (pydantic-validated), then checks it
against its own map: every hex on the board, every entry zone and arrival point a unit
names defined, every victory place a place of the map with the same points, unit ids
unique, and every unit placed exactly one way (start hex, entry zone or arrival). Any
problem raises ScenarioError with one sentence naming it, so a hand-edited scenario
fails on load rather than in the middle of a game.

Hexes are {"col": c, "row": r} offsets as the map's Hex.from_offset reads them (0-based;
the printed map numbers them from 0101). Turn 1 is Feb 14, 1943; FEB. 15 is turn 2.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import date, timedelta
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError

from hexcampaign.hexes import Hex
from hexcampaign.kasserine.units import Kind, Nationality, Side, Size, UnitSpec
from hexcampaign.maps import HexMap, MapFormatError, load_map
from hexcampaign.paths import maps_path

FORMAT = "hexcampaign-kasserine-scenario"
VERSION = 1
ARRIVAL_PLACES = ("Le Kef", "Road Five", "Road Six")

ArrivalPlace = Literal["Le Kef", "Road Five", "Road Six"]


class ScenarioError(ValueError):
    """A scenario file the program cannot use; the message says what is wrong and where."""


class OffsetHex(BaseModel):
    """A hex as the scenario file writes it: column and row from the north-west corner."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    col: int = Field(ge=0)
    row: int = Field(ge=0)

    @property
    def hex(self) -> Hex:
        return Hex.from_offset(self.col, self.row)

    def __getitem__(self, key: str | int) -> int:
        # callers written against the plain JSON ({"col": c, "row": r}) or against
        # (col, row) pairs keep working
        if key in ("col", 0):
            return self.col
        if key in ("row", 1):
            return self.row
        raise KeyError(key)

    def __str__(self) -> str:
        return f"({self.col},{self.row})"


class Arrival(BaseModel):
    """A reinforcement: the turn it arrives (2 = Feb 15 ... 12 = Feb 25) and where."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    turn: int = Field(ge=2, le=12)
    place: ArrivalPlace

    def __getitem__(self, key: str) -> int | str:
        if key not in ("turn", "place"):
            raise KeyError(key)
        return getattr(self, key)


class ScenarioUnit(BaseModel):
    """One counter: what is printed on it, where it comes from, and whether it is history."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = Field(min_length=1)
    parent: str
    side: Side
    nationality: Nationality
    kind: Kind
    size: Size
    cf: int = Field(ge=0)
    mf: int = Field(ge=1)
    support: int = Field(default=0, ge=0)
    range: int = Field(default=0, ge=0)
    # key of the rulebook's German breakdown chart (resources/kasserine/breakdown.json)
    breakdown: str | None = None
    historical: bool = True  # False: a design estimate (the Allied start, from research)
    start: OffsetHex | None = None  # on the board at the start (Allied)
    entry: str | None = None  # German entry zone name
    arrives: Arrival | None = None  # Allied reinforcement
    note: str = ""  # the source or the reason for an estimate

    @property
    def factors(self) -> str:
        """The numbers printed on the counter: "2-16", or "4-8 (2)" for artillery."""
        if self.kind == "artillery":
            return f"{self.support}-{self.mf} ({self.range})"
        return f"{self.cf}-{self.mf}"


class EntryZone(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    hexes: list[OffsetHex] = Field(min_length=1)
    description: str


class Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["hexcampaign-kasserine-scenario"]
    version: int = Field(ge=1, le=VERSION)
    title: str = "Kasserine Pass"
    map: str  # file name of the map, beside scenario.json
    start_date: date
    turns: int = Field(ge=1)
    units: list[ScenarioUnit]
    entry_zones: dict[str, EntryZone]
    arrival_points: dict[str, list[OffsetHex]]
    victory: dict[str, int]  # place name -> victory points for the German who holds it
    notes: list[str] = Field(default_factory=list)

    _folder: Path = PrivateAttr(default=Path("."))
    _hexmap: HexMap | None = PrivateAttr(default=None)

    def hexmap(self) -> HexMap:
        """The scenario's map, loaded from beside the scenario file (a fresh copy each call,
        so a game may change bridges without touching the next game's map)."""
        if self._hexmap is None:
            path = self._folder / self.map
            # A reference inside a file is never followed out of that file's folder: a
            # scenario someone sends may not make the program read (and show) any file.
            folder = self._folder.resolve()
            if path.resolve().parent != folder or Path(self.map).is_absolute():
                raise ScenarioError(
                    f"The scenario's map {_short(self.map)} is not a file beside the "
                    "scenario; it must be a file name in the scenario's own folder."
                )
            try:
                self._hexmap = load_map(path)
            except (MapFormatError, OSError) as e:
                raise ScenarioError(
                    f"The scenario's map {path.name} cannot be loaded: {e}"
                ) from None
        return self._hexmap.copy()

    def unit(self, unit_id: str) -> ScenarioUnit:
        for unit in self.units:
            if unit.id == unit_id:
                return unit
        raise KeyError(unit_id)

    def units_of(self, side: Side) -> list[ScenarioUnit]:
        return [u for u in self.units if u.side == side]

    def start_units(self) -> list[ScenarioUnit]:
        """The Allied units standing on the board on Feb 14."""
        return [u for u in self.units if u.start is not None]

    def reinforcements(self, turn: int | None = None) -> list[ScenarioUnit]:
        """Allied reinforcements, all of them or those of one turn."""
        return [u for u in self.units if u.arrives and (turn is None or u.arrives.turn == turn)]

    def entering(self, zone: str) -> list[ScenarioUnit]:
        """The German and Italian units that enter on the named entry zone."""
        return [u for u in self.units if u.entry == zone]

    def date_of(self, turn: int) -> date:
        return self.start_date + timedelta(days=turn - 1)

    def turn_of(self, day: date) -> int:
        return (day - self.start_date).days + 1


def unit_specs(scenario: Scenario) -> list[UnitSpec]:
    """The scenario's counters as a game starts with them (Game.scenario)."""
    specs = []
    for unit in scenario.units:
        start = Hex.from_offset(unit.start["col"], unit.start["row"]) if unit.start else None
        arrives = None
        if unit.arrives:
            arrives = {"turn": unit.arrives["turn"], "place": unit.arrives["place"]}
        specs.append(
            UnitSpec(
                id=unit.id,
                name=unit.name,
                parent=unit.parent,
                side=unit.side,
                nationality=unit.nationality,
                kind=unit.kind,
                size=unit.size,
                cf=unit.cf,
                mf=unit.mf,
                support=unit.support,
                range=unit.range,
                breakdown=unit.breakdown,
                hex=start,
                entry=unit.entry,
                arrives=arrives,
            )
        )
    return specs


def offset_hexes(items: Iterable[OffsetHex | dict[str, int] | Sequence[int]]) -> list[Hex]:
    """Hexes given as {"col", "row"} or [col, row] offsets (0-based)."""
    pairs = []
    for item in items:
        if isinstance(item, dict):
            pairs.append(Hex.from_offset(int(item["col"]), int(item["row"])))
        else:
            pairs.append(Hex.from_offset(int(item[0]), int(item[1])))
    return pairs


def _short(value: str) -> str:
    return repr(value) if len(value) <= 40 else repr(value[:37] + "...")


def default_path() -> Path:
    return maps_path("kasserine/scenario.json")


def load_scenario(path: Path | str | None = None) -> Scenario:
    """Read and check a scenario file; ScenarioError names the first problem found."""
    path = Path(path) if path is not None else default_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise ScenarioError(f"Cannot read the scenario {path}: {e.strerror or e}.") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ScenarioError(f"The scenario {path.name} is not valid JSON: {e}.") from None
    scenario = parse_scenario(data, path.name)
    scenario._folder = path.parent
    check_scenario(scenario, scenario.hexmap())
    return scenario


# scenario file -> (its and its map's file stamps, the scenario, the text of its map)
_SHARED: dict[Path, tuple[tuple[tuple[int, int, int], ...], Scenario, str]] = {}


def shared_scenario(path: Path | str | None = None) -> tuple[Scenario, str]:
    """load_scenario(path) and the text of its map (dumps_map, the key of the board
    shared between games), kept while neither file changes on disk: every new game of
    a scenario reads them (Game.scenario), and reading and checking them cost as much as
    the first turns of play. Shared between games, so read-only: a game takes its own
    copy of the map (Scenario.hexmap)."""
    from hexcampaign.maps import dumps_map  # (the file format, wanted here only)

    path = Path(path) if path is not None else default_path()
    kept = _SHARED.get(path)
    if kept is not None:
        try:
            if _stamps(path, kept[1]) == kept[0]:
                return kept[1], kept[2]
        except OSError:
            pass  # gone or unreadable: load_scenario says so in its words
    scenario = load_scenario(path)
    text = dumps_map(scenario.hexmap())
    try:
        _SHARED[path] = (_stamps(path, scenario), scenario, text)
    except OSError:
        _SHARED.pop(path, None)
    return scenario, text


def _stamps(path: Path, scenario: Scenario) -> tuple[tuple[int, int, int], ...]:
    """What changes when the scenario file or its map file is written: modification
    time, size and file number of each."""
    stamps = []
    for file in (path, path.parent / scenario.map):
        st = file.stat()
        stamps.append((st.st_mtime_ns, st.st_size, st.st_ino))
    return tuple(stamps)


def parse_scenario(data: object, name: str = "scenario") -> Scenario:
    """The pydantic step alone: shapes and values, no map."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ScenarioError(f"{name} is not a Kasserine scenario (format should be {FORMAT!r}).")
    version = data.get("version")
    if isinstance(version, int) and version > VERSION:
        raise ScenarioError(
            f"{name} is a version {version} scenario, newer than this program reads "
            f"(version {VERSION}); update hexcampaign."
        )
    try:
        return Scenario.model_validate(data)
    except ValidationError as e:
        error = e.errors()[0]
        raise ScenarioError(f"{name}: {_where(data, error['loc'])}: {error['msg']}.") from None


def _where(data: dict, loc: tuple) -> str:
    """A validation error's place in words: "unit us-2-168, cf" rather than "units.44.cf"."""
    parts = [str(part) for part in loc]
    if len(loc) >= 2 and loc[0] == "units" and isinstance(loc[1], int):
        units = data.get("units")
        unit = units[loc[1]] if isinstance(units, list) and loc[1] < len(units) else None
        if isinstance(unit, dict) and isinstance(unit.get("id"), str):
            rest = ".".join(parts[2:])
            return f"unit {unit['id']}" + (f", {rest}" if rest else "")
    return ".".join(parts) or "the file"


def check_scenario(scenario: Scenario, hexmap: HexMap) -> None:
    """Cross-references between the scenario and its map; ScenarioError on the first."""
    for problem in scenario_problems(scenario, hexmap):
        raise ScenarioError(problem)


def scenario_problems(scenario: Scenario, hexmap: HexMap) -> list[str]:
    """Every cross-reference problem, one sentence each, in file order."""
    problems: list[str] = []

    def off_map(where: str, spot: OffsetHex) -> None:
        if not hexmap.contains(spot.hex):
            problems.append(
                f"{where} stands at {spot}, which is off the {hexmap.cols}x{hexmap.rows} map."
            )

    seen: set[str] = set()
    for unit in scenario.units:
        if unit.id in seen:
            problems.append(f"Two units have the id {unit.id!r}; unit ids must be unique.")
        seen.add(unit.id)
        ways = [w for w in ("start", "entry", "arrives") if getattr(unit, w) is not None]
        if len(ways) != 1:
            problems.append(
                f"Unit {unit.id} must have exactly one of start, entry or arrives, not "
                f"{' and '.join(ways) or 'none'}."
            )
        if unit.side == "german" and (unit.start or unit.arrives):
            problems.append(
                f"German unit {unit.id} must enter on an entry zone (all appear on Feb 14)."
            )
        if unit.side == "allied" and unit.entry:
            problems.append(f"Allied unit {unit.id} cannot use a German entry zone.")
        if (unit.kind == "artillery") != (unit.support > 0 and unit.range > 0):
            problems.append(
                f"Unit {unit.id}: artillery, and only artillery, has a support factor and range."
            )
        if unit.start is not None:
            off_map(f"Unit {unit.id}", unit.start)
        if unit.entry is not None and unit.entry not in scenario.entry_zones:
            problems.append(f"Unit {unit.id} enters on {unit.entry!r}, which is not an entry zone.")
        if unit.arrives is not None and unit.arrives.place not in scenario.arrival_points:
            problems.append(
                f"Unit {unit.id} arrives at {unit.arrives.place!r}, which has no arrival point."
            )
        if unit.arrives is not None and unit.arrives.turn > scenario.turns:
            problems.append(
                f"Unit {unit.id} arrives on turn {unit.arrives.turn}, after the last turn."
            )
    for key, zone in scenario.entry_zones.items():
        if zone.name != key:
            problems.append(f"Entry zone {key!r} calls itself {zone.name!r}.")
        for spot in zone.hexes:
            off_map(f"Entry zone {key}", spot)
    for place in ARRIVAL_PLACES:
        if place not in scenario.arrival_points:
            problems.append(f"The arrival point {place!r} is missing.")
    for place, spots in scenario.arrival_points.items():
        if not spots:
            problems.append(f"The arrival point {place!r} has no hex.")
        for spot in spots:
            off_map(f"Arrival point {place}", spot)
    for name, vp in scenario.victory.items():
        try:
            mapped = hexmap.place(name)
        except ValueError:
            problems.append(f"Victory place {name!r} is not a place on the map.")
            continue
        if mapped.vp != vp:
            problems.append(
                f"Victory place {name} is worth {vp} in the scenario but {mapped.vp} on the map."
            )
    return problems


__all__ = [
    "Arrival",
    "EntryZone",
    "OffsetHex",
    "Scenario",
    "ScenarioError",
    "ScenarioUnit",
    "check_scenario",
    "load_scenario",
    "parse_scenario",
    "scenario_problems",
    "shared_scenario",
]
