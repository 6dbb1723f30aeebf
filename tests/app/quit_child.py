"""The program as a user quits it, for test_files_never_overwritten.py (run offscreen,
with HEXCAMPAIGN_DATA_DIR and HEXCAMPAIGN_CONFIG_DIR pointed at the test's folders).

    python quit_child.py KIND   KIND "map", "game" or "computer" (a game whose German
        side the computer plays, quit while it plays): make unsaved work of that kind,
        let it be autosaved, then File > Quit answering Discard to every close question;
        prints "autosaved" once the autosave exists and "quit" when the program ended
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox


def main(kind: str) -> None:
    from hexcampaign.app import MainWindow
    from hexcampaign.hexes import Hex
    from hexcampaign.maps import HexMap

    app = QApplication.instance() or QApplication([])
    QMessageBox.question = staticmethod(  # type: ignore[method-assign]
        lambda *a, **k: QMessageBox.StandardButton.Discard
    )
    w = MainWindow()
    w.install_play_modes()
    w.show()

    def work() -> None:
        if kind == "map":
            w.open_map(HexMap.blank(6, 6, palette="cm"))
            w.document.map.set_terrain(Hex.from_offset(1, 1), "forest")
            w.document.set_dirty(True)
            written = w.editor.autosaver.autosave_now()
        else:
            mode = w.play_mode("hexcampaign.app.kasserine")
            w.set_mode(mode)
            computer = {"german": "normal"} if kind == "computer" else None
            document = mode.new_game(seed=8, computer=computer)
            written = document.autosave_path is not None and document.autosave_path.exists()
        print("autosaved" if written else "not autosaved", flush=True)
        # File > Quit as soon as the events so far are handled (the computer has begun
        # setting up its side: its worker may be thinking while the program quits).
        QTimer.singleShot(0, w.menu("&File").actions()[-1].trigger)

    QTimer.singleShot(0, work)
    app.exec()
    print("quit", flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
