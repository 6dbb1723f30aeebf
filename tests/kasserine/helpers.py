"""Small builders for Kasserine positions on generated maps, and a seeded random player."""

from __future__ import annotations

import random

import pytest

from hexcampaign.hexes import Hex
from hexcampaign.kasserine import Game, IllegalAction, Options, UnitSpec
from hexcampaign.kasserine.state import EndPhase, MoveUnit
from hexcampaign.maps import HexMap


def H(col: int, row: int) -> Hex:
    return Hex.from_offset(col, row)


def U(uid: str, at: tuple[int, int] | None, side: str = "german", **kw) -> UnitSpec:
    defaults = {
        "german": {"nationality": "german", "kind": "armor", "size": "battalion", "cf": 2, "mf": 16},
        "allied": {"nationality": "us", "kind": "infantry", "size": "battalion", "cf": 1, "mf": 16},
    }[side]
    fields = {**defaults, **kw}
    return UnitSpec(id=uid, side=side, hex=H(*at) if at else None, **fields)


def game(units, cols=12, rows=12, phase="german_movement", setup=None, **kw) -> Game:
    m = HexMap.blank(cols, rows)
    if setup:
        setup(m)
    return Game.custom(m, units, phase=phase, **kw)


def refused(action, *words: str) -> IllegalAction:
    """Run `action`; it must raise IllegalAction whose sentence names every word."""
    with pytest.raises(IllegalAction) as info:
        action()
    message = str(info.value)
    for word in words:
        assert word.lower() in message.lower(), message
    return info.value


def to_combat(g: Game) -> None:
    """End the movement phase."""
    g.end_phase()
    assert g.state.phase.endswith("combat")




def skirmish(seed: int = 1, options: Options | None = None) -> Game:
    """A generated position for whole-game playouts: varied ground, rivers and roads,
    places worth points, German entry zones, Allied units and reinforcements."""
    import random

    rng = random.Random(seed)
    m = HexMap.blank(12, 10)
    for h in m.hexes():
        roll = rng.random()
        if roll < 0.15:
            m.set_terrain(h, "high_ground")
        elif roll < 0.2:
            m.set_terrain(h, "rugged_crest")
    for row in range(10):
        m.set_river(H(5, row), True)
    for col in range(11):
        m.add_road(H(col, 4), H(col + 1, 4) if col % 2 == 0 else H(col + 1, 5))
    for h in m.rivers():
        if m.on_road(h):
            m.set_bridge(h, True)
    m.add_cliff(H(3, 1), H(4, 1))
    m.add_cliff(H(7, 7), H(7, 8))
    m.add_place(H(1, 4), "Tebessa", "city", vp=3)
    m.add_place(H(3, 7), "Thala", "city", vp=2)
    m.add_place(H(6, 2), "Kasserine", "village", vp=1)
    m.add_place(H(8, 6), "Sbiba", "village", vp=1)
    units = [
        U("pz1", None, entry="east", breakdown="armor_battalion"),
        U("pz2", None, entry="east"),
        U("pg1", None, entry="east", kind="armored_infantry"),
        U("dak", None, entry="east", cf=7, mf=10, size="brigade"),
        U("rcn", None, entry="east", kind="recon", cf=3, mf=18),
        U("at", None, entry="east", kind="anti_tank", cf=2, mf=8),
        U("art", None, entry="east", kind="artillery", cf=0, support=4, range=2, mf=8),
        U("eng", None, entry="east", kind="engineers", cf=1, mf=8),
        U("it1", None, nationality="italian", kind="infantry", cf=1, mf=6),
        U("it2", None, nationality="italian", kind="infantry", cf=1, mf=6),
        U("us1", (3, 3), side="allied"),
        U("us2", (3, 5), side="allied"),
        U("usa", (2, 4), side="allied", kind="armor", cf=2),
        U("br1", (4, 6), side="allied", nationality="british"),
        U("fr1", (6, 2), side="allied", nationality="french", kind="infantry", cf=1, mf=10),
        U("usg", (2, 3), side="allied", kind="artillery", cf=0, support=3, range=3, mf=8),
        U("useng", (1, 5), side="allied", kind="engineers", cf=1, mf=16),
        U("rgr", None, side="allied", kind="rangers", cf=2, mf=5, arrives={"turn": 3, "place": "Tebessa"}),
        U("rct1", None, side="allied", arrives={"turn": 2, "place": "Thala"}),
        U("shr", None, side="allied", nationality="british", kind="armor", cf=2, arrives={"turn": 5, "place": "Tebessa"}),
    ]
    zones = {"east": [H(11, r) for r in range(2, 8)]}
    return Game.custom(m, units, seed=seed, options=options, phase="german_setup", entry_zones=zones)


