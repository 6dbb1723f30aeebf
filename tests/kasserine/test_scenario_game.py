"""Game.scenario(): the Kasserine Pass scenario played through the rules engine."""

from __future__ import annotations

import pytest

from hexcampaign.hexes import Hex
from hexcampaign.kasserine import Game, Options
from hexcampaign.kasserine.state import EndPhase, PlaceUnit

from .helpers import check_invariants, refused


@pytest.fixture(scope="module")
def scenario_game() -> Game:
    """The shipped scenario: if it fails to load, every test here fails with its error."""
    return Game.scenario(seed=5, options=Options(allied_air_power="roll"))


def place_everything(g: Game) -> None:
    while g.state.phase == "german_setup":
        actions = g.legal_actions(moves=False)
        place = next((a for a in actions if isinstance(a, PlaceUnit)), None)
        g.apply(place or next(a for a in actions if isinstance(a, EndPhase)))


def test_scenario_starts_with_german_setup_on_feb_14(scenario_game):
    g = Game.from_json(scenario_game.to_json())
    assert (g.state.turn, g.state.phase, g.date()) == (1, "german_setup", "Feb 14")
    allied = [u for u in g.units() if u.side == "allied"]
    assert sum(1 for u in allied if u.hex is not None) == 35  # "35 units placed"
    assert all(u.arrives is not None for u in allied if u.hex is None)
    assert g.victory_points() == 0 and g.victory_level() == "German defeat"
    assert set(g.state.victory) == {"Ferriana", "Kasserine", "Sbiba", "Le Kef", "Thala", "Tebessa"}
    german = [u for u in g.units() if u.side == "german"]
    assert all(u.hex is None for u in german)
    refused(lambda: g.end_phase(), "German initial placement")


def test_scenario_setup_places_every_german_on_its_zone(scenario_game):
    g = Game.from_json(scenario_game.to_json())
    place_everything(g)
    assert g.state.phase == "german_movement"
    check_invariants(g)
    for u in g.units():
        if u.side == "german":
            assert u.hex is not None and u.hex in g.entry_hexes(u.id)
            assert u.mp_spent > 0  # German initial placement counts the first hex


def test_scenario_reinforcements_arrive_on_their_date(scenario_game):
    g = Game.from_json(scenario_game.to_json())
    place_everything(g)
    rct = next(u for u in g.units() if u.arrives is not None and u.arrives.turn == 2)
    # Nobody moves, so nobody must attack: every phase up to the arrival simply ends.
    while (g.state.turn, g.state.phase) != (1, "allied_movement"):
        assert not g.obligations(), g.obligations()
        g.end_phase()
    assert g.reachable(rct.id) == {}
    while (g.state.turn, g.state.phase) != (2, "allied_movement"):
        assert not g.obligations(), g.obligations()
        g.end_phase()
    reach = g.reachable(rct.id)
    point = g.arrival_points[rct.arrives.place][0]
    assert point in reach
    g.move(rct.id, [point])
    assert g.unit(rct.id).hex == point


def test_reachable_on_the_scenario_map_is_bounded(scenario_game):
    g = Game.from_json(scenario_game.to_json())
    place_everything(g)
    for u in g.units():
        if u.side == "german" and u.hex is not None:
            for h, cost in g.reachable(u.id).items():
                assert isinstance(h, Hex) and g.map.contains(h)
                assert cost <= u.mf or h.distance(u.hex) == 1
