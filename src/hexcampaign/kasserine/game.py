"""The Kasserine Pass game facade: the phase machine, actions, the log, replay and saves.

Every change goes through `_do(action)`: the action is validated and applied to the
state, appended to the log with the dice it rolled, and the position cache is dropped.
Replays re-apply the log with dice that hand back the recorded faces; undo is a replay
of all but the last action and is refused once a roll has been seen.
"""

from __future__ import annotations

import datetime
import errno
import hashlib
import json
import re
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

from pydantic import TypeAdapter
from pydantic_core import PydanticSerializationError, from_json

from hexcampaign.files import (
    MAX_FILE_BYTES,
    FileFormatError,
    atomic_write_text,
    gc_paused,
    oversized,
    parse_json,
    read_json,
    validation_problem,
    within_limits,
)
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import crt
from hexcampaign.kasserine.board import NO_HEX, Board, shared_board
from hexcampaign.kasserine.options import Options
from hexcampaign.kasserine.position import Position, enemy_of, refuse
from hexcampaign.kasserine.save_check import (
    MAX_ACTIONS,
    MAX_LOG_LINES,
    dice_problem,
    log_problem,
    start_problem,
)
from hexcampaign.kasserine.state import (
    GAME_OVER,
    PHASES,
    Action,
    Advance,
    AdvanceRoll,
    BreakdownUnit,
    BreakOff,
    BridgeWork,
    CombatState,
    Decision,
    DeclareAttack,
    DeclineAdvance,
    EndPhase,
    GameState,
    MoveUnit,
    PlaceUnit,
    Resolve,
    Retreat,
    SupportDefense,
    TakeLosses,
    UnitState,
)
from hexcampaign.kasserine.tables import breakdown_table, rules_table
from hexcampaign.kasserine.units import KIND_WORDS, UnitSpec, UnitView
from hexcampaign.maps import HexMap, MapFormatError, dumps_map
from hexcampaign.maps.fileformat import map_from_document, map_to_document
from hexcampaign.rules import Dice, IllegalAction

SAVE_FORMAT = "hexcampaign-kasserine-game"
# Still 1: "log" and "check" are optional keys that older programs ignore, and a save
# without them (or whose check fails) is replayed as before.
SAVE_VERSION = 1
# The keys of a save, in the order they are written; the caller's own (the app's
# "players", to_json's `extra`) come after them, then the check.
SAVE_KEYS = (
    "format", "version", "map", "entry_zones", "arrival_points", "initial", "actions",
    "locked", "state", "log",
)
COMPACT = {"ensure_ascii": False, "separators": (",", ":")}
SAVE_WHAT = "Kasserine Pass save"
# Lists a save may hold beyond files.MAX_LIST; the map's are its own loader's to bound.
LIMITS = {"actions": MAX_ACTIONS, "log": MAX_LOG_LINES}
LIMITS_SKIP = frozenset({"map"})
ACTIONS = TypeAdapter(list[Action])


class GameFormatError(FileFormatError):
    """A Kasserine Pass save that cannot be loaded; the message says why in a sentence."""

PHASE_WORDS = {
    "german_setup": "German set-up",
    "german_movement": "German movement",
    "german_combat": "German combat",
    "allied_movement": "Allied movement",
    "allied_combat": "Allied combat",
    GAME_OVER: "game over",
}


class Combat:
    """A declared attack, as the players see it; its numbers follow the live state."""

    def __init__(self, game: Game, combat_id: int) -> None:
        self._game = game
        self.id = combat_id

    @property
    def _state(self) -> CombatState:
        return self._game._combat(self.id)

    @property
    def attackers(self) -> list[str]:
        return list(self._state.attackers)

    @property
    def defenders(self) -> list[str]:
        return list(self._state.defenders)

    @property
    def artillery(self) -> list[str]:
        return list(self._state.artillery)

    @property
    def defense_artillery(self) -> list[str]:
        return list(self._state.defense_artillery)

    @property
    def target(self) -> Hex:
        return Hex(*self._state.target)

    @property
    def attack_strength(self) -> Fraction:
        return self._game._strengths(self._state)[0]

    @property
    def defense_strength(self) -> Fraction:
        return self._game._strengths(self._state)[1]

    @property
    def odds(self) -> str:
        """The column the roll is read on (after Allied air power, when used)."""
        return self._game._column(self._state)

    @property
    def breakdown(self) -> list[str]:
        return self._game._strengths(self._state)[2]

    @property
    def distribution(self) -> dict[str, Fraction]:
        return crt.distribution(self.odds, self._game.state.options.crt_high_rolls)

    @property
    def result(self) -> str | None:
        return self._state.result

    @property
    def roll(self) -> int | None:
        return self._state.roll

    @property
    def resolved(self) -> bool:
        return self._state.resolved

    def __repr__(self) -> str:
        return f"Combat({self.id}, {self.attackers} -> {self.defenders}, {self.odds})"


