"""What every rule module works on: one game's map, board, state and dice, with the
small questions they all ask (where is a unit, what is it called, what is a hex called).

The rule modules (movement, combat, results, unit_work, phases, obligations, legal) are
functions of a GameContext; the Game facade owns one and dispatches actions to them. A
rule changes `state` and reports what it changed on `changes`, the record of the action
being applied (see hexcampaign.rules.changes):

- UNITS: a unit moved, was placed, broke down, spent MP or changed hands (`units`,
  `hexes` say which and where: the hex left and the hex reached);
- ELIMINATED: a unit left the game (its last hex in `hexes`);
- PHASE: the phase, turn or side to play changed (per-phase marks were reset);
- DECISION: a combat result's pending decision appeared, changed or was settled;
- COMBAT: an attack was declared, supported, rolled, or its result carried out;
- HOLDINGS / POINTS: a place changed hands / the Germans' victory points changed;
- MAP: a bridge was destroyed or rebuilt (its hex in `hexes`);
- LOCK: new information was shown (a roll, the defender's artillery) or the game passed
  to the other player (a declared attack handed to the defender, a combat result's
  decision passing to the other side, the next side's phase); undo cannot go back past
  this action.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from types import UnionType
from typing import Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel

from hexcampaign.hexes import Hex
from hexcampaign.kasserine.board import NO_HEX, Board
from hexcampaign.kasserine.position import Position, refuse
from hexcampaign.kasserine.state import (
    GAME_OVER,
    Action,
    Axial,
    BreakdownUnit,
    BridgeWork,
    CombatState,
    Decision,
    DeclareAttack,
    EndPhase,
    GameState,
    MoveStack,
    MoveUnit,
    PlaceUnit,
    PlaceUnits,
    SupportDefense,
    UnitState,
)
from hexcampaign.kasserine.tables import rules_table
from hexcampaign.kasserine.units import KIND_WORDS, UnitView
from hexcampaign.maps import HexMap
from hexcampaign.rules import Dice
from hexcampaign.rules.changes import Play, PlayChanges

# "10th Panzer" -> "10 Pz": the short formation a counter's label carries.
M = TypeVar("M", bound=BaseModel)
_DIVISION = re.compile(r"^(\d+)(?:st|nd|rd|th)? Panzer$")


# The game's program dice are the shared dice of both rulesets (hexcampaign.rules.dice):
# with a seed they follow it (tests, tools, a referee's reproducible game); with seed None
# each face comes from the operating system's entropy at the moment of the roll, so
# nothing in a save tells the next roll. Every face is recorded; a replay hands the
# recorded faces back, and apply_recorded feeds the faces another copy rolled.
GameDice = Dice

# The actions whose handlers change a unit's hex (through put, which carries the
# position over), its MP, hexes moved and stop, and the places held, and nothing else.
CARRIED: frozenset[type] = frozenset((MoveUnit, MoveStack, PlaceUnit, PlaceUnits))
# The actions that change no unit's hex, side or factors, nor the bridges: the declared
# combats, the units' marks (attacked, defended, supported) and MP, the phase and what a
# new phase resets (Position.marked).
MARKING: frozenset[type] = frozenset((DeclareAttack, SupportDefense, EndPhase))


class GameContext:
    """One game's map, board, rules, state and dice, and the record of what the action
    being applied changed."""

    def __init__(
        self,
        hexmap: HexMap,
        state: GameState,
        entry_zones: dict[str, list[Hex]],
        arrival_points: dict[str, list[Hex]],
        board: Board,
    ) -> None:
        self.map = hexmap
        self.board = board
        self.rules = rules_table()
        self.entry_zones = entry_zones
        self.arrival_points = arrival_points
        self.state = state
        self.dice = GameDice(state.seed)
        self.changes = PlayChanges()
        # Faces rolled while applying an action are recorded on it (replay reads them).
        self.faces_sink: Action | None = None
        self.east_edges: dict[int, list[Hex]] = {}
        self.entry_spots: dict[str, list[tuple[int, Hex]]] = {}
        self.entry_pairs: dict[str, list[tuple[int, Axial]]] = {}  # movement.placeable
        self.entry_sets: dict[str, frozenset[int]] = {}  # the same zones' hexes
        # unit id -> (the spots its placements were listed for, those placements, every
        # placement of it made so far by hex): legal._placements
        self.placements: dict[str, tuple[list[tuple[int, Axial]], list[PlaceUnit], dict[Axial, PlaceUnit]]] = {}
        self._position: Position | None = None
        self._hexnames: dict[tuple[int, int], str] = {}  # hexname()
        self._names: tuple[int, int, frozenset[str]] = (0, 0, frozenset())

    # --- the position ----------------------------------------------------------------

    @property
    def position(self) -> Position:
        """Occupancy, zones of control and searches of the current state (cached until
        the state changes)."""
        if self._position is None:
            self._position = Position(self.board, self.state)
        return self._position

    def forget_position(self) -> None:
        """The state changed: the next question builds a new Position."""
        self._position = None

    def after_action(self, action: object) -> None:
        """The state changed by `action`: a move or a placement changes only what put()
        carried the position over (Position.moved), a declared attack, the defender's
        artillery or the end of a phase only the combats, the phase and the units' marks
        and MP (Position.marked); a breakdown changes German units only and bridge work
        the roads only, so the next position takes over what the rest allows
        (Position.successor); any other drops the position."""
        kind = type(action)
        if kind in CARRIED:
            return
        position = self._position
        if position is None:
            return
        if kind in MARKING:
            position.marked()
        elif kind is BreakdownUnit:  # German units only: the Allies' zones stay
            self._position = position.successor(self.state, ("allied",), same_units=False)
        elif kind is BridgeWork:  # the roads only: every unit's zones stay
            self._position = position.successor(self.state, ("german", "allied"), same_units=True)
        else:
            self._position = None

    # --- looking things up ------------------------------------------------------------

    def unit(self, unit_id: str) -> UnitState:
        unit = self.state.units.get(unit_id)
        if unit is None:
            raise refuse(f"Units: there is no unit {unit_id!r} in this game", "Units")
        return unit

    def combat(self, combat_id: int) -> CombatState:
        for c in self.state.combats:
            if c.id == combat_id:
                return c
        raise refuse(f"Combat: there is no combat {combat_id} this phase", "Combat")

    def pending(self) -> Decision | None:
        return self.state.pending[0] if self.state.pending else None

    def index(self, at: Axial) -> int:
        """The board index of an axial pair; a hex off the map is refused."""
        # A pair is looked up as it is (board.spot: every hex of every move's path); a
        # Hex equals the pair and hashes as it does, so it is the same answer.
        if type(at) is tuple and len(at) == 2:
            i = self.board.spot.get(at, NO_HEX)
        else:
            i = self.board.index.get(Hex(*at), NO_HEX)
        if i == NO_HEX:
            raise refuse("Map: the hex is off the map", "Map")
        return i

    def engaged(self, unit_id: str) -> bool:
        return any(unit_id in e.attackers or unit_id in e.defenders for e in self.state.engagements)

    def on_map(self, u: UnitState) -> bool:
        return u.at is not None and not u.eliminated

    # --- names as the players see them ------------------------------------------------

    def label(self, u: UnitState) -> str:
        """The unit as its counter names it, with its formation where another counter
        bears the same name ("21 Pz — Panzer 1")."""
        name = u.name or u.id
        if _base_name(u) in self._repeated_names():
            short = formation_short(u.parent)
            return f"{short} — {name}" if short else f"{name} ({u.id})"
        return name

    def label_with_factors(self, u: UnitState) -> str:
        """label() with the counter's kind and printed factors, for the odds breakdown."""
        factors = f"{u.support}-{u.mf}" if u.kind == "artillery" else f"{u.cf}-{u.mf}"
        return f"{self.label(u)} ({KIND_WORDS[u.kind]} {factors})"

    def labels(self, ids: Iterable[str]) -> str:
        return ", ".join(self.label(self.state.units[uid]) if uid in self.state.units else uid for uid in ids)

    def hexname(self, at: Hex | Axial) -> str:
        """The 4-digit number printed on the map, with the place's name when it has one.
        Kept per hex: every move's log line names two, and a game's map does not change
        (its board is built from it once)."""
        key = (at[0], at[1])
        name = self._hexnames.get(key)
        if name is None:
            h = Hex(*key)
            place = self.map.place_at(h)
            number = self.map.label(h)
            name = self._hexnames[key] = f"{number} ({place.name})" if place else number
        return name

    def describe(self, decision: Decision) -> str:
        return decision.describe(self.labels)

    def _repeated_names(self) -> frozenset[str]:
        units = self.state.units
        key = (id(units), len(units))
        if self._names[:2] != key:  # new units appear only by breakdown (and undo)
            # Counted by the counters the game began with: the parts of a broken-down
            # unit are one "Panzer 1" (they name their formation as it did), so neither
            # they nor the other formation's "Panzer 1" lose it after a breakdown.
            origins = {(_base_name(u), u.broken_from or u.id) for u in units.values()}
            counts = Counter(name for name, _origin in origins)
            self._names = (*key, frozenset(n for n, k in counts.items() if k > 1))
        return self._names[2]

    # --- dice -------------------------------------------------------------------------

    def roll_die(self) -> int:
        face = self.dice.die()
        self.changes.add(Play.LOCK)
        sink = self.faces_sink
        if sink is not None:
            sink.faces = [*(sink.faces or []), face]
        return face

    # --- changes every rule family makes ----------------------------------------------

    def put(self, u: UnitState, at: Axial | None) -> None:
        """Move a unit to `at` (an axial pair, or None: off the map), recording it."""
        hexes = [Hex(*x) for x in (u.at, at) if x is not None]
        before = u.at
        u.at = (at[0], at[1]) if at is not None else None  # a pair, even from a list
        self.changes.add(Play.UNITS, (u.id,), hexes)
        position = self._position
        if position is not None and not position.moved(u, before):
            self._position = None

    def touched(self, u: UnitState, flags: Play = Play.UNITS) -> None:
        """A unit changed in place (MP, engagement, owner): record it and its hex."""
        self.changes.add(flags, (u.id,), [Hex(*u.at)] if u.at is not None else ())

    def pass_through(self, u: UnitState, path: list[int]) -> None:
        """Victory: a place is held by the side whose unit last passed through it."""
        holders = self.state.holders
        for i in path:
            name = self.board.place[i]
            if name is not None and holders.get(name) != u.side:
                holders[name] = u.side
                flags = Play.HOLDINGS | (Play.POINTS if self.state.victory.get(name) else Play.NONE)
                self.changes.add(flags, (), [self.board.hexes[i]])

    def drop_from_records(self, uid: str) -> None:
        """The unit no longer takes part in any engagement (it left, or broke off)."""
        for e in self.state.engagements:
            if uid in e.attackers:
                e.attackers.remove(uid)
            if uid in e.defenders:
                e.defenders.remove(uid)
        self.state.engagements = [e for e in self.state.engagements if e.attackers and e.defenders]


