"""A position carried over a move or a placement (Position.moved, issue 31), a declared
attack, the defender's artillery or the end of a phase (Position.marked) answers as one
built afresh from the state: the same units in each hex in the same order, the same
zones of control naming the same units in the same order (the obligations list them so),
the same hexes held, the same units on the map."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from players import choose  # noqa: E402

from hexcampaign.kasserine import Game  # noqa: E402
from hexcampaign.kasserine.position import Position  # noqa: E402


def _same_as_fresh(g: Game) -> bool:
    """Compare the kept position, if the last action carried one, with a fresh build."""
    ctx = g.context
    kept = ctx._position
    if kept is None:
        return False
    fresh = Position(ctx.board, ctx.state)
    assert [(i, [u.id for u in us]) for i, us in kept.occupied()] == [
        (i, [u.id for u in us]) for i, us in fresh.occupants.items()
    ]
    for side in ("german", "allied"):
        assert [[u.id for u in z] for z in kept.zoc(side)] == [[u.id for u in z] for z in fresh.zoc(side)]
        assert kept.enemy_held(side) == fresh.enemy_held(side)
        assert [u.id for u in kept.on_map(side)] == [u.id for u in fresh.on_map(side)]
    return True


@pytest.mark.parametrize("seed", [3, 7])
def test_a_carried_position_is_the_position_built_afresh(seed: int) -> None:
    g = Game.scenario(seed=seed)
    rng = random.Random(seed)
    carried = 0
    while not g.over:
        g.apply(choose(g, rng))
        carried += _same_as_fresh(g)
    assert carried > 100  # the placements and moves of a whole game were carried
