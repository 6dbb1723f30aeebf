"""What-if odds: before declaring, the attack after every defender battery that could
reach the hex fires for it (the attacker's worst case) and its chance table; while the
defender ticks his guns, the odds they would leave. Asked on copies: the game is
untouched."""

from __future__ import annotations

from hexcampaign.kasserine import crt

from .helpers import U, game

GUN = {"kind": "artillery", "cf": 0, "mf": 8}


def guns_game(attack_cf=8, near_support=2):
    """A German 8 against a US 2 at (4, 2): one Allied battery two hexes from the
    defender (range 2, in reach), one far away (out of reach)."""
    units = [
        U("a", (3, 2), cf=attack_cf),
        U("x", (4, 2), side="allied", cf=2),
        U("near", (4, 4), side="allied", support=near_support, range=2, **GUN),
        U("far", (4, 9), side="allied", support=5, range=2, **GUN),
    ]
    return game(units, phase="german_combat")


def test_the_worst_case_counts_every_battery_in_reach_and_no_other():
    g = guns_game()
    before = g.state.model_copy(deep=True)
    preview = g.preview_attack(["a"], ["x"])
    worst = g.what_if_attack(["a"], ["x"])
    assert preview.odds == "4:1"
    assert worst.guns == ["near"]
    assert (worst.attack, worst.defense, worst.odds) == (8, 4, "2:1")
    assert worst.distribution == crt.distribution("2:1", g.state.options.crt_high_rolls)
    assert sum(worst.distribution.values()) == 1
    assert g.state == before  # a question, not an action


def test_the_worst_case_is_what_the_defender_can_really_do():
    g = guns_game()
    worst = g.what_if_attack(["a"], ["x"])
    c = g.declare_attack(["a"], ["x"])
    assert g.worst_case(c).odds == worst.odds
    assert [u.id for u in g.defense_artillery(c)] == worst.guns
    g.support_defense(c, worst.guns)
    assert c.odds == worst.odds and c.defense_strength == worst.defense


def test_no_gun_in_reach_changes_nothing():
    units = [U("a", (3, 2), cf=8), U("x", (4, 2), side="allied", cf=2)]
    g = game(units, phase="german_combat")
    worst = g.what_if_attack(["a"], ["x"])
    assert worst.changes_nothing and worst.odds == g.preview_attack(["a"], ["x"]).odds


def test_guns_can_push_an_attack_to_the_automatic_a_elim():
    g = guns_game(attack_cf=2, near_support=12)  # 2 against 14: below 1:6
    worst = g.what_if_attack(["a"], ["x"])
    assert worst.odds == "1:6" and worst.automatic == crt.automatic_result("1:6")


def test_the_odds_follow_the_guns_the_defender_ticks_before_he_commits():
    g = guns_game()
    c = g.declare_attack(["a"], ["x"])
    before = g.state.model_copy(deep=True)
    assert g.preview_defense(c, ["near"]).odds == "2:1"
    assert g.preview_defense(c, []).odds == "4:1"
    assert g.state == before and c.odds == "4:1"


def test_the_worst_case_names_the_guns_as_their_counters_do():
    g = guns_game()
    worst = g.what_if_attack(["a"], ["x"])
    assert worst.gun_names == [g.label("near")] and worst.defender == "allied"
    assert worst.declared_odds == "4:1"
    assert worst.sentence() == (
        f"Worst case, if Allied {g.label('near')} fires in defence: 2:1 "
        "(attack 8 against defence 4)."
    )


def test_with_no_gun_in_reach_the_sentence_says_the_odds_stand():
    units = [U("a", (3, 2), cf=8), U("x", (4, 2), side="allied", cf=2)]
    g = game(units, phase="german_combat")
    assert g.what_if_attack(["a"], ["x"]).sentence() == (
        "No Allied battery can reach the hex: the odds of 4:1 stand."
    )


def test_an_automatic_worst_case_says_there_is_no_roll():
    g = guns_game(attack_cf=2, near_support=12)
    sentence = g.what_if_attack(["a"], ["x"]).sentence()
    assert f"1:6, {crt.automatic_result('1:6')} without a roll" in sentence
