"""The unit chart: every combat-unit type a side may buy, with its cost and strength."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from hexcampaign.campaign.tables import Category
from hexcampaign.files import FileFormatError, read_limited
from hexcampaign.paths import resources_path

# Casualties count men for these categories (the red number) and vehicles or guns for the rest.
MANPOWER_CATEGORIES = ("infantry", "engineer")


class UnitChartError(ValueError):
    """A unit chart file that cannot be used; the message says what is wrong."""


class UnitType(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str = Field(min_length=1, max_length=120)
    category: Category
    cost: int = Field(ge=0)
    vehicles: int | None = Field(default=None, ge=1)
    red_number: int | None = Field(default=None, ge=1)
    # Head count of an infantry or engineer unit; when the chart leaves it out it is
    # three times the red number (the shipped charts' red numbers are about a third of
    # a CM company's men).
    men: int | None = Field(default=None, ge=1)
    motorised: bool = False
    spotters: int = Field(default=0, ge=0)
    available_from_turn: int = Field(default=1, ge=1)
    per_turn_limit: int | None = Field(default=None, ge=0)
    note: str = ""

    @model_validator(mode="after")
    def _one_strength(self) -> UnitType:
        # Infantry loses men (red number); everything else loses vehicles or guns.
        if self.category in MANPOWER_CATEGORIES:
            if self.red_number is None or self.vehicles is not None:
                raise ValueError(
                    f"{self.id}: a {self.category} unit needs a red_number and no vehicles"
                )
            if self.men is not None and self.men < self.red_number:
                raise ValueError(f"{self.id}: men ({self.men}) is below its red number")
        elif self.vehicles is None or self.red_number is not None or self.men is not None:
            raise ValueError(
                f"{self.id}: a {self.category} unit needs a vehicles count and no red_number"
            )
        return self

    @property
    def loss_limit(self) -> int:
        """Casualties (men, or vehicles/guns) at which the unit is eliminated."""
        if self.red_number is not None:
            return self.red_number
        assert self.vehicles is not None
        return self.vehicles // 2 + 1  # "one more than half": 5 -> 3, 3 -> 2

    @property
    def full_strength(self) -> int:
        """Men (infantry, engineers) or vehicles/guns at full strength: the most
        casualties the unit can take in one battle."""
        if self.red_number is not None:
            return self.men if self.men is not None else 3 * self.red_number
        assert self.vehicles is not None
        return self.vehicles

    @property
    def strength(self) -> str:
        """The chart's strength as a sheet prints it (a unit's own: `strength_now`)."""
        return self.strength_now(None).text

    def strength_now(self, strength: int | None) -> UnitStrength:
        """The unit at `strength` men or vehicles/guns (None: full strength): what it
        has, what eliminates it, and the words every sheet, dock and form prints."""
        full = self.full_strength
        now = full if strength is None else strength
        if self.red_number is not None:
            limit = min(self.red_number, now)  # never more casualties than it has men
            text = (
                "full strength" if now == full else f"{now} of {full} men"
            ) + f" (eliminated at {limit} casualties)"
            return UnitStrength(now, full, limit, "men", text)
        limit = now // 2 + 1  # "one more than half" of what it has now
        text = f"{now} vehicles/guns (eliminated at {limit} lost)"
        return UnitStrength(now, full, limit, "vehicles/guns", text)


@dataclass(frozen=True)
class UnitStrength:
    """A unit's strength now (after the umpire's Set strength) and its casualty limit."""

    now: int  # men, or vehicles/guns
    full: int
    loss_limit: int  # casualties that eliminate it
    counts: str  # "men" or "vehicles/guns"
    text: str  # "3 vehicles/guns (eliminated at 2 lost)"


class UnitChart(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["hexcampaign-unit-chart"] = "hexcampaign-unit-chart"
    version: int = 1
    side: str
    title: str = ""
    source: str = ""
    types: list[UnitType]

    @model_validator(mode="after")
    def _unique(self) -> UnitChart:
        ids = [t.id for t in self.types]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"unit type ids must be unique: {', '.join(dupes)}")
        return self

    @classmethod
    def default(cls, side: str) -> UnitChart:
        """The shipped chart for "german" or "us"."""
        path = resources_path(f"campaign/{side}.json")
        if not path.is_file():
            raise UnitChartError(f"There is no shipped unit chart for {side!r}; use german or us.")
        return cls.load(path)

    @classmethod
    def load(cls, path: Path | str) -> UnitChart:
        try:
            return cls.model_validate_json(read_limited(path, "unit chart"))
        except (OSError, FileFormatError) as e:
            raise UnitChartError(f"The unit chart {path} cannot be read: {e}") from e
        except ValidationError as e:
            first = e.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise UnitChartError(
                f"The unit chart {path} is not valid: {where}: {first['msg']}"
            ) from e

    def type(self, type_id: str) -> UnitType:
        for t in self.types:
            if t.id == type_id:
                return t
        raise KeyError(type_id)

    def has(self, type_id: str) -> bool:
        return any(t.id == type_id for t in self.types)
