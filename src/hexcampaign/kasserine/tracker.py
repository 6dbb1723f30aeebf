"""The game's history added up for the players: the victory points the Germans held at
the end of each turn, the combat factors each side and formation lost, the attacks by
the odds they were declared at against the odds after the defender's artillery, and the
results rolled against the chances the Combat Results Table gave them.

A `Tracker` follows a game: `follow(game)` after every action costs one look at the
position (what the action eliminated, captured, declared, fired or rolled is read from
the state after it, against a short summary of the state before). Anything else — the
first look at a game already under way, a save, an undo followed by other actions — is
replayed once on a copy from the game's start with the dice it recorded
(`Game.at_start`, `Game.apply_recorded`), so the numbers are always those the rules
reached; the game followed is never touched. Nothing is parsed from the log's words.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from hexcampaign.kasserine import crt
from hexcampaign.kasserine.game import Game
from hexcampaign.kasserine.state import GAME_OVER, Action, GameState, UnitState
from hexcampaign.kasserine.tables import ALL_ODDS

SIDES = ("german", "allied")


@dataclass(frozen=True)
class TurnPoints:
    """The German victory points at the end of a turn (`ended`), or as the turn being
    played stands now."""

    turn: int
    date: str
    points: int
    ended: bool


@dataclass(frozen=True)
class Loss:
    """A unit a side lost: eliminated, or (a gun) captured by the enemy's advance."""

    turn: int
    side: str
    formation: str
    unit: str  # the counter's label, as the log names it
    unit_id: str
    factors: int  # its combat factor; a gun's support factor
    how: str  # "eliminated" or "captured"


@dataclass(frozen=True)
class Attack:
    """One declared attack: the odds it was declared at, the odds after the defender's
    artillery (the column it was rolled on, once rolled), its result and the chances."""

    combat: int
    turn: int
    side: str  # the attacker's
    declared: str
    after_fire: str
    defensive_fire: bool
    result: str | None  # None until rolled
    chances: dict[str, Fraction]  # the CRT's distribution on `after_fire`

    @property
    def chance(self) -> Fraction | None:
        """The chance the table gave the result it got (None until rolled)."""
        return self.chances.get(self.result, Fraction(0)) if self.result is not None else None

    @property
    def cut(self) -> bool:
        """The defender's artillery made the odds worse for the attacker."""
        return ALL_ODDS.index(self.after_fire) < ALL_ODDS.index(self.declared)


@dataclass(frozen=True)
class ResultTally:
    """A CRT result: how often it came, how often the chances said it would."""

    result: str
    rolled: int
    expected: Fraction


@dataclass(frozen=True)
class OddsTally:
    """An odds column: attacks declared at it, attacks rolled (or standing) at it after
    the defender's artillery."""

    odds: str
    declared: int
    after_fire: int


@dataclass(frozen=True)
class Level:
    """A level of victory: its name and its range of German points."""

    name: str
    low: int
    high: int


