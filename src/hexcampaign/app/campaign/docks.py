"""The desk's five docks and where they sit, in one column on the right: the phases (with
the order of battle and the purchases as tabs) over the battles and the log (tabs); the
map in the middle.

Each dock is its own module (phase_dock, battles, oob_dock, purchase_dock, log_dock)
and redraws from the document's one `changed(changes, initiator)` alone, by the flags of
the change record (flags.py): it registers with `mode.watch(flags, slot)`.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt


class DeskDocks:
    """Builds the docks on the main window, shows and hides them with the mode, and
    shares their column between the phases and the tabs once."""

    def __init__(self, mode: Any) -> None:
        from hexcampaign.app.campaign.battles import BattlesDock
        from hexcampaign.app.campaign.log_dock import LogDock
        from hexcampaign.app.campaign.oob_dock import OobDock
        from hexcampaign.app.campaign.phase_dock import PhaseDock
        from hexcampaign.app.campaign.purchase_dock import PurchaseDock

        self.window = mode.window
        self.mode = mode
        self.phase = PhaseDock(mode)
        self.oob = OobDock(mode)
        self.purchase = PurchaseDock(mode)
        self.battles = BattlesDock(mode)
        self.log = LogDock(mode)
        self._left_shared = False
        self.place()
        self.all = [self.phase, self.battles, self.oob, self.purchase, self.log]
        self.hide()

    def place(self) -> None:
        """The map keeps the middle and most of the window: one column on the right
        (a column each side left the map 401 px of a 1,280 px window), the phases with
        the OOB and the purchases as tabs over the battles and the log (the purchases'
        form, 415 px at the least, under the phases, 417, was taller than the screen)."""
        window = self.window
        right = Qt.DockWidgetArea.RightDockWidgetArea
        for dock in (self.phase, self.oob, self.purchase, self.battles, self.log):
            dock.setFloating(False)
        window.addDockWidget(right, self.phase)
        window.addDockWidget(right, self.battles, Qt.Orientation.Vertical)  # below it
        window.tabifyDockWidget(self.phase, self.oob)
        window.tabifyDockWidget(self.oob, self.purchase)
        window.tabifyDockWidget(self.battles, self.log)
        self.phase.raise_()
        self.battles.raise_()
        # (at most two fifths of a small window: at scale factor 2 the map kept 68 px)
        window.resizeDocks([self.phase], [min(480, window.width() * 2 // 5)], Qt.Orientation.Horizontal)

    def reset_layout(self) -> None:
        """View › Reset layout: the desk's docks back in their first places and sizes,
        each shown (the Ledger with the log again)."""
        self.place()
        ledger = getattr(self.mode, "ledger_dock", None)
        if ledger is not None:
            ledger.setFloating(False)
            self.window.tabifyDockWidget(self.log, ledger)
            ledger.show()
        self._left_shared = False
        self.show()
        self.phase.raise_()
        self.battles.raise_()

    def show(self) -> None:
        for dock in self.all:
            dock.show()
        self._share_left_side()

    def hide(self) -> None:
        for dock in self.all:
            dock.hide()

    def _share_left_side(self) -> None:
        """Give the tabs below the phases the room the phase list does not need: split
        evenly, the Battles list showed three lines at 1,280×800. Done once, so a split
        the umpire drags stays."""
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
