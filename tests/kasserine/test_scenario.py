"""The Kasserine Pass scenario and its map: what a player checks against the rulebook.

The order-of-battle tables below are copied from the rulebook's German and Allied Order
of Battle (seeds/kasserine-pass-rulebook.txt), not from scenario.json, so a wrong factor,
a missing counter or a misdated reinforcement fails here.
"""

from __future__ import annotations

import json
import math
import shutil
from collections import Counter, deque
from datetime import date
from pathlib import Path

import pytest

from hexcampaign import maps_path
from hexcampaign.hexes import Hex, HexSide
from hexcampaign.kasserine import Game, IllegalAction
from hexcampaign.kasserine.scenario import Scenario, ScenarioError, load_scenario
from hexcampaign.maps import HexMap, load_map
from hexcampaign.maps.validation import find_problems

SCENARIO = maps_path("kasserine/scenario.json")


@pytest.fixture(scope="module")
def scenario() -> Scenario:
    return load_scenario()


@pytest.fixture(scope="module")
def board(scenario: Scenario) -> HexMap:
    return scenario.hexmap()


def at(col: int, row: int) -> Hex:
    return Hex.from_offset(col, row)


def label_hex(m: HexMap, text: str) -> Hex:
    found = [lb.hex for lb in m.labels() if lb.text == text]
    assert len(found) == 1, f"the map should carry exactly one label {text!r}, has {len(found)}"
    return found[0]


# --- the map --------------------------------------------------------------------------------


def test_map_is_the_original_scale_board_and_has_no_problems(board: HexMap) -> None:
    assert (board.cols, board.rows) == (27, 31)
    assert board.palette.name == "kasserine"
    assert find_problems(board) == []
    terrains = Counter(board.terrain(h) for h in board.hexes())
    assert set(terrains) == {"plain", "high_ground", "rugged_crest"}
    assert terrains["plain"] > terrains["high_ground"] > terrains["rugged_crest"] > 0


def test_build_script_reproduces_the_committed_map() -> None:
    from scripts.build_kasserine_map import build

    built, committed = build(), load_map(maps_path("kasserine/kasserine.hexmap"))
    # The committed file is of version 2 (one river list, one road list), read into
    # lines by splitting those lists; the script names each river and road. The rivers
    # and roads the rules read are the same.
    assert built.rivers() == committed.rivers() and built.roads() == committed.roads()
    committed.set_lines(built.lines())
    assert built == committed


VICTORY = {"Ferriana": 1, "Kasserine": 1, "Sbiba": 1, "Le Kef": 2, "Thala": 2, "Tebessa": 3}


def test_victory_places_are_worth_the_rulebook_points(scenario: Scenario, board: HexMap) -> None:
    assert scenario.victory == VICTORY
    for name, vp in VICTORY.items():
        assert board.place(name).vp == vp
    others = [p for p in board.places() if p.name not in VICTORY]
    assert len(others) >= 10
    assert all(p.vp == 0 for p in others)
    assert {"Gafsa", "Sbeitla", "Sidi Bou Zid", "Maktar", "Thelepte", "Haidra", "Dernaia"} <= {
        p.name for p in others
    }
    # the terrain table knows only cities (defender doubled) and villages
    assert {p.kind for p in board.places()} == {"city", "village"}
    assert board.place("Tebessa").kind == "city" and board.place("Le Kef").kind == "city"
    assert board.place("Kasserine").kind == "village"


# Research coordinates (research/kasserine_geography.md, sourced positions) of places.
COORDINATES = {
    "Ferriana": (34.943, 8.563),
    "Thelepte": (34.978, 8.593),
    "Kasserine": (35.168, 8.837),
    "Sbiba": (35.544, 9.066),
    "Thala": (35.567, 8.667),
    "Le Kef": (36.182, 8.715),
    "Tebessa": (35.400, 8.117),
    "Sbeitla": (35.230, 9.129),
    "Gafsa": (34.425, 8.784),
    "Sidi Bou Zid": (35.038, 9.485),
    "Maktar": (35.861, 9.206),
    "Haidra": (35.567, 8.460),
    "El Ksour": (35.896, 8.885),
    "Siliana": (36.085, 9.371),
    "Maknassy": (34.606, 9.607),
    "El Guettar": (34.337, 8.953),
}


