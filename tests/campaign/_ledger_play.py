"""A campaign played for the ledger's tests (engine and desk): four turns of seeded
random play, with eight battles and purchases and builds every turn."""

from __future__ import annotations

import random

from hexcampaign.campaign import Campaign

from ._playout import new_playout, play_phase


def four_turns() -> Campaign:
    c = new_playout(2)
    rng = random.Random(2)
    while c.turn <= 4:
        play_phase(c, rng)
    return c
