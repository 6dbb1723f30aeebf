"""Seeded random legal play for the playout and replay tests."""

from __future__ import annotations

import random

from hexcampaign.campaign import Campaign, IllegalAction
from hexcampaign.campaign.forces import check_composition
from hexcampaign.hexes import Hex

from ._support import cm_map, new_campaign

OUTCOMES = ("DRAW", "ATTACKER DEFEAT", "DEFENDER DEFEAT")
LEVELS = ("minor", "tactical", "major", "total")


def playout_map():
    m = cm_map(16, 9)
    for i, (col, row, pp) in enumerate(
        [(4, 2, 1), (4, 6, 2), (7, 3, 1), (8, 6, 2), (11, 2, 1), (11, 6, 2)]
    ):
        m.add_place(
            Hex.from_offset(col, row), f"Place {i}", "village" if pp == 1 else "town", pp=pp
        )
    for col in range(3, 6):
        for row in range(0, 3):
            m.set_terrain(Hex.from_offset(col, row), "forest")
    for col in range(1, 14):
        m.add_road(Hex.from_offset(col, 4), Hex.from_offset(col + 1, 4))
    return m


def new_playout(seed: int, **options) -> Campaign:
    """A campaign whose umpire has deployed two corps a side facing each other."""
    c = new_campaign(playout_map(), seed=seed, **options)
    for side, col, front, inf, mech, arty in (
        ("german", 5, 6, "grenadier_company", "panzergrenadier_company_armoured", "lefh18_battery"),
        ("us", 10, 9, "rifle_company", "armored_infantry_company", "howitzer105_battery"),
    ):
        for row in (2, 6):
            corps = c.deploy(side, "corps", Hex.from_offset(col, row), [arty])
            c.deploy(side, "infantry", Hex.from_offset(front, row - 1), [inf, inf], corps=corps)
            c.deploy(
                side,
                "mechanised",
                Hex.from_offset(front, row + 1),
                [mech],
                corps=corps,
                experience="crack",
            )
    return c


def play_phase(c: Campaign, rng: random.Random) -> None:
    """Random legal decisions for the current phase, then end it."""
    side = c.side_to_play
    phase = c.phase
    if phase == "reinforcement":
        _reinforce(c, rng, side)
    elif phase == "movement":
        for f in list(c.formations(side)):
            if f.id in c.state.formations and rng.random() < 0.7:
                reach = sorted(c.reachable(f.id))
                if reach:
                    goal = rng.choice(reach)
                    c.move(f.id, c.path_to(f.id, goal))
    elif phase == "attack_orders":
        _attack(c, rng)
    elif phase in ("battle_resolution", "pursuit"):
        if phase == "pursuit":
            for b in c.battles():
                if c.pursuit_candidates(b) and rng.random() < 0.8:
                    c.pursuit(b, roll=None if rng.random() < 0.5 else rng.randint(1, 6))
        for b in c.battles():
            if (
                b.side_turn == c.state.side_turn
                and b.result is None
                and ((b.kind == "pursuit") == (phase == "pursuit"))
            ):
                _result(c, rng, b)
        if phase == "pursuit":
            _retreats(c, rng)
    elif phase == "retreat_advance":
        _retreats(c, rng)
    elif phase == "purchase":
        chart = c.setup.charts[side]
        for _ in range(6):
            t = rng.choice(chart.types)
            try:
                c.purchase(side, t.id)
            except IllegalAction:
                pass
    c.end_phase()


