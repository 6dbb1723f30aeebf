"""The optional rules a game is played with; saved with the game."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict


class Options(BaseModel):
    """Optional rules and house choices.

    The defaults are the balanced game the rulebook designed: German initial placement
    and the advance terrain limit on; the three rules its "Note on Optional Rules" says
    give the Allies "a definite edge" (Rangers ZOC, Italian ZOC, Allied air power) off.
    Options.historical() is the set the same note asks for "strict historical
    accuracy": those two ZOC rules on, and air power by the 50/50 roll it suggests.
    (docs/rules-interpretations.md, "Optional rules: the defaults and historical".)
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    # "The Germans ... must count the first hex they place their troops on as part of
    # their movement." Also used for reinforcements entering at their arrival point.
    german_initial_placement: bool = True
    # "A unit may never advance through terrain that normally would cause him to use more
    # MP's than he is worth."
    advance_terrain_limit: bool = True
    # Rangers exert a British/French-style ZOC: Panzer units may not move through it.
    rangers_zoc: bool = False
    # US armor and all British/French units may move through Italian infantry ZOC at +2 MP.
    italian_zoc: bool = False
    # Allied air power from the Feb 22 turn: off, on, or a 50/50 die roll on Feb 22.
    allied_air_power: Literal["off", "on", "roll"] = "off"
    # The printed CRT lists only rolls 2-6 of two dice.
    crt_high_rolls: Literal["mirror", "clamp"] = "mirror"
    # "program": the game rolls; "hand": players roll real dice and enter them.
    dice: Literal["program", "hand"] = "program"

    @classmethod
    def historical(cls, **changes: Any) -> Options:
        """The rulebook's optional rules "for strict historical accuracy"."""
        return cls(**{"rangers_zoc": True, "italian_zoc": True, "allied_air_power": "roll", **changes})
