"""Units: the order-of-battle spec a game starts from, and the view a player sees."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator

from hexcampaign.hexes import Hex

Side = Literal["german", "allied"]
Nationality = Literal["german", "italian", "us", "british", "french"]
Kind = Literal[
    "armor",
    "armored_infantry",
    "infantry",
    "recon",
    "artillery",
    "engineers",
    "anti_tank",
    "flak",
    "rangers",
]
Size = Literal["detachment", "battalion", "regiment", "brigade"]

KIND_WORDS = {
    "armor": "armor",
    "armored_infantry": "armored infantry",
    "infantry": "infantry",
    "recon": "recon",
    "artillery": "artillery",
    "engineers": "engineers",
    "anti_tank": "anti-tank",
    "flak": "flak",
    "rangers": "rangers",
}


class Arrival(BaseModel):
    """A reinforcement's date (turn number, 1 = Feb 14) and arrival point (a place name)."""

    model_config = ConfigDict(frozen=True)

    turn: int
    place: str


class UnitSpec(BaseModel):
    """One counter of the order of battle, as a game starts with it."""

    model_config = ConfigDict(arbitrary_types_allowed=True, extra="forbid")

    id: str
    side: Side
    nationality: Nationality
    kind: Kind
    size: Size
    cf: int = 0
    mf: int
    support: int = 0
    range: int = 0
    hex: Hex | None = None
    name: str = ""
    parent: str = ""
    breakdown: str | None = None  # key into resources/kasserine/breakdown.json
    arrives: Arrival | None = None
    entry: str | None = None  # German entry zone name, placed in "german_setup"

    @field_validator("hex", mode="before")
    @classmethod
    def _hex(cls, value: object) -> object:
        if isinstance(value, list | tuple) and len(value) == 2:
            return Hex(int(value[0]), int(value[1]))
        return value

    @field_validator("arrives", mode="before")
    @classmethod
    def _arrives(cls, value: object) -> object:
        if isinstance(value, list | tuple) and len(value) == 2:
            return {"turn": value[0], "place": value[1]}
        return value


class UnitView(BaseModel):
    """What a player (or the GUI) may know about a unit right now."""

    model_config = ConfigDict(arbitrary_types_allowed=True, frozen=True)

    id: str
    name: str
    side: Side
    nationality: Nationality
    kind: Kind
    size: Size
    cf: int
    mf: int
    support: int
    range: int
    hex: Hex | None
    arrives: Arrival | None
    eliminated: bool
    engaged: bool
    parent: str = ""
    mp_spent: int = 0
    captured: bool = False
    # The counter's name as players tell it apart: with its formation where another
    # counter bears the same name ("21 Pz — Panzer 1"). Logs and refusals use it.
    label: str = ""

    @property
    def factors(self) -> str:
        """The counter's printed numbers, e.g. "2-16"."""
        if self.kind == "artillery":
            return f"{self.support}-{self.mf} ({self.range})"
        return f"{self.cf}-{self.mf}"

    @property
    def title(self) -> str:
        name = self.name or self.id
        return f"{name} {KIND_WORDS[self.kind]} {self.factors}"
