"""House-rule switches for the campaign; each is named in docs/rules-interpretations.md."""

from __future__ import annotations

import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    # The draft marks fortifying "NOT APPLICABLE FOR PLAYTEST".
    fortification: bool = False
    # Unspent PP are lost at the end of the turn unless this is on.
    carry_over_pp: bool = False
    # Supply (the draft names it without a rule): each consequence can be switched off.
    supply: bool = True
    supply_halves_movement: bool = True
    supply_blocks_reinforcement: bool = True
    supply_limits_ammunition: bool = True
    # Does the attacker's own parent corps HQ also need the 3-hex artillery range?
    parent_corps_artillery_needs_range: bool = True
    # Foot infantry in a mechanised division: refused (False) or the division then
    # moves and pursues as an infantry division while it holds them (True).
    foot_infantry_in_mechanised: bool = False
    # Who holds the battlefield after a DRAW (abandoned vehicles are not counted for it).
    draw_battlefield_held_by: Literal["defender", "nobody"] = "defender"
    # Experience of a newly built formation.
    starting_experience: str = "regular"
    # The campaign's end (docs/rules-interpretations.md, "The campaign's end"): after
    # the last turn (None: no limit), when a side holds `victory_vp` VP at the end of a
    # turn (None: no VP victory), or at once when a side takes the enemy capital.
    last_turn: int | None = Field(default=None, ge=1, le=10_000)
    victory_vp: int | None = Field(default=None, ge=1)
    capital_victory: bool = False
    # House rule, off by default: a division gains a level after two battles won and
    # loses one when a battle costs it half or more of its combat units.
    experience_progression: bool = False
    # Default formation names: False numbers both sides' formations alike ("1st Infantry
    # Division" on each side, as saves made before this option did, so they replay to
    # the names they recorded); True (the wizard's choice) numbers the second side's
    # from 10 ("10th Infantry Division", "X Corps"), never a name the other side uses.
    distinct_names: bool = False
    # The calendar: turn 1 is `start_date`; each turn lasts `days_per_turn` days.
    start_date: datetime.date = datetime.date(1944, 6, 6)
    days_per_turn: int = Field(default=2, ge=1, le=365)
