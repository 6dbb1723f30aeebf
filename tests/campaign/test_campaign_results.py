"""Battle results: casualties, outcomes, retreats, advances, pursuit, overrides."""

from __future__ import annotations

import pytest

from hexcampaign.campaign import IllegalAction

from ._support import CENTRE, new_campaign, to_phase

N, NE, SE, S, SW, NW = range(6)
TARGET = CENTRE.neighbor(SE)


def fought(
    us_units=("rifle_company", "sherman_platoon", "at57_platoon"),
    german_kind="infantry",
    german_units=("grenadier_company", "panzer_iv_platoon"),
    experience=None,
    extra=None,
    **options,
):
    c = new_campaign(**options)
    g = c.deploy("german", german_kind, CENTRE, list(german_units), experience=experience)
    u = c.deploy("us", "infantry", TARGET, list(us_units))
    if extra:
        extra(c)
    to_phase(c, "attack_orders")
    b = c.declare_attack([g], u)
    c.end_phase()
    return c, g, u, b


def units(c, fid):
    return [x.id for x in c.formation(fid).units]


CASUALTY_CASES = [
    # (unit index in the US division, casualties, abandoned, outcome, eliminated?)
    (0, 59, 0, "DRAW", False),  # rifle company, red number 60
    (0, 60, 0, "DRAW", True),
    (1, 2, 0, "DRAW", False),  # Sherman platoon of 5: 3 lost eliminates it
    (1, 3, 0, "DRAW", True),
    (2, 1, 0, "DRAW", False),  # 57 mm platoon of 3 guns: 2 lost eliminates it
    (2, 2, 0, "DRAW", True),
    # Abandoned vehicles are not counted for the side holding the battlefield...
    (1, 3, 1, "ATTACKER DEFEAT", False),
    (1, 3, 1, "DRAW", False),  # the defender holds the field after a draw (the default)
    # ...but are lost by the side that leaves it.
    (1, 3, 1, "DEFENDER DEFEAT", True),
]


@pytest.mark.parametrize(("index", "lost", "abandoned", "outcome", "gone"), CASUALTY_CASES)
def test_casualties_eliminate_a_unit_at_its_threshold(index, lost, abandoned, outcome, gone):
    c, g, u, b = fought()
    uid = units(c, u)[index]
    level = None if outcome == "DRAW" else "minor"
    c.enter_result(
        b, outcome, level, casualties={uid: lost}, abandoned={uid: abandoned} if abandoned else {}
    )
    assert (c.unit(uid).where == "eliminated") is gone
    if not gone:
        assert c.unit(uid).where == u  # back to full strength for the next battle


def test_draw_abandoned_vehicles_count_when_nobody_holds_the_field():
    c, g, u, b = fought(draw_battlefield_held_by="nobody")
    tank = units(c, u)[1]
    c.enter_result(b, "DRAW", casualties={tank: 3}, abandoned={tank: 1})
    assert c.unit(tank).where == "eliminated"


RESULT_REFUSALS = [
    ({"outcome": "WIN", "level": "minor"}, "Battle results: the outcome is one of"),
    (
        {"outcome": "DEFENDER DEFEAT", "level": "crushing"},
        "Battle results: the CM victory level is one of",
    ),
    ({"outcome": "DRAW", "level": "minor"}, "Battle results: a DRAW has no victory level"),
    (
        {"outcome": "DRAW", "casualties": {"us-u99": 1}},
        "Battle results: us-u99 did not fight in battle B1",
    ),
    (
        {"outcome": "DRAW", "casualties": {"TANK": 6}},
        "Battle results: M4 Sherman platoon .* has only 5 vehicles",
    ),
    (
        {"outcome": "DRAW", "casualties": {"TANK": 1}, "abandoned": {"TANK": 2}},
        "Abandoned vehicles: .* cannot have more abandoned vehicles",
    ),
    (
        {"outcome": "DRAW", "abandoned": {"RIFLES": 1}},
        "Abandoned vehicles: Rifle company .* has no vehicles",
    ),
    (
        {"outcome": "DRAW", "casualties": {"RIFLES": -1}},
        "Battle results: casualties are whole numbers",
    ),
]


