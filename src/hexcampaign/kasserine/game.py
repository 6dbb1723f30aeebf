"""The Kasserine Pass game facade: construction, actions, the log, undo, replay and
saves; the questions players ask without acting are in questions.py (`GameQuestions`,
which `Game` is built on).

Every change goes through `_do(action)`: the action's handler (found in HANDLERS, one
rule module function per action type) validates it against the rules and applies it to
the state; the action is appended to the log with the dice it rolled, and the handler's
record of what changed comes back as a PlayChanges (hexcampaign.rules.changes): the log
lines, with flags (UNITS, ELIMINATED, PHASE, DECISION, COMBAT, HOLDINGS, POINTS, MAP,
LOCK) and the units and hexes touched; see kasserine.context for what sets each flag.

Replays re-apply the log with dice that hand back the recorded faces. Undo is a replay
of the actions after the last lock: a roll, the defender's artillery allocation, or any
action after which the other player acts (a declared attack, handed to the defender for
his artillery; a combat result's decision passing to the other side; the next side's
phase) (LOCK); it never goes back past one. Redo re-applies what undo took back, the
latest first, until another action is taken: an undone action revealed nothing (a roll or
a hand-over would have locked it), so replaying it shows nothing new either.
"""

from __future__ import annotations

import datetime
import errno
import functools
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from hexcampaign.files import atomic_write_text
from hexcampaign.hexes import Hex
from hexcampaign.kasserine import combat, movement, phases, placements, reopened, results, unit_work
from hexcampaign.kasserine.board import Board, shared_board
from hexcampaign.kasserine.combat import Combat
from hexcampaign.kasserine.context import (
    GameContext,
    GameDice,
    copy_state,
    decision_key,
    lock_reason,
)
from hexcampaign.kasserine.options import Options
from hexcampaign.kasserine.phases import PHASE_WORDS
from hexcampaign.kasserine.position import refuse
from hexcampaign.kasserine.questions import GameQuestions, declaration, id_of_combat
from hexcampaign.kasserine.saves import (
    COMPACT,
    LIMITS,
    LIMITS_SKIP,
    SAVE_FORMAT,
    SAVE_KEYS,
    SAVE_VERSION,
    GameFormatError,
    SaveContents,
    lock_index,
    read_save_file,
    read_save_text,
    replay_problem,
    same_position,
    save_text,
    start_document,
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
    DeclareAttack,
    DeclineAdvance,
    EndPhase,
    GameState,
    MoveStack,
    MoveUnit,
    PlaceUnit,
    PlaceUnits,
    Resolve,
    Retreat,
    SupportDefense,
    TakeLosses,
    UnitState,
    fresh_action,
)
from hexcampaign.kasserine.tables import rules_table
from hexcampaign.kasserine.units import Side, UnitSpec, UnitView
from hexcampaign.maps import HexMap
from hexcampaign.rules import IllegalAction
from hexcampaign.rules.changes import Play, PlayChanges
from hexcampaign.rules.dice import DiceState

# The position at the last lock: (actions locked, state, dice, log lines).
Snapshot = tuple[int, GameState, DiceState, list[str]]

@functools.lru_cache(maxsize=64)
def _day_words(first_day: str, turn: int) -> str:
    """The date of a turn as the log writes it ("Feb 14"): every action's log lines
    carry it, so it is worked out once a turn, not once an action."""
    day = datetime.date.fromisoformat(first_day) + datetime.timedelta(days=turn - 1)
    return day.strftime("%b ") + str(day.day)


# The shared scenario last started (scenario.shared_scenario, read-only) and its
# counters (unit_specs): the same validated values for every new game while the scenario
# is, which custom() only reads; building them cost a tenth of a game's set-up.
_SCENARIO_SPECS: list[tuple[object, list[UnitSpec]]] = []


