"""The tracker: victory points at each turn's end, factors lost, odds declared and after
the defender's artillery, results against the Combat Results Table's chances — followed
action by action, after an undo, and replayed from a save, always the same numbers."""

from __future__ import annotations

import random
import re
from collections import Counter
from fractions import Fraction

import pytest
from benchmarks.players import choose

from hexcampaign.kasserine import Game, Options, crt
from hexcampaign.kasserine.tracker import Tracker

from .helpers import U, game

GUN = {"kind": "artillery", "cf": 0, "support": 3, "range": 3, "mf": 8}


@pytest.fixture(scope="module")
def followed() -> tuple[Game, Tracker, dict[int, int]]:
    """A seeded random game of 12 turns, the tracker following it after every action,
    and the points the game said it held as each turn ended."""
    g = Game.scenario(seed=3)
    rng = random.Random(3)
    tracker = Tracker()
    tracker.follow(g)
    at_end: dict[int, int] = {}
    while not g.over:
        turn = g.turn
        g.apply(choose(g, rng))
        tracker.follow(g)
        if g.turn != turn or g.over:
            at_end[turn] = g.victory_points()
    return g, tracker, at_end


def series(t: Tracker) -> tuple:
    return t.points(), t.losses(), t.attacks(), t.factors_lost_by_formation(), t.results()


def test_points_at_each_turn_end_are_the_games(followed):
    g, tracker, at_end = followed
    points = tracker.points()
    assert [p.turn for p in points] == list(range(1, 13))
    assert all(p.ended for p in points)
    assert {p.turn: p.points for p in points} == at_end
    assert points[0].date == "Feb 14" and points[-1].date == "Feb 25"
    assert points[-1].points == g.victory_points()
    assert tracker.max_points == sum(g.state.victory.values())
    assert [level.name for level in tracker.levels][0] == "German defeat"


def test_the_turn_in_play_is_shown_as_it_stands():
    g = Game.scenario(seed=3)
    rng = random.Random(3)
    tracker = Tracker()
    while g.turn < 3:
        g.apply(choose(g, rng))
        tracker.follow(g)
    points = tracker.points()
    assert [(p.turn, p.ended) for p in points] == [(1, True), (2, True), (3, False)]
    assert points[-1].points == g.victory_points()


def test_factors_lost_are_the_eliminated_and_captured_units(followed):
    g, tracker, _ = followed
    units = g.state.units.values()
    eliminated = {u.id for u in units if u.eliminated}
    assert eliminated, "the seeded game eliminates units"
    losses = tracker.losses()
    assert {loss.unit_id for loss in losses if loss.how == "eliminated"} == eliminated
    expected = Counter()
    for u in units:
        if u.eliminated:
            expected[u.side] += u.cf or u.support
        if u.captured:  # lost by the side that is no longer its own
            expected["german" if u.side == "allied" else "allied"] += u.support
    assert tracker.factors_lost() == {"german": expected["german"], "allied": expected["allied"]}
    by_formation = tracker.factors_lost_by_formation()
    assert sum(n for _side, _f, n in by_formation) == sum(expected.values())
    for loss in losses:
        u = g.state.units[loss.unit_id]
        assert loss.formation == u.parent and loss.factors == (u.cf or u.support)
    per_turn = tracker.factors_lost_by_turn()
    assert {side: sum(n) for side, n in per_turn.items()} == tracker.factors_lost()


def test_odds_declared_and_after_fire_are_those_the_log_announced(followed):
    g, tracker, _ = followed
    log = "\n".join(g.log())
    declared = dict(re.findall(r"Attack (\d+): .*, odds (\S+)$", log, re.M))
    fired = dict(re.findall(r"Defensive fire for attack (\d+): .*; odds now (\S+)$", log, re.M))
    rolls = re.findall(r"Attack (\d+) at (\S+): .* — (.+)$", log, re.M)
    rolled = {n: (odds, result) for n, odds, result in rolls}
    attacks = tracker.attacks()
    assert len(attacks) == len(declared) > 10
    assert fired, "the seeded game has defensive fire"
    for a in attacks:
        n = str(a.combat)
        assert a.declared == declared[n]
        assert a.defensive_fire == (n in fired)
        assert (a.after_fire, a.result) == rolled[n]
        if n in fired:
            assert a.after_fire == fired[n]
    tallies = {t.odds: t for t in tracker.odds()}
    assert sum(t.declared for t in tallies.values()) == len(attacks)
    declared_at = Counter({k: t.declared for k, t in tallies.items() if t.declared})
    assert Counter(declared.values()) == declared_at
    assert sum(tracker.odds_changes().values()) == len(attacks)


