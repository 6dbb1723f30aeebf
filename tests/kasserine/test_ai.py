"""The computer opponent plays by the rules, for the places, and only when it is its turn."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest
from benchmarks.players import choose  # the benchmarks' random player, fast in the full scenario

from hexcampaign.kasserine import Game, Options
from hexcampaign.kasserine.ai import Opponent
from hexcampaign.kasserine.state import SupportDefense
from hexcampaign.maps import HexMap

from .helpers import H, U

GUN = {"kind": "artillery", "cf": 0, "support": 3, "range": 3, "mf": 8}


def play_against_random(bot: Opponent, seed: int) -> tuple[Game, list]:
    """A whole scenario game: the bot against a random legal player."""
    g = Game.scenario(seed=seed)
    rng = random.Random(seed)
    played = []
    for _ in range(20000):
        if g.over:
            break
        if bot.waits_on_me(g):
            actions = bot.play(g)
            # Defensive fire may be "none": then the bot has answered all the same.
            assert actions or not bot.waits_on_me(g), f"the bot is stuck in {g.state.phase}"
            played.extend(actions)
            continue
        action = choose(g, rng)
        if isinstance(action, SupportDefense):  # the bot's own guns are its to fire
            action = rng.choice([a for a in g.legal_actions(moves=False) if not isinstance(a, SupportDefense)])
        g.apply(action)
    return g, played


@pytest.mark.parametrize("side", ["german", "allied"])
def test_bot_plays_a_whole_game_by_the_rules(side):
    bot = Opponent(side, seed=3)
    g, played = play_against_random(bot, seed=3)
    assert g.over
    assert played
    # Every action it returned is in the game's log, and the log replays: nothing illegal.
    kinds = {a.kind for a in played}
    assert {"move", "end_phase"} <= kinds
    assert g.replay().to_json() == g.to_json()


def test_suggest_leaves_the_game_alone_and_is_what_play_does():
    g = Game.scenario(seed=2)
    bot = Opponent("german", seed=1)
    before = g.to_json()
    hint = bot.suggest(g)
    assert g.to_json() == before
    assert [a.kind for a in hint].count("place") > 10
    played = bot.play(g)
    # The hint stops at the first die roll (or the end of the turn); up to there it is
    # exactly what play does.
    assert "move" in [a.kind for a in hint]
    assert [a.kind for a in hint[:-1]].count("resolve") == 0
    assert [a.model_dump(exclude={"faces"}) for a in played[: len(hint)]] == [
        a.model_dump(exclude={"faces"}) for a in hint
    ]


def test_play_does_nothing_while_the_game_waits_on_the_other_side():
    g = Game.scenario(seed=2)
    allied = Opponent("allied")
    before = g.to_json()
    assert not allied.waits_on_me(g)
    assert allied.play(g) == []
    assert g.to_json() == before


def test_german_bot_takes_an_undefended_place_in_reach():
    m = HexMap.blank(12, 12)
    m.add_place(H(8, 5), "Thala", "village", vp=2)
    units = [U("pz", (2, 5)), U("far", (11, 11), side="allied")]
    g = Game.custom(m, units, phase="german_movement")
    assert "Thala" not in g.held_places("german")
    Opponent("german").play(g)
    assert "Thala" in g.held_places("german")


def gun_in_range() -> Game:
    """German combat: two panzer battalions beside a US battalion, a US gun 2 hexes off."""
    units = [
        U("pz1", (3, 4)), U("pz2", (4, 5)),
        U("inf", (3, 5), side="allied", cf=2),
        U("gun", (3, 7), side="allied", nationality="us", size="battalion", **GUN),
    ]
    return Game.custom(HexMap.blank(12, 12), units, phase="german_combat")


def test_allied_bot_fires_its_guns_in_defense_when_attacked():
    g = gun_in_range()
    combat = g.declare_attack(["pz1", "pz2"], ["inf"])
    allied = Opponent("allied")
    assert allied.waits_on_me(g)
    actions = allied.play(g)
    assert [a.kind for a in actions] == ["support"]
    assert next(c for c in g.combats() if c.id == combat.id).defense_artillery == ["gun"]
    assert not allied.waits_on_me(g)  # asked once per attack


def test_german_bot_asks_the_defender_before_it_rolls():
    g = gun_in_range()
    allied = Opponent("allied")
    seen = []

    def defense(game):
        seen.append([c.resolved for c in game.combats()])
        allied.play(game)

    Opponent("german").play(g, defense=defense)
    assert seen and seen[0] == [False]
    assert g.combats()[0].defense_artillery == ["gun"]


def test_same_seed_same_moves():
    def opening(seed):
        g = Game.scenario(seed=1)
        actions = Opponent("german", level="easy", seed=seed).play(g)  # set-up, then Feb 14
        assert g.side_to_play == "allied"
        return [a.model_dump(exclude={"faces"}) for a in actions]

    assert opening(7) == opening(7)


OPENING = """
from hexcampaign.kasserine import Game, Options
from hexcampaign.kasserine.ai import Opponent
g = Game.scenario(seed=4)
bots = {"german": Opponent("german", "easy", 5), "allied": Opponent("allied", "normal", 6)}
while g.date() in ("Feb 14", "Feb 15"):
    for side, bot in bots.items():
        if bot.waits_on_me(g):
            bot.play(g, defense=bots["allied" if side == "german" else "german"].play)