@pytest.mark.parametrize(("kwargs", "refusal"), RESULT_REFUSALS)
def test_result_refusals(kwargs, refusal):
    c, g, u, b = fought()
    names = {"RIFLES": units(c, u)[0], "TANK": units(c, u)[1]}

    def fix(d):
        return {names.get(k, k): v for k, v in d.items()}

    for key in ("casualties", "abandoned"):
        if key in kwargs:
            kwargs[key] = fix(kwargs[key])
    with pytest.raises(IllegalAction, match=refusal):
        c.enter_result(b, **kwargs)
    assert c.battle(b).result is None


def test_a_unit_that_did_not_fight_cannot_take_casualties():
    c, g, u, b = fought(
        extra=lambda c: c.deploy(
            "us", "infantry", CENTRE.neighbor(N).neighbor(N).neighbor(N), ["rifle_company"]
        )
    )
    bystander = [x for x in c.units("us") if x.where not in (u,)][0]
    # Named as the umpire knows it: its type and formation, never its id.
    with pytest.raises(
        IllegalAction,
        match=r"Battle results: Rifle company \(foot\) of the us 2nd Infantry Division did not fight",
    ):
        c.enter_result(b, "DRAW", casualties={bystander.id: 1})


def test_umpire_overrides_are_applied_and_logged():
    c, g, u, b = fought()
    rifles, tanks, _ = units(c, u)
    result = c.enter_result(b, "DRAW", casualties={rifles: 80}, spare=[rifles], eliminate=[tanks])
    assert c.unit(rifles).where == u and c.unit(tanks).where == "eliminated"
    assert result.overridden and any("Umpire override" in line for line in c.log)


@pytest.mark.parametrize("outcome", ["DRAW", "ATTACKER DEFEAT"])
def test_draw_and_attacker_defeat_leave_both_in_place(outcome):
    c, g, u, b = fought()
    c.enter_result(b, outcome, None if outcome == "DRAW" else "tactical")
    c.end_phase()
    assert c.pending() == []
    assert c.formation(u).hex == TARGET and c.formation(g).hex == CENTRE


def test_defender_defeat_retreat_then_advance():
    c, g, u, b = fought()
    c.enter_result(b, "DEFENDER DEFEAT", "major")
    assert c.battle(b).result.level == "major"
    with pytest.raises(
        IllegalAction,
        match="Retreat: retreats after battle B1 are made in the retreat and advance phase",
    ):
        c.retreat(u, TARGET.neighbor(SE))
    c.end_phase()
    kinds = [(i.kind, i.formation) for i in c.pending()]
    assert kinds == [("retreat", u)]
    with pytest.raises(IllegalAction, match="End of phase: .*must retreat"):
        c.end_phase()
    with pytest.raises(IllegalAction, match="Advance after combat: .* after it has retreated"):
        c.advance(g, TARGET)
    with pytest.raises(IllegalAction, match="Retreat: .* may not retreat to"):
        c.retreat(u, TARGET.neighbor(SE).neighbor(SE))  # two hexes
    c.retreat(u, TARGET.neighbor(SE))
    assert [(i.kind, i.formation) for i in c.pending()] == [("advance", g)]
    c.advance(g, TARGET)
    assert c.formation(g).hex == TARGET and c.formation(u).hex == TARGET.neighbor(SE)
    c.end_phase()
    assert c.phase == "pursuit"


def test_advance_is_optional():
    c, g, u, b = fought()
    c.enter_result(b, "DEFENDER DEFEAT", "minor")
    c.end_phase()
    c.retreat(u, TARGET.neighbor(S))
    c.end_phase()
    assert c.formation(g).hex == CENTRE