def test_results_against_the_tables_chances(followed):
    g, tracker, _ = followed
    high = g.state.options.crt_high_rolls
    rolled = [a for a in tracker.attacks() if a.result is not None]
    for a in rolled:
        assert a.chances == crt.distribution(a.after_fire, high)
        assert a.chance == crt.distribution(a.after_fire, high)[a.result]
    tallies = tracker.results()
    shown = {t.result for t in tallies}
    assert [t.result for t in tallies] == [r for r in crt.results_in_order() if r in shown]
    got = Counter({t.result: t.rolled for t in tallies if t.rolled})
    assert got == Counter(a.result for a in rolled)
    assert sum(t.expected for t in tallies) == len(rolled)  # each attack's chances add to 1
    for t in tallies:
        chances = [crt.distribution(a.after_fire, high).get(t.result, 0) for a in rolled]
        assert t.expected == sum(chances)


def test_a_replay_of_the_whole_game_gives_the_same_series(followed):
    g, tracker, _ = followed
    fresh = Tracker()
    fresh.follow(g)
    assert fresh.replays == 1
    assert series(fresh) == series(tracker)
    loaded = Tracker()
    loaded.follow(Game.from_json(g.to_json()))
    assert series(loaded) == series(tracker)
    assert tracker.replays == 0  # followed from the start: one look an action, no replay


def test_an_undo_keeps_what_came_before_and_drops_what_it_took_back():
    g = Game.scenario(seed=5)
    rng = random.Random(5)
    tracker = Tracker()
    tracker.follow(g)
    undone = 0
    while g.turn < 4:
        g.apply(choose(g, rng))
        tracker.follow(g)
        if g.can_undo and rng.random() < 0.2:
            g.undo()
            tracker.follow(g)
            undone += 1
    assert undone > 5
    assert tracker.replays == 0  # an undo keeps the steps before it: nothing replayed
    fresh = Tracker()
    fresh.follow(g)
    assert series(fresh) == series(tracker)


def test_an_undo_and_a_new_action_unseen_are_replayed():
    g = Game.scenario(seed=5)
    rng = random.Random(5)
    tracker = Tracker()
    while g.turn < 2:
        g.apply(choose(g, rng))
        tracker.follow(g)
    while not g.can_undo:
        g.apply(choose(g, rng))
    tracker.follow(g)
    g.undo()
    g.apply(choose(g, rng))  # not followed in between
    tracker.follow(g)
    fresh = Tracker()
    fresh.follow(g)
    assert series(fresh) == series(tracker)


def combat_position(options: Options | None = None) -> Game:
    """A 4-factor Panzer next to a 1-factor battalion that an Allied battery covers."""
    return game(
        [
            U("pz", (2, 2), cf=4, parent="21st Panzer", name="Panzer 1"),
            U("inf", (3, 2), side="allied", parent="II Corps", name="3/26"),
            U("gun", (5, 2), side="allied", parent="9th Div. Arty.", name="60 FA", **GUN),
        ],
        phase="german_combat",
        options=options,
    )


@pytest.mark.parametrize("high_rolls", ["mirror", "clamp"])
def test_defensive_fire_cuts_the_odds_and_the_chance_is_the_tables(high_rolls):
    g = combat_position(Options(crt_high_rolls=high_rolls))
    tracker = Tracker()
    tracker.follow(g)
    c = g.declare_attack(["pz"], ["inf"])
    tracker.follow(g)
    (a,) = tracker.attacks()
    assert (a.declared, a.after_fire, a.defensive_fire) == ("4:1", "4:1", False)
    assert (a.result, a.chance) == (None, None)
    g.support_defense(c, ["gun"])
    tracker.follow(g)
    (a,) = tracker.attacks()
    assert (a.declared, a.after_fire, a.defensive_fire, a.cut) == ("4:1", "1:1", True, True)
    result = g.resolve(c)
    tracker.follow(g)
    (a,) = tracker.attacks()
    assert a.result == result
    assert a.chance == crt.distribution("1:1", high_rolls)[result]
    assert a.chance is not None and 0 < a.chance <= 1
    assert tracker.odds() == [
        type(tracker.odds()[0])("1:1", 0, 1),
        type(tracker.odds()[0])("4:1", 1, 0),
    ]
    assert tracker.odds_changes() == Counter({("4:1", "1:1"): 1})
    assert tracker.odds(side="allied") == []


def test_a_loss_names_its_side_formation_and_factors():
    g = combat_position()
    tracker = Tracker()
    tracker.follow(g)
    c = g.declare_attack(["pz"], ["inf"])
    g.support_defense(c, ["gun"])
    assert g.resolve(c, roll=2) == "A ELIM"  # 1:1 after the battery's fire, row 2
    g.take_losses(["pz"])
    tracker.follow(g)
    assert tracker.replays == 1  # three actions unseen: replayed once
    (loss,) = tracker.losses()
    assert (loss.side, loss.formation, loss.unit) == ("german", "21st Panzer", "Panzer 1")
    assert loss.unit_id == "pz"
    assert (loss.factors, loss.how, loss.turn) == (4, "eliminated", 1)
    assert tracker.factors_lost() == {"german": 4, "allied": 0}
    assert tracker.factors_lost_by_formation() == [("german", "21st Panzer", 4)]
    (a,) = tracker.attacks()
    # rows 2 and 3, and 11 and 12 read as 3 and 2 (mirror): 6 rolls in 36
    assert a.chance == crt.distribution("1:1")["A ELIM"] == Fraction(1, 6)
