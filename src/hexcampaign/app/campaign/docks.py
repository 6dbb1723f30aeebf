"""The desk's five docks and where they sit: the phases, the battles and the log on the
left, the order of battle and the purchases on the right, the map in the middle.

Each dock is its own module (phase_dock, battles, oob_dock, purchase_dock, log_dock)
and redraws from the document's one `changed(changes, initiator)` alone, by the flags of
the change record (flags.py): it registers with `mode.watch(flags, slot)`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt


class DeskDocks:
    """Builds the docks on the main window, shows and hides them with the mode, and
    shares the left side between them once."""

    def __init__(self, mode: Any) -> None:
        from hexcampaign.app.campaign.battles import BattlesDock
        from hexcampaign.app.campaign.log_dock import LogDock
        from hexcampaign.app.campaign.oob_dock import OobDock
        from hexcampaign.app.campaign.phase_dock import PhaseDock
        from hexcampaign.app.campaign.purchase_dock import PurchaseDock

        self.window = window = mode.window
        self.phase = PhaseDock(mode)
        self.oob = OobDock(mode)
        self.purchase = PurchaseDock(mode)
        self.battles = BattlesDock(mode)
        self.log = LogDock(mode)
        self._left_shared = False
        left, right = Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea
        window.addDockWidget(left, self.phase)
        window.addDockWidget(left, self.battles)
        window.addDockWidget(right, self.oob)
        window.addDockWidget(right, self.purchase)
        window.addDockWidget(left, self.log)
        # The map keeps the middle: the OOB and purchases share the right, the battles
        # and the log the lower left.
        window.tabifyDockWidget(self.oob, self.purchase)
        window.tabifyDockWidget(self.battles, self.log)
        self.oob.raise_()
        self.battles.raise_()
        window.resizeDocks(
            # (620 px on the right squeezed the map at 1,280×800.)
            [self.phase, self.oob],
            [300, 420],
            Qt.Orientation.Horizontal,
        )
        self.all = [self.phase, self.battles, self.oob, self.purchase, self.log]
        self.hide()

    def show(self) -> None:
        for dock in self.all:
            dock.show()
        self._share_left_side()

    def hide(self) -> None:
        for dock in self.all:
            dock.hide()

    def _share_left_side(self) -> None:
        """Give the battles and the log (below the phases) the room the phase list does
        not need: split evenly, the Battles list showed three lines at 1,280×800. Done
        once, so a split the umpire drags stays."""
        if self._left_shared:
            return
        self._left_shared = True
        window = self.window
        if not window.isVisible():
            # Opened from the command line: the window, not shown yet, has been stretched
            # by the switch of docks (to 846 px on an 800 px screen); it fits the screen.
            screen = window.screen().availableGeometry()
            if window.height() > screen.height() or window.width() > screen.width():
                window.resize(
                    min(window.width(), screen.width()), min(window.height(), screen.height())
                )
        height = max(window.height() - 60, 500)
        phases = max(self.phase.minimumSizeHint().height(), min(380, height // 2))
        window.resizeDocks(
            [self.phase, self.battles], [phases, height - phases], Qt.Orientation.Vertical
        )