@pytest.mark.parametrize("name", sorted(COORDINATES))
def test_places_stand_within_one_hex_of_their_real_position(board: HexMap, name: str) -> None:
    # Grid B: hex 0000 centred on 36.25 N 8.00 E, 7 km across the flats, odd columns lower
    lat, lon = COORDINATES[name]
    east, south = (lon - 8.0) * 90.63, (36.25 - lat) * 111.0
    col, row = board.offset(board.place(name).hex)
    x, y = col * 7 * math.sqrt(3) / 2, (row + 0.5 * (col % 2)) * 7
    assert math.hypot(east - x, south - y) <= 7.0


def test_entry_roads_leave_the_east_edge_numbered_from_the_south(board: HexMap) -> None:
    rows = []
    for n in (1, 2, 3, 4):
        h = label_hex(board, f"Road {n}")
        col, row = board.offset(h)
        assert col == board.cols - 1, f"Road {n} should be labelled on the east edge"
        assert board.on_road(h), f"Road {n}'s label should stand on a road"
        rows.append(row)
    assert rows == sorted(rows, reverse=True), "Road 1 is the southernmost"


def test_allied_arrival_roads_are_labelled_on_allied_edges(
    scenario: Scenario, board: HexMap
) -> None:
    five, six = label_hex(board, "Road Five"), label_hex(board, "Road Six")
    assert board.offset(five)[0] == 0  # the west edge, from Algeria into Tebessa
    assert board.offset(six)[1] == 0  # the north edge, into Le Kef
    assert board.on_road(five) and board.on_road(six)
    assert [p.hex for p in scenario.arrival_points["Road Five"]] == [five]
    assert [p.hex for p in scenario.arrival_points["Road Six"]] == [six]
    assert [p.hex for p in scenario.arrival_points["Le Kef"]] == [board.place("Le Kef").hex]
    assert _road_distance(board, six, board.place("Le Kef").hex) <= 2
    assert _road_distance(board, five, board.place("Tebessa").hex) <= 3


def test_road_and_river_hexes_just_northwest_of_kasserine(board: HexMap) -> None:
    kasserine = board.place("Kasserine").hex
    kcol, krow = board.offset(kasserine)
    combination = [h for h in board.rivers() if board.on_road(h) and not board.has_bridge(h)]
    assert 3 <= len(combination) <= 6, "a few hexes, as the rulebook says"
    for h in combination:
        col, row = board.offset(h)
        assert 1 <= h.distance(kasserine) <= 5, f"{board.label(h)} is not near Kasserine"
        assert col <= kcol and row <= krow, f"{board.label(h)} is not north-west of Kasserine"


def test_rivers_and_bridges(board: HexMap) -> None:
    pass_hex = label_hex(board, "Kasserine Pass")
    assert board.is_river(pass_hex), "the Oued Hatab runs through the pass"
    assert board.is_river(board.place("Sbeitla").hex) and board.has_bridge(
        board.place("Sbeitla").hex
    )
    assert len(board.bridges()) >= 3
    assert all(board.on_road(h) and board.is_river(h) for h in board.bridges())


def test_cliffs_where_the_sources_put_sheer_faces(board: HexMap) -> None:
    cliffs = board.cliffs()
    mesa = label_hex(board, "Kalaat es Senam")
    assert all(cliffs.get(HexSide.between(mesa, n)) == mesa for n in mesa.neighbors())
    semmama = label_hex(board, "Dj. Semmama")
    pass_hex = label_hex(board, "Kasserine Pass")
    tops = {top for top in cliffs.values()}
    assert any(top.distance(pass_hex) <= 1 and top.distance(semmama) <= 1 for top in tops)
    le_kef = board.place("Le Kef").hex
    assert any(top == le_kef for top in tops), "the north face of Le Kef"
    thala = board.place("Thala").hex
    lip = [
        top
        for top in tops
        if top.distance(thala) == 1 and board.offset(top)[1] >= board.offset(thala)[1]
    ]
    assert lip, "the lip of the Thala plateau south of the town"


