"""The game state as data (saved as JSON) and the actions that change it.

State holds axial hexes as [q, r] pairs so a save is plain JSON; the Game facade turns
them into Hex values.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, Field

from hexcampaign.kasserine.options import Options
from hexcampaign.kasserine.units import Arrival, Kind, Nationality, Side, Size

PHASES = ("german_setup", "german_movement", "german_combat", "allied_movement", "allied_combat")
GAME_OVER = "game_over"
Axial = tuple[int, int]


class UnitState(BaseModel):
    id: str
    name: str = ""
    parent: str = ""
    side: Side
    nationality: Nationality
    kind: Kind
    size: Size
    cf: int = 0
    mf: int
    support: int = 0
    range: int = 0
    breakdown: str | None = None
    arrives: Arrival | None = None
    entry: str | None = None
    at: Axial | None = None
    eliminated: bool = False
    captured: bool = False
    broken_from: str | None = None
    # Per movement phase of the unit's side:
    mp_spent: int = 0
    hexes_moved: int = 0
    stopped: bool = False  # entered an enemy ZOC: no further movement this phase
    bridge_turn: int = 0  # the turn this engineer last blew or rebuilt a bridge
    placed_cost: int = 0  # German initial placement: MP the first hex cost
    # Per combat phase:
    attacked: bool = False
    defended: bool = False
    supported: bool = False
    advanced: bool = False


class RolledCombat(BaseModel):
    """A combat as it stood when it was rolled: what the players saw then, kept after
    the result moved the units (the live numbers would be of the new position)."""

    odds: str
    attack: str  # a Fraction's text, e.g. "5/2"
    defense: str
    faces: list[int] = Field(default_factory=list)  # the dice (none: hand roll or automatic)
    roll: int | None = None
    result: str
    breakdown: list[str] = Field(default_factory=list)


class CombatState(BaseModel):
    id: int
    side: Side  # the attacker's side
    attackers: list[str]
    defenders: list[str]
    artillery: list[str] = Field(default_factory=list)
    defense_artillery: list[str] = Field(default_factory=list)
    air_power: bool = False
    target: Axial
    attacker_hexes: list[Axial] = Field(default_factory=list)
    odds: str = ""
    loss_factors: int = 0  # basic defender factors, doubled in a city (A ELIM, EXCHANGE)
    resolved: bool = False
    roll: int | None = None
    result: str | None = None
    stages: list[str] = Field(default_factory=list)
    as_rolled: RolledCombat | None = None  # display only; saves before it lack it


def _count(n: int, word: str) -> str:
    """ "1 hex", "2 hexes", "1 combat factor", "3 combat factors"."""
    if n == 1:
        return f"1 {word}"
    return f"{n} {word}es" if word.endswith("x") else f"{n} {word}s"


def hex_count(n: int) -> str:
    """ "1 hex", "3 hexes"."""
    return _count(n, "hex")


class Decision(BaseModel):
    """A choice a combat result waits for, and whose it is."""

    kind: Literal["losses", "retreat", "advance", "advance_roll"]
    side: Side
    combat: int
    units: list[str]
    hexes: int = 0  # retreat length, or the most hexes of an advance
    mp: int | None = None  # D ELIM: the MP the advance may spend (die roll)
    factors: int = 0  # losses: combat factors to remove at least
    vacated: list[Axial] = Field(default_factory=list)  # advance: where it must start
    battle: Axial | None = None  # retreat: the hex to retreat away from

    def describe(self, names: Callable[[list[str]], str] | None = None, who: str | None = None) -> str:
        """The decision in a sentence; `names` turns the unit ids into the counters'
        names (Game.describe passes the game's labels); `who` names the one who
        decides (by default "German player")."""
        if who is None:
            who = ("German" if self.side == "german" else "Allied") + " player"
        units = names(self.units) if names is not None else ", ".join(self.units)
        if self.kind == "losses":
            return f"{who}: remove at least {_count(self.factors, 'combat factor')} from {units}"
        if self.kind == "retreat":
            return f"{who}: retreat {units} {_count(self.hexes, 'hex')}"
        if self.kind == "advance_roll":
            return f"{who}: roll one die for the MP of the advance after D ELIM"
        limit = f"{self.mp} MP" if self.mp is not None else _count(self.hexes, "hex")
        return f"{who}: advance {units} up to {limit}, or decline"


class Engagement(BaseModel):
    side: Side  # the attacker who rolled ENGAGED and must re-attack
    turn: int
    attackers: list[str]
    defenders: list[str]


class Contact(BaseModel):
    side: Side  # the defender who must counter-attack all attackers or retreat
    turn: int
    attackers: list[str]
    defenders: list[str]


class GameState(BaseModel):
    format: Literal["hexcampaign-kasserine-state"] = "hexcampaign-kasserine-state"
    version: int = 1
    turn: int = 1
    phase: str = "german_movement"
    # None: the program's dice roll from the operating system's entropy (nothing in a
    # save tells the next roll); an int: they follow this seed (tests, tools).
    seed: int | None = 1
    # The game's own id, fixed for its life like the seed ("" in saves from before ids and
    # in games by e-mail): the window's journal knows by it when a save is older than the
    # game it came from (app/kasserine/reopening.py).
    game_id: str = ""
    options: Options = Field(default_factory=Options)
    units: dict[str, UnitState] = Field(default_factory=dict)
    holders: dict[str, Side] = Field(default_factory=dict)
    victory: dict[str, int] = Field(default_factory=dict)
    destroyed_bridges: list[Axial] = Field(default_factory=list)
    combats: list[CombatState] = Field(default_factory=list)
    pending: list[Decision] = Field(default_factory=list)
    engagements: list[Engagement] = Field(default_factory=list)
    contacts: list[Contact] = Field(default_factory=list)
    air_superiority: bool | None = None  # None until decided (option "roll")
    air_used_turn: int = 0
    next_combat: int = 1

    @property
    def side(self) -> Side:
        return "german" if self.phase.startswith("german") else "allied"


# --- actions: small typed values appended to the log -----------------------------------


class _Action(BaseModel):
    faces: list[int] | None = None  # program dice rolled while applying it (replay reads these)


class PlaceUnit(_Action):
    kind: Literal["place"] = "place"
    unit: str
    hex: Axial


class PlaceUnits(_Action):
    """German set-up: several units placed at once (a whole formation, the hint's set-up,
    a saved set-up), unit k on hex k: one action, one undo step; all of them, or none
    (kasserine/placements.py)."""

    kind: Literal["place_units"] = "place_units"
    units: list[str] = Field(min_length=1, max_length=200)
    hexes: list[Axial] = Field(min_length=1, max_length=200)


class MoveUnit(_Action):
    kind: Literal["move"] = "move"
    unit: str
    path: list[Axial]


class MoveStack(_Action):
    """Several units moving together along one path: one action, one undo step."""

    kind: Literal["move_stack"] = "move_stack"
    units: list[str]
    path: list[Axial]


class BreakdownUnit(_Action):
    kind: Literal["breakdown"] = "breakdown"
    unit: str


class BreakOff(_Action):
    kind: Literal["break_off"] = "break_off"
    unit: str


class BridgeWork(_Action):
    kind: Literal["bridge"] = "bridge"
    unit: str
    hex: Axial
    destroy: bool


class DeclareAttack(_Action):
    kind: Literal["declare"] = "declare"
    attackers: list[str]
    defenders: list[str]
    artillery: list[str] = Field(default_factory=list)
    air_power: bool = False


class SupportDefense(_Action):
    kind: Literal["support"] = "support"
    combat: int
    artillery: list[str]


class Resolve(_Action):
    kind: Literal["resolve"] = "resolve"
    combat: int
    roll: int | None = None  # entered by hand


class AdvanceRoll(_Action):
    kind: Literal["advance_roll"] = "advance_roll"
    die: int | None = None


class TakeLosses(_Action):
    kind: Literal["losses"] = "losses"
    units: list[str]


class Retreat(_Action):
    kind: Literal["retreat"] = "retreat"
    unit: str
    path: list[Axial]


class Advance(_Action):
    kind: Literal["advance"] = "advance"
    unit: str
    path: list[Axial]


class DeclineAdvance(_Action):
    kind: Literal["decline_advance"] = "decline_advance"


class EndPhase(_Action):
    kind: Literal["end_phase"] = "end_phase"


class Reopened(_Action):
    """A line in the log, nothing else: the game was reopened from a save older than it
    had gone (`further` actions further; `roll_at`, the target of the first roll taken
    back). Not a move of either side: never in a turn file, only in a save (LoggedAction)."""

    kind: Literal["reopened"] = "reopened"
    further: int = Field(ge=1, le=1_000_000)
    roll_at: Axial | None = None


Action = Annotated[
    PlaceUnit
    | PlaceUnits
    | MoveUnit
    | MoveStack
    | BreakdownUnit
    | BreakOff
    | BridgeWork
    | DeclareAttack
    | SupportDefense
    | Resolve
    | AdvanceRoll
    | TakeLosses
    | Retreat
    | Advance
    | DeclineAdvance
    | EndPhase,
    Field(discriminator="kind"),
]

# What a save's log holds: the players' actions and the notes of reopened saves.
LoggedAction = Annotated[
    PlaceUnit
    | PlaceUnits
    | MoveUnit
    | MoveStack
    | BreakdownUnit
    | BreakOff
    | BridgeWork
    | DeclareAttack
    | SupportDefense
    | Resolve
    | AdvanceRoll
    | TakeLosses
    | Retreat
    | Advance
    | DeclineAdvance
    | EndPhase
    | Reopened,
    Field(discriminator="kind"),
]


# --- the engine's own values, built without validation ---------------------------------
#
# Listing the legal actions builds thousands of actions a game (11,000 placements in a
# German set-up) from values the engine made itself: unit ids from the state, hexes from
# the board. Validating each costs twice the construction below, and validation cannot
# fail on them. Input from files and players (Game.move, declare_attack, a save's log,
# a turn file) is still validated where it comes in. A value built here is the very
# value validation would give: its fields in the model's order, the same fields marked
# as set, no extra or private data (tests/kasserine/test_engine_same_games.py).

# The slots' own setters: a third cheaper than object.__setattr__ by name.
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__
_new = object.__new__
M = TypeVar("M", bound=BaseModel)
A = TypeVar("A", bound="_Action")
_ATOMIC = (str, int, bool, float, type(None))

# class -> (defaults in field order, fields made by a factory)
_SHAPES: dict[type, tuple[dict[str, object], tuple[tuple[str, Callable[[], object]], ...]]] = {}


def _shape(cls: type[BaseModel]) -> tuple[dict[str, object], tuple[tuple[str, Callable[[], object]], ...]]:
    shape = _SHAPES.get(cls)
    if shape is None:
        defaults: dict[str, object] = {}
        factories: list[tuple[str, Callable[[], object]]] = []
        for name, field in cls.model_fields.items():
            if field.default_factory is not None:
                assert field.default_factory in (list, dict), (cls, name)  # called with no data
                defaults[name] = None  # its place in the order; filled per value
                factories.append((name, field.default_factory))
            else:
                # Required fields hold a placeholder until the caller's value replaces it;
                # a default must be immutable to be shared (validation would copy it).
                assert field.is_required() or isinstance(field.default, _ATOMIC), (cls, name)
                defaults[name] = None if field.is_required() else field.default
        shape = _SHAPES[cls] = (defaults, tuple(factories))
    return shape


def trusted(cls: type[M], **values: object) -> M:
    """cls(**values) without validation, for values already of the fields' types (plain
    tuples for hexes, fresh lists): the engine's own actions."""
    defaults, factories = _shape(cls)
    fields = dict(defaults)
    fields.update(values)  # keys already in `fields` keep their place: the model's order
    for name, factory in factories:
        if name not in values:
            fields[name] = factory()
    model = _new(cls)
    _set_dict(model, fields)
    _set_fields_set(model, set(values))
    _set_extra(model, None)
    _set_private(model, None)
    return model


