"""Small builders for Kasserine positions on generated maps."""

from __future__ import annotations

import pytest

from hexcampaign.hexes import Hex
from hexcampaign.kasserine import Game, IllegalAction, Options, UnitSpec
from hexcampaign.maps import HexMap


def H(col: int, row: int) -> Hex:
    return Hex.from_offset(col, row)


def U(uid: str, at: tuple[int, int] | None, side: str = "german", **kw) -> UnitSpec:
    defaults = {
        "german": {"nationality": "german", "kind": "armor", "size": "battalion", "cf": 2, "mf": 16},
        "allied": {"nationality": "us", "kind": "infantry", "size": "battalion", "cf": 1, "mf": 16},
    }[side]
    fields = {**defaults, **kw}
    return UnitSpec(id=uid, side=side, hex=H(*at) if at else None, **fields)


def game(units, cols=12, rows=12, phase="german_movement", setup=None, **kw) -> Game:
    m = HexMap.blank(cols, rows)
    if setup:
        setup(m)
    return Game.custom(m, units, phase=phase, **kw)


def refused(action, *words: str) -> IllegalAction:
    """Run `action`; it must raise IllegalAction whose sentence names every word."""
    with pytest.raises(IllegalAction) as info:
        action()
    message = str(info.value)
    for word in words:
        assert word.lower() in message.lower(), message
    return info.value


def to_combat(g: Game) -> None:
    """End the movement phase."""
    g.end_phase()
    assert g.state.phase.endswith("combat")


__all__ = ["H", "U", "game", "refused", "to_combat", "Options"]