def test_every_victory_place_is_reachable_by_road_from_the_east_edge(board: HexMap) -> None:
    reached = _road_net_from(
        board, [h for h in board.hexes() if board.offset(h)[0] == board.cols - 1]
    )
    for name in VICTORY:
        assert board.place(name).hex in reached, f"{name} cannot be reached by road from the east"
    for place in board.places():
        assert place.hex in reached, f"{place.name} is off the road net"


def test_the_gaps_the_sources_name_are_open(board: HexMap) -> None:
    # road hexes through the Kasserine, Sbiba, Dernaia and Bou Chebka gaps are not crest
    for name in ("Kasserine Pass",):
        assert board.terrain(label_hex(board, name)) == "plain"
    for place in ("Dernaia", "Bou Chebka", "Sbiba", "Kasserine"):
        assert board.terrain(board.place(place).hex) != "rugged_crest"
    crest = [h for h in board.hexes() if board.terrain(h) == "rugged_crest"]
    assert any(h.distance(label_hex(board, "Dj. Chambi")) == 0 for h in crest)
    assert any(h.distance(label_hex(board, "Dj. Mghila")) == 0 for h in crest)


# --- the scenario file ---------------------------------------------------------------------


def test_scenario_names_only_things_that_exist(scenario: Scenario, board: HexMap) -> None:
    assert scenario.start_date == date(1943, 2, 14) and scenario.turns == 12
    assert set(scenario.entry_zones) == {"dak", "21pz", "10pz", "italian"}
    assert set(scenario.arrival_points) == {"Le Kef", "Road Five", "Road Six"}
    ids = [u.id for u in scenario.units]
    assert len(ids) == len(set(ids))
    for unit in scenario.units:
        if unit.entry:
            assert unit.entry in scenario.entry_zones
        if unit.arrives:
            assert unit.arrives.place in scenario.arrival_points
        if unit.start:
            assert board.contains(unit.start.hex)
    for zone in scenario.entry_zones.values():
        assert all(board.contains(spot.hex) for spot in zone.hexes)


def test_turns_are_days_from_feb_14(scenario: Scenario) -> None:
    assert scenario.date_of(1) == date(1943, 2, 14)
    assert scenario.date_of(2) == date(1943, 2, 15)
    assert scenario.date_of(10) == date(1943, 2, 23)
    assert scenario.date_of(12) == date(1943, 2, 25)
    assert scenario.turn_of(date(1943, 2, 21)) == 8


@pytest.mark.parametrize(
    ("zone", "low", "high"),
    [("dak", "Road 1", "Road 2"), ("21pz", "Road 2", "Road 3"), ("10pz", "Road 3", "Road 4")],
)
def test_entry_zones_lie_on_the_east_edge_between_their_roads(
    scenario: Scenario, board: HexMap, zone: str, low: str, high: str
) -> None:
    south = board.offset(label_hex(board, low))[1]
    north = board.offset(label_hex(board, high))[1]
    expected = {at(board.cols - 1, row) for row in range(north, south + 1)}
    assert {spot.hex for spot in scenario.entry_zones[zone].hexes} == expected


@pytest.mark.parametrize("zone", ["dak", "21pz", "10pz"])
def test_each_division_fits_its_zone_even_when_neighbours_take_the_shared_road_hexes(
    scenario: Scenario, zone: str
) -> None:
    others = {
        s.hex
        for name, z in scenario.entry_zones.items()
        if name not in (zone, "italian")
        for s in z.hexes
    }
    free = [s.hex for s in scenario.entry_zones[zone].hexes if s.hex not in others]
    stacks: dict[Hex, list] = {h: [] for h in free}
    # the units that stack with no other combat unit first, then the rest, first fit
    units = sorted(scenario.entering(zone), key=lambda u: u.size not in ("regiment", "brigade"))
    for unit in units:
        spot = next((h for h in free if _stacking_error([*stacks[h], unit]) is None), None)
        assert spot is not None, f"{unit.id} finds no room in the {zone} zone"
        stacks[spot].append(unit)