class Tracker:
    """The series of one game's history, kept up to date by `follow(game)`."""

    def __init__(self) -> None:
        self._actions: list[Action] = []
        self._steps: list[_Step] = []
        self._before: _Summary | None = None  # the position after the last action followed
        self._now: TurnPoints | None = None
        self._high_rolls = "mirror"
        self.levels: tuple[Level, ...] = ()
        self.max_points = 0
        self.dates: tuple[str, ...] = ()  # the date of each turn, turn 1 first
        self.replays = 0  # how many times follow() had to replay from the start
        self._attacks: list[Attack] | None = None  # attacks() until the steps change
        self._distributions: dict[tuple[str, str], dict[str, Fraction]] = {}

    # --- following a game ---------------------------------------------------------------

    def follow(self, game: Game) -> None:
        """Bring the series up to `game` as it stands. One new action since the last
        call is read off the position; an undo back to an action followed keeps what
        came before it; anything else replays the game once on a copy."""
        actions = game.actions()
        kept = self._common_prefix(actions)
        if kept < len(self._actions):
            del self._actions[kept:], self._steps[kept:]
            self._before = None
            self._attacks = None
        if kept == len(actions):
            if self._before is None:
                self._before = _Summary.of(game.state)  # the live game stands here
        elif kept == len(actions) - 1 and self._before is not None:
            self._record(actions[-1], self._before, game)
        else:
            self._replay(game, actions, kept)
        self._read_constants(game)
        state = game.state
        self._now = None if state.phase == GAME_OVER else TurnPoints(
            state.turn, game.date(state.turn), game.victory_points(), False
        )

    # --- the series ---------------------------------------------------------------------

    def points(self) -> list[TurnPoints]:
        """The German points at the end of every turn played, then the turn in play."""
        ended = [s.turn_end for s in self._steps if s.turn_end is not None]
        return ended + ([self._now] if self._now is not None else [])

    def losses(self) -> list[Loss]:
        """Every unit lost, in the order they were lost."""
        return [loss for s in self._steps for loss in s.losses]

    def factors_lost(self) -> dict[str, int]:
        """Combat factors lost by each side."""
        lost = dict.fromkeys(SIDES, 0)
        for loss in self.losses():
            lost[loss.side] = lost.get(loss.side, 0) + loss.factors
        return lost

    def factors_lost_by_formation(self) -> list[tuple[str, str, int]]:
        """(side, formation, factors lost), German first, each side's worst hit first."""
        lost: Counter[tuple[str, str]] = Counter()
        for loss in self.losses():
            lost[(loss.side, loss.formation)] += loss.factors
        return sorted(
            ((side, formation, n) for (side, formation), n in lost.items()),
            key=lambda row: (SIDES.index(row[0]) if row[0] in SIDES else 2, -row[2], row[1]),
        )

    def factors_lost_by_turn(self) -> dict[str, list[int]]:
        """Each side's combat factors lost on each turn, turn 1 first, up to the last
        turn played."""
        last = max([p.turn for p in self.points()] + [1])
        lost = {side: [0] * last for side in SIDES}
        for loss in self.losses():
            lost.setdefault(loss.side, [0] * last)[loss.turn - 1] += loss.factors
        return lost

    def attacks(self) -> list[Attack]:
        """Every attack declared, in the order declared, as it stands now."""
        if self._attacks is None:
            self._attacks = self._fold_attacks()
        return list(self._attacks)

    def _fold_attacks(self) -> list[Attack]:
        found: dict[int, Attack] = {}
        for step in self._steps:
            for seen in step.combats:
                known = found.get(seen.combat)
                if known is None:
                    found[seen.combat] = Attack(
                        seen.combat, seen.turn, seen.side, seen.odds, seen.odds, seen.fired,
                        seen.result, self._chances(seen.odds),
                    )
                else:
                    found[seen.combat] = Attack(
                        known.combat, known.turn, known.side, known.declared, seen.odds,
                        known.defensive_fire or seen.fired, seen.result, self._chances(seen.odds),
                    )
        return list(found.values())

    def odds(self, side: str | None = None) -> list[OddsTally]:
        """Per odds column (1:6 to >8:1, those used): attacks declared at it and attacks
        at it after the defender's artillery; `side`, the attacker's, or both."""
        attacks = [a for a in self.attacks() if side is None or a.side == side]
        declared = Counter(a.declared for a in attacks)
        after = Counter(a.after_fire for a in attacks)
        return [
            OddsTally(column, declared[column], after[column])
            for column in ALL_ODDS
            if declared[column] or after[column]
        ]

    def odds_changes(self, side: str | None = None) -> Counter[tuple[str, str]]:
        """(odds declared, odds after the defender's artillery) -> attacks."""
        return Counter(
            (a.declared, a.after_fire) for a in self.attacks() if side is None or a.side == side
        )

    def results(self, side: str | None = None) -> list[ResultTally]:
        """Per CRT result, in the rulebook's order: how often the rolled attacks got it,
        and how often the table's chances on their columns said they would (the sum of
        each attack's chance of it)."""
        rolled = [
            a for a in self.attacks() if a.result is not None and (side is None or a.side == side)
        ]
        counts = Counter(a.result for a in rolled)
        tallies = []
        for result in crt.results_in_order():
            expected = sum((a.chances.get(result, Fraction(0)) for a in rolled), Fraction(0))
            if counts[result] or expected:
                tallies.append(ResultTally(result, counts[result], expected))
        return tallies

    # --- inside -------------------------------------------------------------------------

    def _common_prefix(self, actions: Sequence[Action]) -> int:
        """How many of the actions followed are still the game's first actions (logged
        actions are never changed, so the same object is the same action; an undo
        re-applies the later ones as equal copies)."""
        mine = self._actions
        n = min(len(mine), len(actions))
        i = 0
        while i < n and mine[i] is actions[i]:
            i += 1
        while i < n and mine[i] == actions[i]:
            i += 1
        return i

    def _record(self, action: Action, before: _Summary, game: Game) -> None:
        """One action's step, read off the game just after it."""
        after = _Summary.of(game.state)
        step = _step(before, after, game)
        self._steps.append(step)
        if step.combats:
            self._attacks = None
        self._actions.append(action)
        self._before = after

    def _replay(self, game: Game, actions: list[Action], kept: int) -> None:
        """Replay the game's actions from its start on a copy, recording the steps after
        the first `kept` (those are known)."""
        self.replays += 1
        copy = game.at_start()
        before: _Summary | None = None
        for i, action in enumerate(actions):
            if i == kept:
                before = _Summary.of(copy.state)
            copy.apply_recorded(action)
            if before is not None:
                self._record(action, before, copy)
                before = self._before

    def _read_constants(self, game: Game) -> None:
        if game.state.options.crt_high_rolls != self._high_rolls:
            self._attacks = None
        self._high_rolls = game.state.options.crt_high_rolls
        self.levels = tuple(Level(v.name, v.min, v.max) for v in game.rules.victory_levels)
        self.max_points = sum(game.state.victory.values())
        self.dates = tuple(game.date(t) for t in range(1, game.rules.turns + 1))

    def _chances(self, column: str) -> dict[str, Fraction]:
        """The table's distribution on a column (kept: 36 lookups each time otherwise)."""
        key = (column, self._high_rolls)
        if key not in self._distributions:
            self._distributions[key] = crt.distribution(column, self._high_rolls)
        return dict(self._distributions[key])


