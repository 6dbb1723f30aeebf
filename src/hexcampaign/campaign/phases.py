"""The seven phases of a side's turn, in order, with the names the umpire reads."""

from __future__ import annotations

PHASE_TITLES = {
    "reinforcement": "reinforcement",
    "movement": "movement",
    "attack_orders": "attack orders",
    "battle_resolution": "battle resolution",
    "retreat_advance": "retreat and advance",
    "pursuit": "pursuit battles",
    "purchase": "new unit purchase",
}

PHASES = (
    "reinforcement",
    "movement",
    "attack_orders",
    "battle_resolution",
    "retreat_advance",
    "pursuit",
    "purchase",
)

__all__ = ["PHASES", "PHASE_TITLES"]
