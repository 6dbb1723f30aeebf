"""Movement: allowances, terrain and road costs, ZOC, stacking, overruns, supply."""

from __future__ import annotations

import pytest

from hexcampaign.campaign import IllegalAction

from ._support import CENTRE, GERMAN_CAPITAL, cm_map, new_campaign, to_phase

N, NE, SE, S, SW, NW = range(6)


def line(start, direction, n):
    hexes, h = [], start
    for _ in range(n):
        h = h.neighbor(direction)
        hexes.append(h)
    return hexes


def setup(m=None, kind="infantry", units=("grenadier_company",), **options):
    c = new_campaign(m, **options)
    corps = c.deploy("german", "corps", CENTRE.neighbor(NW))
    fid = c.deploy("german", kind, CENTRE, list(units), corps=None if kind == "corps" else corps)
    to_phase(c, "movement")
    return c, fid


@pytest.mark.parametrize(
    ("kind", "units", "terrain", "road", "expected"),
    [
        ("infantry", ["grenadier_company"], "clear", False, 2),  # 2 points, clear 1
        ("mechanised", ["panzergrenadier_company_motorised"], "clear", False, 3),
        ("infantry", ["grenadier_company"], "forest", False, 1),  # forest costs 2
        ("mechanised", ["panzergrenadier_company_motorised"], "forest", False, 1),
        ("infantry", ["grenadier_company"], "forest", True, 4),  # road 0.5 along the road
        ("corps", [], "clear", False, 2),  # corps HQs move 2
    ],
)
def test_how_far_a_division_moves_north(kind, units, terrain, road, expected):
    m = cm_map()
    north = line(CENTRE, N, 4)
    for h in north:
        m.set_terrain(h, terrain)
    if road:
        for a, b in zip([CENTRE, *north], north):
            m.add_road(a, b)
    c, fid = setup(m, kind, units)
    reach = c.reachable(fid)
    assert max(i + 1 for i, h in enumerate(north) if h in reach) == expected
    farthest = north[expected - 1]
    c.move(fid, north[:expected])
    assert c.formation(fid).hex == farthest


def test_road_cost_only_applies_along_the_road():
    m = cm_map()
    m.add_road(CENTRE.neighbor(N), CENTRE.neighbor(N).neighbor(N))  # a road not from CENTRE
    c, fid = setup(m)
    assert c.reachable(fid)[CENTRE.neighbor(N)] == 1  # entered off-road: clear 1
    assert c.reachable(fid)[CENTRE.neighbor(N).neighbor(N)] == 1.5


def test_moving_too_far_is_refused_naming_the_allowance():
    c, fid = setup()
    with pytest.raises(IllegalAction, match="Movement allowance: the path costs 3 points"):
        c.move(fid, line(CENTRE, N, 3))
    with pytest.raises(IllegalAction, match="Movement: .* is not next to"):
        c.move(fid, [CENTRE.neighbor(N).neighbor(N)])
    c.move(fid, line(CENTRE, N, 2))
    with pytest.raises(IllegalAction, match="Movement: .* has already moved this turn"):
        c.move(fid, [CENTRE.neighbor(N).neighbor(N).neighbor(N)])


def test_entering_an_enemy_zoc_ends_movement():
    c, fid = setup()
    enemy_at = CENTRE.neighbor(NE).neighbor(NE)
    c.deploy("us", "infantry", enemy_at, ["rifle_company"])
    zoc = c.zone_of_control("us")
    first = CENTRE.neighbor(NE)
    assert first in zoc and CENTRE not in zoc
    reach = c.reachable(fid)
    assert first in reach
    assert reach[first] == 1
    with pytest.raises(IllegalAction, match="Zone of control: .* entered an enemy zone of control"):
        c.move(fid, [first, first.neighbor(SE)])


def test_no_moving_straight_from_one_enemy_zoc_hex_to_another():
    c = new_campaign()
    fid = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])
    c.deploy("us", "infantry", CENTRE.neighbor(N), ["rifle_company"])
    to_phase(c, "movement")
    assert CENTRE in c.zone_of_control("us")
    with pytest.raises(
        IllegalAction, match="Zone of control: no moving straight from one enemy ZOC hex"
    ):
        c.move(fid, [CENTRE.neighbor(NE)])
    assert CENTRE.neighbor(NE) not in c.reachable(fid)
    c.move(fid, [CENTRE.neighbor(S)])  # disengaging to a hex outside the ZOC is fine


