"""Kasserine Pass saves: writing the compact JSON with its check, and reading a save
into validated parts the Game facade builds a game from.

A save holds the map, entry zones and arrival points, the start position (with the
dice seed, or none: dice from the operating system's entropy), the actions with the
dice faces each rolled, the undo lock, the position reached and the log. Its last key
is the check: the SHA-256 of the text before it. Anyone can recompute that check, so it
proves nothing against a deliberate edit; it lets a load of an unchanged save skip the
replay, and a save whose check matches is taken as written (its positions are still
checked by save_check). A save without a matching check is replayed from its start.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter
from pydantic_core import PydanticSerializationError

from hexcampaign.files import (
    MAX_FILE_BYTES,
    FileFormatError,
    fast_document,
    gc_paused,
    oversized,
    parse_json,
    read_json,
    regular_file_bytes,
    validation_problem,
)
from hexcampaign.hexes import Hex
from hexcampaign.kasserine.board import Board, shared_board
from hexcampaign.kasserine.save_check import (
    MAX_ACTIONS,
    MAX_LOG_LINES,
    dice_problem,
    log_problem,
    start_problem,
)
from hexcampaign.kasserine.state import PHASES, AdvanceRoll, GameState, LoggedAction, Resolve
from hexcampaign.kasserine.tables import rules_table
from hexcampaign.maps import HexMap, MapFormatError
from hexcampaign.maps.fileformat import map_from_document, map_to_document

SAVE_FORMAT = "hexcampaign-kasserine-game"
# Still 1: "log" and "check" are optional keys that older programs ignore, and a save
# without them (or whose check fails) is replayed as before.
SAVE_VERSION = 1
# The keys of a save, in the order they are written; the caller's own (the app's
# "players", to_json's `extra`) come after them, then the check.
SAVE_KEYS = (
    "format", "version", "map", "entry_zones", "arrival_points", "initial", "actions",
    "locked", "state", "log",
)
COMPACT: dict[str, Any] = {"ensure_ascii": False, "separators": (",", ":")}
SAVE_WHAT = "Kasserine Pass save"
# Lists a save may hold beyond files.MAX_LIST; the map's are its own loader's to bound.
LIMITS = {"actions": MAX_ACTIONS, "log": MAX_LOG_LINES}
LIMITS_SKIP = frozenset({"map"})
# A save's log: the players' actions and the notes of reopened saves (kasserine/reopened.py).
ACTIONS = TypeAdapter(list[LoggedAction])


class GameFormatError(FileFormatError):
    """A Kasserine Pass save that cannot be loaded; the message says why in a sentence."""


@dataclass
class SaveContents:
    """A save's parts, each validated. `trusted`: its check matched (take it as written);
    otherwise the caller replays `actions` from `initial` and must reach `saved`."""

    hexmap: HexMap
    board: Board
    initial: GameState
    entry_zones: dict[str, list[Hex]]
    arrival_points: dict[str, list[Hex]]
    actions: list[LoggedAction]
    locked: int
    saved: GameState
    log: list[str] | None
    trusted: bool


# --- writing ------------------------------------------------------------------------------


def start_document(
    hexmap: HexMap,
    entry_zones: dict[str, list[Hex]],
    arrival_points: dict[str, list[Hex]],
    initial: GameState,
) -> dict[str, object]:
    """The part of the save fixed for the game's life."""
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "map": map_to_document(hexmap),
        "entry_zones": {k: [[h.q, h.r] for h in v] for k, v in entry_zones.items()},
        "arrival_points": {k: [[h.q, h.r] for h in v] for k, v in arrival_points.items()},
        "initial": initial.model_dump(mode="json"),
    }


def save_text(
    start: Callable[[], dict[str, object]],
    start_text: str,
    actions: list[LoggedAction],
    locked: int,
    state: GameState,
    log: list[str],
    extra: dict[str, object] | None,
) -> str:
    """The save: compact JSON, its last key the check. The models go through pydantic's
    own JSON writer, which writes what json.dumps would of their plain dump, at half the
    cost. `extra` holds keys of the caller's own (the app's "players"), written before
    the check and covered by it; the engine ignores them on loading. `start` makes the
    start document when the text cannot be assembled (a lone surrogate)."""
    try:
        body = "".join(
            (
                start_text[:-1],
                ',"actions":',
                ACTIONS.dump_json(actions).decode("utf-8"),
                f',"locked":{locked},"state":',
                state.model_dump_json(),
                ',"log":',
                json.dumps(log, **COMPACT),
                "}",
            )
        )
    except PydanticSerializationError:  # text no UTF-8 can carry (a lone surrogate)
        document = {
            **start(),
            "actions": ACTIONS.dump_python(actions, mode="json"),
            "locked": locked,
            "state": state.model_dump(mode="json"),
            "log": list(log),
        }
        body = json.dumps(document, **COMPACT)
    if extra:
        body = body[:-1] + "," + json.dumps(extra, **COMPACT)[1:]
    return body[:-1] + ',"check":"' + _digest(body) + '"}'


