"""A seeded random player for whole Kasserine games, using the engine's fast routes.

Every action comes from the engine: legal_actions(moves=False) for everything but moves;
a move is one unit's reachable() end hex along path_to() (what the map does when a player
clicks), since the full scenario has thousands of moves a phase and a random player needs
one. apply() checks every action against every rule again."""

from __future__ import annotations

import random
from typing import Any

from hexcampaign.kasserine import Game
from hexcampaign.kasserine.state import DeclareAttack, EndPhase, MoveUnit, Resolve


def choose(g: Game, rng: random.Random):
    """A random legal action, leaning towards ending phases so games reach Feb 25."""
    actions = g.legal_actions(moves=False)
    ends = [a for a in actions if isinstance(a, EndPhase)]
    others = [a for a in actions if not isinstance(a, EndPhase)]
    if g.state.phase.endswith("movement") and g.pending() is None and rng.random() < 0.8:
        side = g.state.side
        units = sorted(u.id for u in g.state.units.values() if u.side == side)
        rng.shuffle(units)
        for unit in units:
            # Not `ends`: that name holds the phase-ending actions, needed below when
            # no unit can move (game seed 55, action 161 crashed on an empty choice).
            targets = sorted(g.reachable(unit))
            if targets:
                path = g.path_to(unit, rng.choice(targets))
                return MoveUnit(unit=unit, path=[(h.q, h.r) for h in path])
    if ends and (not others or rng.random() < 0.15):
        return ends[0]
    return rng.choice(others or ends)


def play(g: Game, rng: random.Random, limit: int = 20000) -> int:
    """Play to the end; return the number of actions."""
    steps = 0
    while not g.over:
        g.apply(choose(g, rng))
        steps += 1
        if steps >= limit:
            raise RuntimeError("a random game did not finish")
    return steps


def choose_by_mail(mover: Any, rng: random.Random) -> Any:
    """A random legal action of the side that must act in a game by e-mail (a MailGame),
    leaning towards attacking and ending phases; moves are drawn one unit at a time
    (listing every move is slow)."""
    g = mover.game
    actions = mover.legal_actions(moves=False)
    ends = [a for a in actions if isinstance(a, EndPhase)]
    fights = [a for a in actions if isinstance(a, DeclareAttack | Resolve)]
    others = [a for a in actions if a not in ends and a not in fights]
    if fights and rng.random() < 0.6:
        return rng.choice(fights)
    if others and rng.random() < 0.8:
        return rng.choice(others)
    if "movement" in g.phase and rng.random() < 0.8:
        mine = [u.id for u in g.units() if u.side == mover.side and u.hex is not None]
        moves = g.legal_moves(rng.choice(mine)) if mine else []
        if moves:
            return rng.choice(moves)
    return rng.choice(ends or others or fights)


class SeededSecrets:
    """Stands in for the `secrets` module of hexcampaign.kasserine.mail so a test's or a
    benchmark's game by e-mail is the same every run (the program's own games draw from
    the operating system's entropy)."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def token_bytes(self, n: int) -> bytes:
        return self._random.randbytes(n)

    def token_hex(self, n: int) -> str:
        return self.token_bytes(n).hex()
