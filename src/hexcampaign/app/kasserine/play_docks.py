"""The play mode's turn bar, notice line and docks, placed on the window and redrawn from
the game's change record: each dock on the flags it watches (the widgets are in
docks.py and combat_panel.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QDockWidget

from hexcampaign.app.kasserine.combat_panel import CombatDock
from hexcampaign.app.kasserine.docks import (
    CrtDock,
    LogDock,
    NoticeBar,
    ReinforcementsDock,
    StackDock,
    TurnBar,
)
from hexcampaign.app.kasserine.setup_dock import SetupDock
from hexcampaign.app.kasserine.still_to_do_dock import StillToDoDock
from hexcampaign.app.kasserine.tracker_dock import TrackerDock
from hexcampaign.app.window.screen_fit import pages_in_sight_only
from hexcampaign.kasserine.crt import printed_row
from hexcampaign.rules.changes import Play, PlayChanges

if TYPE_CHECKING:
    from hexcampaign.app.kasserine.table import DocksTable
    from hexcampaign.hexes import Hex
    from hexcampaign.kasserine.still_to_do import ToDo

# What each dock redraws on (a move outside combat leaves the combat table alone).
SETUP_FLAGS = Play.PHASE | Play.UNITS
LOG_FLAGS = Play.LOG | Play.PHASE
COMBAT_FLAGS = Play.COMBAT | Play.DECISION | Play.PHASE | Play.UNITS | Play.ELIMINATED


class PlayDocks:
    """The turn bar (its refresh is Turns'), the notice line and the eight docks."""

    def __init__(self, mode: DocksTable) -> None:
        self.mode = mode
        w = mode.window
        self.turn_bar = TurnBar(w)
        w.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.turn_bar)
        w.addToolBarBreak(Qt.ToolBarArea.TopToolBarArea)
        self.notices = NoticeBar(w)
        w.addToolBar(Qt.ToolBarArea.TopToolBarArea, self.notices)
        # A bar added later (the e-mail game's replay bar, mail_files) gets a row of its
        # own: beside it the notice was squeezed to a few characters.
        w.addToolBarBreak(Qt.ToolBarArea.TopToolBarArea)
        self.setup = SetupDock(w, mode)  # the mode: its document and notice line
        self.reinforcements = ReinforcementsDock(w)
        self.stack = StackDock(w)
        self.combat = CombatDock(lambda: mode.document, w)
        self.log = LogDock(w)
        self.crt = CrtDock(w)
        self.tracker = TrackerDock(w)
        self.still_to_do = StillToDoDock(w)
        self.arrange()
        self.all: list[QDockWidget] = [
            self.setup,
            self.stack,
            self.reinforcements,
            self.combat,
            self.log,
            self.crt,
            self.tracker,
            self.still_to_do,
        ]
        self.still_to_do.item_chosen.connect(self.go_to)
        self.log.hex_chosen.connect(self.show_hex)
        self.notices.links.still_to_do_requested.connect(self.reveal_still_to_do)
        self.redrawn: list[str] = []  # which docks the last change redrew, for the tests

    def arrange(self) -> None:
        """Where the docks sit, so the window fits a 1,280×800 screen with every dock the
        game opens and the board keeps most of it: the side columns run the window's
        whole height (the corners are theirs), the left one the stack over one tab group
        of the set-up, reinforcements, still-to-do, the log, the CRT and the tracker
        (under the board the log left the board 940×444 px of 1,280×800; side by side
        their minimums stacked past 800 px); the Combat dock (combat phases) the whole
        right column, its Roll button in sight."""
        w = self.mode.window
        self.arrange_docks()
        self.sized = False  # the docks' first sizes are set when they are first shown
        self.window_size = w.size()
        central = getattr(w, "central", None)
        if central is not None:
            central.currentChanged.connect(lambda _i: pages_in_sight_only(central))
            # The bars and docks put aside (no game): the page in front, the start page,
            # counts again (the turn bar: a dock is also hidden behind another's tab).
            self.turn_bar.visibilityChanged.connect(lambda _shown: self.start_page_counts())
            pages_in_sight_only(central)

    def arrange_docks(self) -> None:
        """The docks in their places (arrange), again at View › Reset layout."""
        w = self.mode.window
        left = Qt.DockWidgetArea.LeftDockWidgetArea
        right = Qt.DockWidgetArea.RightDockWidgetArea
        w.setCorner(Qt.Corner.BottomLeftCorner, left)
        w.setCorner(Qt.Corner.BottomRightCorner, right)
        w.addDockWidget(left, self.stack)
        w.addDockWidget(left, self.reinforcements)
        w.tabifyDockWidget(self.reinforcements, self.still_to_do)
        w.tabifyDockWidget(self.still_to_do, self.setup)
        w.tabifyDockWidget(self.setup, self.log)
        w.tabifyDockWidget(self.log, self.crt)
        w.tabifyDockWidget(self.crt, self.tracker)
        w.addDockWidget(right, self.combat)
        self.front_tabs()

    def first_sizes(self) -> None:
        """The map is the game: the docks take what they need and no more (set on docks
        in sight: a hidden dock's new size is forgotten)."""
        w = self.mode.window
        self.fit_window()
        vertical = Qt.Orientation.Vertical
        w.resizeDocks([self.stack], [self.stack.sizeHint().height()], vertical)
        # A quarter of the window each at most, so a small screen (at scale factor 2)
        # keeps a board between them.
        wide = [min(330, w.width() * 26 // 100), min(360, w.width() * 28 // 100)]
        w.resizeDocks([self.stack, self.combat], wide, Qt.Orientation.Horizontal)

    def reset_layout(self) -> None:
        """View › Reset layout: every dock back in its first place and size, those of
        this phase shown (a dock closed long ago too)."""
        for dock in self.all:
            dock.setFloating(False)
        self.arrange_docks()
        self.show(True)
        self.first_sizes()

    def fit_window(self, tries: int = 20) -> None:
        """A game opened before the window was first shown (hexcampaign FILE): unshown,
        the window asked for 884 px (a tab behind another counted), grew to that and does
        not shrink back by itself: it gets the height it had, no more than the screen's
        (title bar included). Once the window is on the screen (before, the window
        manager's first placement undoes the resize)."""
        w = self.mode.window
        handle = w.windowHandle()
        if handle is None or not handle.isExposed():
            if tries > 0 and w.isVisible():
                QTimer.singleShot(50, w, lambda: self.fit_window(tries - 1))
            return
        layout = w.layout()
        if layout is not None:
            layout.activate()  # the window's minimum, from the docks as they are now
        height = self.window_size.height()
        screen = w.screen()
        if screen is not None:  # and within the screen, its title bar included
            frame = w.frameGeometry().height() - w.height()
            height = min(height, screen.availableGeometry().height() - frame)
        height = max(height, w.minimumSize().height())
        if not w.isMaximized() and not w.isFullScreen() and w.height() > height:
            w.resize(w.width(), height)

    def show(self, visible: bool) -> None:
        self.turn_bar.setVisible(visible)
        self.notices.setVisible(visible)
        if visible:
            self.board_in_front()
        for dock in self.all:
            dock.setVisible(visible)
        game = self.mode.game
        if visible and game is not None:
            self.show_setup(game.state.phase == "german_setup")

    def start_page_counts(self) -> None:
        """The turn bar put aside with the docks (no game): the page in front counts."""
        central = getattr(self.mode.window, "central", None)
        if central is not None and self.turn_bar.isHidden():
            pages_in_sight_only(central)

    def board_in_front(self) -> None:
        """The docks are shown with the board only (with no game the window puts them
        aside, mode_switch): the start page, still in front while the mode shows them,
        must not add its minimum to theirs (the window grew to 884 px under Xvfb, and a
        window does not shrink back by itself)."""
        central = getattr(self.mode.window, "central", None)
        board = getattr(self.mode, "canvas", None)
        if central is not None and board is not None and central.indexOf(board) >= 0:
            pages_in_sight_only(central, board)

    def front_tabs(self) -> None:
        """The set-up in front of the left column's tabs while the Germans set up, the
        log after."""
        g = self.mode.game
        setting_up = g is not None and g.state.phase == "german_setup"
        (self.setup if setting_up else self.log).raise_()

    def show_setup(self, setting_up: bool) -> None:
        """The set-up dock is a tab of the left column, in front while the Germans set up."""
        was = self.setup.isVisible()
        self.setup.setVisible(setting_up)
        if setting_up and not was:
            self.setup.raise_()
        elif was and not setting_up:
            self.log.raise_()  # not whichever tab was next to the set-up

    def enable(self, has_game: bool) -> None:
        for dock in self.all:
            dock.setEnabled(has_game)

    def new_game(self) -> None:
        """No earlier game's attack, defence or roll in the new one."""
        self.board_in_front()  # the window brings the docks back before the board
        if not self.sized:
            # The first game shown: the board's page is in front (the start page's
            # minimum squeezed the docks before), and the window has laid them out.
            self.sized = True
            if self.mode.window.isVisible():  # else the size it was made with
                self.window_size = self.mode.window.size()  # before the docks come
            QTimer.singleShot(0, self.mode.window, self.first_sizes)
        if not self.log.isVisible():
            # Put aside with the start page (mode_switch), the docks come back after
            # this: each dock shown again came to the front of its tabs, the last one
            # (Tracker, Still to do) won.
            QTimer.singleShot(0, self.mode.window, self.front_tabs)
        panel = self.combat.panel
        panel.target = None
        # A game reopened between the defender's allocation and the roll: the allocation
        # is in the game, so the attacker rolls next (the window's own record is empty).
        g = self.mode.game
        panel.defense_done = {
            c.id for c in (g.combats() if g is not None else []) if not c.resolved and c.defense_artillery
        }
        panel.show_last = False
        panel.dice.clear()
        panel.advance_dice.clear()

    def on_changed(self, changes: PlayChanges, _initiator: object = None) -> None:
        g = self.mode.game
        self.redrawn = []
        if g is None:
            return
        flags = changes.flags
        # Every action may add to the history: one look at the position (Tracker.follow).
        self.tracker.refresh(g)
        self.refresh_still_to_do()  # any action may settle or open an item
        if flags & SETUP_FLAGS:
            self.redrawn += ["setup", "reinforcements"]
            self.setup.refresh(g)
            self.show_setup(self.mode.active and g.state.phase == "german_setup")
            self.reinforcements.refresh(g)
        if flags & LOG_FLAGS:
            self.redrawn.append("log")
            self.log.refresh(g)
        if flags & COMBAT_FLAGS:
            self.redrawn += ["combat", "crt"]
            self.combat.panel.refresh()
            self.refresh_crt()

    def refresh_still_to_do(self) -> None:
        self.still_to_do.refresh(self.mode.game)
        self.notices.links.obligations = [i.text for i in self.still_to_do.required()]

    def reveal_still_to_do(self) -> None:
        """The whole list in view (the End phase refused, the notice line's link)."""
        self.still_to_do.show()
        self.still_to_do.raise_()

    def go_to(self, item: ToDo) -> None:
        """An item of the list clicked: the board centres on its hex; a unit of the side
        to play is selected (its moves shown), another hex's stack is shown."""
        mode: Any = self.mode  # the board and framing: not in DocksTable (table.py)
        g, h = mode.game, item.hex
        if g is None or h is None or not g.map.contains(h):
            return
        mode.framing.centre_on(*mode.canvas.layout.center(h))
        uid = item.unit
        if uid is not None and uid in g.state.units and g.unit(uid).side == g.side_to_play and g.unit(uid).hex == h:
            mode.board.choose_unit(uid)
        else:
            mode.board.show_stack(h)

    def show_hex(self, h: Hex) -> None:
        """A hex number clicked in the log: the board centres on it and shows its stack."""
        mode: Any = self.mode  # the board and framing: not in DocksTable (table.py)
        if mode.game is not None and mode.game.map.contains(h):
            mode.framing.centre_on(*mode.canvas.layout.center(h))
            mode.board.show_stack(h)

    def refresh_crt(self) -> None:
        """The table's column of the attack in hand, and the row it rolled."""
        g = self.mode.game
        if g is None:
            return
        combat = self.combat.panel.current_combat()
        row = None
        if combat is not None and combat.resolved and combat.roll:
            row = printed_row(combat.roll, g.state.options.crt_high_rolls)
        self.crt.refresh(g.state.options.crt_high_rolls, combat.odds if combat else None, row)