print(len(g.actions()), g.to_json()[-80:])
"""


def test_same_seed_same_game_whatever_the_python_hash_seed():
    # Sets of unit ids iterate in another order under another hash seed: a tie broken by
    # that order would make a saved computer game play differently when replayed.
    def run(hash_seed):
        env = {**os.environ, "PYTHONHASHSEED": str(hash_seed)}
        return subprocess.run([sys.executable, "-c", OPENING], env=env, capture_output=True,
                              text=True, check=True).stdout

    assert run(1) == run(2)


def test_cancel_stops_before_the_next_action():
    g = Game.scenario(seed=2)
    bot = Opponent("german")
    taken = []
    for action in bot.steps(g):
        taken.append(action)
        if len(taken) == 3:
            bot.cancel()
    assert len(taken) == 3
    assert len(g.actions()) == 3


def moves_this_phase(g: Game) -> list[str]:
    """The unit ids moved since the last end of phase, once per move."""
    actions = g.actions()
    start = max(i for i, a in enumerate(actions) if a.kind == "end_phase")
    moved = []
    for a in actions[start + 1 :]:
        if a.kind == "move":
            moved.append(a.unit)
        elif a.kind == "move_stack":
            moved.extend(a.units)
    return moved


@pytest.mark.parametrize("side", ["german", "allied"])
def test_a_movement_phase_picked_up_half_played_moves_no_unit_twice(side):
    # Paused after a few moves and resumed (a fresh player on a fresh copy, as the window
    # does): the units already moved stay where they are; the rest move, once each.
    g = Game.scenario(seed=5)
    bots = {s: Opponent(s, seed=5) for s in ("german", "allied")}

    def there() -> bool:
        return g.phase == f"{side}_movement" and g.turn == 2

    while not there():
        bot = next(b for b in bots.values() if b.waits_on_me(g))
        other = bots["allied" if bot.side == "german" else "german"]
        for _ in bot.steps(g, defense=other.play):
            if there():
                bot.cancel()
    bot = bots[side]
    for _ in bot.steps(g):
        if len(moves_this_phase(g)) >= 4:
            bot.cancel()
    first = moves_this_phase(g)
    assert len(first) == 4 and g.phase == f"{side}_movement"
    resumed = Game.from_json(g.to_json())
    for action in bot.fresh().steps(resumed):
        if action.kind == "end_phase":
            break
    assert resumed.phase == f"{side}_combat"
    # The end of phase is the last action: look at the moves just before it.
    moved = [a for a in resumed.actions()[len(g.actions()) : -1] if a.kind in ("move", "move_stack")]
    again = {a.unit for a in moved if a.kind == "move"} | {u for a in moved if a.kind == "move_stack" for u in a.units}
    assert len(moved) > 3  # the rest of the side moved
    assert not again & set(first), f"moved twice: {sorted(again & set(first))}"


def test_with_hand_rolled_dice_the_bot_declares_and_decides_but_never_rolls():
    units = [
        U("lone", (3, 3), cf=1, size="detachment"),
        U("shermans", (4, 3), side="allied", cf=6),
    ]
    g = Game.custom(HexMap.blank(10, 8), units, phase="allied_combat", options=Options(dice="hand"))
    allied = Opponent("allied")
    kinds = [a.kind for a in allied.play(g)]
    assert kinds == ["declare"]  # then it waits for the players' dice
    (attack,) = g.combats()
    assert not attack.resolved
    assert allied.play(g) == []
    g.resolve(attack.id, roll=2)  # D ELIM at 6:1
    assert g.pending().kind == "advance_roll"
    assert allied.play(g) == []  # the advance die is thrown by hand too: it picks no face
    g.roll_advance(3)
    kinds = [a.kind for a in allied.play(g)]
    assert kinds[-1] == "end_phase" and "advance_roll" not in kinds


def test_with_hand_rolled_dice_the_bot_applies_a_result_that_needs_no_dice():
    # At >8:1 (and 1:6) nothing is thrown: the bot goes on by itself, up to its advance die.
    units = [
        U("lone", (3, 3), cf=1, size="detachment"),
        U("shermans", (4, 3), side="allied", cf=6),
        U("grants", (2, 3), side="allied", cf=6),
    ]
    g = Game.custom(HexMap.blank(10, 8), units, phase="allied_combat", options=Options(dice="hand"))
    kinds = [a.kind for a in Opponent("allied").play(g)]
    (attack,) = g.combats()
    assert attack.odds == ">8:1" and attack.resolved and attack.result == "D ELIM"
    assert kinds[-1] == "resolve"
    assert g.pending().kind == "advance_roll"  # its die is the players' to throw
