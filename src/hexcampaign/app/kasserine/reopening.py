"""How far each game at this computer has gone, so that reopening an older save of it is
written into its log (issue 27: "reopened from before the roll on 2321").

Re-rolling by reopening a save made before the roll is the known cheat of games played
from files. At one table it cannot be stopped — the files are the players' own — but it
can be seen. This journal (`games-journal.json` in the user data folder) keeps, for each
game by its id (`GameState.game_id`), how many actions it had when undo last locked, and
where its latest rolls were. It is written at every lock, after the autosave and before
the lock is shown (PlayDocument's `before_showing`), so it never knows of a roll that no
file holds. When a save with fewer actions is opened, the game gets the engine's
`Reopened` note (kasserine/reopened.py): a line of its log, saved, replayed, and locked.

Saves from before game ids are given one when opened (not written back to the user's
file until he saves), and games by e-mail have none: their turn files keep both copies in
step, so a journal adds nothing there.

The journal is the program's own small file: read bounded, anything malformed is ignored
(the worst it can do is miss a note), and a disk that refuses it costs only the note.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from hexcampaign.app.settings import data_dir
from hexcampaign.files import FileFormatError, atomic_write_text, read_limited
from hexcampaign.kasserine import Game
from hexcampaign.kasserine.reopened import Reopened, new_game_id, played
from hexcampaign.kasserine.state import Resolve

JOURNAL_NAME = "games-journal.json"
MAX_GAMES = 200  # the most recent games are remembered; older ones are let go
MAX_ROLLS = 64  # the latest rolls of a game: enough to name the one a save takes back
MAX_BYTES = 1_000_000


def journal_path() -> Path:
    return data_dir() / JOURNAL_NAME


def give_id(game: Game) -> bool:
    """Give a game without an id its own (a new game, a save from before ids). True when
    it got one now."""
    if game.state.game_id:
        return False
    game.identify(new_game_id())
    return True


def record(game: Game) -> None:
    """Undo just locked in `game`: remember how far it has gone and, if its last action
    rolled, where. Nothing for a game without an id."""
    game_id = game.state.game_id
    if not game_id:
        return
    actions = game.actions()
    count = played(actions)
    games = _read()
    entry = games.get(game_id, {})
    rolls = [r for r in entry.get("rolls", []) if r[0] < count]  # a branch taken back goes
    last = actions[-1] if actions else None
    if last is not None and last.kind != "reopened" and last.faces:
        rolls.append([count - 1, *_roll_hex(game, last)])
    games[game_id] = {"played": count, "rolls": rolls[-MAX_ROLLS:], "at": time.time()}
    _write(games)


def note_for(game: Game) -> Reopened | None:
    """The note `game` (just opened) gets when this computer has seen it go further: how
    many actions further, and the hex of the first roll its save comes from before."""
    game_id = game.state.game_id
    if not game_id:
        return None
    entry = _read().get(game_id)
    count = played(game.actions())
    if entry is None or entry["played"] <= count:
        return None
    taken_back = [r for r in entry["rolls"] if r[0] >= count]
    roll_at = None
    if taken_back and taken_back[0][1] is not None:
        roll_at = (taken_back[0][1], taken_back[0][2])
    return Reopened(further=entry["played"] - count, roll_at=roll_at)


# --- inside ---------------------------------------------------------------------------------


def _roll_hex(game: Game, action: Any) -> tuple[int | None, int | None]:
    """The hex a roll was for: the attacked hex of a combat's die; none for others."""
    if isinstance(action, Resolve):
        for combat in game.combats():
            if combat.id == action.combat:
                return combat.target.q, combat.target.r
    return None, None


def _read() -> dict[str, dict]:
    try:
        document = json.loads(read_limited(journal_path(), "games journal", MAX_BYTES))
    except (FileFormatError, OSError, ValueError):
        return {}  # none yet, or damaged: start afresh (only a note can be missed)
    games = document.get("games") if isinstance(document, dict) else None
    if not isinstance(games, dict):
        return {}
    return {k: v for k, v in ((k, _entry(v)) for k, v in games.items()) if isinstance(k, str) and v}


def _entry(value: object) -> dict | None:
    """One game's entry, or None when it is not what this program writes."""
    if not isinstance(value, dict):
        return None
    count, at, rolls = value.get("played"), value.get("at", 0), value.get("rolls", [])
    if not _whole(count) or not isinstance(at, (int, float)) or not isinstance(rolls, list):
        return None
    kept = [
        list(r)
        for r in rolls[-MAX_ROLLS:]
        if isinstance(r, list)
        and len(r) == 3
        and _whole(r[0])
        and (all(_whole(x) for x in r[1:]) or r[1:] == [None, None])
    ]
    return {"played": count, "rolls": kept, "at": float(at)}


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and -(10**9) < value < 10**9


def _write(games: dict[str, dict]) -> None:
    newest = sorted(games.items(), key=lambda item: item[1].get("at", 0), reverse=True)
    text = json.dumps({"version": 1, "games": dict(newest[:MAX_GAMES])})
    try:
        journal_path().parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(journal_path(), text)
    except OSError:
        pass  # a full or read-only disk costs the note, never the game


__all__ = ["journal_path", "give_id", "note_for", "record"]
