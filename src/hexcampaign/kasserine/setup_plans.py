"""German set-up in a few clicks: whole placements as one PlaceUnits action (one undo step).

- `formation_plan(game, name)`: a formation's waiting units spread over its entry zone,
  one unit a hex before any hex takes a second, each where the engine allows it.
- `suggested_plan(game)`: the placements the hint (the computer at "normal") suggests.
- `setup_text(game)` / `read_setup(path, game)`: a set-up saved as a small JSON file
  (.kpsetup) and read back, bounded and validated like the other loaders; a bad file is
  refused with one sentence and nothing changes.

Applying a plan goes through the engine (placements.place_units): all or nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from hexcampaign.files import (
    FileFormatError,
    atomic_write_text,
    oversized,
    parse_json,
    quoted,
    read_limited,
    validation_problem,
)
from hexcampaign.hexes import Hex
from hexcampaign.kasserine.ai.opponent import Opponent
from hexcampaign.kasserine.movement import entry_hexes, must_place
from hexcampaign.kasserine.position import refuse
from hexcampaign.kasserine.state import PlaceUnit, PlaceUnits
from hexcampaign.rules import IllegalAction

if TYPE_CHECKING:
    from hexcampaign.kasserine.game import Game

SETUP_FORMAT = "hexcampaign-kasserine-setup"
SETUP_VERSION = 1
SETUP_SUFFIX = ".kpsetup"
SETUP_WHAT = "Kasserine Pass set-up"
MAX_SETUP_BYTES = 64 * 1024  # 41 placements take about 2 KB
MAX_PLACEMENTS = 200


class SetupFileError(FileFormatError):
    """A set-up file the program cannot use; the message is one sentence."""


# --- what waits to be placed -----------------------------------------------------------


def waiting(game: Game) -> list[str]:
    """The German units still to be placed, in the scenario's order."""
    ctx = game.context
    if ctx.state.phase != "german_setup":
        return []
    return [u.id for u in ctx.state.units.values() if must_place(ctx, u)]


def formations(game: Game) -> list[str]:
    """The formations with a unit still to place ("10th Panzer", "Italians"...)."""
    units = game.context.state.units
    return list(dict.fromkeys(units[uid].parent or units[uid].id for uid in waiting(game)))


def formation_of(game: Game, unit_id: str) -> str:
    u = game.context.state.units[unit_id]
    return u.parent or u.id


# --- plans -------------------------------------------------------------------------------


def formation_plan(game: Game, formation: str) -> PlaceUnits:
    """The waiting units of `formation` spread over their entry zone, in the scenario's
    order: unit k aims at the zone's hex k (k * hexes // units when the zone has more
    hexes than units, so they spread along it), a hex with fewer units first; a unit
    the engine lets nowhere is left out (it enters by movement). Tried on a copy."""
    ctx = game.context
    ids = [uid for uid in waiting(game) if formation_of(game, uid) == formation]
    if not ids:
        raise refuse(f"German initial placement: no unit of {formation} waits to be placed")
    trial = game.copy()
    placed: list[PlaceUnit] = []
    count: dict[Hex, int] = {}
    for k, uid in enumerate(ids):
        zone = entry_hexes(ctx, ctx.state.units[uid])
        m = len(zone)
        if not m:
            continue
        aim = (k * m) // len(ids) if m > len(ids) else k % m
        order = sorted(range(m), key=lambda i: (count.get(zone[i], 0), abs(i - aim), i))
        for i in order:
            step = PlaceUnit(unit=uid, hex=(zone[i].q, zone[i].r))
            try:
                trial.apply(step)
            except IllegalAction:
                continue
            placed.append(step)
            count[zone[i]] = count.get(zone[i], 0) + 1
            break
    if not placed:
        raise refuse(f"German initial placement: no unit of {formation} has room on its entry zone")
    return plan_of(placed)


def suggested_plan(game: Game, level: str = "normal") -> PlaceUnits:
    """The placements the hint suggests now (the computer's set-up at `level`, thought on
    a copy up to its end of the set-up)."""
    if not waiting(game):
        raise refuse("German initial placement: every German unit is placed already")
    copy = game.copy()
    placed: list[PlaceUnit] = []
    for action in Opponent("german", level=level).steps(copy):
        if not isinstance(action, PlaceUnit):
            break  # the end of the set-up: the hint is for this phase
        placed.append(action)
    if not placed:
        raise refuse("German initial placement: the hint suggests no placement now")
    return plan_of(placed)


def plan_of(placements: list[PlaceUnit]) -> PlaceUnits:
    return PlaceUnits(units=[p.unit for p in placements], hexes=[p.hex for p in placements])


def plan_words(game: Game, plan: PlaceUnits, what: str) -> str:
    """The sentence after a plan is applied: "10th Panzer placed: 13 units on 9 hexes; one
    Undo takes them all back; 28 units still to place."""
    n, hexes, left = len(plan.units), len(set(plan.hexes)), len(waiting(game))
    rest = (
        f"{left} unit{'s' if left != 1 else ''} still to place"
        if left
        else "every unit is placed: end the set-up"
    )
    return (
        f"{what} placed: {n} unit{'s' if n != 1 else ''} on {hexes} hex{'es' if hexes != 1 else ''}; "
        f"one Undo takes them all back; {rest}."
    )


# --- set-up files --------------------------------------------------------------------------