def test_one_division_per_hex_but_a_division_may_share_with_a_corps_hq():
    c, fid = setup()
    c.deploy("german", "infantry", CENTRE.neighbor(N), ["grenadier_company"])
    c.deploy("german", "corps", CENTRE.neighbor(S))
    reach = c.reachable(fid)
    assert CENTRE.neighbor(N) not in reach
    assert CENTRE.neighbor(N).neighbor(N) in reach  # passing through a friend is fine
    assert CENTRE.neighbor(S) in reach
    with pytest.raises(IllegalAction, match="Stacking: only one division may occupy a hex"):
        c.move(fid, [CENTRE.neighbor(N)])
    c.move(fid, [CENTRE.neighbor(S)])


def test_an_enemy_division_blocks_the_way():
    c, fid = setup()
    c.deploy("us", "infantry", CENTRE.neighbor(N), ["rifle_company"])
    with pytest.raises(IllegalAction, match="Stacking: .* holds the enemy"):
        c.move(fid, [CENTRE.neighbor(N)])


def test_an_empty_corps_hq_exerts_no_zoc_and_is_overrun_by_a_division_that_moves_on():
    c, fid = setup()
    empty = c.deploy("us", "corps", CENTRE.neighbor(N))
    assert c.zone_of_control("us") == set()
    c.move(fid, line(CENTRE, N, 2))
    assert empty not in {f.id for f in c.formations("us")}
    assert any("overruns and destroys the us I Corps" in line for line in c.log)


def test_a_corps_hq_with_combat_units_exerts_zoc_and_is_not_overrun():
    c, fid = setup()
    c.deploy("us", "corps", CENTRE.neighbor(N), ["howitzer105_battery"])
    assert CENTRE in c.zone_of_control("us")
    with pytest.raises(IllegalAction, match="Stacking"):
        c.move(fid, [CENTRE.neighbor(N)])


def test_a_division_of_support_units_only_is_overrun():
    c, fid = setup()
    support = c.deploy(
        "us", "infantry", CENTRE.neighbor(N), ["at57_platoon", "mortar_81mm_platoon"]
    )
    units = [u.id for u in c.formation(support).units]
    c.move(fid, [CENTRE.neighbor(N)])
    assert support not in {f.id for f in c.formations("us")}
    assert all(c.unit(u).where == "eliminated" for u in units)


def test_a_corps_hq_does_not_overrun():
    c = new_campaign()
    corps = c.deploy("german", "corps", CENTRE)
    c.deploy("us", "corps", CENTRE.neighbor(N))
    to_phase(c, "movement")
    with pytest.raises(IllegalAction, match="Stacking"):
        c.move(corps, [CENTRE.neighbor(N)])


@pytest.mark.parametrize(("option", "expected"), [(True, 1), (False, 2)])
def test_out_of_supply_halves_movement(option, expected):
    c = new_campaign(supply_halves_movement=option)
    fid = c.deploy("german", "infantry", CENTRE, ["grenadier_company"])  # no corps HQ
    to_phase(c, "movement")
    assert not c.formation(fid).in_supply
    assert max(c.reachable(fid).values()) == expected


def test_supply_needs_the_corps_hq_within_three_hexes_by_a_clear_path():
    c = new_campaign()
    corps = c.deploy("german", "corps", CENTRE.neighbor(S).neighbor(S).neighbor(S))
    fid = c.deploy("german", "infantry", CENTRE, ["grenadier_company"], corps=corps)
    assert c.formation(fid).in_supply
    far = c.deploy("german", "corps", GERMAN_CAPITAL)
    other = c.deploy(
        "german",
        "infantry",
        GERMAN_CAPITAL.neighbor(N).neighbor(N).neighbor(N).neighbor(N),
        ["grenadier_company"],
        corps=far,
    )
    assert not c.formation(other).in_supply  # four hexes away
    # The only 3-hex path runs straight south; an enemy ZOC on its inner hex cuts it.
    c.deploy("us", "infantry", CENTRE.neighbor(S).neighbor(S).neighbor(SE), ["rifle_company"])
    assert not c.formation(fid).in_supply
    assert CENTRE not in c.supply_range(corps)


def test_moving_into_a_place_takes_it():
    m = cm_map()
    m.add_place(CENTRE.neighbor(N), "Ville", "village", pp=1)
    c = new_campaign(m)
    c.state.holdings["Ville"] = "us"
    corps = c.deploy("german", "corps", CENTRE.neighbor(NW))
    fid = c.deploy("german", "infantry", CENTRE, ["grenadier_company"], corps=corps)
    to_phase(c, "movement")
    c.move(fid, [CENTRE.neighbor(N)])
    assert c.holder("Ville") == "german"