def test_retreat_is_one_hex_when_a_neighbour_is_free_even_with_friends_behind():
    def crowd(c):
        # Every neighbour of the target but CENTRE (the attacker) holds a US division,
        # except one that holds only a US corps HQ.
        for d in (N, NE, S, SW):  # NW is the attacker's hex
            c.deploy("us", "infantry", TARGET.neighbor(d), ["rifle_company"])
        c.deploy("us", "corps", TARGET.neighbor(SE))

    c, g, u, b = fought()
    c.enter_result(b, "DEFENDER DEFEAT", "minor")
    crowd(c)  # the umpire places them after the battle, so the attack orders stay legal
    c.end_phase()
    # The corps HQ's hex is free for a division: the retreat ends there, one hex away.
    assert c.retreat_options(u) == [TARGET.neighbor(SE)]
    with pytest.raises(IllegalAction, match="Retreat: .* may not retreat to"):
        c.retreat(u, TARGET.neighbor(N).neighbor(N))
    c.retreat(u, TARGET.neighbor(SE))


def test_retreat_goes_on_through_friendly_divisions_only_when_every_neighbour_holds_one():
    def crowd(c):
        for d in (N, NE, SE, S, SW):
            c.deploy("us", "infantry", TARGET.neighbor(d), ["rifle_company"])

    c, g, u, b = fought()
    c.enter_result(b, "DEFENDER DEFEAT", "minor")
    crowd(c)
    c.end_phase()
    options = c.retreat_options(u)
    assert options and all(h.distance(TARGET) == 2 for h in options)
    # Not next to the attacker (at CENTRE) while other hexes two away are free.
    assert all(h.distance(CENTRE) > 1 for h in options)
    c.retreat(u, options[0])


def test_a_long_column_of_friends_does_not_carry_a_retreat_further_than_it_must():
    def column(c):
        # Seven US divisions in a line behind the target, four empty neighbours.
        h = TARGET
        for _ in range(7):
            h = h.neighbor(SE)
            if h != TARGET.neighbor(SE):
                c.deploy("us", "infantry", h, ["rifle_company"])

    c, g, u, b = fought()
    c.enter_result(b, "DEFENDER DEFEAT", "minor")
    column(c)
    c.end_phase()
    assert c.retreat_options(u)
    assert all(h.distance(TARGET) == 1 for h in c.retreat_options(u))


def test_a_retreat_may_end_in_an_enemy_zoc():
    def enemy_near(c):
        c.deploy("german", "infantry", TARGET.neighbor(SE).neighbor(SE), ["grenadier_company"])

    c, g, u, b = fought(extra=enemy_near)
    c.enter_result(b, "DEFENDER DEFEAT", "minor")
    c.end_phase()
    assert TARGET.neighbor(SE) in c.zone_of_control("german")
    c.retreat(u, TARGET.neighbor(SE))


def test_a_defender_with_no_legal_retreat_is_eliminated_when_the_phase_ends():
    def surround(c):
        for d in (N, NE, SE, S, SW):
            c.deploy("german", "infantry", TARGET.neighbor(d), ["grenadier_company"])

    c, g, u, b = fought(extra=surround)
    doomed = units(c, u)
    c.enter_result(b, "DEFENDER DEFEAT", "total")
    c.end_phase()
    assert c.retreat_options(u) == []
    assert [i.blocking for i in c.pending() if i.kind == "retreat"] == [False]
    c.end_phase()
    assert u not in {f.id for f in c.formations()}
    assert all(c.unit(x).where == "eliminated" for x in doomed)
    assert any("cannot retreat and is eliminated" in line for line in c.log)


def test_a_division_that_loses_every_unit_is_gone():
    c, g, u, b = fought(us_units=("rifle_company",))
    rifles = units(c, u)[0]
    c.enter_result(b, "DEFENDER DEFEAT", "total", casualties={rifles: 70})
    assert u not in {f.id for f in c.formations()}
    c.end_phase()
    assert [i.kind for i in c.pending()] == ["advance"]