def test_italians_set_up_within_two_hexes_of_the_east_edge(
    scenario: Scenario, board: HexMap
) -> None:
    zone = {spot.hex for spot in scenario.entry_zones["italian"].hexes}
    expected = {h for h in board.hexes() if board.offset(h)[0] >= board.cols - 2}
    assert zone == expected


# (count, parent, kind, size, cf, mf, support, range, entry zone, breakdown)
GERMAN_ORDER_OF_BATTLE = [
    (6, "10th Panzer", "armor", "battalion", 2, 16, 0, 0, "10pz", "armor_battalion"),
    (
        3,
        "10th Panzer",
        "armored_infantry",
        "battalion",
        2,
        16,
        0,
        0,
        "10pz",
        "armored_infantry_battalion",
    ),
    (1, "10th Panzer", "anti_tank", "battalion", 2, 8, 0, 0, "10pz", "anti_tank_battalion"),
    (1, "10th Panzer", "recon", "battalion", 3, 18, 0, 0, "10pz", "recon_battalion"),
    (1, "10th Panzer", "artillery", "battalion", 0, 8, 4, 2, "10pz", None),
    (1, "10th Panzer", "engineers", "battalion", 1, 8, 0, 0, "10pz", None),
    (3, "21st Panzer", "armor", "battalion", 2, 16, 0, 0, "21pz", "armor_battalion"),
    (
        3,
        "21st Panzer",
        "armored_infantry",
        "battalion",
        2,
        16,
        0,
        0,
        "21pz",
        "armored_infantry_battalion",
    ),
    (1, "21st Panzer", "anti_tank", "battalion", 2, 8, 0, 0, "21pz", "anti_tank_battalion"),
    (1, "21st Panzer", "recon", "battalion", 3, 18, 0, 0, "21pz", "recon_battalion"),
    (1, "21st Panzer", "artillery", "battalion", 0, 8, 4, 2, "21pz", None),
    (1, "21st Panzer", "engineers", "battalion", 1, 8, 0, 0, "21pz", None),
    (1, "D.A.K.", "armor", "brigade", 7, 10, 0, 0, "dak", "dak_armor_brigade"),
    (
        1,
        "D.A.K.",
        "armored_infantry",
        "brigade",
        5,
        10,
        0,
        0,
        "dak",
        "dak_armored_infantry_brigade",
    ),
    (1, "D.A.K.", "armor", "regiment", 3, 10, 0, 0, "dak", None),
    (1, "D.A.K.", "armored_infantry", "brigade", 4, 8, 0, 0, "dak", None),
    (1, "D.A.K.", "artillery", "battalion", 0, 8, 3, 3, "dak", None),
    (1, "D.A.K.", "recon", "detachment", 1, 12, 0, 0, "dak", None),
    (1, "D.A.K.", "engineers", "battalion", 1, 8, 0, 0, "dak", None),
    (1, "D.A.K.", "anti_tank", "battalion", 1, 6, 0, 0, "dak", None),
    (10, "Italians", "infantry", "battalion", 1, 6, 0, 0, "italian", None),
]


def test_german_order_of_battle_is_the_rulebooks(scenario: Scenario) -> None:
    expected = Counter()
    for count, *shape in GERMAN_ORDER_OF_BATTLE:
        expected[tuple(shape)] += count
    germans = scenario.units_of("german")
    found = Counter(
        (u.parent, u.kind, u.size, u.cf, u.mf, u.support, u.range, u.entry, u.breakdown)
        for u in germans
    )
    assert found == expected
    assert all(u.historical and u.start is None and u.arrives is None for u in germans)
    assert {u.nationality for u in germans if u.parent == "Italians"} == {"italian"}
    assert {u.nationality for u in germans if u.parent != "Italians"} == {"german"}


def test_german_breakdown_keys_are_on_the_breakdown_chart(scenario: Scenario) -> None:
    from hexcampaign import resources_path

    chart = json.loads(resources_path("kasserine/breakdown.json").read_text(encoding="utf-8"))
    entries = {e["key"]: e for e in chart["entries"]}
    for unit in scenario.units:
        if unit.breakdown is None:
            continue
        entry = entries[unit.breakdown]
        assert (entry["kind"], entry["size"], entry["cf"], entry["mf"]) == (
            unit.kind,
            unit.size,
            unit.cf,
            unit.mf,
        ), unit.id


