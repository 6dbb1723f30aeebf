"""A main window with the Kasserine Pass mode active, and small positions to play."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from app.helpers import shown_window
from hexcampaign.app.kasserine import install
from hexcampaign.app.kasserine.dice import DiceWidget
from hexcampaign.app.settings import Settings
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import Game, Options, UnitSpec
from hexcampaign.maps import HexMap

H = Hex.from_offset


@pytest.fixture(autouse=True)
def quiet_dice(monkeypatch):
    """Dice land at once in tests (the tumble is a timer)."""
    original = DiceWidget.__init__

    def init(self, *args, **kwargs):
        original(self, *args, **kwargs)
        self.animate = False

    monkeypatch.setattr(DiceWidget, "__init__", init)


@pytest.fixture
def window(qtbot):
    return shown_window(qtbot, settings=Settings(), editor=False)


@pytest.fixture
def mode(window):
    """The play mode without the hand-over screen (tests of one rule at a time play
    both sides without passing the mouse; `hot_seat` keeps the screen)."""
    m = install(window)
    m.activate()
    m.hand_over_screen = False
    QApplication.processEvents()
    return m


@pytest.fixture
def hot_seat(mode):
    mode.hand_over_screen = True
    return mode


def unit(uid, col, row, side="german", **kw) -> UnitSpec:
    defaults = {
        "german": {
            "nationality": "german",
            "kind": "armor",
            "size": "battalion",
            "cf": 4,
            "mf": 16,
        },
        "allied": {"nationality": "us", "kind": "infantry", "size": "battalion", "cf": 2, "mf": 16},
    }[side]
    return UnitSpec(
        id=uid,
        side=side,
        hex=H(col, row) if col is not None else None,
        **{"name": uid, **defaults, **kw},
    )


def skirmish(phase="german_combat", dice="hand", panzer_cf=6, **options) -> Game:
    """A Panzer and a Grenadier next to a US battalion, guns on both sides."""
    m = HexMap.blank(10, 8)
    units = [
        unit("Panzer", 3, 3, cf=panzer_cf),
        unit("Grenadiers", 3, 5, kind="armored_infantry", cf=2),
        unit("Guns", 2, 3, kind="artillery", cf=0, support=3, range=3, mf=8),
        unit("Doughboys", 4, 3, "allied"),
        unit("Battery", 6, 3, "allied", kind="artillery", cf=0, support=2, range=3, mf=12),
    ]
    return Game.custom(m, units, seed=1, phase=phase, options=Options(dice=dice, **options))
