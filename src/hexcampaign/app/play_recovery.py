"""At start, the games and campaigns a crashed session left in the autosave folder are
offered as maps are (issue 27): Restore, Discard or Not now.

A game is autosaved at every change of phase and every lock (app/play_document.py), so
what is restored holds every roll that was shown. Restoring opens the autosave through
the window's one open flow (app/dialogs/files.py), which makes it the unsaved work it
was — its own file name, dirty, its autosave adopted — in its play mode. "Not now"
leaves it where it is: the Kasserine mode's notice and Game > Open an autosaved game…
still find it. Only one game can be on the board, so once one is restored the others
wait, and the notice says how many.

The same question comes when a file is opened (File > Open, Open recent, the start
page, a game or campaign on the command line) while a dead program's autosave of that
very file waits, for every kind (`autosave_of` and MainWindow.open_path; a map on the
command line is read before the window opens, and the start's recovery offers its
autosave): Restore opens the autosave
instead, Discard removes it and opens the file, Not now opens the file and keeps it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from hexcampaign.app.autosave import DOCUMENT_SUFFIXES, Orphan, find_orphans
from hexcampaign.app.document import absolute
from hexcampaign.app.i18n import fill_in, translate

PLAY_SUFFIXES = (".kpgame", ".hxcampaign")
RESTORE, DISCARD, LATER = "restore", "discard", "later"


def recover_plays(
    window: Any, ask: Callable[[Orphan], str], say: Callable[[str], None]
) -> Orphan | None:
    """Offer each orphaned game or campaign, newest first (`ask` answers RESTORE,
    DISCARD or LATER); the first restored one opens in its mode. Returns it, or None."""
    orphans = sorted(find_orphans(suffixes=PLAY_SUFFIXES), key=lambda o: o.saved_at, reverse=True)
    restored: Orphan | None = None
    waiting = 0
    for orphan in orphans:
        if restored is not None:
            waiting += 1
            continue
        answer = ask(orphan)
        if answer == DISCARD:
            orphan.discard()
        elif answer == RESTORE and window.open_path(orphan.path):
            restored = orphan
        else:
            waiting += 1
    if waiting:
        # It names menu entries, so it speaks the menus' language.
        words = (
            translate(
                "Recovery",
                "%1 autosaved games or campaigns left for later: Game > Open an autosaved "
                "game… or Campaign > Open an autosaved campaign… finds them.",
            )
            if waiting > 1
            else translate(
                "Recovery",
                "1 autosaved game or campaign left for later: Game > Open an autosaved "
                "game… or Campaign > Open an autosaved campaign… finds it.",
            )
        )
        say(fill_in(words, waiting))
    return restored


def autosave_of(path: Path | str) -> Orphan | None:
    """The newest dead program's autosave of the user's file `path` (any kind), or None."""
    target = absolute(path)
    suffix = Path(path).suffix.lower()
    if target is None or suffix not in DOCUMENT_SUFFIXES:
        return None
    mine = [
        o
        for o in find_orphans(suffixes=(suffix,))
        if o.source and absolute(o.source) == target and o.map_path != target
    ]
    return max(mine, key=lambda o: o.saved_at) if mine else None


def before_opening(window: Any, path: Path | str, ask: Callable[[Orphan], str]) -> Path:
    """What to open when the user opens `path`: its waiting autosave when `ask` answers
    RESTORE, else `path` itself (its autosave removed on DISCARD, kept on LATER)."""
    orphan = autosave_of(path)
    if orphan is None:
        return Path(path)
    answer = ask(orphan)
    if answer == RESTORE:
        return orphan.path
    if answer == DISCARD:
        orphan.discard()
    else:
        window.show_message(
            fill_in(
                translate(
                    "Recovery",
                    "An autosave of %1 waits in the autosave folder "
                    "(File > Open it there to restore it later).",
                ),
                Path(path).name,
            ),
            20000,
        )
    return Path(path)


__all__ = [
    "DISCARD",
    "LATER",
    "PLAY_SUFFIXES",
    "RESTORE",
    "autosave_of",
    "before_opening",
    "recover_plays",
]