# --- what one action did ---------------------------------------------------------------


@dataclass(frozen=True)
class _Combat:
    """What a step showed of one combat (declared, fired on, or rolled in it)."""

    combat: int
    turn: int
    side: str
    odds: str
    fired: bool
    result: str | None


@dataclass(frozen=True)
class _Step:
    losses: tuple[Loss, ...] = ()
    combats: tuple[_Combat, ...] = ()
    turn_end: TurnPoints | None = None


@dataclass
class _Summary:
    """What a step is measured against: the position just before it, in brief."""

    turn: int
    over: bool
    sides: dict[str, str]
    eliminated: frozenset[str]
    combats: dict[int, tuple[str, int, bool]] = field(default_factory=dict)

    @classmethod
    def of(cls, state: GameState) -> _Summary:
        units = state.units.values()
        return cls(
            state.turn,
            state.phase == GAME_OVER,
            {u.id: u.side for u in units},
            frozenset(u.id for u in units if u.eliminated),
            {c.id: (c.odds, len(c.defense_artillery), c.resolved) for c in state.combats},
        )


def _step(before: _Summary, after: _Summary, game: Game) -> _Step:
    state = game.state
    ctx = game.context
    losses: list[Loss] = []
    for uid in after.eliminated - before.eliminated:
        u = state.units[uid]
        side = before.sides.get(uid, u.side)
        losses.append(_loss(before.turn, side, u, ctx.label(u), "eliminated"))
    for uid, side in after.sides.items():
        was = before.sides.get(uid)
        if was is not None and was != side and uid not in after.eliminated:
            u = state.units[uid]
            losses.append(_loss(before.turn, was, u, ctx.label(u), "captured"))
    combats: list[_Combat] = []
    for c in state.combats:
        now = after.combats[c.id]
        if before.combats.get(c.id) != now:
            fired = now[1] > (before.combats[c.id][1] if c.id in before.combats else 0)
            result = c.result if c.resolved else None
            combats.append(_Combat(c.id, before.turn, c.side, c.odds, fired, result))
    turn_end = None
    if after.turn != before.turn or (after.over and not before.over):
        turn_end = TurnPoints(before.turn, game.date(before.turn), game.victory_points(), True)
    losses.sort(key=lambda loss: (loss.side, loss.formation, loss.unit))
    return _Step(tuple(losses), tuple(combats), turn_end)


def _loss(turn: int, side: str, u: UnitState, label: str, how: str) -> Loss:
    return Loss(turn, side, u.parent or label, label, u.id, u.cf or u.support, how)


__all__ = ["Attack", "Level", "Loss", "OddsTally", "ResultTally", "TurnPoints", "Tracker"]
