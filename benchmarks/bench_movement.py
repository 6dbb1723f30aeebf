"""Movement ranges: Game.reachable() against networkx.single_source_dijkstra with a cutoff
on the same hex graph and the same step costs (networkx knows no zones of control,
stacking or cost of combat; ours applies every rule)."""

from __future__ import annotations

import subprocess
import sys

from common import Result, paired_medians

from hexcampaign.hexes import Hex
from hexcampaign.kasserine import Game, UnitSpec
from hexcampaign.kasserine.board import NO_HEX
from hexcampaign.kasserine.position import Position, enemy_of
from hexcampaign.kasserine.state import EndPhase, PlaceUnit
from hexcampaign.maps import HexMap


def networkx():
    """networkx is a bench dependency only: installed into this interpreter on demand."""
    try:
        import networkx
    except ImportError:
        print("benchmarks: installing networkx (bench only) with pip…", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "networkx"], check=True)
        import networkx
    return networkx


def run() -> list[Result]:
    return [german_units_at_the_start(), open_ground_unit()]


def german_units_at_the_start(repeat: int = 15) -> Result:
    g = kasserine_after_setup()
    units = [u for u in g.state.units.values() if u.side == "german" and u.at is not None]
    graphs = {side: hex_graph(g, side) for side in ("german",)}

    def ours():
        g.context.forget_position()  # the position cache is rebuilt once per state; count it
        return [g.reachable(u.id) for u in units]

    def anchor():
        nx = networkx()
        graph = graphs["german"]
        return [
            nx.single_source_dijkstra(graph, g.board.index[Hex(*u.at)], cutoff=u.mf)[0]
            for u in units
        ]

    ours_ms, anchor_ms = paired_medians(ours, anchor, repeat)
    return Result(
        f"movement: reachable() × {len(units)} German units",
        ours_ms,
        "networkx dijkstra",
        anchor_ms,
        budget=1.0,
        extra={"hexes_found": sum(len(r) for r in ours())},
    )


def open_ground_unit(repeat: int = 41) -> Result:
    m = HexMap.blank(27, 31)
    at = Hex.from_offset(13, 15)
    unit = UnitSpec(
        id="recon",
        side="german",
        nationality="german",
        kind="recon",
        size="battalion",
        cf=1,
        mf=18,
        hex=at,
    )
    g = Game.custom(m, [unit])
    graph = hex_graph(g, "german")
    nx = networkx()
    start = g.board.index[at]

    def ours():
        g.context.forget_position()
        return g.reachable("recon")

    def anchor():
        return nx.single_source_dijkstra(graph, start, cutoff=18)[0]

    ours_ms, anchor_ms = paired_medians(ours, anchor, repeat)
    return Result(
        "movement: reachable() 18-MP unit, open ground",
        ours_ms,
        "networkx dijkstra",
        anchor_ms,
        budget=1.0,
        extra={"hexes_found": len(ours())},
    )


def kasserine_after_setup() -> Game:
    """The scenario with every German unit set up (first legal hex), at German movement."""
    g = Game.scenario(seed=1)
    while g.state.phase == "german_setup":
        actions = g.legal_actions()
        placing = [a for a in actions if isinstance(a, PlaceUnit)]
        g.apply(placing[0] if placing else next(a for a in actions if isinstance(a, EndPhase)))
    assert g.state.phase == "german_movement", g.state.phase
    return g


def hex_graph(g: Game, side: str):
    """The board as a weighted digraph: the same step costs (terrain, rivers, roads,
    rugged-crest errata), no cliff crossings, no entering enemy-held hexes."""
    nx = networkx()
    board = g.board
    pos = Position(board, g.state)
    enemy = enemy_of(side)
    graph = nx.DiGraph()
    graph.add_nodes_from(range(board.size))
    walker = next(u for u in g.state.units.values() if u.kind != "rangers")
    for i in range(board.size):
        for d in range(6):
            j = board.neighbour[i][d]
            if j == NO_HEX or board.cliff[i][d] or pos.side_at(j) == enemy:
                continue
            cost = pos.step_cost(walker, i, d)
            graph.add_edge(i, j, weight=cost)
    return graph