def test_end_phase_refuses_while_a_result_is_missing():
    c, g, u, b = fought()
    with pytest.raises(IllegalAction, match="End of phase: .*Battle B1 .* enter the CM result"):
        c.end_phase()
    c.enter_result(b, "DRAW")
    with pytest.raises(IllegalAction, match="Battle results: battle B1 already has a result"):
        c.enter_result(b, "DRAW")


# --- pursuit -----------------------------------------------------------------------------


def won_by(
    kind, experience, units=("panzergrenadier_company_motorised", "panzer_iv_platoon"), **options
):
    c, g, u, b = fought(german_kind=kind, german_units=units, experience=experience, **options)
    c.enter_result(b, "DEFENDER DEFEAT", "tactical")
    c.end_phase()
    c.retreat(u, TARGET.neighbor(SE))
    c.advance(g, TARGET)
    c.end_phase()
    return c, g, u, b


@pytest.mark.parametrize(
    ("experience", "roll", "pursues"),
    [("veteran", 3, True), ("veteran", 4, False), ("crack", 4, True), ("crack", 5, False)],
)
def test_pursuit_roll(experience, roll, pursues):
    c, g, u, b = won_by("mechanised", experience)
    assert [i.kind for i in c.pending()] == ["pursuit"]
    assert c.pursuit(b, roll=roll) is pursues
    battles = c.battles()
    if pursues:
        p = battles[-1]
        assert (p.kind, p.sheet.battle_type, p.sheet.turns) == ("pursuit", "MEETING ENGAGEMENT", 20)
        assert p.sheet.artillery == {"german": [], "us": []} and p.sheet.air == {
            "german": [],
            "us": [],
        }
        assert any("only organic divisional mortars" in n for n in p.sheet.notes)
    else:
        assert len(battles) == 1
    with pytest.raises(
        IllegalAction, match="Pursuit: a pursuit after battle B1 has already been tried"
    ):
        c.pursuit(b, roll=1)


@pytest.mark.parametrize(
    ("kind", "experience", "units", "refusal"),
    [
        ("mechanised", "regular", None, "Pursuit: no attacker can pursue"),
        # Elite divisions may not pursue: the draft names veteran and crack only.
        ("mechanised", "elite", None, "Pursuit: no attacker can pursue"),
        ("infantry", "crack", ("grenadier_company",), "Pursuit: no attacker can pursue"),
    ],
)
def test_pursuit_refusals(kind, experience, units, refusal):
    args = {"units": units} if units else {}
    c, g, u, b = won_by(kind, experience, **args)
    assert c.pending() == []
    with pytest.raises(IllegalAction, match=refusal):
        c.pursuit(b, roll=1)
    with pytest.raises(IllegalAction, match="Pursuit: "):
        c.pursuit(b, roll=1, division=g)


def test_pursuit_with_the_seeded_die_is_logged_and_replays():
    c, g, u, b = won_by("mechanised", "crack")
    c.pursuit(b)
    assert c.state.rolls and c.actions[-1]["by_dice"] is True
    assert c.replay().state == c.state


def test_a_lost_pursuit_battle_retreats_the_defender_again():
    c, g, u, b = won_by("mechanised", "veteran")
    assert c.pursuit(b, roll=1)
    p = c.battles()[-1]
    with pytest.raises(IllegalAction, match="End of phase: .*enter the CM result"):
        c.end_phase()
    c.enter_result(p, "DEFENDER DEFEAT", "minor")
    assert [i.kind for i in c.pending()] == ["retreat"]
    here = c.formation(u).hex
    c.retreat(u, here.neighbor(SE))
    c.advance(g, here)
    c.end_phase()
    assert c.phase == "purchase"
    assert c.formation(u).hex == here.neighbor(SE)
