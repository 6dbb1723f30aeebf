"""At start, the games and campaigns a crashed session left in the autosave folder are
offered as maps are (issue 27): Restore, Discard or Not now.

A game is autosaved at every change of phase and every lock (app/play_document.py), so
what is restored holds every roll that was shown. Restoring opens the autosave through
the window's one open flow (app/dialogs/files.py), which makes it the unsaved work it
was — its own file name, dirty, its autosave adopted — in its play mode. "Not now"
leaves it where it is: the Kasserine mode's notice and Game > Open an autosaved game…
still find it. Only one game can be on the board, so once one is restored the others
wait, and the notice says how many.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hexcampaign.app.autosave import Orphan, find_orphans

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
        say(
            f"{waiting} autosaved game{'s' * (waiting > 1)} or campaign{'s' * (waiting > 1)} "
            "left for later: Game > Open an autosaved game… or Campaign > Open an "
            "autosaved campaign… finds them."
        )
    return restored


__all__ = ["DISCARD", "LATER", "PLAY_SUFFIXES", "RESTORE", "recover_plays"]
