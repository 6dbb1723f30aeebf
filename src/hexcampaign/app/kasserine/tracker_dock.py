"""The Tracker dock: the game's history as four charts (victory points over the turns,
factors lost, odds declared and after defensive fire, results against their chances),
one tab each, refreshed from the engine's tracker after every change; Export writes
the chart shown as PNG or SVG. The end-of-game summary shows the same charts
(`TrackerCharts`)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.dialogs import folders
from hexcampaign.app.kasserine.charts import CHARTS, ChartView, write_png, write_svg
from hexcampaign.files import describe_os_error
from hexcampaign.kasserine import Game
from hexcampaign.kasserine.tracker import Tracker

EXPORT_SIZE = QSize(900, 520)
EXPORT_FILTER = "PNG picture (*.png);;SVG drawing (*.svg)"


class TrackerCharts(QWidget):
    """The four charts in tabs, with an Export button and a line for its outcome."""

    def __init__(self, tracker: Tracker | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.tracker = tracker or Tracker()
        self.tabs = QTabWidget(self)
        self.views: dict[str, ChartView] = {}
        for which, title in CHARTS.items():
            view = ChartView(self.tracker, which, self.tabs)
            self.views[which] = view
            self.tabs.addTab(view, title)
        self.export_button = QPushButton("Export…", self)
        self.export_button.setObjectName("export-chart")
        self.export_button.setToolTip("Save the chart shown as a PNG picture or an SVG drawing")
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.message, 1)
        row.addWidget(self.export_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.tabs, 1)
        layout.addLayout(row)
        self.export_button.clicked.connect(self.ask_export)

    @property
    def shown(self) -> str:
        """The chart on the tab in front ("points", "losses", "odds", "results")."""
        return list(CHARTS)[self.tabs.currentIndex()]

    def follow(self, game: Game) -> None:
        """Bring the charts up to the game (cheap after one action: Tracker.follow)."""
        self.tracker.follow(game)
        for view in self.views.values():
            view.update()

    def ask_export(self) -> None:
        path, chosen = QFileDialog.getSaveFileName(
            self, "Export chart", folders.start_path(self, "chart", f"kasserine-{self.shown}.png"), EXPORT_FILTER
        )
        if path:
            folders.remember_folder(self, "chart", path)
            self.export(Path(path), "svg" if chosen.startswith("SVG") else None)

    def export(self, path: Path, kind: str | None = None) -> bool:
        """Write the chart shown; the kind is the file's suffix unless given. A failure
        (a full disk, a folder not writable) is one sentence under the chart."""
        kind = kind or ("svg" if path.suffix.lower() == ".svg" else "png")
        if path.suffix.lower() != f".{kind}":
            path = path.with_suffix(f".{kind}")
        write = write_svg if kind == "svg" else write_png
        try:
            write(path, self.tracker, self.shown, EXPORT_SIZE)
        except OSError as e:
            self.message.setText(describe_os_error(e, path, "export"))
            return False
        self.message.setText(f"{CHARTS[self.shown]} exported to {path.name}.")
        return True


class TrackerDock(QDockWidget):
    """The dock "Tracker" of the play mode."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Tracker", parent)
        self.setObjectName("kasserine-tracker")
        self.charts = TrackerCharts(None, self)
        self.setWidget(self.charts)
        self._game: Game | None = None
        self._behind = False  # a change came while the charts were out of sight
        self.visibilityChanged.connect(self._catch_up)

    @property
    def tracker(self) -> Tracker:
        return self.charts.tracker

    def refresh(self, game: Game) -> None:
        """Follow `game`; another game than the last gets a tracker of its own."""
        if game is not self._game:
            self._game = game
            self.charts.tracker = Tracker()
            for view in self.charts.views.values():
                view.tracker = self.charts.tracker
        if not self.charts.isVisible():
            # Out of sight (a tab behind the log): followed when shown, so opening a long
            # save is not slowed by a replay nobody looks at.
            self._behind = True
            return
        self._behind = False
        self.charts.follow(game)

    def _catch_up(self, visible: bool) -> None:
        if visible and self._behind and self._game is not None:
            self._behind = False
            self.charts.follow(self._game)