class Game:
    """One game of Kasserine Pass: a map, the units, the state and the action log."""

    def __init__(
        self,
        hexmap: HexMap,
        state: GameState,
        entry_zones: dict[str, list[Hex]] | None = None,
        arrival_points: dict[str, list[Hex]] | None = None,
        board: Board | None = None,
        *,
        initial: GameState | None = None,
    ) -> None:
        """`board` must be built from a map of this map's content (a replay's own, or
        shared_board's); `initial`, the start position when the caller has one no one
        else changes (it is kept, not copied; by default a copy of `state`)."""
        self.map = hexmap
        self.board = board if board is not None else Board(hexmap)
        self.rules = rules_table()
        self.entry_zones = {k: list(v) for k, v in (entry_zones or {}).items()}
        self.arrival_points = {k: list(v) for k, v in (arrival_points or {}).items()}
        self._initial = initial if initial is not None else copy_state(state)
        self.state = state
        self._actions: list = []
        self._lines: list[str] = []
        self._dice = Dice(state.seed)
        self._locked = 0
        # The position at the last die roll (count, state, dice, log): undo re-applies
        # only the actions after it. None until a roll is made here, or until the first
        # undo derives it by a replay of the locked actions (a loaded save has none).
        self._snapshot: tuple | None = None
        self._start_text: str | None = None  # the save's text of _start(), made once
        self._position: Position | None = None
        self._replaying = False
        self._routes: tuple = ("", {}, set(), {})
        self._east_edges: dict[int, list[Hex]] = {}
        self._entry_spot_cache: dict[str, list[tuple[int, Hex]]] = {}
        self._view_cache: dict[str, tuple[tuple, UnitView]] = {}

    # --- construction -------------------------------------------------------------------

    @classmethod
    def custom(
        cls,
        hexmap: HexMap,
        units: list[UnitSpec],
        seed: int = 1,
        options: Options | None = None,
        phase: str = "german_movement",
        turn: int = 1,
        entry_zones: dict[str, list[Hex]] | None = None,
        arrival_points: dict[str, list[Hex]] | None = None,
        victory: dict[str, int] | None = None,
        holders: dict[str, str] | None = None,
        board: Board | None = None,
    ) -> Game:
        """Any position: a map, units (hex None = not yet on the map), whose phase it is.
        `board`, when given, was built from a map of the same content (shared_board)."""
        if phase not in PHASES:
            raise IllegalAction(f"Turn: there is no phase {phase!r}; phases are {', '.join(PHASES)}")
        if not 1 <= turn <= rules_table().turns:
            raise IllegalAction(f"Turn: the game has turns 1 to {rules_table().turns}")
        options = options or Options()
        state = GameState(turn=turn, phase=phase, seed=seed, options=options)
        for spec in units:
            if spec.id in state.units:
                raise IllegalAction(f"Units: two units share the id {spec.id!r}")
            if spec.hex is not None and not hexmap.contains(spec.hex):
                raise IllegalAction(f"Map: {spec.id} is placed off the map")
            state.units[spec.id] = UnitState(
                **spec.model_dump(exclude={"hex"}),
                at=(spec.hex.q, spec.hex.r) if spec.hex is not None else None,
            )
        if victory is None:
            victory = {p.name: p.vp for p in hexmap.places() if p.vp > 0}
        state.victory = dict(victory)
        places = sorted({p.name for p in hexmap.places()})  # sorted: saves are the same bytes
        state.holders = {name: "allied" for name in places}  # the Allies hold all at start
        state.holders.update(holders or {})
        for spec in units:
            place = hexmap.place_at(spec.hex) if spec.hex is not None else None
            if place is not None:
                state.holders[place.name] = spec.side  # a unit standing there holds it
        # The start is the position after _begin_phase: copied once, then.
        game = cls(hexmap, state, entry_zones, arrival_points, board, initial=state)
        game._check_start()
        game._begin_phase(initial=True)
        game._initial = copy_state(game.state)
        return game

    @classmethod
    def scenario(cls, seed: int = 1, options: Options | None = None, path=None) -> Game:
        """The Kasserine Pass scenario, turn 1 (Feb 14), German set-up."""
        from hexcampaign.kasserine.scenario import load_scenario

        scenario = load_scenario(path)
        hexmap = scenario.hexmap()
        specs = []
        for unit in scenario.units:
            start = Hex.from_offset(unit.start["col"], unit.start["row"]) if unit.start else None
            arrives = None
            if unit.arrives:
                arrives = {"turn": unit.arrives["turn"], "place": unit.arrives["place"]}
                if not isinstance(unit.arrives, dict):
                    arrives = {"turn": unit.arrives.turn, "place": unit.arrives.place}
            specs.append(
                UnitSpec(
                    id=unit.id,
                    name=unit.name,
                    parent=unit.parent,
                    side=unit.side,
                    nationality=unit.nationality,
                    kind=unit.kind,
                    size=unit.size,
                    cf=unit.cf,
                    mf=unit.mf,
                    support=unit.support,
                    range=unit.range,
                    breakdown=unit.breakdown,
                    hex=start,
                    entry=unit.entry,
                    arrives=arrives,
                )
            )
        zones = {
            name: [Hex.from_offset(c, r) for c, r in _pairs(zone.hexes)]
            for name, zone in scenario.entry_zones.items()
        }
        arrivals = {
            place: [Hex.from_offset(c, r) for c, r in _pairs(hexes)]
            for place, hexes in scenario.arrival_points.items()
        }
        return cls.custom(
            hexmap,
            specs,
            seed=seed,
            options=options,
            phase="german_setup",
            turn=1,
            entry_zones=zones,
            arrival_points=arrivals,
            victory=dict(scenario.victory),
            board=shared_board(hexmap, dumps_map(hexmap)),
        )

    # --- what players see ----------------------------------------------------------------

    def units(self) -> list[UnitView]:
        return list(self._views().values())

    def unit(self, unit_id: str) -> UnitView:
        self._unit(unit_id)  # an unknown id is refused with a sentence
        return self._views()[unit_id]

    def pending(self) -> Decision | None:
        """The decision a combat result awaits (losses, retreat, advance) and whose it is."""
        return self.state.pending[0] if self.state.pending else None

    def combats(self) -> list[Combat]:
        """The attacks declared this phase, resolved or not."""
        return [Combat(self, c.id) for c in self.state.combats]

    def date(self, turn: int | None = None) -> str:
        first = datetime.date.fromisoformat(self.rules.first_day)
        day = first + datetime.timedelta(days=(turn or self.state.turn) - 1)
        return day.strftime("%b ") + str(day.day)

    def log(self) -> list[str]:
        """The game so far in plain English, each line with its date and phase."""
        return list(self._lines)

    def actions(self) -> list:
        return list(self._actions)

    @property
    def over(self) -> bool:
        return self.state.phase == GAME_OVER

    @property
    def side_to_play(self) -> str:
        decision = self.pending()
        return decision.side if decision else self.state.side

    def zone_of_control(self, side: str) -> set[Hex]:
        zones = self._pos().zoc(side)
        return {self.board.hexes[i] for i, units in enumerate(zones) if units}

    def held_places(self, side: str) -> list[str]:
        return sorted(name for name, holder in self.state.holders.items() if holder == side)

    def victory_points(self) -> int:
        return sum(
            vp for name, vp in self.state.victory.items() if self.state.holders.get(name) == "german"
        )

    def victory_level(self) -> str:
        points = self.victory_points()
        for level in self.rules.victory_levels:
            if level.min <= points <= level.max:
                return level.name
        return self.rules.victory_levels[-1].name

    def air_power_available(self) -> bool:
        return self._air_power_error() is None

    # --- movement ---------------------------------------------------------------------------

    def reachable(self, unit_id: str) -> dict[Hex, int]:
        """Every hex the unit may end its move in now -> total MP spent this phase."""
        unit = self._unit(unit_id)
        if self._movement_error(unit) is not None:
            return {}
        hexes = self.board.hexes
        return {hexes[i]: cost for i, cost in self._reachable(unit).items()}

    def path_to(self, unit_id: str, goal: Hex) -> list[Hex]:
        """The cheapest path reachable() found to `goal` (start excluded)."""
        unit = self._unit(unit_id)
        ends = self._reachable(unit)
        i = self.board.index.get(goal, NO_HEX)
        if i not in ends:
            raise refuse(f"Movement: {unit_id} cannot end its move in {goal}")
        return [self.board.hexes[j] for j in self._route(unit, i)]

    def place(self, unit_id: str, hex: Hex) -> list[str]:
        """German set-up: put an entering unit on a hex of its entry zone."""
        return self._do(PlaceUnit(unit=unit_id, hex=(hex.q, hex.r)))

    def move(self, unit_id: str, path: list[Hex]) -> list[str]:
        return self._do(MoveUnit(unit=unit_id, path=[(h.q, h.r) for h in path]))

    def breakdown(self, unit_id: str) -> list[str]:
        """Break a German unit down into the units of the breakdown chart; their ids."""
        self._do(BreakdownUnit(unit=unit_id))
        return [u.id for u in self.state.units.values() if u.broken_from == unit_id]

    def break_off(self, unit_id: str) -> list[str]:
        return self._do(BreakOff(unit=unit_id))

    def destroy_bridge(self, unit_id: str, hex: Hex) -> list[str]:
        return self._do(BridgeWork(unit=unit_id, hex=(hex.q, hex.r), destroy=True))

    def rebuild_bridge(self, unit_id: str, hex: Hex) -> list[str]:
        return self._do(BridgeWork(unit=unit_id, hex=(hex.q, hex.r), destroy=False))

    def bridge_destroyed(self, hex: Hex) -> bool:
        return (hex.q, hex.r) in self.state.destroyed_bridges

    # --- combat -------------------------------------------------------------------------------

    def declare_attack(
        self,
        attackers: list[str],
        defenders: list[str],
        artillery: list[str] | None = None,
        air_power: bool = False,
    ) -> Combat:
        self._do(
            DeclareAttack(
                attackers=list(attackers),
                defenders=list(defenders),
                artillery=list(artillery or []),
                air_power=air_power,
            )
        )
        return Combat(self, self.state.combats[-1].id)

    def support_defense(self, combat: Combat | int, artillery: list[str]) -> list[str]:
        return self._do(SupportDefense(combat=_combat_id(combat), artillery=list(artillery)))

    def resolve(self, combat: Combat | int, roll: int | None = None) -> str:
        """Roll (or take the hand-entered roll) and apply the result; the result words."""
        cid = _combat_id(combat)
        self._do(Resolve(combat=cid, roll=roll))
        return self._combat(cid).result or ""

    def roll_advance(self, die: int | None = None) -> list[str]:
        """D ELIM: roll (or enter, with hand dice) the die for the MP of the advance."""
        return self._do(AdvanceRoll(die=die))

    def take_losses(self, unit_ids: list[str]) -> list[str]:
        return self._do(TakeLosses(units=list(unit_ids)))

    def retreat(self, unit_id: str, path: list[Hex]) -> list[str]:
        return self._do(Retreat(unit=unit_id, path=[(h.q, h.r) for h in path]))

    def advance(self, unit_id: str, path: list[Hex]) -> list[str]:
        return self._do(Advance(unit=unit_id, path=[(h.q, h.r) for h in path]))

    def decline_advance(self) -> list[str]:
        return self._do(DeclineAdvance())

    def retreat_paths(self, unit_id: str) -> list[list[Hex]]:
        """The legal retreats of a unit the pending decision asks to retreat."""
        decision = self.pending()
        if decision is None or decision.kind != "retreat" or unit_id not in decision.units:
            return []
        unit = self._unit(unit_id)
        paths = self._pos().retreat_paths(unit, decision.hexes)
        return [[self.board.hexes[i] for i in p] for p in paths]

    def advance_paths(self, unit_id: str) -> list[list[Hex]]:
        """The legal advances of a unit the pending decision lets advance."""
        decision = self.pending()
        if decision is None or decision.kind != "advance" or unit_id not in decision.units:
            return []
        return [[self.board.hexes[i] for i in p] for p in self._advance_paths(self._unit(unit_id), decision)]

    def obligations(self) -> list[str]:
        """What must still happen before the phase may end (empty when it may)."""
        return self._obligations()

    def end_phase(self) -> list[str]:
        return self._do(EndPhase())

    def apply(self, action) -> list[str]:
        """Apply an action value (from legal_actions(), or a log); dice are rolled afresh."""
        return self._do(action.model_copy(update={"faces": None}, deep=True))

    # --- undo, replay and saves -------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return len(self._actions) > self._locked

    def undo(self) -> None:
        if not self.can_undo:
            raise refuse(
                "Undo: a die roll has been seen since the last action; play is locked from there",
                "Undo",
            )
        count, state, dice, lines = self._undo_base()
        tail = self._actions[count:-1]
        self.state = copy_state(state)
        self._dice = Dice.restore(dice)
        self._lines = list(lines)
        self._actions = self._actions[:count]
        self._position = None
        for action in tail:
            self._do(action.model_copy(deep=True))

    def _undo_base(self) -> tuple:
        """The snapshot undo starts from: taken at the last roll, or (a loaded save, a
        game not yet rolled) derived once by replaying the locked actions, as a replayed
        load would have it."""
        if self._snapshot is None:
            try:
                base = self._rebuild(self._actions[: self._locked], self._locked)
            except Exception:  # only a save that was not ours but carried our check
                raise refuse(
                    "Undo: this game's log does not replay, so its moves cannot be undone",
                    "Undo",
                ) from None
            self._snapshot = (self._locked, base.state, base._dice.state(), base._lines)
        return self._snapshot

    def replay(self) -> Game:
        """A new game: the start position and seed, with the log re-applied."""
        return self._rebuild(self._actions, self._locked)

    def to_json(self, extra: dict | None = None) -> str:
        """The save: compact JSON, its last key the check, the SHA-256 of the text
        before it, which lets a load of an unchanged save skip the replay. The models
        go through pydantic's own JSON writer, which writes what json.dumps would of
        their plain dump, at half the cost. `extra` holds keys of the caller's own (the
        app's "players"), written before the check and covered by it; the engine ignores
        them on loading."""
        try:
            body = self._body()
        except PydanticSerializationError:  # text no UTF-8 can carry (a lone surrogate)
            body = json.dumps(self._document(), **COMPACT)
        if extra:
            body = body[:-1] + "," + json.dumps(extra, **COMPACT)[1:]
        return body[:-1] + ',"check":"' + _digest(body) + '"}'

    def _document(self) -> dict:
        # In SAVE_KEYS order, as _body assembles them.
        return {
            **self._start(),
            "actions": ACTIONS.dump_python(self._actions, mode="json"),
            "locked": self._locked,
            "state": self.state.model_dump(mode="json"),
            "log": list(self._lines),
        }

    def _start(self) -> dict:
        """The part of the save fixed for the game's life: the map (its board was built
        from it once), the entry zones and arrival points, and the start position."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "map": map_to_document(self.map),
            "entry_zones": {k: [[h.q, h.r] for h in v] for k, v in self.entry_zones.items()},
            "arrival_points": {k: [[h.q, h.r] for h in v] for k, v in self.arrival_points.items()},
            "initial": self._initial.model_dump(mode="json"),
        }

    def _body(self) -> str:
        """json.dumps(self._document(), **COMPACT): the same text, assembled."""
        if self._start_text is None:
            self._start_text = json.dumps(self._start(), **COMPACT)
        return "".join(
            (
                self._start_text[:-1],
                ',"actions":',
                ACTIONS.dump_json(self._actions).decode("utf-8"),
                f',"locked":{self._locked},"state":',
                self.state.model_dump_json(),
                ',"log":',
                json.dumps(self._lines, **COMPACT),
                "}",
            )
        )

    def save(self, path) -> None:
        """Write the game atomically, keeping the previous file as a .bak backup. The
        written file is read back and must be the very text meant (the text of a game
        that loads to this position) before it replaces the old one."""
        text = self.to_json()

        def verify(back: str) -> None:
            if back != text:
                raise OSError(errno.EIO, "the game read back differs from the one saved")

        atomic_write_text(path, text, verify=verify)

    @classmethod
    def load(cls, path) -> Game:
        """Read a saved game; a bad file raises GameFormatError (a FileFormatError and a
        ValueError) with a sentence for the player."""
        path = Path(path)
        with gc_paused():  # tens of thousands of objects, none of them in a cycle
            raw = _small_file(path)
            try:
                if raw is None:  # missing, unreadable or too big: read_json says which
                    parsed = (read_json(path, SAVE_WHAT), None, False)
                else:
                    parsed = _parse(raw, path.name)
            except FileFormatError as e:
                raise GameFormatError(str(e)) from None
            try:
                return cls._from_document(*parsed)
            except GameFormatError as e:
                raise GameFormatError(f"{path.name}: {e}") from None

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """A game from its save text; anything wrong raises GameFormatError."""
        with gc_paused():
            try:
                parsed = _parse(text, "This file")
            except FileFormatError as e:
                raise GameFormatError(str(e)) from None
            return cls._from_document(*parsed)

    @classmethod
    def _from_document(cls, document, data: bytes | None = None, bounded: bool = False) -> Game:
        """Everything is validated; then a save whose check matches (this program wrote
        it and nothing changed it since) is taken as written, and any other is replayed
        from its start and must reach the position it recorded. `data` is the document's
        UTF-8 text when known; `bounded`, that within_limits passed the document."""
        if not isinstance(document, dict) or document.get("format") != SAVE_FORMAT:
            raise GameFormatError("This is not a Kasserine Pass save (its format field is wrong).")
        version = document.get("version")
        if version != SAVE_VERSION or isinstance(version, bool):
            newer = isinstance(version, int) and not isinstance(version, bool) and version > 1
            shown = repr(version) if len(repr(version)) <= 20 else repr(version)[:17] + "..."
            raise GameFormatError(
                f"This save is version {shown}; this program reads version {SAVE_VERSION}"
                + ("; update hexcampaign to open it." if newer else ".")
            )
        too_long = None if bounded else oversized(document, LIMITS, LIMITS_SKIP)
        if too_long:
            raise GameFormatError(f"This Kasserine Pass save is damaged: {too_long}.")
        try:
            map_text = json.dumps(document["map"], **COMPACT)
            hexmap = map_from_document(document["map"])
            initial = GameState.model_validate(document["initial"])
            zones = {k: [Hex(q, r) for q, r in v] for k, v in document["entry_zones"].items()}
            arrivals = {
                k: [Hex(q, r) for q, r in v] for k, v in document["arrival_points"].items()
            }
            problem = start_problem(hexmap, initial, zones, arrivals, rules_table().turns)
            if problem:
                raise GameFormatError(f"This Kasserine Pass save is damaged: {problem}.")
            raw_actions = document["actions"]
            if isinstance(raw_actions, list) and len(raw_actions) > MAX_ACTIONS:
                raise GameFormatError(
                    f"This Kasserine Pass save is damaged: its log has {len(raw_actions)} "
                    "actions, more than a game can."
                )
            actions = ACTIONS.validate_python(raw_actions)
            locked = document.get("locked", 0)
            if not isinstance(locked, int) or not 0 <= locked <= len(actions):
                raise GameFormatError("This Kasserine Pass save is damaged: its undo lock is wrong.")
            saved = GameState.model_validate(document["state"])
            log = document.get("log")
            problem = log_problem(log) if log is not None else None
            if problem:
                raise GameFormatError(f"This Kasserine Pass save is damaged: {problem}.")
        except GameFormatError:
            raise
        except MapFormatError as e:
            raise GameFormatError(f"This Kasserine Pass save is damaged: its {e}") from None
        except KeyError as e:
            raise GameFormatError(
                f"This Kasserine Pass save is damaged: it has no {e} section."
            ) from None
        except (TypeError, ValueError, AttributeError, RecursionError) as e:
            raise GameFormatError(
                f"This Kasserine Pass save is damaged: {validation_problem(e)}."
            ) from None
        board = shared_board(hexmap, map_text)
        if log is not None and _check_matches(document, data):
            # A hostile file can carry a correct check: the position it records must be
            # one the rules can stand on, like any start.
            problem = start_problem(
                hexmap, saved, zones, arrivals, rules_table().turns
            ) or dice_problem(actions)
            if problem:
                raise GameFormatError(f"This Kasserine Pass save is damaged: {problem}.")
            game = cls(hexmap, saved, zones, arrivals, board, initial=initial)
            game._actions = actions
            game._lines = log
            game._locked = locked
            faces = [f for a in actions for f in (a.faces or [])]
            game._dice = Dice.restore({"seed": initial.seed, "rolls": faces})
            return game
        game = cls(hexmap, initial, zones, arrivals, board, initial=initial)
        try:
            game = game._rebuild(actions, locked)
        except IllegalAction as e:
            raise GameFormatError(
                f"This Kasserine Pass save is damaged: its log breaks a rule ({_cut_numbers(str(e))})."
            ) from None
        except Exception as e:  # a hostile log may fail anywhere; the file is at fault
            raise GameFormatError(
                f"This Kasserine Pass save is damaged: its log cannot be replayed "
                f"({type(e).__name__})."
            ) from None
        if saved != game.state:
            raise GameFormatError(
                "This save does not replay to the position it recorded; it is damaged."
            )
        return game

    # --- legal actions ----------------------------------------------------------------------

    def legal_actions(self, moves: bool = True) -> list:
        """What the side to play may do now, as action values for apply().

        moves=False leaves out the (many) movement actions; legal_moves(unit) lists them
        unit by unit."""
        from hexcampaign.kasserine.legal import legal_actions

        return legal_actions(self, moves)

    def legal_moves(self, unit_id: str) -> list:
        """The move actions of one unit: one per hex it may end in, along the cheapest path."""
        from hexcampaign.kasserine.legal import move_actions

        return move_actions(self, [self._unit(unit_id)])

    # =========================================================================================
    # internals
    # =========================================================================================

    def _rebuild(self, actions: list, locked: int) -> Game:
        game = Game(
            self.map,
            copy_state(self._initial),
            self.entry_zones,
            self.arrival_points,
            self.board,
            initial=self._initial,  # never changed: games share it
        )
        faces = [f for a in actions for f in (a.faces or [])]
        game._dice = Dice(self._initial.seed, replay=faces)
        game._replaying = True
        for action in actions:
            game._do(action.model_copy(update={"faces": None}, deep=True))
        game._replaying = False
        game._dice = Dice.restore(game._dice.state())
        game._locked = locked
        return game

    def _do(self, action) -> list[str]:
        if self.state.phase == GAME_OVER:
            raise refuse("Turn: the game is over (Feb 25 has been played)", "Turn")
        handler = getattr(self, f"_apply_{action.kind}")
        self._faces_sink = action  # dice rolled while applying are recorded on the action
        before = (self.date(), PHASE_WORDS[self.state.phase])
        events = handler(action) or []
        self._actions.append(action)
        self._position = None
        self._lines.extend(f"{before[0]}, {before[1]}: {e}" for e in events)
        if action.faces or getattr(action, "roll", None) is not None or getattr(action, "die", None) is not None:
            self._locked = len(self._actions)
            self._snapshot = (
                self._locked,
                copy_state(self.state),
                self._dice.state(),
                list(self._lines),
            )
        return events

    def _pos(self) -> Position:
        if self._position is None:
            self._position = Position(self.board, self.state)
        return self._position

    def _unit(self, unit_id: str) -> UnitState:
        unit = self.state.units.get(unit_id)
        if unit is None:
            raise refuse(f"Units: there is no unit {unit_id!r} in this game", "Units")
        return unit

    def _combat(self, combat_id: int) -> CombatState:
        for c in self.state.combats:
            if c.id == combat_id:
                return c
        raise refuse(f"Combat: there is no combat {combat_id} this phase", "Combat")

    def _views(self) -> dict[str, UnitView]:
        """Every unit's (frozen) view, kept with the position: the GUI and the playout
        tests ask for all of them after every action."""
        pos = self._pos()
        if pos.views is None:
            engaged = {i for e in self.state.engagements for i in (*e.attackers, *e.defenders)}
            views = {}
            known = self._view_cache
            for uid, u in self.state.units.items():
                # An action changes a few units; the others keep their view (building a
                # validated view costs several times more than comparing what it shows).
                shown = (
                    u.at, u.eliminated, uid in engaged, u.mp_spent, u.captured, u.cf, u.mf,
                    u.support, u.range, u.name, u.parent, u.arrives, u.side, u.nationality,
                    u.kind, u.size,
                )
                old = known.get(uid)
                if old is None or old[0] != shown:
                    old = known[uid] = (shown, self._view(u, shown[2]))
                views[uid] = old[1]
            pos.views = views
        return pos.views

    def _view(self, u: UnitState, engaged: bool | None = None) -> UnitView:
        if engaged is None:
            engaged = self._engaged(u.id)
        return UnitView(
            id=u.id,
            name=u.name,
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

    def _label(self, u: UnitState) -> str:
        name = u.name or u.id
        factors = f"{u.support}-{u.mf}" if u.kind == "artillery" else f"{u.cf}-{u.mf}"
        return f"{name} ({KIND_WORDS[u.kind]} {factors})"

    def _hexname(self, at) -> str:
        h = Hex(*at) if not isinstance(at, Hex) else at
        place = self.map.place_at(h)
        label = self.map.label(h)
        return f"{label} ({place.name})" if place else label

    def _index(self, at) -> int:
        h = Hex(*at)
        i = self.board.index.get(h, NO_HEX)
        if i == NO_HEX:
            raise refuse(f"Map: hex {h} is off the map", "Map")
        return i

    def _engaged(self, unit_id: str) -> bool:
        return any(
            unit_id in e.attackers or unit_id in e.defenders for e in self.state.engagements
        )

    def _on_map(self, u: UnitState) -> bool:
        return u.at is not None and not u.eliminated

    def _mine(self, u: UnitState) -> bool:
        return u.side == self.state.side

    # --- phases --------------------------------------------------------------------------------

    def _check_start(self) -> None:
        pos = self._pos()
        for i, units in pos.occupants.items():
            if len({u.side for u in units}) > 1:
                raise IllegalAction(f"Stacking: German and Allied units share hex {self.board.hexes[i]}")
            error = pos.stacking_error(i, [])
            if error:
                raise IllegalAction(f"{error} (hex {self.board.hexes[i]})")

    def _begin_phase(self, initial: bool = False) -> list[str]:
        state = self.state
        side = state.side
        events: list[str] = []
        # Fields are assigned only when they change: a pydantic assignment costs a
        # microsecond, and there are a hundred units and five phases a turn.
        if state.phase.endswith("movement"):
            for u in state.units.values():
                if u.side != side:
                    continue
                if u.mp_spent or u.hexes_moved or u.placed_cost or u.stopped:
                    u.mp_spent = u.placed_cost if initial is False and u.placed_cost else 0
                    u.hexes_moved = 1 if u.placed_cost else 0
                    u.placed_cost = 0
                    u.stopped = False
            if side == "allied" and state.turn == self.rules.air_power_from_turn:
                events.extend(self._decide_air_power())
        if state.phase.endswith("combat") or state.phase.endswith("movement"):
            for u in state.units.values():
                if u.attacked or u.defended or u.supported or u.advanced:
                    u.attacked = u.defended = u.supported = u.advanced = False
            state.combats = []
        return events

    def _decide_air_power(self) -> list[str]:
        mode = self.state.options.allied_air_power
        if mode == "on":
            self.state.air_superiority = True
            return ["Allied air power: from today the Allies may shift one attack a turn one column"]
        if mode == "roll" and self.state.air_superiority is None:
            face = self._roll_die()
            self.state.air_superiority = face >= 4
            won = "gain" if face >= 4 else "do not gain"
            return [f"Allied air power: rolled {face}; the Allies {won} air superiority"]
        return []

    def _apply_end_phase(self, action: EndPhase) -> list[str]:
        problems = self._obligations()
        if problems:
            # Name every open obligation a player must see, not just the first.
            others = problems[1:4]
            tail = f". Also open: {'; '.join(others)}" if others else ""
            if len(problems) > 4:
                tail += f"; and {len(problems) - 4} more"
            raise refuse(problems[0] + tail, problems[0].split(":")[0])
        state = self.state
        events: list[str] = [f"{PHASE_WORDS[state.phase]} ends"]
        if state.phase.endswith("combat"):
            side = state.side
            state.engagements = [
                e for e in state.engagements if not (e.side == side and e.turn <= state.turn)
            ]
            state.contacts = [
                c for c in state.contacts if not (c.side == side and c.turn <= state.turn)
            ]
        order = list(PHASES)
        index = order.index(state.phase)
        if state.phase == "allied_combat":
            if state.turn >= self.rules.turns:
                state.phase = GAME_OVER
                events.append(
                    f"The game ends: the Germans hold {self.victory_points()} points, "
                    f"{self.victory_level()}"
                )
                return events
            state.turn += 1
            state.phase = "german_movement"
        else:
            state.phase = order[index + 1]
        self._position = None
        events.extend(self._begin_phase())
        return events

    def _obligations(self) -> list[str]:
        # Kept with the position (dropped at every change of state): listing the legal
        # actions asks it, and so does ending the phase.
        pos = self._pos()
        if pos.obligations is None:
            pos.obligations = self._find_obligations()
        return list(pos.obligations)

    def _find_obligations(self) -> list[str]:
        state = self.state
        problems: list[str] = []
        if state.pending:
            problems.append(f"Combat: a result is waiting — {state.pending[0].describe()}")
            return problems
        if state.phase == "german_setup":
            for u in state.units.values():
                if self._must_place(u) and any(self._placement_candidates(u)):
                    problems.append(
                        f"German initial placement: {self._label(u)} must be placed on its entry zone"
                    )
            return problems
        if not state.phase.endswith("combat"):
            return problems
        from hexcampaign.kasserine.obligations import combat_obligations

        return combat_obligations(self)

    # --- set-up ----------------------------------------------------------------------------------

    def _must_place(self, u: UnitState) -> bool:
        return (
            u.side == "german"
            and u.at is None
            and not u.eliminated
            and u.arrives is None
            and self.state.turn == 1
        )

    def entry_hexes(self, unit_id: str) -> list[Hex]:
        """Where a German unit may be placed in set-up: its entry zone; Italians within 2
        hexes of the east edge."""
        u = self._unit(unit_id)
        if u.entry and u.entry in self.entry_zones:
            return list(self.entry_zones[u.entry])
        columns = self.rules.italian_zone_columns if u.nationality == "italian" else 1
        edge = self._east_edges.get(columns)
        if edge is None:  # the whole map is scanned once per width, not once per question
            edge = self._east_edges[columns] = [
                h for h in self.board.hexes if self.map.offset(h)[0] >= self.map.cols - columns
            ]
        return list(edge)

    def _entry_spots(self, u: UnitState) -> list[tuple[int, Hex]]:
        """entry_hexes() on the map as (index, hex), kept per zone: set-up lists them for
        every waiting unit after every placement."""
        key = u.entry if u.entry and u.entry in self.entry_zones else u.nationality
        spots = self._entry_spot_cache.get(key)
        if spots is None:
            index = self.board.index
            spots = self._entry_spot_cache[key] = [
                (index[h], h) for h in self.entry_hexes(u.id) if h in index
            ]
        return spots

    def _placement_hexes(self, u: UnitState) -> list[int]:
        """Where the unit could be placed now (empty when its zone is full: it then enters
        on its entry zone by movement, the first hex counting as movement)."""
        return list(self._placement_candidates(u))

    def _placement_candidates(self, u: UnitState) -> Iterator[int]:
        pos = self._pos()
        for h in self.entry_hexes(u.id):
            i = self.board.index.get(h, NO_HEX)
            if i != NO_HEX and pos.side_at(i) != "allied" and not pos.stacking_error(i, [u]):
                yield i

    def _apply_place(self, action: PlaceUnit) -> list[str]:
        if self.state.phase != "german_setup":
            raise refuse("German initial placement: units are placed only in the German set-up phase")
        u = self._unit(action.unit)
        if not self._must_place(u):
            raise refuse(f"German initial placement: {self._label(u)} is not waiting to be placed")
        i = self._index(action.hex)
        if self.board.hexes[i] not in self.entry_hexes(u.id):
            where = "within 2 hexes of the east edge" if u.nationality == "italian" else "on its entry zone"
            raise refuse(f"German initial placement: {self._label(u)} must be placed {where}")
        pos = self._pos()
        if pos.side_at(i) == "allied":
            raise refuse("Movement: a unit may not enter a hex occupied by the enemy")
        error = pos.stacking_error(i, [u])
        if error:
            raise refuse(error)
        u.at = action.hex
        u.placed_cost = pos.first_hex_cost(u, i) if self.state.options.german_initial_placement else 0
        self._pass_through(u, [i])
        return [f"{self._label(u)} placed at {self._hexname(action.hex)}"]

    # --- movement --------------------------------------------------------------------------------

    def _movement_error(self, u: UnitState) -> str | None:
        state = self.state
        if not state.phase.endswith("movement") or u.side != state.side:
            side = "German" if u.side == "german" else "Allied"
            return f"Sequence of movement: {side} units move only in the {side} movement phase"
        if state.pending:
            return "Combat: a result is waiting"
        if u.eliminated:
            return f"Units: {self._label(u)} has been eliminated"
        # A German unit crowded out of set-up (no arrival date) enters on its entry zone
        # like a reinforcement; every other unit off the map waits for its date.
        crowded_out = u.arrives is None and u.side == "german"
        if u.at is None and not crowded_out:
            if u.arrives is None or u.arrives.turn > state.turn:
                return f"Reinforcements: {self._label(u)} has not arrived yet"
        if u.kind == "artillery" and u.support == 0 and u.mf == 0:
            return f"Movement: {self._label(u)} cannot move"
        if self._engaged(u.id):
            return (
                f"Engaged: {self._label(u)} is engaged and may not move"
                + (" (German Panzer and Panzer Grenadier units may break off for 2 MP)" if u.side == "german" else "")
            )
        if u.stopped:
            return f"Zone of control: {self._label(u)} entered an enemy zone of control and must stop"
        return None

    def _starts(self, u: UnitState) -> list[tuple[int, int]]:
        pos = self._pos()
        if u.at is not None:
            return [(pos.index_of(u), u.mp_spent)]
        starts = []
        if u.arrives is None:
            hexes = self.entry_hexes(u.id)
        else:
            hexes = self.arrival_points.get(u.arrives.place, []) or self._place_hexes(u.arrives.place)
        zones = pos.zoc(enemy_of(u.side))
        for h in hexes:
            i = self.board.index.get(h, NO_HEX)
            if i != NO_HEX and pos.side_at(i) != enemy_of(u.side):
                cost = pos.first_hex_cost(u, i)
                if zones[i] and pos.passes_zoc(u, zones[i]):
                    cost += self.rules.zoc_passage_cost
                starts.append((i, cost))
        return starts

    def _place_hexes(self, name: str) -> list[Hex]:
        for place in self.map.places():
            if place.name == name:
                return [place.hex]
        return []

    def _reachable(self, u: UnitState) -> dict[int, int]:
        """Legal end hexes -> MP spent in total; _route(u, i) gives the path."""
        pos = self._pos()
        # The position is dropped at every change of state, so its memo is never stale;
        # it spares the search a second time when path_to() follows reachable().
        known = pos.ranges.get(u.id)
        if known is not None:
            self._routes, result = known
            return result
        result = self._search_range(u, pos)
        pos.ranges[u.id] = (self._routes, result)
        return result

    def _search_range(self, u: UnitState, pos: Position) -> dict[int, int]:
        starts = self._starts(u)
        if not starts:
            self._routes = (u.id, {}, set(), {})
            return {}
        best, came_from = pos.movement_search(u, starts)
        origin = pos.index_of(u)
        zones = pos.zoc(enemy_of(u.side))
        limit = u.mf - self._reserve(u)
        occupants = pos.occupants
        result: dict[int, int] = {}
        start_set = {i for i, _ in starts}
        direct: dict[int, list[int]] = {}
        for i, spent in best.items():
            if i == origin:
                continue
            if zones[i] and spent > limit:
                continue  # no MP left to fight; the one-hex rule below may still allow it
            if i in occupants and pos.stacking_error(i, [u]):
                continue
            result[i] = spent
        if u.hexes_moved == 0:
            # "In any case, you can always move one hex and fight."
            for i, first_cost in self._one_hex_steps(u, starts):
                if i in result or not zones[i] or pos.stacking_error(i, [u]):
                    continue
                result[i] = u.mp_spent + first_cost
                direct[i] = [i]
        self._routes = (u.id, came_from, start_set, direct)
        return result

    def _route(self, u: UnitState, i: int) -> list[int]:
        """The cheapest path to hex i found by the last _reachable(u) (start excluded)."""
        uid, came_from, start_set, direct = self._routes
        assert uid == u.id
        if i in direct:
            return direct[i]
        path = _path(came_from, start_set, i)
        return path[1:] if u.at is not None else path

    def _routes_to(self, u: UnitState, ends) -> dict[int, tuple[Hex, ...]]:
        """_route(u, i) as hexes for every end hex at once, each path built from its
        predecessor's (listing every move walks each search tree once, not once per end)."""
        uid, came_from, start_set, direct = self._routes
        assert uid == u.id
        hexes = self.board.hexes
        on_map = u.at is not None
        paths: dict[int, tuple[Hex, ...]] = {i: () if on_map else (hexes[i],) for i in start_set}
        for end in ends:
            if end in direct:
                continue
            chain = []
            here = end
            while here not in paths:
                chain.append(here)
                here = came_from[here]
            path = paths[here]
            for i in reversed(chain):
                path = paths[i] = path + (hexes[i],)
        routes = {i: paths[i] for i in ends if i not in direct}
        routes.update({i: tuple(hexes[j] for j in steps) for i, steps in direct.items()})
        return routes

    def _reserve(self, u: UnitState) -> int:
        """MP a unit must keep to end a move in an enemy ZOC: the cost of combat. Artillery
        does not fight there; it pays the cost only when it supports an attack."""
        if u.kind in self.rules.support_kinds:
            return 0
        return self._pos().combat_cost(u)

    def _one_hex_steps(self, u: UnitState, starts: list[tuple[int, int]]) -> list[tuple[int, int]]:
        pos = self._pos()
        if u.at is None:
            return [(i, cost - u.mp_spent) for i, cost in starts]
        origin = pos.index_of(u)
        steps = []
        for d in range(6):
            cost = pos.step_cost(u, origin, d)
            j = self.board.neighbour[origin][d]
            if cost is None or pos.side_at(j) == enemy_of(u.side):
                continue
            steps.append((j, cost))
        return steps

    def _apply_move(self, action: MoveUnit) -> list[str]:
        u = self._unit(action.unit)
        error = self._movement_error(u)
        if error:
            raise refuse(error)
        if not action.path:
            raise refuse("Movement: a move needs at least one hex")
        pos = self._pos()
        path = [self._index(at) for at in action.path]
        if u.at is None:
            starts = dict(self._starts(u))
            if path[0] not in starts:
                raise refuse(
                    f"Reinforcements: {self._label(u)} enters the map at {_arrival_point(u)}"
                    + (" (an enemy unit holds the arrival point)" if not starts else "")
                )
            first_zone = pos.zoc(enemy_of(u.side))[path[0]]
            spent, error = pos.path_cost(u, path[0], path[1:], "move")
            if len(path) > 1 and first_zone and not pos.passes_zoc(u, first_zone):
                error = "Zone of control: a unit entering an enemy zone of control must stop"
            spent += starts[path[0]]
        else:
            spent, error = pos.path_cost(u, pos.index_of(u), path, "move")
        if error:
            raise refuse(error)
        total = u.mp_spent + spent
        end = path[-1]
        zones = pos.zoc(enemy_of(u.side))
        one_hex = u.hexes_moved == 0 and len(path) == 1 and bool(zones[end])
        if total > u.mf and not one_hex:
            raise refuse(
                f"Movement: this move costs {spent} MP and {self._label(u)} has "
                f"{u.mf - u.mp_spent} MP left"
            )
        if zones[end] and total + self._reserve(u) > u.mf and not one_hex:
            raise refuse(
                f"Cost of combat: {self._label(u)} needs {self._reserve(u)} MP left to fight "
                "and may not enter an enemy zone of control without them"
            )
        error = pos.stacking_error(end, [u])
        if error:
            raise refuse(error)
        start_label = self._hexname(u.at) if u.at is not None else f"off the map ({_arrival_point(u)})"
        u.at = action.path[-1]
        u.mp_spent = total
        u.hexes_moved += len(path)
        if zones[end] and not pos.passes_zoc(u, zones[end]):
            u.stopped = True
        self._pass_through(u, path)
        return [
            f"{self._label(u)} moved from {start_label} to {self._hexname(action.path[-1])} "
            f"({spent} MP, {u.mf - u.mp_spent} left)"
        ]

    def _pass_through(self, u: UnitState, path: list[int]) -> None:
        """Victory: a place is held by the side whose unit last passed through it."""
        for i in path:
            name = self.board.place[i]
            if name is not None:
                self.state.holders[name] = u.side

    def _apply_breakdown(self, action: BreakdownUnit) -> list[str]:
        u = self._unit(action.unit)
        if u.side != "german" or u.nationality != "german":
            raise refuse("German breakdown: only German units may break down; for the Allies it's tough luck")
        if not self.state.phase.startswith("german"):
            raise refuse("German breakdown: units break down only during the German half of the turn")
        if not self._on_map(u):
            raise refuse(f"German breakdown: {self._label(u)} is not on the map")
        entry = breakdown_table().find(u.breakdown, u.kind, u.size, u.cf, u.mf)
        if entry is None or u.broken_from is not None:
            raise refuse(f"German breakdown: {self._label(u)} is not on the breakdown chart")
        pos = self._pos()
        children = []
        for n in range(entry.into.count):
            child = u.model_copy(
                update={
                    "id": f"{u.id}.{n + 1}",
                    "name": f"{u.name or u.id} ({n + 1})",
                    "kind": entry.into.kind,
                    "size": entry.into.size,
                    "cf": entry.into.cf,
                    "mf": entry.into.mf,
                    "broken_from": u.id,
                    "breakdown": None,
                }
            )
            children.append(child)
        i = pos.index_of(u)
        error = pos.stacking_error(i, children, leaving=[u.id])
        if error:
            raise refuse(error)
        u.eliminated = False
        u.at = None
        u.broken_from = None
        del self.state.units[u.id]
        for child in children:
            self.state.units[child.id] = child
        ids = [c.id for c in children]
        self._replace_in_records(u.id, ids)
        return [f"{self._label(u)} breaks down into {', '.join(self._label(c) for c in children)}"]

    def _replace_in_records(self, old: str, new: list[str]) -> None:
        def swap(ids: list[str]) -> list[str]:
            if old not in ids:
                return ids
            k = ids.index(old)
            return ids[:k] + new + ids[k + 1 :]

        for c in self.state.combats:
            if old in c.attackers and len(c.attacker_hexes) == len(c.attackers):
                k = c.attackers.index(old)
                c.attacker_hexes[k : k + 1] = [c.attacker_hexes[k]] * len(new)
        for record in [*self.state.engagements, *self.state.contacts, *self.state.combats]:
            record.attackers = swap(record.attackers)
            record.defenders = swap(record.defenders)
        for d in self.state.pending:
            d.units = swap(d.units)

    def _apply_break_off(self, action: BreakOff) -> list[str]:
        u = self._unit(action.unit)
        if u.side != "german" or u.kind not in self.rules.break_off_kinds or u.nationality != "german":
            raise refuse(
                "Break-off: only German Panzer and Panzer Grenadier units may break off an engaged; "
                "no Allied unit may"
            )
        if not self._engaged(u.id):
            raise refuse(f"Break-off: {self._label(u)} is not engaged")
        if self.state.phase != "german_movement":
            raise refuse("Break-off: a unit breaks off in the German movement phase")
        cost = self.rules.break_off_cost
        if u.mp_spent + cost > u.mf:
            raise refuse(f"Break-off: breaking off costs {cost} MP and {self._label(u)} lacks them")
        u.mp_spent += cost
        self._drop_from_records(u.id)
        return [f"{self._label(u)} breaks off the engagement ({cost} MP)"]

    def _drop_from_records(self, uid: str) -> None:
        for e in self.state.engagements:
            if uid in e.attackers:
                e.attackers.remove(uid)
            if uid in e.defenders:
                e.defenders.remove(uid)
        self.state.engagements = [e for e in self.state.engagements if e.attackers and e.defenders]

    def _apply_bridge(self, action: BridgeWork) -> list[str]:
        u = self._unit(action.unit)
        what = "destroy" if action.destroy else "rebuild"
        if u.kind != "engineers":
            raise refuse(f"Engineers: only engineers may {what} a bridge")
        if not self.state.phase.endswith("movement") or u.side != self.state.side:
            raise refuse(f"Engineers: engineers {what} bridges during their side's movement")
        if not self._on_map(u) or tuple(u.at) != tuple(action.hex):
            raise refuse(f"Engineers: the engineers must be on the bridge hex to {what} it")
        if self._engaged(u.id):
            raise refuse("Engaged: an engaged unit may not move or work")
        if u.bridge_turn == self.state.turn:
            raise refuse("Engineers: one engineer unit can destroy or rebuild only one bridge per turn")
        i = self._index(action.hex)
        destroyed = tuple(action.hex) in {tuple(h) for h in self.state.destroyed_bridges}
        if action.destroy and (not self.board.bridge[i] or destroyed):
            raise refuse("Engineers: there is no standing bridge in this hex to destroy")
        if not action.destroy and not destroyed:
            raise refuse("Engineers: there is no destroyed bridge in this hex to rebuild")
        cost = self.rules.bridge_destroy_cost if action.destroy else self.rules.bridge_rebuild_cost
        if u.mp_spent + cost > u.mf:
            raise refuse(
                f"Engineers: to {what} a bridge costs {cost} MP and {self._label(u)} has "
                f"{u.mf - u.mp_spent} left"
            )
        u.mp_spent += cost
        u.bridge_turn = self.state.turn
        if action.destroy:
            self.state.destroyed_bridges.append(tuple(action.hex))
        else:
            self.state.destroyed_bridges = [
                h for h in self.state.destroyed_bridges if tuple(h) != tuple(action.hex)
            ]
        done = "destroys" if action.destroy else "rebuilds"
        return [f"{self._label(u)} {done} the bridge at {self._hexname(action.hex)} ({cost} MP)"]

    # --- combat internals ---------------------------------------------------------------------------

    def _combat_phase_error(self) -> str | None:
        if not self.state.phase.endswith("combat"):
            return "Sequence of movement: attacks are made in the combat phase"
        if self.state.pending:
            return f"Combat: a result is waiting — {self.state.pending[0].describe()}"
        return None

    def _may_fight(self, u: UnitState) -> bool:
        """Cost of combat: the MP to fight must be left, unless the unit moved one hex."""
        return u.hexes_moved <= 1 or u.mp_spent + self._pos().combat_cost(u) <= u.mf

    def _stack_defenders(self, i: int, side: str) -> tuple[list[UnitState], list[UnitState]]:
        units = self._pos().units_at(i, side)
        combat = [u for u in units if u.kind not in self.rules.support_kinds]
        artillery = [u for u in units if u.kind in self.rules.support_kinds]
        return combat, artillery

    def _declare_error(self, action: DeclareAttack) -> tuple[str | None, CombatState | None]:
        error = self._combat_phase_error()
        if error:
            return error, None
        side = self.state.side
        pos = self._pos()
        if not action.attackers:
            return "Combat: an attack needs at least one attacking unit", None
        if not action.defenders:
            return "Combat: an attack is made against units in one hex", None
        if any(len(set(ids)) != len(ids) for ids in (action.attackers, action.defenders, action.artillery)):
            return "Combat: a unit is named twice", None
        defenders = [self._unit(d) for d in action.defenders]
        for d in defenders:
            if d.side == side or not self._on_map(d):
                return f"Combat: {self._label(d)} is not an enemy unit on the map", None
            if d.defended:
                return f"Combat: {self._label(d)} has already been attacked this phase; each unit is attacked once per phase", None
        target_hexes = {tuple(d.at) for d in defenders}
        if len(target_hexes) != 1:
            return "Combat: each combat is against units in one hex", None
        target = pos.index_of(defenders[0])
        stack, guns = self._stack_defenders(target, enemy_of(side))
        named = {d.id for d in defenders}
        if stack:
            if any(d.kind in self.rules.support_kinds for d in defenders):
                return (
                    "Artillery: artillery in a stack cannot be selectively attacked; attack the "
                    "combat units as if the artillery were not there"
                ), None
            if side == "allied" and named != {u.id for u in stack}:
                return "Selective attack: the Allies must attack a whole stack as one combat", None
        elif named != {u.id for u in guns}:
            return "Artillery: artillery stacked alone is attacked as one stack", None
        attacker_hexes = []
        for a_id in action.attackers:
            a = self._unit(a_id)
            if a.side != side or not self._on_map(a):
                return f"Combat: {self._label(a)} is not a unit of the side attacking", None
            if a.kind in self.rules.support_kinds:
                return "Artillery: artillery supports attacks but does not attack itself", None
            if a.cf <= 0:
                return f"Combat: {self._label(a)} has no combat factor", None
            if a.attacked:
                return f"Combat: {self._label(a)} has already attacked this phase; each unit attacks once per phase", None
            i = pos.index_of(a)
            if target not in self.board.neighbour[i]:
                return f"Combat: {self._label(a)} must be adjacent to the hex it attacks", None
            if not self._may_fight(a):
                return (
                    f"Cost of combat: {self._label(a)} has not the {pos.combat_cost(a)} MP left "
                    "to fight this turn"
                ), None
            attacker_hexes.append(self.state.units[a_id].at)
        for g_id in action.artillery:
            g = self._unit(g_id)
            if g.side != side or g.kind not in self.rules.support_kinds or not self._on_map(g):
                return f"Artillery: {self._label(g)} is not artillery of the attacking side", None
            if g.supported:
                return "Artillery: one battery supports only one combat a phase", None
            gi = pos.index_of(g)
            if not any(
                self.board.hexes[gi].distance(Hex(*self.state.units[a].at)) <= g.range
                for a in action.attackers
            ):
                return (
                    f"Artillery: {self._label(g)} has support range {g.range} and no attacking "
                    "unit is that close"
                ), None
            if not self._may_fight(g):
                return (
                    f"Cost of combat: {self._label(g)} has not the {pos.combat_cost(g)} MP left "
                    "to support an attack"
                ), None
        if action.air_power:
            error = self._air_power_error()
            if error:
                return error, None
        basic = pos.defense_basic(defenders) * self.board.city[target]
        combat = CombatState(
            id=self.state.next_combat,
            side=side,
            attackers=list(action.attackers),
            defenders=list(action.defenders),
            artillery=list(action.artillery),
            air_power=action.air_power,
            target=(self.board.hexes[target].q, self.board.hexes[target].r),
            attacker_hexes=[tuple(h) for h in attacker_hexes],
            loss_factors=basic,
        )
        try:
            combat.odds = self._column(combat)
        except IllegalAction as e:
            return str(e), None
        return None, combat

    def _air_power_error(self) -> str | None:
        state = self.state
        if state.side != "allied" or not state.phase.endswith("combat"):
            return "Allied air power: only the Allies, in their combat phase"
        if state.options.allied_air_power == "off":
            return "Allied air power: the optional rule is not in use in this game"
        if state.turn < self.rules.air_power_from_turn:
            return "Allied air power: the Allies gain air superiority only from the Feb 22 turn"
        if not state.air_superiority:
            return "Allied air power: the Allies did not gain air superiority (the Feb 22 roll)"
        if state.air_used_turn == state.turn:
            return "Allied air power: only one attack per turn may be shifted"
        return None

    def _apply_declare(self, action: DeclareAttack) -> list[str]:
        error, combat = self._declare_error(action)
        if error:
            raise refuse(error)
        self.state.next_combat += 1
        self.state.combats.append(combat)
        for a in combat.attackers:
            self.state.units[a].attacked = True
        for d in combat.defenders:
            self.state.units[d].defended = True
        for g in combat.artillery:
            self.state.units[g].supported = True
        if combat.air_power:
            self.state.air_used_turn = self.state.turn
        names = ", ".join(self._label(self.state.units[a]) for a in combat.attackers)
        targets = ", ".join(self._label(self.state.units[d]) for d in combat.defenders)
        support = (
            " supported by " + ", ".join(self._label(self.state.units[g]) for g in combat.artillery)
            if combat.artillery
            else ""
        )
        return [
            f"Attack {combat.id}: {names}{support} against {targets} at "
            f"{self._hexname(combat.target)}, odds {combat.odds}"
        ]

    def _apply_support(self, action: SupportDefense) -> list[str]:
        c = self._combat(action.combat)
        if c.resolved:
            raise refuse("Artillery: the defender allocates artillery before the combat is resolved")
        if self.state.pending:
            raise refuse(f"Combat: a result is waiting — {self.state.pending[0].describe()}")
        pos = self._pos()
        target = self.board.index[Hex(*c.target)]
        if len(set(action.artillery)) != len(action.artillery):
            raise refuse("Artillery: a battery is named twice")
        for g_id in action.artillery:
            g = self._unit(g_id)
            if g.side == c.side or g.kind not in self.rules.support_kinds or not self._on_map(g):
                raise refuse(f"Artillery: {self._label(g)} is not artillery of the defending side")
            if g.supported:
                raise refuse("Artillery: one battery supports only one combat a phase")
            if g.id in c.defenders:
                raise refuse("Artillery: artillery under attack defends itself and cannot also support")
            if self.board.hexes[pos.index_of(g)].distance(self.board.hexes[target]) > g.range:
                raise refuse(
                    f"Artillery: {self._label(g)} has support range {g.range} and the defending "
                    "hex is farther"
                )
        for g_id in action.artillery:
            self.state.units[g_id].supported = True
            c.defense_artillery.append(g_id)
        c.odds = self._column(c)
        return [
            f"Defensive fire for attack {c.id}: "
            + ", ".join(self._label(self.state.units[g]) for g in action.artillery)
            + f"; odds now {c.odds}"
        ]

    def _strengths(self, c: CombatState) -> tuple[Fraction, Fraction, list[str]]:
        pos = self._pos()
        target = self.board.index[Hex(*c.target)]
        lines: list[str] = []
        attack = Fraction(0)
        declared = dict(zip(c.attackers, c.attacker_hexes, strict=False))
        for a_id in c.attackers:
            a = self.state.units[a_id]
            where = a.at if self._on_map(a) else declared.get(a_id)
            if where is None:
                continue
            i = self.board.index[Hex(*where)]
            factor, why = pos.attack_modifier(i, target)
            value = a.cf * factor
            attack += value
            lines.append(
                f"{self._label(a)} attacks with {a.cf}"
                + (" " + ", ".join(why) + f" = {_frac(value)}" if why else "")
            )
        for g_id in c.artillery:
            g = self.state.units[g_id]
            attack += g.support
            lines.append(f"{self._label(g)} supports the attack with {g.support} (terrain does not change it)")
        defenders = [self.state.units[d] for d in c.defenders]
        multiplier = self.board.city[target]
        defense = Fraction(0)
        for d in defenders:
            base = d.cf if d.kind not in self.rules.support_kinds else self.rules.lone_artillery_defense
            note = " (artillery alone defends with 1)" if d.kind in self.rules.support_kinds else ""
            value = base * multiplier
            defense += value
            city = f" ×{multiplier} defending a city = {value}" if multiplier != 1 else ""
            lines.append(f"{self._label(d)} defends with {base}{note}{city}")
        for g_id in c.defense_artillery:
            g = self.state.units[g_id]
            defense += g.support
            lines.append(f"{self._label(g)} supports the defense with {g.support}")
        lines.append(f"Total {_frac(attack)} against {_frac(defense)}, rounded in favour of the defender")
        if c.air_power:
            lines.append("Allied air power: one column better for the attacker")
        lines.append(crt.rule_note(self.state.options.crt_high_rolls))
        return attack, defense, lines

    def _column(self, c: CombatState) -> str:
        attack, defense, _ = self._strengths(c)
        try:
            column = crt.odds(attack, defense)
        except IllegalAction:
            if not c.defense_artillery:
                raise
            # A declared attack stands: the defender's guns can push it to 1:6, an
            # automatic A ELIM, but not un-declare it.
            column = "1:6"
        if c.air_power:
            column = crt.shift(column)
        return column

    def _roll_die(self) -> int:
        face = self._dice.die()
        sink = getattr(self, "_faces_sink", None)
        if sink is not None:
            sink.faces = [*(sink.faces or []), face]
        return face

    def _apply_resolve(self, action: Resolve) -> list[str]:
        c = self._combat(action.combat)
        if c.resolved:
            raise refuse("Combat: this combat has already been resolved")
        if self.state.pending:
            raise refuse(f"Combat: a result is waiting — {self.state.pending[0].describe()}")
        column = self._column(c)
        automatic = column in ("1:6", ">8:1")
        if action.roll is not None and not 2 <= action.roll <= 12:
            raise refuse(f"Dice: two dice roll 2 to 12, not {action.roll}")
        if action.roll is None and not automatic and self.state.options.dice == "hand":
            raise refuse("Dice: this game uses hand-rolled dice; enter the two-dice roll")
        if automatic:
            roll = None
        elif action.roll is not None:
            roll = action.roll
        else:
            roll = self._roll_die() + self._roll_die()
        result = crt.lookup(column, roll or 7, self.state.options.crt_high_rolls)
        c.roll, c.result, c.resolved, c.odds = roll, result, True, column
        rolled = f"rolled {roll}" if roll is not None else "no roll needed"
        events = [f"Attack {c.id} at {column}: {rolled} — {result}"]
        c.stages = _stages(result)
        events.extend(self._run_stages(c))
        return events

    def _run_stages(self, c: CombatState) -> list[str]:
        from hexcampaign.kasserine.results import run_stages

        return run_stages(self, c)

    def _apply_advance_roll(self, action: AdvanceRoll) -> list[str]:
        decision = self.pending()
        if decision is None or decision.kind != "advance_roll":
            raise refuse("D ELIM: no advance die is waiting to be rolled")
        if action.die is not None and not 1 <= action.die <= 6:
            raise refuse(f"Dice: a die rolls 1 to 6, not {action.die}")
        if action.die is None and self.state.options.dice == "hand":
            raise refuse("Dice: this game uses hand-rolled dice; enter the die")
        die = action.die if action.die is not None else self._roll_die()
        self.state.pending.pop(0)
        c = self._combat(decision.combat)
        c.stages.insert(0, f"advance:attackers:mp:{die}")
        return [f"D ELIM: the advance die shows {die}: up to {die} MP of advance"] + self._run_stages(c)

    def _apply_losses(self, action: TakeLosses) -> list[str]:
        from hexcampaign.kasserine.results import take_losses

        return take_losses(self, action)

    def _apply_retreat(self, action: Retreat) -> list[str]:
        from hexcampaign.kasserine.results import retreat

        return retreat(self, action)

    def _apply_advance(self, action: Advance) -> list[str]:
        from hexcampaign.kasserine.results import advance

        return advance(self, action)

    def _apply_decline_advance(self, action: DeclineAdvance) -> list[str]:
        decision = self.pending()
        if decision is None or decision.kind != "advance":
            raise refuse("Advance after combat: no advance is waiting")
        self.state.pending.pop(0)
        c = self._combat(decision.combat)
        return ["Advance after combat declined"] + self._run_stages(c)

    def _advance_paths(self, u: UnitState, decision: Decision) -> list[list[int]]:
        from hexcampaign.kasserine.results import advance_paths

        return advance_paths(self, u, decision)


