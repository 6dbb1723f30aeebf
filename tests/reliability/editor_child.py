"""The program as a user runs it, for the crash-recovery test (run offscreen, with
HEXCAMPAIGN_DATA_DIR and HEXCAMPAIGN_CONFIG_DIR pointed at the test's folders).

    python editor_child.py edit MAP INTERVAL FIRST   paint hexes forest one by one from
        hex number FIRST, autosaving every INTERVAL seconds, until killed; prints
        "edit N T" after each stroke and "saved N T" after each autosave (N strokes so far)
    python editor_child.py recover                   start again, answer the recovery
        offer yes, print "offered ..." per offer and then "restored <map JSON>"
"""

from __future__ import annotations

import os
import sys
import time

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

EDIT_MS = 30


def edit(path: str, interval: float, first: int) -> None:
    from hexcampaign.app import MainWindow
    from hexcampaign.app.tool_events import ToolEvent
    from hexcampaign.hexes import HexSide

    app = QApplication.instance() or QApplication([])
    w = MainWindow()
    w.show()
    assert w.open_path(path)
    w.editor.set_autosave_interval(interval)
    w.editor.set_tool("terrain")
    w.editor.brush.terrain = "forest"
    hexes = w.document.map.hexes()
    strokes = [0]

    def stroke() -> None:
        h = hexes[(first + strokes[0]) % len(hexes)]
        event = ToolEvent(0, 0, h, HexSide.of(h, 0), "left", frozenset())
        w.editor.tool.pressed(event)
        w.editor.tool.released(event)
        strokes[0] += 1
        print("edit", strokes[0], time.time(), flush=True)

    w.editor.autosaver.saved.connect(lambda _p: print("saved", strokes[0], time.time(), flush=True))
    timer = QTimer()
    timer.timeout.connect(stroke)
    timer.start(EDIT_MS)
    app.exec()


def recover() -> None:
    from hexcampaign.app import MainWindow
    from hexcampaign.app.editor.mode import EditorMode
    from hexcampaign.maps import dumps_map

    app = QApplication.instance() or QApplication([])

    def ask(self, orphan) -> bool:
        print("offered", orphan.source or "-", flush=True)
        return True

    finished: list[object] = []
    real_recover = EditorMode.recover

    def recover_and_say(self):
        finished.append(real_recover(self))
        return finished[-1]

    EditorMode.ask_restore = ask
    EditorMode.recover = recover_and_say  # the window calls it once it is shown
    w = MainWindow()
    w.show()
    deadline = time.time() + 30
    while not finished and time.time() < deadline:
        app.processEvents()
        time.sleep(0.005)
    if w.document is None:
        print("nothing restored", flush=True)
    else:
        print("dirty", w.document.dirty, flush=True)
        print("restored", dumps_map(w.document.map), flush=True)
    sys.stdout.flush()
    os._exit(0)  # like a crash: leave no trace but what recovery itself did


if __name__ == "__main__":
    if sys.argv[1] == "edit":
        edit(sys.argv[2], float(sys.argv[3]), int(sys.argv[4]))
    else:
        recover()
