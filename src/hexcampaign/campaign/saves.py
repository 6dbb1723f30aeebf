"""The campaign save file: its format, reading (never trusting the file) and writing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from hexcampaign.campaign.actions import parse_log
from hexcampaign.campaign.save_check import save_problem
from hexcampaign.campaign.state import Setup, State
from hexcampaign.campaign.world import World
from hexcampaign.files import (
    FileFormatError,
    fast_document,
    gc_paused,
    oversized,
    parse_json,
    read_json,
    regular_file_bytes,
    validation_problem,
)
from hexcampaign.maps import HexMap
from hexcampaign.maps.fileformat import MapFormatError, map_from_document, map_to_document
from hexcampaign.rules import IllegalAction

FORMAT = "hexcampaign-campaign"
VERSION = 1
FILE_SUFFIX = ".hxcampaign"  # as registered in packaging/…mime.xml
# Lists that grow with play, and their bounds (a 100-turn campaign logs ~4700 lines and
# ~4000 actions); every other list of a save holds at most files.MAX_LIST items.
LONG_LISTS = {
    "actions": 200_000,
    "state.log": 200_000,
    "state.umpire_notes": 200_000,
    "state.events": 200_000,
    "state.rolls": 200_000,
    "state.battles": 100_000,
    "state.units": 100_000,
    "state.destroyed": 100_000,
}
# What within_limits (the fast path) allows: the long top-level list; a file with a
# nested list over files.MAX_LIST takes the careful path, which knows LONG_LISTS whole.
FAST_LIMITS = {"actions": LONG_LISTS["actions"]}
MAP_SKIPPED = frozenset({"map"})  # the map inside bounds its lists by its own grid


class CampaignFormatError(FileFormatError):
    """A campaign save that cannot be loaded; the message says why."""


def to_text(w: World) -> str:
    return json.dumps(
        {
            "format": FORMAT,
            "version": VERSION,
            "map": map_to_document(w.map),
            "setup": w.setup.model_dump(mode="json"),
            "state": w.state.model_dump(mode="json"),
            "actions": [a.document() for a in w.actions],
        },
        indent=1,
        ensure_ascii=False,
    )


def from_text(text: str | bytes, name: str = "The campaign file") -> tuple[HexMap, Setup, State, list]:
    """The parts of a save's text (`name` is what a refusal calls it)."""
    with gc_paused():  # tens of thousands of objects, none of them in a cycle
        document = _fast_document(text)
        if document is not None:
            return from_data(document, bounded=True)
        try:
            data = parse_json(text, name, "campaign")
        except FileFormatError as e:
            raise CampaignFormatError(str(e)) from None
        return from_data(data)


def read_file(path: Path | str) -> tuple[HexMap, Setup, State, list]:
    """A campaign file's parts (Campaign.load); CampaignFormatError with a sentence for
    anything wrong, a device, a pipe or a file too large included (read_json's)."""
    raw = regular_file_bytes(path)
    if raw is not None:
        return from_text(raw, Path(path).name)
    try:
        data = read_json(path, "campaign")  # refuses it, with the sentence
    except FileFormatError as e:
        raise CampaignFormatError(str(e)) from None
    return from_data(data)


def from_data(data: object, bounded: bool = False) -> tuple[HexMap, Setup, State, list]:
    """(map, setup, state, typed actions) of a save; CampaignFormatError with a sentence
    for anything wrong. Actions saved as dicts by any earlier version become typed here.
    `bounded`: within_limits passed the document (its lists are not walked again)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CampaignFormatError("This is not a hexcampaign campaign file.")
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        newer = isinstance(version, int) and not isinstance(version, bool) and version > VERSION
        raise CampaignFormatError(
            f"This campaign file has version {_short(version)}; this program reads "
            f"version {VERSION}" + ("; update hexcampaign to open it." if newer else ".")
        )
    too_long = None if bounded else oversized(data, LONG_LISTS, MAP_SKIPPED)
    if too_long:
        raise CampaignFormatError(f"The campaign file is damaged: {too_long}.")
    try:
        hexmap = map_from_document(data["map"])
        setup = Setup.model_validate(data["setup"])
        state = State.model_validate(data["state"])
        raw = data["actions"]
        if not isinstance(raw, list):
            raise CampaignFormatError("The campaign file is damaged: its action log is not a list.")
        actions = _actions(raw)
        problem = save_problem(hexmap, setup, state, actions)
    except CampaignFormatError:
        raise  # already worded whole (the action log's refusals): never prefixed twice
    except MapFormatError as e:
        raise CampaignFormatError(_damaged(f"its {e}")) from None
    except KeyError as e:
        raise CampaignFormatError(f"The campaign file is damaged: it has no {e} section.") from None
    except (TypeError, ValueError, ValidationError, IllegalAction, RecursionError) as e:
        raise CampaignFormatError(_damaged(validation_problem(e))) from None
    if problem:
        raise CampaignFormatError(_damaged(problem))
    return hexmap, setup, state, actions


def _actions(raw: list[Any]) -> list:
    try:
        return parse_log(raw)
    except ValidationError as e:
        first = e.errors()[0]
        entry = first["loc"][0] if first["loc"] else 0
        raise CampaignFormatError(
            f"The campaign file is damaged: entry {int(entry) + 1 if isinstance(entry, int) else 1} "
            "of its action log is not an action."
        ) from None


def _damaged(problem: str) -> str:
    """The one refusal sentence for a damaged campaign file: the prefix once (a problem
    that already carries it is not prefixed again) and one final full stop."""
    prefix = "The campaign file is damaged: "
    while problem.startswith(prefix):
        problem = problem[len(prefix) :]
    return prefix + problem.rstrip().rstrip(".") + "."


def _short(value: Any) -> str:
    """A value from a file, quoted and cut short for a sentence."""
    text = repr(value)
    return text if len(text) <= 20 else text[:17] + "..."


def _fast_document(raw: str | bytes) -> object | None:
    """The document of `raw` when it passes the guards (files.fast_document, the reader
    games are read by), else None: the careful path then words what is wrong. A
    campaign of 450,000 small objects cost 305 ms of CPU before its refusal."""
    fast = fast_document(raw, FAST_LIMITS, MAP_SKIPPED)
    return None if fast is None else fast[0]