def formation_short(parent: str) -> str:
    """A formation as a counter's corner would print it: "21st Panzer" -> "21 Pz",
    "D.A.K." -> "DAK"."""
    match = _DIVISION.match(parent.strip())
    if match:
        return f"{match.group(1)} Pz"
    if parent.replace(".", "").isupper():
        return parent.replace(".", "")
    return parent.strip()


def unit_view(u: UnitState, engaged: bool, label: str) -> UnitView:
    """What a player may know of a unit now (Game.units())."""
    return UnitView(
        id=u.id,
        name=u.name,
        label=label,
        side=u.side,
        nationality=u.nationality,
        kind=u.kind,
        size=u.size,
        cf=u.cf,
        mf=u.mf,
        support=u.support,
        range=u.range,
        hex=Hex(*u.at) if u.at is not None else None,
        arrives=u.arrives,
        eliminated=u.eliminated,
        engaged=engaged,
        parent=u.parent,
        mp_spent=u.mp_spent,
        captured=u.captured,
    )


def copy_state(state: GameState) -> GameState:
    """A deep copy of the state: the model validating its plain dump gives (every field
    marked set), which is a quarter of the cost of model_copy(deep=True) and keeps pickle
    out of the program (see docs/reliability.md). Built from the state's own values,
    whose types the annotations give (the engine made them or validated them), the
    immutable ones shared: a fraction of the validation's cost (snapshots are taken at
    every lock). A value of another type is left to the validation."""
    try:
        return _copied(state)
    except _NotPlain:
        return GameState.model_validate(state.model_dump())