# (turn, place, name, nationality, kind, cf, mf, support, range) as printed; turn 2 = FEB. 15
ALLIED_REINFORCEMENTS = [
    (2, "Road Five", "1/18 Inf", "us", "infantry", 1, 16, 0, 0),
    (2, "Road Five", "2/18 Inf", "us", "infantry", 1, 16, 0, 0),
    (2, "Road Five", "3/18 Inf", "us", "infantry", 1, 16, 0, 0),
    (3, "Le Kef", "2/5 Leicesters", "british", "infantry", 1, 16, 0, 0),
    (3, "Le Kef", "2nd Hampshires", "british", "infantry", 1, 16, 0, 0),
    (3, "Road Five", "1st Ranger Bn", "us", "rangers", 2, 5, 0, 0),
    (4, "Le Kef", "2nd Lothians", "british", "infantry", 1, 16, 0, 0),
    (4, "Le Kef", "17/21 Lancers", "british", "recon", 2, 16, 0, 0),
    (4, "Le Kef", "16/5 Lancers", "british", "recon", 2, 16, 0, 0),
    (5, "Road Six", "1/26 Inf", "us", "infantry", 1, 16, 0, 0),
    (5, "Road Six", "2/26 Inf", "us", "infantry", 1, 16, 0, 0),
    (5, "Road Six", "3/26 Inf", "us", "infantry", 1, 16, 0, 0),
    (6, "Le Kef", "Unattached Sherman Bn", "british", "armor", 2, 16, 0, 0),
    (7, "Le Kef", "86 Div. Engrs.", "british", "engineers", 1, 16, 0, 0),
    (7, "Le Kef", "10 Bn Royal Buffs", "british", "infantry", 1, 16, 0, 0),
    (7, "Le Kef", "2nd Bn 13th Arm.", "british", "armor", 2, 16, 0, 0),
    (7, "Road Five", "3/6 Armd Inf", "us", "armored_infantry", 2, 16, 0, 0),
    (8, "Road Six", "9th Div. Arty, medium", "us", "artillery", 0, 8, 6, 4),
    (8, "Road Six", "9th Div. Arty 1", "us", "artillery", 0, 8, 3, 3),
    (8, "Road Six", "9th Div. Arty 2", "us", "artillery", 0, 8, 3, 3),
    (8, "Road Six", "9th Div. Arty 3", "us", "artillery", 0, 8, 3, 3),
    (8, "Road Six", "9th Div. Flak", "us", "flak", 1, 14, 0, 0),
    (9, "Road Six", "9th Div. Inf 1", "us", "infantry", 1, 16, 0, 0),
    (9, "Road Six", "9th Div. Inf 2", "us", "infantry", 1, 16, 0, 0),
    (10, "Road Six", "9th Div. Engineers", "us", "engineers", 1, 16, 0, 0),
]


def test_allied_reinforcements_are_the_rulebooks(scenario: Scenario) -> None:
    found = sorted(
        (
            u.arrives.turn,
            u.arrives.place,
            u.name,
            u.nationality,
            u.kind,
            u.cf,
            u.mf,
            u.support,
            u.range,
        )
        for u in scenario.reinforcements()
    )
    assert found == sorted(ALLIED_REINFORCEMENTS)
    assert all(u.side == "allied" and u.historical for u in scenario.reinforcements())
    assert scenario.reinforcements(11) == [] and scenario.reinforcements(12) == []
    assert [u.name for u in scenario.reinforcements(6)] == ["Unattached Sherman Bn"]


