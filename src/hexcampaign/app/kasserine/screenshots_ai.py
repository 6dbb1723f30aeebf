"""The picture of playing against the computer for the docs: a person plays the Germans
against the computer's Allies and asks for a hint; the suggested moves are arrows on the
board. scripts/screenshots.py gathers SHOTS once this module is in its SHOT_MODULES:
("hexcampaign.app.kasserine.screenshots_ai", "SHOTS"). Each function takes a shown
MainWindow (1,280×800) and returns the widget to grab.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QApplication, QWidget

from hexcampaign.app.kasserine.screenshots import kasserine_mode
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import Game
from hexcampaign.kasserine.ai import Opponent

SEED = 1943


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
    return window


def _wait(done: Callable[[], bool], seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while not done() and time.monotonic() < end:
        QApplication.processEvents()
        time.sleep(0.01)


SHOTS: dict[str, Callable[[Any], QWidget]] = {"kasserine-computer": computer_hint_shot}