class _NotPlain(Exception):
    """A value copy_state does not copy itself."""


_ATOMS = (str, int, bool, float, type(None))
# The slots' own setters (a third cheaper than object.__setattr__ by name: copy_state
# sets them on a hundred units).
_set_dict = BaseModel.__dict__["__dict__"].__set__
_set_fields_set = BaseModel.__dict__["__pydantic_fields_set__"].__set__
_set_extra = BaseModel.__dict__["__pydantic_extra__"].__set__
_set_private = BaseModel.__dict__["__pydantic_private__"].__set__
# model class -> (its field names, the fields that may hold a mutable value)
_PLANS: dict[type, tuple[frozenset[str], tuple[str, ...]]] = {}


def _immutable(annotation: object) -> bool:
    """Does every value of this annotation never change once made (str, int, a literal,
    a hex pair, or None)?"""
    if annotation in _ATOMS:
        return True
    origin = get_origin(annotation)
    if origin is Literal:
        return True
    if origin in (Union, UnionType, tuple):
        return all(arg is not Ellipsis and _immutable(arg) for arg in get_args(annotation))
    return False


def _copied(model: M) -> M:
    """What Model.model_validate(model.model_dump()) gives, for a model of plain values."""
    cls = type(model)
    plan = _PLANS.get(cls)
    if plan is None:
        names = frozenset(cls.model_fields)
        mutable = tuple(n for n, f in cls.model_fields.items() if not _immutable(f.annotation))
        plan = _PLANS[cls] = (names, mutable)
    if model.__pydantic_extra__ or model.__pydantic_private__:
        raise _NotPlain
    fields = dict(model.__dict__)  # the fields in the model's order (and nothing else:
    if len(fields) != len(plan[0]):  # a model's dict holds its fields only)
        raise _NotPlain
    for name in plan[1]:
        fields[name] = _copied_value(fields[name])
    copy = object.__new__(cls)
    _set_dict(copy, fields)
    _set_fields_set(copy, set(plan[0]))
    _set_extra(copy, None)
    _set_private(copy, None)
    return copy