def _arrival_point(u: UnitState) -> str:
    return u.arrives.place if u.arrives is not None else f"its entry zone ({u.entry or 'east edge'})"


def _stages(result: str) -> list[str]:
    if result == "A ELIM":
        return ["losses", "retreat:attackers:1"]
    if result.startswith("A BACK"):
        n = int(result.split()[-1])
        return [f"retreat:attackers:{n}", f"advance:defenders:hexes:{n - 1}"]
    if result == "CONTACT":
        return ["contact"]
    if result == "ENGAGED":
        return ["engaged"]
    if result == "EXCHANGE":
        return ["eliminate:defenders", "losses", "advance:attackers:hexes:1"]
    if result.startswith("D BACK"):
        n = int(result.split()[-1])
        return [f"retreat:defenders:{n}", f"advance:attackers:hexes:{max(1, n - 1)}"]
    if result == "D ELIM":
        return ["eliminate:defenders", "advance_roll"]
    raise ValueError(result)


def _path(came_from: dict[int, int], starts: set[int], goal: int) -> list[int]:
    path = [goal]
    here = goal
    while here not in starts:
        here = came_from[here]
        path.append(here)
    path.reverse()
    # An on-map unit's start hex is not part of its path; an arriving unit's first hex is.
    return path


def _frac(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _combat_id(combat: Combat | int) -> int:
    return combat.id if isinstance(combat, Combat) else int(combat)


def _pairs(items) -> list[tuple[int, int]]:
    pairs = []
    for item in items:
        if isinstance(item, dict):
            pairs.append((int(item["col"]), int(item["row"])))
        else:
            pairs.append((int(item[0]), int(item[1])))
    return pairs


__all__ = ["Combat", "Game"]


def _cut_numbers(reason: str) -> str:
    """A rule's refusal of an action from a file, fit for a sentence: the file may put a
    400-digit number where a hex or an MP count belongs, and the rule quotes it."""
    return re.sub(r"\d{13,}", lambda m: m.group()[:6] + "...", reason)[:240]


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _check_matches(document: dict, data: bytes | None) -> bool:
    """Does the save's check match its content: is it a save this program wrote, with
    nothing changed since? The check is the SHA-256 of the text before it. (Anything
    else, re-spaced by hand included, is replayed.)"""
    claimed = document.get("check")
    if not isinstance(claimed, str) or data is None:
        return False
    tail = f',"check":"{claimed}"}}'.encode("utf-8", "surrogatepass")
    if not data.endswith(tail):
        return False
    digest = hashlib.sha256(memoryview(data)[: -len(tail)])
    digest.update(b"}")
    return digest.hexdigest() == claimed


def _small_file(path: Path) -> bytes | None:
    """The file's bytes when it is there, readable and within the size limit, else None."""
    try:
        if path.stat().st_size <= MAX_FILE_BYTES:
            return path.read_bytes()
    except OSError:
        pass
    return None


def _parse(raw: str | bytes, name: str) -> tuple[object, bytes | None, bool]:
    """A save's (document, UTF-8 text, within limits): parse_json's work, with its
    nesting check and oversized's done after parsing, in one fast pass (within_limits).
    pydantic's JSON reader is a third faster than json.loads and as strict (it refuses
    what json.loads refuses; it also refuses lone surrogates and nesting past 200 where
    json.loads need not). A file that fails anything goes through parse_json itself:
    json.loads, and the sentence for what is wrong."""
    try:
        data = raw if isinstance(raw, bytes) else raw.encode("utf-8", "surrogatepass")
        if len(data) <= MAX_FILE_BYTES:
            document = from_json(data)
            if within_limits(document, LIMITS, LIMITS_SKIP):
                return document, data, True
    except (ValueError, RecursionError):  # not UTF-8, not JSON, too deep for it
        pass
    return parse_json(raw, name, SAVE_WHAT), None, False


def copy_state(state: GameState) -> GameState:
    """A deep copy of the state. Validating its plain dump gives the identical model at
    about a quarter of the cost of model_copy(deep=True) (snapshots are taken at every
    roll), and keeps pickle out of the program (see docs/reliability.md)."""
    return GameState.model_validate(state.model_dump())