def check_invariants(c: Campaign) -> None:
    state = c.state
    divisions: set[Hex] = set()
    corps: set[Hex] = set()
    for f in state.formations.values():
        h = Hex(*f.hex)
        assert c.map.contains(h)
        others = [o for o in c.formations_at(h) if o.id != f.id]
        assert all(o.side == f.side for o in others), f"{f.name} shares {h} with the enemy"
        bucket = corps if f.kind == "corps" else divisions
        assert h not in bucket, f"two {'corps' if f.kind == 'corps' else 'divisions'} at {h}"
        bucket.add(h)
        check_composition(f.kind, f.name, [c.unit_type(u.id) for u in c.units_in(f.id)])
        if f.corps is not None:
            assert state.formations[f.corps].kind == "corps"
    for side in c.sides:
        assert state.pp[side] >= 0
    for u in state.units.values():
        assert u.where in ("army_hq", "eliminated") or (
            u.where in state.formations and state.formations[u.where].side == u.side
        ), f"{u.id} is nowhere ({u.where})"
    assert not set(state.destroyed) & set(state.formations)


def _reinforce(c: Campaign, rng: random.Random, side: str) -> None:
    capital = Hex(*c.setup.capitals[side])
    for kind in rng.sample(["corps", "infantry", "mechanised"], 3):
        if rng.random() < 0.7 or len(c.formations_of(side)) >= 10:
            continue
        for where in rng.sample(capital.within(1), 7):
            try:
                if kind == "corps":
                    c.build_corps(side, where)
                else:
                    c.build_division(side, kind, where)
                break
            except IllegalAction:
                continue
    corps = [f.id for f in c.formations(side) if f.kind == "corps"]
    for f in c.formations(side):
        if f.kind != "corps" and corps and (f.corps is None or rng.random() < 0.1):
            c.assign_to_corps(f.id, rng.choice(corps))
    targets = [f.id for f in c.formations(side)]
    for u in c.army_hq(side):
        if targets and u.category != "air":
            fid = rng.choice(targets)
            try:
                c.transfer(u.id, fid)
            except IllegalAction:
                pass


def _attack(c: Campaign, rng: random.Random) -> None:
    for defender, able in sorted(c.attack_options().items()):
        if rng.random() < 0.6:
            attackers = rng.sample(able, rng.randint(1, len(able)))
            try:
                b = c.declare_attack(attackers, defender)
            except IllegalAction:
                continue  # an attacker was used in an earlier order this phase
            artillery, air = c.available_support(c.side_to_play, b)
            if artillery or air:
                c.cancel_attack(b)
                c.declare_attack(
                    attackers,
                    defender,
                    artillery=rng.sample(artillery, min(len(artillery), rng.randint(0, 2))),
                    air=air[: rng.randint(0, len(air))],
                )
    # The joining rule: call off attacks until every order stands.
    while any(i.kind == "attack_orders" for i in c.pending()):
        mine = [b for b in c.battles() if b.side_turn == c.state.side_turn]
        c.cancel_attack(rng.choice(mine))
    for b in c.battles():
        if b.side_turn == c.state.side_turn and rng.random() < 0.5:
            artillery, air = c.available_support(b.defender_side, b)
            c.support_defense(b, artillery=artillery[:1], air=air[:1])


def _result(c: Campaign, rng: random.Random, b) -> None:
    outcome = rng.choice(OUTCOMES)
    level = None if outcome == "DRAW" else rng.choice(LEVELS)
    casualties, abandoned = {}, {}
    for fid in [*b.attackers, *b.defenders]:
        for u in c.units_in(fid):
            if rng.random() < 0.4:
                t = c.unit_type(u.id)
                top = t.vehicles if t.vehicles is not None else t.red_number + 10
                casualties[u.id] = rng.randint(0, top)
                if t.vehicles is not None and casualties[u.id] and rng.random() < 0.3:
                    abandoned[u.id] = rng.randint(0, casualties[u.id])
    c.enter_result(b, outcome, level, casualties=casualties, abandoned=abandoned)


def _retreats(c: Campaign, rng: random.Random) -> None:
    for item in c.pending():
        if item.kind == "retreat" and item.choices and item.formation in c.state.formations:
            c.retreat(item.formation, rng.choice(item.choices))
    for item in c.pending():
        if item.kind == "advance" and rng.random() < 0.7:
            try:
                c.advance(item.formation, item.choices[0])
            except IllegalAction:
                pass  # another attacker of the same battle advanced first