# Each action type and the rule that carries it out (a handler takes its own type only).
HANDLERS: dict[type, Callable[[GameContext, Any], list[str]]] = {
    PlaceUnit: movement.place,
    PlaceUnits: placements.place_units,
    MoveUnit: movement.move,
    MoveStack: movement.move_stack,
    BreakdownUnit: unit_work.breakdown,
    BreakOff: unit_work.break_off,
    BridgeWork: unit_work.bridge_work,
    DeclareAttack: combat.declare,
    SupportDefense: combat.support_defense,
    Resolve: combat.resolve,
    AdvanceRoll: combat.roll_advance,
    DeclineAdvance: combat.decline_advance,
    TakeLosses: results.take_losses,
    Retreat: results.retreat,
    Advance: results.advance,
    EndPhase: phases.end_phase,
    reopened.Reopened: reopened.note,
}

# Names other modules knew here before the rule families had modules of their own.
__all__ = [
    "COMPACT", "LIMITS", "LIMITS_SKIP", "PHASE_WORDS", "SAVE_FORMAT", "SAVE_KEYS", "SAVE_VERSION",
    "Combat", "Game", "GameFormatError",
]


class Game(GameQuestions):
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
        self.context = GameContext(
            hexmap,
            state,
            {k: list(v) for k, v in (entry_zones or {}).items()},
            {k: list(v) for k, v in (arrival_points or {}).items()},
            board if board is not None else Board(hexmap),
        )
        self.map = hexmap
        self.board = self.context.board
        self.rules = self.context.rules
        self.entry_zones = self.context.entry_zones
        self.arrival_points = self.context.arrival_points
        self._initial = initial if initial is not None else copy_state(state)
        self._actions: list = []
        self._lines: list[str] = []
        self._locked = 0
        # Why play is locked where it is, for the undo refusal ("" when not known here:
        # a loaded save, a replay).
        self._lock_reason = ""
        # What undo took back, the latest last, for redo; emptied by any other action.
        self._undone: list = []
        # The position at the last lock (count, state, dice, log): undo re-applies only
        # the actions after it. None until a lock is passed here, or until the first
        # undo derives it by a replay of the locked actions (a loaded save has none).
        self._snapshot: Snapshot | None = None
        self._start_text: str | None = None  # the save's text of the start, made once
        self._view_cache: dict[str, tuple[tuple, UnitView]] = {}
        self.last_changes = PlayChanges.everything()

    @property
    def state(self) -> GameState:
        return self.context.state

    @state.setter
    def state(self, state: GameState) -> None:
        self.context.state = state
        self.context.forget_position()

    @property
    def _dice(self) -> GameDice:
        return self.context.dice

    # --- construction -------------------------------------------------------------------

    @classmethod
    def custom(
        cls,
        hexmap: HexMap,
        units: list[UnitSpec],
        seed: int | None = 1,
        options: Options | None = None,
        phase: str = "german_movement",
        turn: int = 1,
        entry_zones: dict[str, list[Hex]] | None = None,
        arrival_points: dict[str, list[Hex]] | None = None,
        victory: dict[str, int] | None = None,
        holders: Mapping[str, Side] | None = None,
        board: Board | None = None,
    ) -> Game:
        """Any position: a map, units (hex None = not yet on the map), whose phase it is.
        `seed` None: the dice roll from the operating system's entropy. `board`, when
        given, was built from a map of the same content (shared_board)."""
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
                raise IllegalAction(f"Map: {spec.name or spec.id} is placed off the map")
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
        # The start is the position after begin_phase: copied once, then.
        game = cls(hexmap, state, entry_zones, arrival_points, board, initial=state)
        phases.check_start(game.context)
        phases.begin_phase(game.context, initial=True)
        game._initial = copy_state(game.state)
        return game

    @classmethod
    def scenario(
        cls, seed: int | None = 1, options: Options | None = None, path: Path | str | None = None
    ) -> Game:
        """The Kasserine Pass scenario, turn 1 (Feb 14), German set-up. `seed` None: the
        dice roll from the operating system's entropy (a game between players)."""
        from hexcampaign.kasserine.scenario import offset_hexes, shared_scenario, unit_specs

        scenario, map_text = shared_scenario(path)  # read once while the files stay as they are
        if not _SCENARIO_SPECS or _SCENARIO_SPECS[0][0] is not scenario:
            _SCENARIO_SPECS[:] = [(scenario, unit_specs(scenario))]
        hexmap = scenario.hexmap()
        zones = {name: offset_hexes(zone.hexes) for name, zone in scenario.entry_zones.items()}
        arrivals = {place: offset_hexes(hexes) for place, hexes in scenario.arrival_points.items()}
        return cls.custom(
            hexmap,
            _SCENARIO_SPECS[0][1],
            seed=seed,
            options=options,
            phase="german_setup",
            turn=1,
            entry_zones=zones,
            arrival_points=arrivals,
            victory=dict(scenario.victory),
            board=shared_board(hexmap, map_text),
        )

    # --- what players see ----------------------------------------------------------------

    @property
    def seed(self) -> int | None:
        """The dice seed the game was started with; None: dice from the OS's entropy."""
        return self._initial.seed

    @property
    def turn(self) -> int:
        """The turn being played, 1 (Feb 14) to 12 (Feb 25)."""
        return self.state.turn

    @property
    def phase(self) -> str:
        """The phase being played ("german_setup", "allied_combat", …, "game_over")."""
        return self.state.phase

    @property
    def options(self) -> Options:
        """The optional rules in use (frozen: they are fixed when the game starts)."""
        return self.state.options

    def info(self) -> dict:
        """The game's information as a player reads it: the date and phase, who acts, the
        dice and the optional rules in use."""
        options = self.state.options
        if options.dice == "hand":
            dice = "rolled by hand and entered"
        elif self.seed is None:
            dice = "rolled by the program from the operating system's entropy"
        else:
            dice = f"rolled by the program from seed {self.seed} (reproducible)"
        return {
            "date": self.date(),
            "turn": self.state.turn,
            "phase": PHASE_WORDS[self.state.phase],
            "side_to_play": self.side_to_play,
            "seed": self.seed,
            "dice": dice,
            "options": options.model_dump(),
            "actions": len(self._actions),
            "can_undo": self.can_undo,
        }

    def date(self, turn: int | None = None) -> str:
        return _day_words(self.rules.first_day, turn or self.state.turn)

    def log(self) -> list[str]:
        """The game so far in plain English, each line with its date and phase."""
        return list(self._lines)

    def actions(self) -> list[Action]:
        return list(self._actions)

    @property
    def over(self) -> bool:
        return self.state.phase == GAME_OVER

    @property
    def side_to_play(self) -> str:
        decision = self.pending()
        return decision.side if decision else self.state.side

    # --- movement ---------------------------------------------------------------------------

    def place(self, unit_id: str, hex: Hex) -> PlayChanges:
        """German set-up: put an entering unit on a hex of its entry zone."""
        return self._do(PlaceUnit(unit=unit_id, hex=(hex.q, hex.r)))

    def move(self, unit_id: str, path: list[Hex]) -> PlayChanges:
        return self._do(MoveUnit(unit=unit_id, path=[(h.q, h.r) for h in path]))

    def move_stack(self, unit_ids: list[str], path: list[Hex]) -> PlayChanges:
        """Several units of one hex move together along one path: one action, one undo
        step; refused whole, naming the unit that may not, if any may not."""
        return self._do(MoveStack(units=list(unit_ids), path=[(h.q, h.r) for h in path]))

    def breakdown(self, unit_id: str) -> list[str]:
        """Break a German unit down into the units of the breakdown chart; their ids."""
        self._do(BreakdownUnit(unit=unit_id))
        return [u.id for u in self.state.units.values() if u.broken_from == unit_id]

    def break_off(self, unit_id: str) -> PlayChanges:
        return self._do(BreakOff(unit=unit_id))

    def destroy_bridge(self, unit_id: str, hex: Hex) -> PlayChanges:
        return self._do(BridgeWork(unit=unit_id, hex=(hex.q, hex.r), destroy=True))

    def rebuild_bridge(self, unit_id: str, hex: Hex) -> PlayChanges:
        return self._do(BridgeWork(unit=unit_id, hex=(hex.q, hex.r), destroy=False))

    # --- combat -------------------------------------------------------------------------------

    def declare_attack(
        self,
        attackers: list[str],
        defenders: list[str],
        artillery: list[str] | None = None,
        air_power: bool = False,
    ) -> Combat:
        self._do(declaration(attackers, defenders, artillery, air_power))
        return Combat(self.context, self.state.combats[-1].id)

    def support_defense(self, combat: Combat | int, artillery: list[str]) -> PlayChanges:
        """The defender's artillery: it shows the defender's hand, so undo stops here."""
        return self._do(SupportDefense(combat=id_of_combat(combat), artillery=list(artillery)))

    def resolve(self, combat: Combat | int, roll: int | None = None) -> str:
        """Roll (or take the hand-entered roll) and apply the result; the result words."""
        cid = id_of_combat(combat)
        self._do(Resolve(combat=cid, roll=roll))
        return self.context.combat(cid).result or ""

    def roll_advance(self, die: int | None = None) -> PlayChanges:
        """D ELIM: roll (or enter, with hand dice) the die for the MP of the advance."""
        return self._do(AdvanceRoll(die=die))

    def take_losses(self, unit_ids: list[str]) -> PlayChanges:
        return self._do(TakeLosses(units=list(unit_ids)))

    def retreat(self, unit_id: str, path: list[Hex]) -> PlayChanges:
        return self._do(Retreat(unit=unit_id, path=[(h.q, h.r) for h in path]))

    def advance(self, unit_id: str, path: list[Hex]) -> PlayChanges:
        return self._do(Advance(unit=unit_id, path=[(h.q, h.r) for h in path]))

    def decline_advance(self) -> PlayChanges:
        return self._do(DeclineAdvance())

    def end_phase(self) -> PlayChanges:
        return self._do(EndPhase())

    def apply(self, action: Action) -> PlayChanges:
        """Apply an action value (from legal_actions(), or a log); dice are rolled afresh."""
        return self._do(fresh_action(action))

    def apply_recorded(self, action: Action) -> PlayChanges:
        """Apply an action with the dice faces it rolled where it was first applied (another
        copy of this game: a computer's worker, a log), so both copies stay identical even
        when the dice come from the operating system's entropy. Rolls beyond the recorded
        faces are rolled afresh; a face outside 1-6 is refused."""
        faces = list(action.faces or [])
        if any(not isinstance(f, int) or not 1 <= f <= 6 for f in faces):
            raise refuse("Dice: a recorded face is not a number from 1 to 6", "Dice")
        self.context.dice.feed(faces)
        try:
            return self._do(fresh_action(action))
        finally:
            self.context.dice.settle()

    # --- undo, replay and saves -------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        return len(self._actions) > self._locked

    def undo(self) -> PlayChanges:
        """Take back the last action; refused past a lock (a roll, the defender's
        artillery, a declared attack, any hand-over to the other player). Everything may
        have changed."""
        if not self.can_undo:
            why = self._lock_reason or (
                "a die roll was seen, an attack was declared, the defender allocated "
                "artillery, or the game was handed to this player"
            )
            raise refuse(f"Undo: play is locked here — {why}; undo cannot go back past that", "Undo")
        count, state, dice, lines = self._undo_base()
        tail = self._actions[count:-1]
        undone = [*self._undone, self._actions[-1]]
        self.state = copy_state(state)
        self.context.dice = GameDice.restore(dice)
        self._lines = list(lines)
        self._actions = self._actions[:count]
        for action in tail:
            self._do(fresh_action(action, keep_faces=True))
        self._undone = undone  # (the replay above is no new action)
        self.last_changes = PlayChanges.everything()
        return self.last_changes

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    def redo(self) -> PlayChanges:
        """Apply again the action undo took back last; refused once another action was
        taken since (the undone ones are then gone, as in any editor)."""
        if not self._undone:
            raise refuse("Redo: there is no undone action to redo (an action taken since an undo ends redo)", "Redo")
        undone = self._undone
        changes = self._do(fresh_action(undone[-1], keep_faces=True))
        self._undone = undone[:-1]
        return changes

    def identify(self, game_id: str) -> None:
        """Give a game without an id its own (kept in its saves: app/kasserine/reopening.py)."""
        self._initial = self._initial.model_copy(update={"game_id": game_id})
        self.state.game_id, self._snapshot, self._start_text = game_id, None, None

    def replay(self) -> Game:
        """A new game: the start position and seed, with the log re-applied."""
        return self._rebuild(self._actions, self._locked)

    def at_start(self) -> Game:
        """A new game at this game's start position (its map, seed and options, no action
        yet), where a replay of its actions with `apply_recorded` begins (the tracker's)."""
        return self._rebuild([], 0)

    def to_json(self, extra: dict[str, object] | None = None) -> str:
        """The save: compact JSON, its last key the check (saves.save_text)."""
        if self._start_text is None:
            self._start_text = json.dumps(self._start(), **COMPACT)
        return save_text(self._start, self._start_text, self._actions, self._locked, self.state, self._lines, extra)

    def save(self, path: Path | str) -> None:
        """Write the game atomically, keeping the previous file as a .bak backup. The
        written file is read back and must be the very text meant (the text of a game
        that loads to this position) before it replaces the old one."""
        text = self.to_json()

        def verify(back: str) -> None:
            if back != text:
                raise OSError(errno.EIO, "the game read back differs from the one saved")

        atomic_write_text(path, text, verify=verify)

    @classmethod
    def load(cls, path: Path | str) -> Game:
        """Read a saved game; a bad file raises GameFormatError (a FileFormatError and a
        ValueError) with a sentence for the player."""
        path = Path(path)
        contents = read_save_file(path)
        try:
            return cls._from_contents(contents)
        except GameFormatError as e:
            raise GameFormatError(f"{path.name}: {e}") from None

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """A game from its save text; anything wrong raises GameFormatError."""
        return cls._from_contents(read_save_text(text))

    # =========================================================================================
    # internals
    # =========================================================================================

    @classmethod
    def _from_contents(cls, s: SaveContents) -> Game:
        """A save whose check matches is taken as written; any other is replayed from its
        start and must reach the position it recorded."""
        locked = max(s.locked, lock_index(s.initial, s.actions))
        if s.trusted and s.log is not None:  # a trusted save has its log
            game = cls(s.hexmap, s.saved, s.entry_zones, s.arrival_points, s.board, initial=s.initial)
            game._actions = s.actions
            game._lines = s.log
            game._locked = locked
            faces = [f for a in s.actions for f in (a.faces or [])]
            game.context.dice = GameDice(s.initial.seed, faces)
            return game
        game = cls(s.hexmap, s.initial, s.entry_zones, s.arrival_points, s.board, initial=s.initial)
        try:
            game = game._rebuild(s.actions, locked)
        except Exception as e:  # noqa: BLE001 — a hostile log may fail anywhere
            raise replay_problem(e) from None
        if not same_position(s.saved, game.state):
            raise GameFormatError("This save does not replay to the position it recorded; it is damaged.")
        return game

    def _start(self) -> dict[str, object]:
        return start_document(self.map, self.entry_zones, self.arrival_points, self._initial)

    def _undo_base(self) -> Snapshot:
        """The position at the last lock (count, state, dice, log), undo's start. Taken
        at every roll; past a lock without a roll (the defender's artillery, the
        hand-over) or in a loaded save it is derived once, by replaying the locked
        actions from the snapshot before (with their recorded dice)."""
        snapshot = self._snapshot
        if snapshot is None or snapshot[0] != self._locked:
            try:
                base = self._rebuild(self._actions[: self._locked], self._locked, snapshot)
            except Exception:  # noqa: BLE001 — only a save not ours that carried our check
                raise refuse(
                    "Undo: this game's log does not replay, so its moves cannot be undone",
                    "Undo",
                ) from None
            snapshot = self._snapshot = (self._locked, base.state, base._dice.state(), base._lines)
        return snapshot

    def copy(self) -> Game:
        """An independent copy of the game as it stands (position, log, locks, dice), for a
        caller that must try actions without touching this one: a turn file is checked
        whole on a copy. Much cheaper than a save and a load; logged actions are values
        never changed once logged, so the copy shares them."""
        game = Game(
            self.map,
            copy_state(self.state),
            self.entry_zones,
            self.arrival_points,
            self.board,
            initial=self._initial,  # never changed: games share it
        )
        game._actions = list(self._actions)
        game._lines = list(self._lines)
        game._locked = self._locked
        game._lock_reason = self._lock_reason
        game._snapshot = self._snapshot  # restored through copy_state: never changed in place
        game._start_text = self._start_text
        game.context.dice = GameDice.restore(self._dice.state())
        return game

    def _rebuild(self, actions: list[Any], locked: int, start: Snapshot | None = None) -> Game:
        """A new game that re-applies `actions` with their recorded dice, from the start
        position or from a snapshot (count, state, dice, log) of their first actions."""
        count, state, dice, lines = start or (0, self._initial, {"seed": self._initial.seed, "rolls": []}, [])
        game = Game(
            self.map,
            copy_state(state),
            self.entry_zones,
            self.arrival_points,
            self.board,
            initial=self._initial,  # never changed: games share it
        )
        game._actions = list(actions[:count])
        game._lines = list(lines)
        faces = [f for a in actions for f in (a.faces or [])]
        game.context.dice = GameDice(self._initial.seed, dice["rolls"], replay=faces)
        for action in actions[count:]:
            game._do(fresh_action(action))
        game.context.dice = GameDice(self._initial.seed, game._dice.rolls)
        game._locked = max(locked, game._locked)
        if game._snapshot is not None and game._snapshot[0] != game._locked:
            game._snapshot = None  # derived again on the first undo, from the lock
        return game

    def _do(self, action: Action) -> PlayChanges:
        ctx = self.context
        state = ctx.state
        if state.phase == GAME_OVER:
            raise refuse("Turn: the game is over (Feb 25 has been played)", "Turn")
        handler = HANDLERS.get(type(action))
        if handler is None:
            raise refuse(f"Actions: {type(action).__name__} is not an action of this game", "Actions")
        changes = ctx.changes = PlayChanges()
        ctx.faces_sink = action  # dice rolled while applying are recorded on the action
        date, phase = self.date(), PHASE_WORDS[state.phase]
        decision = decision_key(state)
        acting = self.side_to_play
        dice_before = len(ctx.dice.rolls)
        events = handler(ctx, action) or []
        ctx.faces_sink = None
        self._actions.append(action)
        self._undone = []  # a new action: what was undone cannot be redone
        ctx.after_action(action)
        self._lines.extend(f"{date}, {phase}: {e}" for e in events)
        if decision_key(ctx.state) != decision:
            changes.add(Play.DECISION)
        if self.side_to_play != acting:
            # The game passes to the other player (a combat result's decision is his, or
            # it comes back): undo never crosses to the other player.
            changes.add(Play.LOCK)
        # The record is the result, with the log lines (what PlayChanges(events, flags,
        # units, hexes) would make, without copying it: the next action records on a new one).
        changes.extend(events)
        if events:
            changes.flags |= Play.LOG
        result = self.last_changes = changes
        if Play.LOCK in changes.flags:
            self._locked = len(self._actions)
            self._lock_reason = lock_reason(action, ctx)
            if len(ctx.dice.rolls) != dice_before or action.kind in ("resolve", "advance_roll"):
                # Rolls come a few a phase and undo after them is common: keep the
                # position. Other locks (two a turn) are derived if undo asks.
                self._snapshot = (self._locked, copy_state(ctx.state), ctx.dice.state(), list(self._lines))
        return result
