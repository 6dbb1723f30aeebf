"""Small hand-built CM maps and campaigns for the rules tests."""

from __future__ import annotations

from hexcampaign.campaign import Campaign, Options
from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap

GERMAN_CAPITAL = Hex.from_offset(1, 4)
US_CAPITAL = Hex.from_offset(14, 4)
CENTRE = Hex.from_offset(7, 4)


def cm_map(cols: int = 16, rows: int = 9) -> HexMap:
    m = HexMap.blank(cols, rows, palette="cm")
    m.add_place(GERMAN_CAPITAL, "Berlin", "capital", pp=3)
    m.add_place(US_CAPITAL, "Washington", "capital", pp=3)
    return m


def new_campaign(hexmap: HexMap | None = None, seed: int = 1, **options) -> Campaign:
    return Campaign.new(
        hexmap or cm_map(),
        sides=("german", "us"),
        capitals={"german": GERMAN_CAPITAL, "us": US_CAPITAL},
        seed=seed,
        options=Options(**options),
    )


def to_phase(c: Campaign, phase: str, side: str | None = None) -> None:
    """End phases until `phase` (of `side`, default the side to play now) is reached."""
    side = side or c.side_to_play
    for _ in range(30):
        if c.phase == phase and c.side_to_play == side:
            return
        c.end_phase()
    raise AssertionError(f"never reached {side} {phase}")


def clash(c: Campaign, german_units=("grenadier_company",), us_units=("rifle_company",), **kw):
    """A German division at CENTRE and a US division to its south-east, both in supply
    from a corps HQ behind them; returns (german division, us division)."""
    g_corps = c.deploy("german", "corps", CENTRE.neighbor(5).neighbor(5))
    u_corps = c.deploy("us", "corps", CENTRE.neighbor(2).neighbor(2).neighbor(2))
    g = c.deploy(
        "german",
        kw.get("german_kind", "infantry"),
        CENTRE,
        list(german_units),
        corps=g_corps,
        experience=kw.get("german_experience"),
    )
    u = c.deploy(
        "us",
        kw.get("us_kind", "infantry"),
        CENTRE.neighbor(2),
        list(us_units),
        corps=u_corps,
        dug_in=kw.get("us_dug_in", False),
    )
    return g, u