class _Placement(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    unit: str = Field(min_length=1, max_length=60)
    hex: str = Field(min_length=1, max_length=12)  # the number printed on the map ("2712")


class _SetupFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    format: Literal["hexcampaign-kasserine-setup"]
    version: int = Field(ge=1, le=SETUP_VERSION)
    placements: list[_Placement] = Field(min_length=1, max_length=MAX_PLACEMENTS)


@dataclass(frozen=True)
class LoadedSetup:
    """A set-up file read against a game: the placements still to make (None: none), and
    the units it names that are on the map already (left where they stand)."""

    plan: PlaceUnits | None
    already: tuple[str, ...]


def placed_so_far(game: Game) -> list[PlaceUnit]:
    """The German set-up placements made so far, in the order they were made (a reload
    repeats the order, so stacks come out the same)."""
    steps: list[PlaceUnit] = []
    for action in game.actions():
        if isinstance(action, PlaceUnit):
            steps.append(action)
        elif isinstance(action, PlaceUnits):
            steps += [
                PlaceUnit(unit=u, hex=h) for u, h in zip(action.units, action.hexes, strict=True)
            ]
    units = game.context.state.units
    return [s for s in steps if s.unit in units and units[s.unit].at == tuple(s.hex)]


def setup_text(game: Game) -> str:
    """The set-up so far as the file's text; refused when nothing is placed."""
    if game.phase != "german_setup":
        raise refuse("German initial placement: a set-up is saved in the German set-up phase")
    steps = placed_so_far(game)
    if not steps:
        raise refuse(
            "German initial placement: no unit is placed yet, so there is no set-up to save"
        )
    document = {
        "format": SETUP_FORMAT,
        "version": SETUP_VERSION,
        "placements": [{"unit": s.unit, "hex": game.map.label(Hex(*s.hex))} for s in steps],
    }
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


def save_setup(game: Game, path: Path | str) -> int:
    """Write the set-up so far atomically (read back before it replaces an old file);
    the number of placements written. OSError for the caller to say in a sentence."""
    text = setup_text(game)

    def verify(back: str) -> None:
        if back != text:
            raise OSError("the set-up read back differs from the one saved")

    atomic_write_text(path, text, verify=verify)
    return text.count('"unit"')


def read_setup(path: Path | str, game: Game) -> LoadedSetup:
    """A set-up file read and checked against `game`; SetupFileError with one sentence."""
    path = Path(path)
    try:
        raw = read_limited(path, SETUP_WHAT, MAX_SETUP_BYTES)
    except FileFormatError as e:
        raise SetupFileError(str(e)) from None
    return parse_setup(raw, game, path.name)


def parse_setup(raw: bytes | str, game: Game, name: str = "The set-up") -> LoadedSetup:
    """The placements of a set-up file's text, checked against the game's units and map."""
    shown = quoted(name, 60) if name != "The set-up" else name
    try:
        data = parse_json(raw, shown, SETUP_WHAT)
    except FileFormatError as e:
        raise SetupFileError(str(e)) from None
    if not isinstance(data, dict) or data.get("format") != SETUP_FORMAT:
        raise SetupFileError(
            f"{shown} is not a {SETUP_WHAT} (its format should be {SETUP_FORMAT!r})."
        )
    too_many = oversized(data, {"placements": MAX_PLACEMENTS})
    if too_many:
        raise SetupFileError(f"{shown} is not a {SETUP_WHAT} this program can use: {too_many}.")
    version = data.get("version")
    if isinstance(version, int) and version > SETUP_VERSION:
        raise SetupFileError(
            f"{shown} is a version {version} set-up, newer than this program reads; update hexcampaign."
        )
    try:
        setup = _SetupFile.model_validate(data)
    except ValidationError as e:
        raise SetupFileError(
            f"{shown} is not a {SETUP_WHAT} this program can use: {validation_problem(e)}."
        ) from None
    if game.phase != "german_setup":
        raise SetupFileError(f"{shown} can be loaded only in the German set-up phase.")
    ctx = game.context
    hexes = {game.map.label(h): h for h in ctx.board.hexes}
    seen: set[str] = set()
    units, at, already = [], [], []
    for p in setup.placements:
        u = ctx.state.units.get(p.unit)
        if u is None or u.side != "german":
            raise SetupFileError(
                f"{shown} names {quoted(p.unit)}, which is no German unit of this game."
            )
        if p.unit in seen:
            raise SetupFileError(f"{shown} places {ctx.label(u)} twice.")
        seen.add(p.unit)
        h = hexes.get(p.hex)
        if h is None:
            raise SetupFileError(
                f"{shown} places {ctx.label(u)} in hex {quoted(p.hex)}, which is not on the map."
            )
        if not must_place(ctx, u):
            already.append(p.unit)
            continue
        units.append(p.unit)
        at.append((h.q, h.r))
    plan = PlaceUnits(units=units, hexes=at) if units else None
    return LoadedSetup(plan, tuple(already))


__all__ = [
    "MAX_PLACEMENTS",
    "SETUP_FORMAT",
    "SETUP_SUFFIX",
    "LoadedSetup",
    "SetupFileError",
    "formation_of",
    "formation_plan",
    "formations",
    "parse_setup",
    "placed_so_far",
    "plan_of",
    "plan_words",
    "read_setup",
    "save_setup",
    "setup_text",
    "suggested_plan",
    "waiting",
]
