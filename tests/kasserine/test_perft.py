"""Perft-style check: the moves legal_actions() lists on a small fixture map agree with a
slow breadth-first reference that tries every path through move() itself."""

from __future__ import annotations

from collections import deque

from hexcampaign.hexes import Hex
from hexcampaign.kasserine import IllegalAction
from hexcampaign.kasserine.state import MoveUnit

from .helpers import H, U, game

# refusals after which a longer path cannot become legal again
DEAD_ENDS = ("MP left", "Cliff", "enemy", "must stop", "adjacent", "off the map", "leaves the map")


def fixture():
    def setup(m):
        m.set_terrain(H(2, 2), "high_ground")
        m.set_terrain(H(4, 4), "rugged_crest")
        m.set_terrain(H(4, 5), "rugged_crest")
        m.set_river(H(3, 1), True)
        for a, b in [((1, 3), (2, 3)), ((2, 3), (3, 3)), ((3, 3), (4, 3)), ((4, 3), (5, 3)), ((3, 3), (3, 4))]:
            m.add_road(H(*a), H(*b))
        m.add_cliff(H(2, 4), H(3, 4))

    units = [
        U("pz", (3, 3), mf=8),
        U("rc", (1, 1), kind="recon", cf=3, mf=10),
        U("it", (5, 5), nationality="italian", kind="infantry", cf=1, mf=6),
        U("bde", (2, 3), size="brigade", cf=7, mf=10),
        U("us", (5, 2), side="allied"),
        U("br", (1, 5), side="allied", nationality="british"),
    ]
    return game(units, cols=7, rows=7, setup=setup)


def tight_fixture():
    """Low movement factors against zones of control: the cost-of-combat reserve and the
    one-hex-and-fight exception decide most hexes."""

    def setup(m):
        m.set_terrain(H(3, 2), "rugged_crest")
        m.set_terrain(H(2, 4), "high_ground")
        m.add_road(H(2, 2), H(3, 1))
        m.add_road(H(3, 1), H(3, 2))
        m.set_river(H(1, 3), True)

    units = [
        U("i1", (2, 2), nationality="italian", kind="infantry", cf=1, mf=3),
        U("i2", (1, 4), nationality="italian", kind="infantry", cf=1, mf=6),
        U("pz", (0, 0), mf=7),
        U("b", (4, 3), side="allied", nationality="british"),
        U("us", (2, 5), side="allied"),
    ]
    return game(units, cols=6, rows=7, setup=setup)


def test_tight_move_count_matches_breadth_first_reference():
    g = tight_fixture()
    for unit_id in ["i1", "i2", "pz"]:
        expected = reference_ends(g, unit_id, depth=g.unit(unit_id).mf)
        assert set(g.reachable(unit_id)) == expected, unit_id
        for h, cost in g.reachable(unit_id).items():
            g.move(unit_id, g.path_to(unit_id, h))
            assert g.unit(unit_id).mp_spent == cost
            g.undo()


def reference_ends(g, unit_id: str, depth: int) -> set:
    """Every hex some path of up to `depth` hexes legally ends in, by trying move()."""
    ends = set()
    start = g.unit(unit_id).hex
    queue = deque([[]])
    while queue:
        path = queue.popleft()
        if len(path) == depth:
            continue
        last = path[-1] if path else start
        for nb in last.neighbors():
            if nb in path or nb == start or not g.map.contains(nb):
                continue
            trial = [*path, nb]
            try:
                g.move(unit_id, trial)
            except IllegalAction as refusal:
                if any(word in str(refusal) for word in DEAD_ENDS):
                    continue
            else:
                ends.add(nb)
                g.undo()
            queue.append(trial)
    return ends


def test_move_count_matches_breadth_first_reference():
    g = fixture()
    moves = [a for a in g.legal_actions() if isinstance(a, MoveUnit)]
    per_unit = {}
    for a in moves:
        per_unit.setdefault(a.unit, set()).add(tuple(a.path[-1]))
    total = 0
    for unit_id in ["pz", "rc", "it"]:
        expected = reference_ends(g, unit_id, depth=g.unit(unit_id).mf)
        got = set(g.reachable(unit_id))
        assert got == expected, unit_id
        assert {(h.q, h.r) for h in got} == per_unit.get(unit_id, set())
        total += len(got)
    assert len(moves) == total + len(per_unit.get("bde", ()))
    # every listed move is accepted by move() and costs what reachable() said
    for a in moves:
        cost = g.reachable(a.unit)[Hex(*a.path[-1])]
        g.apply(a)
        assert g.unit(a.unit).mp_spent == cost
        g.undo()


def test_reachable_refuses_nothing_move_accepts_on_the_scenario_like_corridor():
    g = fixture()
    for unit_id in ["pz", "rc"]:
        for h, cost in g.reachable(unit_id).items():
            assert cost <= g.unit(unit_id).mf or h.distance(g.unit(unit_id).hex) == 1