def lock_index(initial: GameState, actions: Sequence[LoggedAction]) -> int:
    """How many actions of the log are locked from undo: up to the last that showed new
    information (a roll, the defender's artillery) or handed the game to the other side
    (a declared attack, the next side's phase). Saves written before these locks carry a
    smaller lock; this restores it. (A combat decision passing to the other side is
    known only from the position: a replay finds it; a trusted save carries it.)"""
    phase = initial.phase
    locked = 0
    for k, action in enumerate(actions, 1):
        kind = action.kind
        if action.faces or kind in ("support", "declare", "reopened"):
            # New information, the attack handed to the defender, or a note of a save
            # reopened (taking it back would erase it).
            locked = k
        elif (isinstance(action, Resolve) and action.roll is not None) or (
            isinstance(action, AdvanceRoll) and action.die is not None
        ):
            locked = k  # a roll entered by hand
        elif kind == "end_phase" and phase in PHASES:
            # The last Allied combat ends the game: no one is handed anything, a lock
            # there is harmless all the same.
            after = "german_movement" if phase == "allied_combat" else PHASES[PHASES.index(phase) + 1]
            if after[:6] != phase[:6]:
                locked = k
            phase = after
    return locked


# --- reading ------------------------------------------------------------------------------


def read_save_file(path: Path) -> SaveContents:
    """A save file's parts; a bad file raises GameFormatError with a sentence."""
    with gc_paused():  # tens of thousands of objects, none of them in a cycle
        raw = _small_file(path)
        parsed: tuple[object, bytes | None, bool]
        try:
            if raw is None:  # missing, unreadable or too big: read_json says which
                parsed = (read_json(path, SAVE_WHAT), None, False)
            else:
                parsed = _parse(raw, path.name)
        except FileFormatError as e:
            raise GameFormatError(str(e)) from None
        try:
            return read_document(*parsed)
        except GameFormatError as e:
            raise GameFormatError(f"{path.name}: {e}") from None


def read_save_text(text: str | bytes) -> SaveContents:
    with gc_paused():
        try:
            parsed = _parse(text, "This file")
        except FileFormatError as e:
            raise GameFormatError(str(e)) from None
        return read_document(*parsed)