def check_invariants(g: Game) -> None:
    """What must hold after every action of any game."""
    from hexcampaign.kasserine.position import stacking_error
    from hexcampaign.kasserine.tables import rules_table

    by_hex: dict = {}
    for u in g.state.units.values():
        if u.eliminated:
            assert u.at is None
            continue
        if u.at is None:
            continue
        h = Hex(*u.at)
        assert g.map.contains(h), f"{u.id} is off the map"
        by_hex.setdefault(h, []).append(u)
    for h, units in by_hex.items():
        assert len({u.side for u in units}) == 1, f"both sides in {h}"
        assert stacking_error(units, rules_table()) is None, f"overstacked {h}"
        place = g.map.place_at(h)
        if place is not None:
            assert g.state.holders[place.name] == units[0].side, place.name
    for e in g.state.engagements:
        for uid in e.attackers + e.defenders:
            u = g.state.units[uid]
            assert not u.eliminated and u.at is not None, f"engaged {uid} not on the map"
    for view in g.units():
        assert view.engaged == any(
            view.id in e.attackers or view.id in e.defenders for e in g.state.engagements
        )
    for d in g.state.pending:
        for uid in d.units:
            assert g.state.units[uid].at is not None
    assert 0 <= g.victory_points() <= sum(g.state.victory.values())


# --- seeded random legal play (the playouts, the saves and the reliability tests) ----------


def choose(g: Game, rng: random.Random):
    """A random legal action, leaning towards ending phases so games reach Feb 25."""
    actions = g.legal_actions()
    assert actions or g.over
    ends = [a for a in actions if isinstance(a, EndPhase)]
    others = [a for a in actions if not isinstance(a, EndPhase)]
    if ends and (not others or rng.random() < 0.15):
        return ends[0]
    moves = [a for a in others if isinstance(a, MoveUnit)]
    if moves and rng.random() < 0.7:
        # pick a unit first so every unit gets a fair chance to move
        unit = rng.choice(sorted({a.unit for a in moves}))
        return rng.choice([a for a in moves if a.unit == unit])
    return rng.choice(others or ends)


def play(g: Game, rng: random.Random, limit: int = 4000) -> None:
    steps = 0
    while not g.over:
        g.apply(choose(g, rng))
        check_invariants(g)
        steps += 1
        assert steps < limit, "a game did not finish"


def choose_fast(g: Game, rng: random.Random):
    """As choose(), but lists moves unit by unit (the full scenario has thousands): the
    units of the side in a random order, the first that can move moves (each unit that can
    is equally likely, without searching every unit's range)."""
    actions = g.legal_actions(moves=False)
    ends = [a for a in actions if isinstance(a, EndPhase)]
    others = [a for a in actions if not isinstance(a, EndPhase)]
    if g.state.phase.endswith("movement") and g.pending() is None and rng.random() < 0.8:
        units = [u.id for u in g.units() if u.side == g.state.side]
        rng.shuffle(units)
        for unit in units:
            moves = g.legal_moves(unit)
            if moves:
                return rng.choice(moves)
    if ends and (not others or rng.random() < 0.15):
        return ends[0]
    return rng.choice(others or ends)


__all__ = [
    "H", "U", "game", "refused", "to_combat", "Options", "skirmish", "check_invariants",
    "choose", "play", "choose_fast",
]