def test_thirty_five_allied_units_start_on_the_board(scenario: Scenario, board: HexMap) -> None:
    start = scenario.start_units()
    assert len(start) == 35
    assert all(u.side == "allied" for u in start)
    assert Counter(u.nationality for u in start) == {"us": 26, "british": 1, "french": 8}
    estimates = [u for u in start if not u.historical]
    assert 0 < len(estimates) < 35
    assert all(u.note for u in start), "every start unit says where it comes from"
    # balance as allied_setup.md designs it: 43 combat factors, 20 artillery support
    assert sum(u.cf for u in start if u.kind != "artillery") == 43
    assert sum(u.support for u in start) == 20
    # the forward group at Sidi Bou Zid, the 34th Division at Sbiba, CCB at Maktar
    sbz = board.place("Sidi Bou Zid").hex
    assert sum(1 for u in start if u.start.hex.distance(sbz) <= 1) >= 6
    assert any(u.start.hex == board.place("Sbiba").hex for u in start)
    assert any(u.start.hex == board.place("Maktar").hex for u in start)


def test_no_start_position_breaks_stacking(scenario: Scenario) -> None:
    stacks: dict[Hex, list] = {}
    for unit in scenario.start_units():
        stacks.setdefault(unit.start.hex, []).append(unit)
    for hex_, units in stacks.items():
        assert _stacking_error(units) is None, f"{hex_.to_offset()}: {_stacking_error(units)}"


def test_the_stacking_check_itself_refuses_bad_stacks(scenario: Scenario) -> None:
    regiment = scenario.unit("us-16-inf")
    battalion = scenario.unit("us-2-168")
    artillery = scenario.unit("us-91-afa")
    assert _stacking_error([regiment, artillery]) is None
    assert "regiment" in _stacking_error([regiment, battalion])
    four_bns = [
        battalion,
        scenario.unit("us-3-168"),
        scenario.unit("us-701-td"),
        scenario.unit("us-3-1-ar"),
    ]
    assert "three battalions" in _stacking_error(four_bns)
    five = [*four_bns[:3], artillery, scenario.unit("us-2-17-fa")]
    assert "four units" in _stacking_error(five)


# --- loading refuses broken files -----------------------------------------------------------


def _broken(tmp_path: Path, change) -> Path:
    folder = tmp_path / "kasserine"
    folder.mkdir()
    shutil.copy(maps_path("kasserine/kasserine.hexmap"), folder / "kasserine.hexmap")
    data = json.loads(SCENARIO.read_text(encoding="utf-8"))
    change(data)
    path = folder / "scenario.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _unit(data: dict, uid: str) -> dict:
    return next(u for u in data["units"] if u["id"] == uid)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["units"].append(dict(d["units"][0])), "unique"),
        (
            lambda d: _unit(d, "10pz-pz-1").update(entry="11pz"),
            "'11pz', which is not an entry zone",
        ),
        (
            lambda d: _unit(d, "us-18rct-1")["arrives"].update(place="Algiers"),
            "us-18rct-1, arrives.place",
        ),
        (lambda d: _unit(d, "us-18rct-1")["arrives"].update(turn=1), "us-18rct-1, arrives.turn"),
        (lambda d: d["victory"].update(Sfax=2), "'Sfax' is not a place on the map"),
        (
            lambda d: d["victory"].update(Thala=3),
            "Thala is worth 3 in the scenario but 2 on the map",
        ),
        (lambda d: _unit(d, "us-2-168").update(start={"col": 27, "row": 3}), "off the 27x31 map"),
        (
            lambda d: _unit(d, "us-2-168").update(entry="dak"),
            "exactly one of start, entry or arrives",
        ),
        (
            lambda d: d["entry_zones"]["dak"]["hexes"].append({"col": 40, "row": 1}),
            "Entry zone dak",
        ),
        (lambda d: d["arrival_points"].pop("Road Six"), "Road Six"),
        (lambda d: d.update(map="nowhere.hexmap"), "nowhere.hexmap cannot be loaded"),
        (lambda d: d.update(format="something-else"), "is not a Kasserine scenario"),
        (
            lambda d: _unit(d, "us-2-168").update(cf="strong"),
            "unit us-2-168, cf: Input should be a valid integer",
        ),
        (lambda d: _unit(d, "us-2-168").update(kind="cavalry"), "unit us-2-168, kind"),
        (lambda d: d.update(version=2), "newer than this program reads"),
        (lambda d: d.update(units=[]) or d.pop("format"), "is not a Kasserine scenario"),
    ],
)
def test_load_refuses_a_broken_scenario_naming_the_problem(
    tmp_path: Path, change, words: str
) -> None:
    with pytest.raises(ScenarioError) as refused:
        load_scenario(_broken(tmp_path, change))
    assert words in str(refused.value)


