"""Dialogs of the play mode: a new game (players — a person or the computer at a level
—, every optional rule, the seed), the players mid-game, and the victory at the end (places held, points, level, the whole log)."""

from __future__ import annotations

import random
import typing

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from hexcampaign.app.accessible import name_controls
from hexcampaign.app.i18n import QT_TRANSLATE_NOOP, translate
from hexcampaign.app.kasserine.opponent import PACE_WORDS
from hexcampaign.app.kasserine.session import COMPUTER_LEVELS, DEFAULT_PLAYERS
from hexcampaign.app.kasserine.tracker_dock import TrackerCharts
from hexcampaign.app.style import WINDOW, ground, quiet_ink
from hexcampaign.kasserine import Game, Options

# One line per optional rule: what it changes, in the players' words (shown translated).
# Keys are the engine's Options fields; a field without a line here still gets a control
# (its name).
OPTION_TEXT: dict[str, tuple[str, str]] = {
    "german_initial_placement": (
        QT_TRANSLATE_NOOP("NewGameDialog", "German initial placement counts as movement"),
        QT_TRANSLATE_NOOP("NewGameDialog", "The first hex a German unit is placed on counts as the first hex of its move."),
    ),
    "advance_terrain_limit": (
        QT_TRANSLATE_NOOP("NewGameDialog", "Advance-after-combat terrain limit"),
        QT_TRANSLATE_NOOP("NewGameDialog", "A unit may not advance into terrain that costs more MP than its movement factor."),
    ),
    "rangers_zoc": (
        QT_TRANSLATE_NOOP("NewGameDialog", "Rangers exert a British-style zone of control"),
        QT_TRANSLATE_NOOP("NewGameDialog", "German Panzer units may not move through the Rangers' ZOC at +2 MP."),
    ),
    "italian_zoc": (
        QT_TRANSLATE_NOOP("NewGameDialog", "Italian infantry ZOC is passable"),
        QT_TRANSLATE_NOOP("NewGameDialog", "US armor and all British/French units may move through Italian infantry ZOC at +2 MP."),
    ),
    "allied_air_power": (
        QT_TRANSLATE_NOOP("NewGameDialog", "Allied air power"),
        QT_TRANSLATE_NOOP("NewGameDialog", "From Feb 22 one Allied attack a turn is shifted one column (or a 50/50 roll decides)."),
    ),
    "crt_high_rolls": (
        QT_TRANSLATE_NOOP("NewGameDialog", "CRT rolls above 6"),
        QT_TRANSLATE_NOOP("NewGameDialog", "The table prints rolls 2-6 only: mirror reads 7 as 6 and s>7 as 14-s; clamp, 6."),
    ),
    "dice": (
        QT_TRANSLATE_NOOP("NewGameDialog", "Dice"),
        QT_TRANSLATE_NOOP("NewGameDialog", "Let the program roll, or roll real dice and enter what you threw."),
    ),
}
CHOICE_WORDS = {
    "off": QT_TRANSLATE_NOOP("NewGameDialog", "off"),
    "on": QT_TRANSLATE_NOOP("NewGameDialog", "on"),
    "roll": QT_TRANSLATE_NOOP("NewGameDialog", "50/50 roll on Feb 22"),
    "mirror": QT_TRANSLATE_NOOP("NewGameDialog", "mirror (7 → row 6, 8 → row 6, 12 → row 2)"),
    "clamp": QT_TRANSLATE_NOOP("NewGameDialog", "clamp (every roll above 6 → row 6)"),
    "program": QT_TRANSLATE_NOOP("NewGameDialog", "the program rolls"),
    "hand": QT_TRANSLATE_NOOP("NewGameDialog", "entered by hand"),
}
# The computer's levels (session.COMPUTER_LEVELS) as the level box shows them.
LEVEL_WORDS = {
    "easy": QT_TRANSLATE_NOOP("NewGameDialog", "easy"),
    "normal": QT_TRANSLATE_NOOP("NewGameDialog", "normal"),
    "hard": QT_TRANSLATE_NOOP("NewGameDialog", "hard"),
}
MAX_SEED = 2_000_000_000
# How fast the computer's moves are shown, kept in the user's settings (app/settings.py)
# from one start to the next: the window's pace and the New game dialog's default.
PACE_SETTING = "kasserine_computer_pace"


def remembered_pace(window: object) -> str:
    """The pace last chosen in this window's settings; "normal" the first time."""
    settings = getattr(window, "settings", None)
    pace = settings.value(PACE_SETTING) if settings is not None else None
    return pace if isinstance(pace, str) and pace in PACE_WORDS else "normal"