def read_document(document: object, data: bytes | None = None, bounded: bool = False) -> SaveContents:
    """Every part validated; `trusted` when the check matches (this program wrote it and
    nothing changed it since). `data` is the document's UTF-8 text when known;
    `bounded`, that within_limits passed the document."""
    if not isinstance(document, dict) or document.get("format") != SAVE_FORMAT:
        raise GameFormatError("This is not a Kasserine Pass save (its format field is wrong).")
    version = document.get("version")
    if version != SAVE_VERSION or isinstance(version, bool):
        newer = isinstance(version, int) and not isinstance(version, bool) and version > 1
        shown = repr(version) if len(repr(version)) <= 20 else repr(version)[:17] + "..."
        raise GameFormatError(
            f"This save is version {shown}; this program reads version {SAVE_VERSION}"
            + ("; update hexcampaign to open it." if newer else ".")
        )
    too_long = None if bounded else oversized(document, LIMITS, LIMITS_SKIP)
    if too_long:
        raise GameFormatError(f"This Kasserine Pass save is damaged: {too_long}.")
    try:
        map_text = json.dumps(document["map"], **COMPACT)
        hexmap = map_from_document(document["map"])
        initial = GameState.model_validate(document["initial"])
        zones = {k: [Hex(q, r) for q, r in v] for k, v in document["entry_zones"].items()}
        arrivals = {k: [Hex(q, r) for q, r in v] for k, v in document["arrival_points"].items()}
        problem = start_problem(hexmap, initial, zones, arrivals, rules_table().turns)
        if problem:
            raise GameFormatError(f"This Kasserine Pass save is damaged: {problem}.")
        raw_actions = document["actions"]
        if isinstance(raw_actions, list) and len(raw_actions) > MAX_ACTIONS:
            raise GameFormatError(
                f"This Kasserine Pass save is damaged: its log has {len(raw_actions)} "
                "actions, more than a game can."
            )
        actions = ACTIONS.validate_python(raw_actions)
        locked = document.get("locked", 0)
        if not isinstance(locked, int) or not 0 <= locked <= len(actions):
            raise GameFormatError("This Kasserine Pass save is damaged: its undo lock is wrong.")
        saved = GameState.model_validate(document["state"])
        log = document.get("log")
        problem = log_problem(log) if log is not None else None
        if problem:
            raise GameFormatError(f"This Kasserine Pass save is damaged: {problem}.")
    except GameFormatError:
        raise
    except MapFormatError as e:
        raise GameFormatError(f"This Kasserine Pass save is damaged: its {e}") from None
    except KeyError as e:
        raise GameFormatError(f"This Kasserine Pass save is damaged: it has no {e} section.") from None
    except (TypeError, ValueError, AttributeError, RecursionError) as e:
        raise GameFormatError(f"This Kasserine Pass save is damaged: {validation_problem(e)}.") from None
    trusted = log is not None and _check_matches(document, data)
    if trusted:
        # A hostile file can carry a correct check: the position it records must be
        # one the rules can stand on, like any start.
        problem = start_problem(hexmap, saved, zones, arrivals, rules_table().turns) or dice_problem(actions)
        if problem:
            raise GameFormatError(f"This Kasserine Pass save is damaged: {problem}.")
    board = shared_board(hexmap, map_text)
    return SaveContents(hexmap, board, initial, zones, arrivals, actions, locked, saved, log, trusted)


def replay_problem(error: Exception) -> GameFormatError:
    """The sentence for a save whose log fails when replayed."""
    from hexcampaign.rules import IllegalAction

    if isinstance(error, IllegalAction):
        return GameFormatError(
            f"This Kasserine Pass save is damaged: its log breaks a rule ({_cut_numbers(str(error))})."
        )
    # A hostile log may fail anywhere; the file is at fault.
    return GameFormatError(
        f"This Kasserine Pass save is damaged: its log cannot be replayed ({type(error).__name__})."
    )


def same_position(saved: GameState, replayed: GameState) -> bool:
    """Does the replay reach the position the save recorded? The record of how each
    combat was rolled is for the eye only, and saves before it lack it."""
    if saved == replayed:
        return True
    skip = {"combats": {"__all__": {"as_rolled"}}}
    return saved.model_dump(exclude=skip) == replayed.model_dump(exclude=skip)


# --- helpers ------------------------------------------------------------------------------


def _cut_numbers(reason: str) -> str:
    """A rule's refusal of an action from a file, fit for a sentence: the file may put a
    400-digit number where a hex or an MP count belongs, and the rule quotes it."""
    return re.sub(r"\d{13,}", lambda m: m.group()[:6] + "...", reason)[:240]


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _check_matches(document: dict, data: bytes | None) -> bool:
    """Does the save's check match its content: is it a save this program wrote, with
    nothing changed since? The check is the SHA-256 of the text before it. (Anything
    else, re-spaced by hand included, is replayed.)"""
    claimed = document.get("check")
    if not isinstance(claimed, str) or data is None:
        return False
    tail = f',"check":"{claimed}"}}'.encode("utf-8", "surrogatepass")
    if not data.endswith(tail):
        return False
    digest = hashlib.sha256(memoryview(data)[: -len(tail)])
    digest.update(b"}")
    return digest.hexdigest() == claimed


def _small_file(path: Path) -> bytes | None:
    """The file's bytes when it is a regular file, readable and within the size limit,
    else None (a device or a pipe is never read: files.read_limited)."""
    return regular_file_bytes(path, MAX_FILE_BYTES)


def _parse(raw: str | bytes, name: str) -> tuple[object, bytes | None, bool]:
    """A save's (document, UTF-8 text, within limits): parse_json's work, with its
    nesting check and oversized's done after parsing, in one fast pass
    (files.fast_document). A file that fails anything goes through parse_json itself:
    json.loads, and the sentence for what is wrong."""
    fast = fast_document(raw, LIMITS, LIMITS_SKIP)
    if fast is not None:
        return fast[0], fast[1], True
    return parse_json(raw, name, SAVE_WHAT), None, False