def _copied_value(value: object) -> object:
    kind = type(value)
    if kind in _ATOM_KINDS:
        return value
    if kind is tuple:
        if all(type(x) in _ATOM_KINDS for x in value):  # type: ignore[attr-defined]
            return value
        raise _NotPlain
    if kind is list:
        return [_copied_value(x) for x in value]  # type: ignore[attr-defined]
    if kind is dict:
        return {k: _copied_value(x) for k, x in value.items()}  # type: ignore[attr-defined]
    # Whether the class is a model, and a frozen one, known by class: isinstance against
    # BaseModel goes through its ABC metaclass, and the state holds a hundred units.
    frozen = _MODEL_KINDS.get(kind)
    if frozen is None:
        if not issubclass(kind, BaseModel):
            raise _NotPlain
        frozen = _MODEL_KINDS[kind] = bool(kind.model_config.get("frozen"))
    model: BaseModel = value  # type: ignore[assignment]
    if frozen:
        fields = model.__dict__
        if len(model.__pydantic_fields_set__) == len(fields):
            for x in fields.values():
                if type(x) not in _ATOM_KINDS:
                    break
            else:
                # A frozen model of plain values with every field set (a reinforcement's
                # Arrival) never changes: shared, it is the value validation would make.
                return model
    return _copied(model)


# The atoms' types as a set (membership by hash, not by a scan of _ATOMS).
_ATOM_KINDS = frozenset(_ATOMS)
# model class -> whether it is frozen (_copied_value)
_MODEL_KINDS: dict[type, bool] = {}


def unit_views(ctx: GameContext, known: dict[str, tuple[tuple, UnitView]]) -> dict[str, UnitView]:
    """Every unit's (frozen) view, kept with the position: the GUI and the playout tests
    ask for all of them after every action. `known` caches views between positions."""
    pos = ctx.position
    if pos.views is None:
        engaged = {i for e in ctx.state.engagements for i in (*e.attackers, *e.defenders)}
        views = {}
        for uid, u in ctx.state.units.items():
            # An action changes a few units; the others keep their view (building a
            # validated view costs several times more than comparing what it shows).
            label = ctx.label(u)
            shown = (
                u.at, u.eliminated, uid in engaged, u.mp_spent, u.captured, u.cf, u.mf,
                u.support, u.range, u.name, u.parent, u.arrives, u.side, u.nationality,
                u.kind, u.size, label,
            )  # fmt: skip
            old = known.get(uid)
            if old is None or old[0] != shown:
                old = known[uid] = (shown, unit_view(u, shown[2], label))
            views[uid] = old[1]
        pos.views = views
    return pos.views


def lock_reason(action: Action, ctx: GameContext) -> str:
    """Why undo stops at `action` (it just locked play), in the refusal's words."""
    if action.faces or action.kind in ("resolve", "advance_roll"):
        return "a die roll was seen"
    if action.kind == "reopened":  # kasserine/reopened.py
        return "the game was reopened from an older save, which its log keeps"
    if action.kind == "support":
        return f"the defender allocated artillery to attack {action.combat}; the attack stands"
    state = ctx.state
    if action.kind == "declare":
        combat = state.combats[-1]
        side = "German" if combat.side == "allied" else "Allied"
        return (
            f"attack {combat.id} on {ctx.hexname(combat.target)} was declared and the game handed to "
            f"the {side} player to allocate defensive artillery; a declared attack stands"
        )
    if state.phase == GAME_OVER:
        return "the game is over"
    decision = ctx.pending()
    if decision is not None:
        # A combat result's decision passed to the other player (his retreat, his advance).
        who, _, what = ctx.describe(decision).partition(": ")
        return f"the game was handed to the {who} ({what})"
    side = "German" if state.side == "german" else "Allied"
    return f"the game was handed to the {side} player"


def decision_key(state: GameState) -> tuple:
    """What a change of the pending decision changes (compared around an action)."""
    if not state.pending:
        return ()
    first = state.pending[0]
    return (len(state.pending), id(first), first.kind, len(first.units))


def _base_name(u: UnitState) -> str:
    """The name of the counter a unit began as: "Panzer 1" for "Panzer 1 (2)", a part of
    the broken-down Panzer 1 (unit_work.breakdown names the parts so)."""
    name = u.name or u.id
    if u.broken_from is not None and name.endswith(")") and " (" in name:
        return name.rsplit(" (", 1)[0]
    return name