def remember_pace(window: object, pace: str) -> None:
    settings = getattr(window, "settings", None)
    if settings is not None and pace in PACE_WORDS and settings.value(PACE_SETTING) != pace:
        settings.set_value(PACE_SETTING, pace)


def _level_words(level: str) -> str:
    words = LEVEL_WORDS.get(level)
    return translate("NewGameDialog", words) if words else level


class NewGameDialog(QDialog):
    """Players, every Option of the engine with a one-line explanation, and the seed."""

    def __init__(self, parent: QWidget | None = None, seed: int | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("NewGameDialog", "New Kasserine Pass game"))
        self.setMinimumWidth(720)
        self.rows = PlayerRows(self, pace=remembered_pace(parent))
        players = self.rows
        rules = QGroupBox(translate("NewGameDialog", "Optional rules"), self)
        grid = QVBoxLayout(rules)
        self.controls: dict[str, QCheckBox | QComboBox] = {}
        defaults = Options()
        for name, field in Options.model_fields.items():
            title, line = OPTION_TEXT.get(name, (name.replace("_", " ").capitalize(), ""))
            title, line = translate("NewGameDialog", title), translate("NewGameDialog", line) if line else ""
            value = getattr(defaults, name)
            choices = typing.get_args(field.annotation)
            row = QHBoxLayout()
            control: QCheckBox | QComboBox
            if isinstance(value, bool):
                control = QCheckBox(title, rules)
                control.setChecked(value)
                row.addWidget(control, 1)
            else:
                label = QLabel(translate("NewGameDialog", "%1:").replace("%1", title), rules)
                control = QComboBox(rules)
                label.setBuddy(control)  # a screen reader names the box by its label
                for choice in choices:
                    words = CHOICE_WORDS.get(choice)
                    control.addItem(translate("NewGameDialog", words) if words else choice, choice)
                control.setCurrentIndex(list(choices).index(value))
                row.addWidget(label)
                row.addWidget(control, 1)
            control.setObjectName(f"option-{name}")
            control.setAccessibleName(title)
            control.setAccessibleDescription(line)
            grid.addLayout(row)
            explanation = QLabel(line, rules)
            explanation.setWordWrap(True)
            explanation.setObjectName(f"explain-{name}")
            small = explanation.font()
            small.setPointSizeF(small.pointSizeF() * 0.9)
            explanation.setFont(small)
            grey = quiet_ink(ground(self.palette(), WINDOW)).name()  # not #555: dark themes
            explanation.setStyleSheet(f"color: {grey}; margin-left: 22px; margin-bottom: 4px;")
            grid.addWidget(explanation)
            self.controls[name] = control

        seed_box = QGroupBox(translate("NewGameDialog", "Dice"), self)
        # Dice nobody can foresee by default: a seed makes every future roll known to
        # whoever reads the save, so it is for rematches and tests only.
        self.fixed = QCheckBox(
            translate("NewGameDialog", "Use a fixed seed (the same moves give the same dice)"), seed_box
        )
        self.fixed.setObjectName("fixed-seed")
        self.fixed.setChecked(seed is not None)
        self.seed = QSpinBox(seed_box)
        self.seed.setObjectName("seed")
        self.seed.setRange(0, MAX_SEED)
        self.seed.setValue(seed if seed is not None else random.randrange(MAX_SEED))
        self.seed.setAccessibleName(translate("NewGameDialog", "Seed"))
        self.seed.setAccessibleDescription(
            translate("NewGameDialog", "The number the dice are drawn from when a fixed seed is used.")
        )
        self.reseed = QPushButton(translate("NewGameDialog", "New random seed"), seed_box)
        self.reseed.clicked.connect(lambda: self.seed.setValue(random.randrange(MAX_SEED)))
        seed_column = QVBoxLayout(seed_box)
        seed_note = QLabel(
            translate(
                "NewGameDialog",
                "Without a seed every roll comes from the operating system's entropy at the "
                "moment of the roll: nobody can know the dice in advance.",
            ),
            seed_box,
        )
        seed_note.setWordWrap(True)
        seed_column.addWidget(seed_note)
        seed_column.addWidget(self.fixed)
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(self.reseed)
        seed_column.addLayout(seed_row)
        self.fixed.toggled.connect(self.seed.setEnabled)
        self.fixed.toggled.connect(self.reseed.setEnabled)
        self.seed.setEnabled(self.fixed.isChecked())
        self.reseed.setEnabled(self.fixed.isChecked())

        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(translate("NewGameDialog", "Start the game"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(players)
        layout.addWidget(rules)
        layout.addWidget(seed_box)
        layout.addWidget(buttons)
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # Tall enough for every explanation's wrapped lines at the width given: a top-level
        # layout sizes the window without asking how tall wrapped labels grow, so a
        # second line (a longer language's) was cut off.
        layout = self.layout()
        wanted = layout.totalHeightForWidth(self.width()) if layout is not None else -1
        if wanted > self.height():
            self.setMinimumHeight(wanted)
            self.resize(self.width(), wanted)

    @property
    def names(self) -> dict[str, QLineEdit]:
        return self.rows.names

    def players(self) -> dict[str, str]:
        return self.rows.players()

    def computer(self) -> dict[str, str]:
        """{side: level} for the sides the computer plays."""
        return self.rows.computer()

    def pace(self) -> str:
        return self.rows.pace()

    def options(self) -> Options:
        values = {}
        for name, control in self.controls.items():
            if isinstance(control, QCheckBox):
                values[name] = control.isChecked()
            else:
                values[name] = control.currentData()
        return Options(**values)

    def seed_value(self) -> int | None:
        """The seed, or None: dice from the operating system's entropy."""
        return self.seed.value() if self.fixed.isChecked() else None


class PlayerRows(QGroupBox):
    """For each side: a person (with a name) or the computer (with a level); and how fast
    the computer's moves are shown."""

    def __init__(
        self,
        parent: QWidget | None = None,
        players: dict[str, str] | None = None,
        computer: dict[str, str] | None = None,
        pace: str = "normal",
    ) -> None:
        super().__init__(translate("NewGameDialog", "Players"), parent)
        players = players or {}
        computer = computer or {}
        self.who: dict[str, QComboBox] = {}
        self.levels: dict[str, QComboBox] = {}
        self.names: dict[str, QLineEdit] = {}
        form = QFormLayout(self)
        for side in ("german", "allied"):
            row = QHBoxLayout()
            who = QComboBox(self)
            who.setObjectName(f"who-{side}")
            who.addItem(translate("NewGameDialog", "A person"), "person")
            who.addItem(translate("NewGameDialog", "The computer"), "computer")
            level = QComboBox(self)
            level.setObjectName(f"level-{side}")
            for name in COMPUTER_LEVELS:
                level.addItem(translate("NewGameDialog", "level: %1").replace("%1", _level_words(name)), name)
            level.setCurrentIndex(COMPUTER_LEVELS.index(computer.get(side, "normal")))
            edit = QLineEdit(self)
            edit.setObjectName(f"player-{side}")
            edit.setPlaceholderText(DEFAULT_PLAYERS[side])
            name = players.get(side, "")
            edit.setText("" if name == DEFAULT_PLAYERS[side] else name)
            row.addWidget(who)
            row.addWidget(edit, 1)
            row.addWidget(level)
            side_words = (
                translate("NewGameDialog", "German side:")
                if side == "german"
                else translate("NewGameDialog", "Allied side:")
            )
            form.addRow(side_words, row)
            # Three boxes on one row: each says which side and what it is for.
            who.setAccessibleName(translate("NewGameDialog", "%1 who plays").replace("%1", side_words.rstrip(":")))
            edit.setAccessibleName(translate("NewGameDialog", "%1 player's name").replace("%1", side_words.rstrip(":")))
            level.setAccessibleName(translate("NewGameDialog", "%1 computer's level").replace("%1", side_words.rstrip(":")))
            self.who[side], self.levels[side], self.names[side] = who, level, edit
            who.setCurrentIndex(1 if side in computer else 0)
        self.pace_box = QComboBox(self)
        self.pace_box.setObjectName("pace")
        for key, words in PACE_WORDS.items():
            self.pace_box.addItem(translate("GameMenu", words), key)
        self.pace_box.setCurrentIndex(
            list(PACE_WORDS).index(pace if pace in PACE_WORDS else "normal")
        )
        form.addRow(translate("NewGameDialog", "The computer's moves are shown:"), self.pace_box)
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        form.addRow(self.note)
        for who in self.who.values():
            who.currentIndexChanged.connect(lambda _i: self._follow())
        self._follow()

    def set_computer(self, side: str, level: str | None) -> None:
        """Pick a side's player as a person would (None: a person)."""
        self.who[side].setCurrentIndex(0 if level is None else 1)
        if level is not None:
            self.levels[side].setCurrentIndex(COMPUTER_LEVELS.index(level))

    def players(self) -> dict[str, str]:
        return {
            side: edit.text().strip() or DEFAULT_PLAYERS[side] for side, edit in self.names.items()
        }

    def computer(self) -> dict[str, str]:
        return {
            side: self.levels[side].currentData()
            for side, who in self.who.items()
            if who.currentData() == "computer"
        }

    def pace(self) -> str:
        return self.pace_box.currentData()

    def _follow(self) -> None:
        computer = self.computer()
        for side in self.who:
            mine = side in computer
            self.names[side].setEnabled(not mine)
            self.levels[side].setEnabled(mine)
        self.pace_box.setEnabled(bool(computer))
        if len(computer) == 2:
            words = translate("NewGameDialog", "The computer plays both sides; Game > Pause the computer stops it.")
        elif computer:
            words = translate("NewGameDialog", "You play against the computer at this computer: no hand-over screen.")
        else:
            words = translate("NewGameDialog", "Hot-seat: both players at this computer, with a hand-over screen.")
        self.note.setText(words)


class PlayersDialog(QDialog):
    """Game > Players…: switch a side between a person and the computer mid-game."""

    def __init__(
        self,
        players: dict[str, str],
        computer: dict[str, str],
        pace: str,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("NewGameDialog", "Players"))
        self.rows = PlayerRows(self, players, computer, pace)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.rows)
        layout.addWidget(buttons)
        name_controls(self)  # names for a screen reader (app/accessible.py)

    def players(self) -> dict[str, str]:
        return self.rows.players()

    def computer(self) -> dict[str, str]:
        return self.rows.computer()

    def pace(self) -> str:
        return self.rows.pace()


class VictoryDialog(QDialog):
    """The end of the game: places held, points, the level of victory and the log."""

    def __init__(self, game: Game, players: dict[str, str], parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Kasserine Pass — the end")
        self.setMinimumSize(640, 560)
        level = game.victory_level()
        points = game.victory_points()
        headline = QLabel(level, self)
        big = QFont()
        big.setPointSizeF(big.pointSizeF() * 2.0)
        big.setBold(True)
        headline.setFont(big)
        headline.setAlignment(Qt.AlignmentFlag.AlignCenter)
        winner = (
            players.get("german", "German")
            if level != "German defeat"
            else players.get("allied", "Allied")
        )
        summary = QLabel(
            f"After {game.date(game.state.turn)} the Germans hold {points} victory point"
            f"{'s' if points != 1 else ''}. Well played, {winner}.",
            self,
        )
        summary.setAlignment(Qt.AlignmentFlag.AlignCenter)
        summary.setWordWrap(True)
        self.places = QTableWidget(len(game.state.victory), 3, self)
        self.places.setHorizontalHeaderLabels(["Place", "Points", "Held by"])
        self.places.verticalHeader().setVisible(False)
        for r, (name, vp) in enumerate(sorted(game.state.victory.items(), key=lambda kv: -kv[1])):
            holder = game.state.holders.get(name, "allied")
            for c, text in enumerate(
                (name, str(vp), "Germans" if holder == "german" else "Allies")
            ):
                self.places.setItem(r, c, QTableWidgetItem(text))
        self.places.resizeColumnsToContents()
        self.places.horizontalHeader().setStretchLastSection(True)
        self.places.verticalHeader().setDefaultSectionSize(24)
        self.places.setFixedHeight(
            self.places.horizontalHeader().sizeHint().height() + 24 * len(game.state.victory) + 4
        )
        scale = QLabel(
            "0–2 points: German defeat · 3–4: German tactical victory · 5–7: German decisive "
            "victory · 8–10: German strategic victory",
            self,
        )
        scale.setWordWrap(True)
        self.log = QPlainTextEdit("\n".join(game.log()), self)
        self.log.setReadOnly(True)
        self.log.setAccessibleName("Game log")
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.reject)
        close.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(headline)
        layout.addWidget(summary)
        layout.addWidget(self.places)
        layout.addWidget(scale)
        layout.addWidget(QLabel("<b>The whole game</b>", self))
        # The tracker's charts beside the log (tracker_dock.py; the same as the dock's).
        self.charts = TrackerCharts(None, self)
        self.charts.follow(game)
        self.story = QTabWidget(self)
        self.story.addTab(self.charts, "Charts")
        self.story.addTab(self.log, "Log")
        layout.addWidget(self.story, 1)
        layout.addWidget(close)
        self.level = level
        self.points = points
        name_controls(self)  # names for a screen reader (app/accessible.py)