def test_load_refuses_a_file_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "scenario.json"
    path.write_text("{ not json", encoding="utf-8")
    with pytest.raises(ScenarioError, match="not valid JSON"):
        load_scenario(path)
    with pytest.raises(ScenarioError, match="Cannot read"):
        load_scenario(tmp_path / "missing.json")


def test_hexmap_is_a_fresh_copy_each_time(scenario: Scenario) -> None:
    first = scenario.hexmap()
    first.set_bridge(first.place("Sbeitla").hex, False)
    assert scenario.hexmap().has_bridge(first.place("Sbeitla").hex)


# --- the game starts from it ------------------------------------------------------------------


def test_game_scenario_starts_on_feb_14_with_the_germans(scenario: Scenario) -> None:
    game = Game.scenario(seed=7)
    assert game.state.turn == 1
    assert game.date() == "Feb 14"
    assert game.state.phase == "german_setup"
    units = {u.id: u for u in game.units()}
    assert set(units) == {u.id for u in scenario.units}
    for unit in scenario.start_units():
        assert units[unit.id].hex == unit.start.hex
    for unit in scenario.units_of("german"):
        assert units[unit.id].hex is None or units[unit.id].hex in {
            s.hex for s in scenario.entry_zones[unit.entry].hexes
        }
    for unit in scenario.reinforcements():
        assert units[unit.id].hex is None
        assert (units[unit.id].arrives.turn, units[unit.id].arrives.place) == (
            unit.arrives.turn,
            unit.arrives.place,
        )


# --- helpers ------------------------------------------------------------------------------------

STRENGTH = {
    "detachment": 1,
    "battalion": 2,
    "regiment": 6,
    "brigade": 6,
}  # 3 battalions = 1 regiment
FREE_KINDS = {"engineers", "artillery", "flak"}


def _stacking_error(units: list) -> str | None:
    """The rulebook's stacking rule, written out independently of the rules engine."""
    if len(units) > 4:
        return "a stack may never be more than four units tall"
    combat = [u for u in units if u.kind not in FREE_KINDS]
    if any(u.size in ("regiment", "brigade") for u in combat) and len(combat) > 1:
        return "a regiment or brigade stacks with no other combat unit"
    if sum(STRENGTH[u.size] for u in combat) > 6:
        return "combat units stack up to a regiment: three battalions"
    return None


def _road_net_from(m: HexMap, starts: list[Hex]) -> set[Hex]:
    """Every hex joined by road to one of `starts` that is on a road, never across a cliff."""
    cliffs = m.cliffs()
    seen = {h for h in starts if m.on_road(h)}
    queue = deque(seen)
    while queue:
        here = queue.popleft()
        for there in m.road_neighbours(here):
            if (
                there not in seen
                and m.contains(there)
                and HexSide.between(here, there) not in cliffs
            ):
                seen.add(there)
                queue.append(there)
    return seen


def _road_distance(m: HexMap, a: Hex, b: Hex) -> int:
    frontier, seen, steps = [a], {a}, 0
    while frontier:
        if b in frontier:
            return steps
        steps += 1
        frontier = [
            n for h in frontier for n in m.road_neighbours(h) if n not in seen and not seen.add(n)
        ]
    return 10**6


def test_the_whole_german_set_up_can_be_placed_by_the_rules_engine(scenario: Scenario) -> None:
    game = Game.scenario(seed=7)
    assert game.state.phase == "german_setup"

    order = sorted(
        scenario.units_of("german"),
        key=lambda u: (u.entry == "italian", u.size not in ("regiment", "brigade")),
    )
    for unit in order:
        for spot in scenario.entry_zones[unit.entry].hexes:
            try:
                game.place(unit.id, spot.hex)
                break
            except IllegalAction:
                continue
        else:
            pytest.fail(f"{unit.id} could not be placed anywhere in its zone {unit.entry}")
    assert all(game.unit(u.id).hex is not None for u in scenario.units_of("german"))
