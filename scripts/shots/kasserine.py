"""Pictures of a Kasserine Pass game for the docs (scripts/screenshots.py gathers SHOTS).

Each function takes a shown MainWindow and returns the widget to grab. Positions later
in the game are reached by seeded random legal play (the engine's own legal actions),
then shown and handled through the mode like a player would. The hint against the
computer waits for the computer's worker thread, so that picture takes a few seconds.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QApplication, QLabel, QWidget

from hexcampaign.app.kasserine.mode import KasserineMode
from hexcampaign.app.kasserine.setup_dock import waiting_for_setup
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import Game, Options
from hexcampaign.kasserine.ai import Opponent
from hexcampaign.kasserine.state import DeclareAttack, EndPhase, MoveUnit

SEED = 1943


def setup_shot(window: Any) -> QWidget:
    """German set-up: half the units placed, the next one's entry zone highlighted."""
    mode = kasserine_mode(window)
    mode.new_game(SEED, players={"german": "Erwin", "allied": "Lloyd"})
    g = mode.game
    for _ in range(len(waiting_for_setup(g)) // 2):
        hexes = sorted(mode.highlight.hexes) if mode.selected else []
        if not hexes:
            mode.choose_unit(waiting_for_setup(g)[0].id)
            hexes = sorted(mode.highlight.hexes)
        mode.hex_clicked(hexes[len(hexes) // 3])
    italian = next((u for u in waiting_for_setup(g) if u.nationality == "italian"), None)
    if italian is not None:
        mode.choose_unit(italian.id)
        mode.setup.units.select_id(italian.id)
    placed = [u.hex for u in g.units() if u.side == "german" and u.hex is not None]
    col = g.map.cols - 6
    row = sorted(h.to_offset()[1] for h in placed)[len(placed) // 2] if placed else g.map.rows // 2
    _look_at(window, mode, Hex.from_offset(col, row), 1.1)
    return window


def movement_shot(window: Any) -> QWidget:
    """German movement: a Panzer selected, every reachable hex with the MP it leaves,
    enemy zones of control hatched, the path to a hovered hex."""
    mode = kasserine_mode(window)
    game = Game.scenario(seed=SEED)
    _place_all(game)
    mode.play(game, {"german": "Erwin", "allied": "Lloyd"})
    panzer = next(
        u for u in game.units() if u.kind == "armor" and u.hex is not None and u.side == "german"
    )
    mode.choose_unit(panzer.id)
    goal = min(mode.reachable, key=lambda h: (h.distance(panzer.hex) < 4, -mode.reachable[h]))
    col, row = panzer.hex.to_offset()
    _look_at(window, mode, Hex.from_offset(max(0, col - 4), row), 1.35)
    mode.hex_hovered(goal)
    return window


def odds_shot(window: Any) -> QWidget:
    """An attack declared, the defender's guns allocated, the odds and chances shown."""
    mode = kasserine_mode(window)
    game = _play_until_attack(Game.scenario(seed=SEED, options=Options(dice="program")))
    mode.play(game, {"german": "Erwin", "allied": "Lloyd"})
    panel = mode.combat.panel
    attack = max(
        (a for a in game.legal_actions() if isinstance(a, DeclareAttack)),
        key=lambda a: (len(a.attackers) + len(a.artillery), a.attackers),
    )
    target = Hex(*game.state.units[attack.defenders[0]].at)
    mode.hex_clicked(target)
    for lst, ids in ((panel.attackers, attack.attackers), (panel.artillery, attack.artillery)):
        for i in range(lst.count()):
            item = lst.item(i)
            item.setSelected(item.data(Qt.ItemDataRole.UserRole) in ids)
    panel.declare.click()
    panel.allocate.click()  # the defender keeps his guns for another day
    _look_at(window, mode, target, 1.35)
    return window


def handover_shot(window: Any) -> QWidget:
    """The hand-over screen at a change of side: the German player has ended his turn,
    the screen names the Allied player and his phase, the board waits behind it."""
    mode = kasserine_mode(window)
    game = Game.scenario(seed=SEED)
    _place_all(game)
    mode.play(game, {"german": "Erwin", "allied": "Lloyd"})
    placed = [u.hex for u in game.units() if u.side == "german" and u.hex is not None]
    col = game.map.cols - 7
    row = sorted(h.to_offset()[1] for h in placed)[len(placed) // 2]
    _look_at(window, mode, Hex.from_offset(col, row), 1.0)
    mode.hand_over_screen = True  # this picture is of the screen itself
    mode.end_phase()  # German movement ends: his combat phase, no attack
    mode.end_phase()  # German combat ends: the Allied player's movement
    dialog = mode.handover
    _settled(mode)
    for _ in range(3):
        QApplication.processEvents()
    return _window_with_dialog(window, dialog)


def victory_shot(window: Any) -> QWidget:
    """The end: places held, points, the level of victory and the whole log."""
    mode = kasserine_mode(window)
    game = Game.scenario(seed=SEED)
    _autoplay(game, random.Random(SEED), lambda g: g.over)
    mode.play(game, {"german": "Erwin", "allied": "Lloyd"})
    _settled(mode)
    dialog = mode.victory_dialog or mode.show_victory()
    dialog.resize(700, 640)
    QApplication.processEvents()
    return dialog


def tracker_shot(window: Any) -> QWidget:
    """The Tracker dock on Feb 21: the victory points over the turns of a game the
    computer plays against itself (easy against easy), in front of the log."""
    mode = kasserine_mode(window)
    game = Game.scenario(seed=SEED)
    bots = {side: Opponent(side, "easy", seed=SEED + n) for n, side in enumerate(("german", "allied"))}
    while game.turn < 8 and not game.over:
        bot = next((b for b in bots.values() if b.waits_on_me(game)), None)
        if bot is None:
            game.end_phase()
            continue
        other = bots["allied" if bot.side == "german" else "german"]
        if not bot.play(game, defense=lambda g, o=other: o.play(g)):
            game.end_phase()
    mode.play(game, {"german": "Erwin", "allied": "Lloyd"})
    _settled(mode)
    dock = mode.docks.tracker
    dock.raise_()
    window.resizeDocks([dock], [380], Qt.Orientation.Vertical)
    for _ in range(5):
        QApplication.processEvents()
    return window


def new_game_shot(window: Any) -> QWidget:
    """The new game dialog: players, every optional rule explained, the seed."""
    from hexcampaign.app.kasserine.dialogs import NewGameDialog

    dialog = NewGameDialog(window, seed=SEED)
    dialog.names["german"].setText("Erwin")
    dialog.names["allied"].setText("Lloyd")
    dialog.show()
    QApplication.processEvents()
    return dialog


def start_page_shot(window: Any) -> QWidget:
    """The start page with a few recent files."""
    from pathlib import Path

    from hexcampaign.app.start_page import StartPage

    page = StartPage(getattr(window, "settings", None))
    page.resize(window.size())
    home = Path.home()
    page.refresh_recent(
        [
            home / "games" / "kasserine-rematch.kpgame",
            home / "maps" / "tunisia.hexmap",
            home / "campaigns" / "normandy.hxcampaign",
        ]
    )
    page.show()
    QApplication.processEvents()
    return page


def computer_hint_shot(window: Any) -> QWidget:
    """German movement on Feb 14 against the computer (Allied, normal): the hint's
    arrows show where the computer would move the Germans."""
    mode = kasserine_mode(window)
    game = Game.scenario(seed=SEED)
    setup = Opponent("german", "normal", seed=1)
    for _action in setup.steps(game):
        if game.phase != "german_setup":
            break  # the set-up is done: the person moves
    mode.play(game, {"german": "Erwin"}, computer={"allied": "normal"})
    assert mode.hint()
    _wait(lambda: mode.last_hint is not None)
    arrows = mode.last_hint.arrows
    ends = [a.hexes[-1] for a in arrows if a.hexes] or [u.hex for u in game.units() if u.hex]
    middle = sorted(ends, key=lambda h: (h.q, h.r))[len(ends) // 2]
    window.canvas.set_zoom(0.9)
    QApplication.processEvents()
    # As far right as the map goes, no empty desk beyond its edge (the mode's framing).
    mode._centre_on(*window.canvas.layout.center(Hex(middle.q, middle.r)))
    for _ in range(5):
        QApplication.processEvents()
    _settled(mode)
    return window


SHOTS: dict[str, Callable[[Any], QWidget]] = {
    "start-page": start_page_shot,
    "kasserine-new-game": new_game_shot,
    "kasserine-setup": setup_shot,
    "kasserine-movement": movement_shot,
    "kasserine-odds": odds_shot,
    "kasserine-handover": handover_shot,
    "kasserine-victory": victory_shot,
    "kasserine-tracker": tracker_shot,
    "kasserine-computer": computer_hint_shot,
}
# The window size of a shot, where it is not scripts/screenshots.py's usual one.
WINDOW_SIZES = {"kasserine-computer": (1280, 800)}


def kasserine_mode(window: Any) -> KasserineMode:
    """The window's Kasserine mode, in charge (built through the window when it can)."""
    if hasattr(window, "play_mode") and hasattr(window, "set_mode"):
        mode = window.play_mode("hexcampaign.app.kasserine")
        window.set_mode(mode)
    else:
        mode = KasserineMode(window)
        mode.activate()
    # The pictures show the board, not the hand-over screen (a window of its own).
    mode.hand_over_screen = False
    return mode


# --- helpers -------------------------------------------------------------------------------


def _look_at(window: Any, mode: KasserineMode, h: Hex, zoom: float) -> None:
    _settled(mode)
    window.canvas.set_zoom(zoom)
    window.canvas.center_on_hex(h)
    for _ in range(3):
        QApplication.processEvents()


def _window_with_dialog(window: Any, dialog: QWidget | None) -> QWidget:
    """One picture of the window with a dialog of its own over it, where the player sees
    it (a dialog is a window of its own: grabbing the main window leaves it out)."""
    picture = window.grab()
    if dialog is not None and dialog.isVisible():
        shown = dialog.grab()
        at = dialog.mapToGlobal(QPoint(0, 0)) - window.mapToGlobal(QPoint(0, 0))
        if not QRect(at, shown.size()).intersects(picture.rect()):
            at = QPoint(  # offscreen, Qt may not place it over its parent: centre it
                (picture.width() - shown.width()) // 2, (picture.height() - shown.height()) // 2
            )
        painter = QPainter(picture)
        painter.fillRect(picture.rect(), QColor(0, 0, 0, 60))  # the board waits behind it
        painter.drawPixmap(at, shown)
        painter.setPen(QColor(60, 60, 60))  # the dialog's edge, as a window manager draws it
        painter.drawRect(QRect(at, shown.size()).adjusted(-1, -1, 0, 0))
        painter.end()
    label = QLabel()
    label.setPixmap(picture)
    label.resize(picture.size())
    window.pictured = label  # kept alive until the picture is taken
    return label


def _settled(mode: KasserineMode) -> None:
    """A picture's game counts as saved: closing the window afterwards must not stop on
    the unsaved-game question (a modal box nobody answers offscreen)."""
    if mode.session is not None:
        mode.session.dirty = False


def _place_all(game: Game) -> None:
    rng = random.Random(SEED)
    while game.state.phase == "german_setup":
        places = [a for a in game.legal_actions() if a.kind == "place"]
        game.apply(rng.choice(places) if places else EndPhase())
    # German movement now.


def _autoplay(game: Game, rng: random.Random, stop) -> None:
    """Seeded random legal play (moves lean towards the enemy) until `stop(game)`."""
    _place_all(game)
    steps = 0
    while not stop(game) and not game.over and steps < 5000:
        steps += 1
        actions = game.legal_actions()
        ends = [a for a in actions if isinstance(a, EndPhase)]
        others = [a for a in actions if not isinstance(a, EndPhase)]
        if ends and (not others or rng.random() < 0.2):
            game.apply(ends[0])
            continue
        moves = [a for a in others if isinstance(a, MoveUnit)]
        if moves and rng.random() < 0.8:
            unit = rng.choice(sorted({a.unit for a in moves}))
            game.apply(rng.choice([a for a in moves if a.unit == unit]))
            continue
        game.apply(rng.choice(others or ends))


def _play_until_attack(game: Game) -> Game:
    def ready(g: Game) -> bool:
        return (
            g.state.phase == "german_combat"
            and g.pending() is None
            and not any(not c.resolved for c in g.combats())
            and any(
                isinstance(a, DeclareAttack) and len(a.attackers) > 1 for a in g.legal_actions()
            )
        )

    _autoplay(game, random.Random(SEED), ready)
    return game


def _wait(done: Callable[[], bool], seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while not done() and time.monotonic() < end:
        QApplication.processEvents()
        time.sleep(0.01)
