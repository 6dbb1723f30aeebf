"""The Kasserine Pass mode as players run it, for the crash-recovery test (offscreen,
with HEXCAMPAIGN_DATA_DIR and HEXCAMPAIGN_CONFIG_DIR pointed at the test's folders).

    python game_child.py play SEED     random legal actions through the session, one
        every few milliseconds, until killed; prints "autosaved N DIGEST" whenever the
        session autosaved (N actions in the log, DIGEST of the state)
    python game_child.py recover       start again, show the mode, print the status
        bar's sentence, open the newest orphaned autosave and print "restored N DIGEST"
"""

from __future__ import annotations

import hashlib
import os
import random
import sys
import time
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def digest(game) -> str:
    return hashlib.sha256(game.state.model_dump_json().encode()).hexdigest()[:16]


def play(seed: int) -> None:
    from hexcampaign.app import MainWindow
    from kasserine.helpers import choose, skirmish

    app = QApplication.instance() or QApplication([])
    w = MainWindow(editor=False)
    w.install_play_modes()
    mode = w.play_mode("hexcampaign.app.kasserine")
    w.set_mode(mode)
    session = mode.play(skirmish(seed))
    rng = random.Random(seed)
    written = [session.autosave_path.stat().st_mtime_ns]

    def step() -> None:
        if session.game.over:
            return
        session.act(choose(session.game, rng))
        stamp = session.autosave_path.stat().st_mtime_ns
        if stamp != written[0]:
            written[0] = stamp
            print("autosaved", len(session.game.actions()), digest(session.game), flush=True)

    timer = QTimer()
    timer.timeout.connect(step)
    timer.start(5)
    app.exec()


def recover() -> None:
    from hexcampaign.app import MainWindow
    from hexcampaign.app.kasserine.session import orphan_autosaves

    app = QApplication.instance() or QApplication([])
    w = MainWindow(editor=False)
    w.install_play_modes()
    mode = w.play_mode("hexcampaign.app.kasserine")
    w.set_mode(mode)
    w.show()
    for _ in range(10):
        app.processEvents()
        time.sleep(0.01)
    print("said", w.statusBar().currentMessage(), flush=True)
    orphans = orphan_autosaves()
    print("orphans", len(orphans), flush=True)
    if orphans and mode.open_path(orphans[0]):
        game = mode.session.game
        print("restored", len(game.actions()), digest(game), flush=True)
    os._exit(0)


if __name__ == "__main__":
    if sys.argv[1] == "play":
        play(int(sys.argv[2]))
    else:
        recover()