def place_action(unit: str, at: Axial) -> PlaceUnit:
    """trusted(PlaceUnit, unit=unit, hex=at), spelled out: set-up lists 200 a unit."""
    model = _new(PlaceUnit)
    _set_dict(model, {"faces": None, "kind": "place", "unit": unit, "hex": at})
    _set_fields_set(model, {"unit", "hex"})
    _set_extra(model, None)
    _set_private(model, None)
    return model


def fresh_action(action: A, keep_faces: bool = False) -> A:
    """action.model_copy(update={"faces": None}, deep=True) (or deep=True alone with
    keep_faces), the copy apply() and replays log, at a fifth of its cost: an action's
    fields are strings, numbers and lists of them or of hex pairs. Anything else (a
    value someone built by hand with shared or nested lists) takes pydantic's copy."""
    fields = action.__dict__
    copied: dict[str, object] = {}
    seen: set[int] = set()
    for name, value in fields.items():
        if type(value) is list:
            if id(value) in seen or not _plain_list(value):
                break
            seen.add(id(value))
            value = list(value)
        elif not (type(value) in _ATOMIC or _plain_pair(value)):
            break
        copied[name] = value
    else:
        if action.__pydantic_extra__ is None and action.__pydantic_private__ is None:
            fields_set = set(action.__pydantic_fields_set__)
            if not keep_faces:
                copied["faces"] = None
                fields_set.add("faces")
            model = _new(type(action))
            _set_dict(model, copied)
            _set_fields_set(model, fields_set)
            _set_extra(model, None)
            _set_private(model, None)
            return model
    if keep_faces:
        return action.model_copy(deep=True)
    return action.model_copy(update={"faces": None}, deep=True)


def _plain_pair(value: object) -> bool:
    """A tuple of atoms (a hex pair): deepcopy hands it back as it is."""
    if type(value) is not tuple:
        return False
    for x in value:  # (loops, not all() over a generator: every logged move's path)
        if type(x) not in _ATOMIC_KINDS:
            return False
    return True


def _plain_list(values: list) -> bool:
    """Is every item an atom or a tuple of atoms (a list fresh_action may copy shallow)?"""
    for x in values:
        kind = type(x)
        if kind is tuple:
            for y in x:
                if type(y) not in _ATOMIC_KINDS:
                    return False
        elif kind not in _ATOMIC_KINDS:
            return False
    return True


_ATOMIC_KINDS = frozenset(_ATOMIC)
