"""A save reopened after the game had gone further: the note the game's log keeps.

Re-rolling by reopening an older save is the known cheat of games played from files. At
one table it cannot be stopped (the files are the players'), but it can be seen: the
window keeps a journal of how far each game has gone (app/kasserine/reopening.py) and,
when a save older than that is opened, writes a `Reopened` note into the game's log,
"Reopened from before the roll on 2321 (the game had gone 3 actions further)".

The note is an action of the log, so it is saved, replayed and survives undo: it changes
nothing but the log, and it locks undo (taking it back would erase it). It is no move of
either side: it is not in `state.Action` (so a turn file by e-mail cannot carry one: the
e-mail reader refuses what is not an action), and it is refused in a game without an id
(games by e-mail have none).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import Any

from hexcampaign.hexes import Hex
from hexcampaign.kasserine.context import GameContext
from hexcampaign.kasserine.position import refuse
from hexcampaign.kasserine.state import Reopened
from hexcampaign.rules.changes import Play

__all__ = ["Reopened", "new_game_id", "note", "played", "words"]


def new_game_id() -> str:
    """A fresh random id for a game (16 hex digits: two games never share one)."""
    return secrets.token_hex(8)


def played(actions: Iterable[Any]) -> int:
    """How many of `actions` the players played (the notes of reopened saves not counted)."""
    return sum(1 for a in actions if a.kind != "reopened")


def words(further: int, roll_on: str | None) -> str:
    """ "Reopened from before the roll on 2321 (the game had gone 3 actions further)"."""
    gone = f"the game had gone {further} action{'s' if further != 1 else ''} further"
    if roll_on:
        return f"Reopened from before the roll on {roll_on} ({gone})"
    return f"Reopened from an older save ({gone})"


def note(ctx: GameContext, action: Reopened) -> list[str]:
    """The handler of `Reopened`: one log line; undo stops here."""
    if not ctx.state.game_id:
        raise refuse(
            "Log: a reopened save is noted only in a game played at one table (a game by "
            "e-mail is kept in step by its turn files)",
            "Log",
        )
    roll_on = None
    if action.roll_at is not None:
        if not ctx.map.contains(Hex(*action.roll_at)):
            raise refuse("Log: the roll taken back is on a hex that is not on the map", "Log")
        roll_on = ctx.hexname(action.roll_at)
    ctx.changes.add(Play.LOCK)
    return [words(action.further, roll_on)]
