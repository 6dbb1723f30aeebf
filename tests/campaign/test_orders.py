"""The campaign at a distance (issue 29 items 2-5): each side's player gets a package
holding its view only, plans on a desk opened from it, and sends an orders file that
the umpire's desk checks whole and applies order by order against the true position."""

from __future__ import annotations

import json
import random
import re

import pytest

from hexcampaign.campaign import IllegalAction
from hexcampaign.campaign import actions as A
from hexcampaign.campaign.fog import side_view
from hexcampaign.campaign.orders import (
    OrdersError,
    PlayerDesk,
    check_orders,
    import_orders,
    side_package,
)
from hexcampaign.campaign.packages import (
    PackageError,
    export_packages,
    package_file_name,
    package_html,
    read_package,
)
from hexcampaign.hexes import Hex

from ._playout import LEVELS, OUTCOMES, new_playout
from ._support import CENTRE, clash, cm_map, new_campaign, to_phase

N, NE, SE, S, SW, NW = range(6)


# --- a random player at each desk, and the umpire ----------------------------------------


def desk_orders(desk: PlayerDesk, rng: random.Random) -> None:
    """Random legal orders for the desk's side this phase, planned at its desk."""
    view = desk.campaign_view
    side = desk.side

    def give(action: A.CampaignAction) -> bool:
        try:
            desk.apply(action)
        except IllegalAction:
            return False
        return True

    for a in desk.legal_actions():
        if a.kind == "build" and rng.random() < 0.4 and len(view.formations(side)) < 10:
            give(A.Build(side=side, kind=str(a.subject), where=_pair(rng.choice(a.choices))))
        elif a.kind == "assign" and rng.random() < 0.15:
            give(A.Assign(fid=str(a.subject), corps_id=str(rng.choice(a.choices))))
        elif a.kind == "transfer":
            give(A.Transfer(uid=str(a.subject), fid=str(rng.choice(a.choices))))
        elif a.kind == "move" and rng.random() < 0.7 and str(a.subject) in view.state.formations:
            # Half the moves head for the enemy capital, so that the fronts meet.
            capital = Hex(*view.setup.capitals[view.enemy(side)])
            hexes = [h for h in a.choices if isinstance(h, Hex)]
            goal = rng.choice(hexes) if rng.random() < 0.5 else min(hexes, key=capital.distance)
            path = view.path_to(str(a.subject), goal)
            if path:
                give(A.Move(fid=str(a.subject), path=[_pair(h) for h in path]))
        elif a.kind == "attack" and rng.random() < 0.8:
            attackers = rng.sample(list(a.choices), rng.randint(1, len(a.choices)))
            artillery, air = view.attack_support([str(x) for x in attackers], str(a.subject))
            give(
                A.DeclareAttack(
                    attackers=[str(x) for x in attackers],
                    defender=str(a.subject),
                    artillery=rng.sample(artillery, min(len(artillery), rng.randint(0, 2))),
                    air=air[: rng.randint(0, len(air))],
                )
            )
        elif a.kind == "support_defense" and rng.random() < 0.5:
            artillery, air = view.available_support(side, str(a.subject))
            give(A.SupportDefense(battle=str(a.subject), artillery=artillery[:1], air=air[:1]))
        elif a.kind == "retreat":
            give(A.Retreat(fid=str(a.subject), where=_pair(rng.choice(a.choices))))
        elif a.kind == "advance" and rng.random() < 0.7:
            give(A.Advance(fid=str(a.subject), where=_pair(a.choices[0])))
        elif a.kind == "pursuit" and rng.random() < 0.8:
            give(A.Pursuit(battle=str(a.subject), division=str(a.choices[0]) or None))
        elif a.kind == "purchase":
            for _ in range(6):
                give(A.Purchase(side=side, type_id=str(rng.choice(a.choices))))
    # The joining rule: call off the desk's attacks until every order stands.
    while any(i.kind == "attack_orders" for i in view.pending()):
        mine = [b.id for b in view.battles() if b.side_turn == view.state.side_turn]
        give(A.CancelAttack(battle=rng.choice(mine)))


def _pair(h: object) -> tuple[int, int]:
    assert isinstance(h, Hex)
    return (h.q, h.r)


def result_action(c, rng: random.Random, b) -> A.EnterResult:
    """The umpire's CM result (the same for both campaigns)."""
    outcome = rng.choice(OUTCOMES)
    casualties = {}
    for fid in [*b.attackers, *b.defenders]:
        for u in c.units_in(fid):
            if rng.random() < 0.4:
                casualties[u.id] = rng.randint(0, c.casualty_limit(u.id))
    return A.EnterResult(
        battle=b.id,
        outcome=outcome,
        level=None if outcome == "DRAW" else rng.choice(LEVELS),
        casualties=casualties,
    )


def side_round(by_post, at_desk, side: str, rng: random.Random, tally: dict[str, int]) -> None:
    """`side`'s player plans on its package; the umpire imports the orders file into the
    campaign played by post, and enters the very same orders at the umpire's desk of
    the other (refused there exactly when refused at the import)."""
    package = side_package(by_post, side)
    _no_leak(by_post, side, package)
    desk = PlayerDesk.open(package)
    desk_orders(desk, rng)
    lines = import_orders(by_post, desk.orders())
    assert len(lines) == len(desk.planned)
    for action, line in zip(desk.planned, lines, strict=True):
        assert "ordered by the " in line and line.endswith(".")
        try:
            at_desk.apply(action)
        except IllegalAction:
            # Refused at the desk too: always for what the side's player could not see.
            assert line.startswith("Not carried out: "), line
            tally["refused"] += 1
        else:
            assert line.startswith("Applied"), line
            tally["applied"] += 1


# Every formation name a side has known so far: its own (both sides may have a "3rd
# Infantry Division", and a destroyed one stays in its log), the enemy's next to it or
# met in battle.
EVER_KNOWN: dict[str, set[str]] = {}


def _no_leak(c, side: str, package: bytes) -> None:
    """The package names no enemy formation the side has never known, and no seed."""
    known = EVER_KNOWN.setdefault(side, set())
    known |= {e.name for e in side_view(c, side).enemy_known}
    known |= {f.name for f in c.formations(side)}
    text = package.decode()
    assert '"seed"' not in text and '"rolls"' not in text
    for f in c.formations(c.enemy(side)):
        if f.name not in known:
            assert f.name not in text, (side, f.name)


def umpire_results(by_post, at_desk, rng: random.Random, kind: str) -> None:
    for b in by_post.battles():
        if b.side_turn == by_post.state.side_turn and b.result is None and b.kind == kind:
            action = result_action(by_post, rng, b)
            by_post.apply(action)
            at_desk.apply(action)


def play_phase_by_post(by_post, at_desk, rng: random.Random, tally: dict[str, int]) -> None:
    side = by_post.side_to_play
    enemy = by_post.enemy(side)
    phase = by_post.phase
    if phase in ("reinforcement", "movement", "purchase"):
        side_round(by_post, at_desk, side, rng, tally)
    elif phase == "attack_orders":
        side_round(by_post, at_desk, side, rng, tally)
        if any(b.side_turn == by_post.state.side_turn for b in by_post.battles()):
            side_round(by_post, at_desk, enemy, rng, tally)  # the defender's support
    elif phase == "battle_resolution":
        umpire_results(by_post, at_desk, rng, "battle")
    elif phase == "retreat_advance":
        if any(i.kind == "retreat" for i in by_post.pending()):
            side_round(by_post, at_desk, enemy, rng, tally)
        side_round(by_post, at_desk, side, rng, tally)  # advances
    elif phase == "pursuit":
        # Pursuits tried, their battles fought, retreats, advances: until all is done.
        for rounds in range(4):
            side_round(by_post, at_desk, side, rng, tally)
            umpire_results(by_post, at_desk, rng, "pursuit")
            if any(i.kind == "retreat" for i in by_post.pending()):
                side_round(by_post, at_desk, enemy, rng, tally)
            if rounds and not by_post.pending():
                break
    by_post.end_phase()
    at_desk.end_phase()


ORDERED_BY = re.compile(r" \(ordered by the \w+ player\)$")


def unattributed(campaign):
    """The campaign's state with the "(ordered by …)" of imported orders taken off."""
    state = campaign.state.model_copy(deep=True)
    state.log = [ORDERED_BY.sub("", line).rstrip(".") for line in state.log]
    return state


def test_three_turns_by_packages_and_orders_reach_the_state_of_the_same_orders_at_the_desk():
    """The issue's own test: both sides' desks, the umpire imports; the campaign played
    by post and the one whose umpire typed the same orders are the same campaign."""
    by_post = new_playout(seed=11)
    at_desk = new_playout(seed=11)
    EVER_KNOWN.clear()
    # Names with the old text filter's words, at both desks alike.
    traps = ("Attack", "Retreat", "Pursuit", "Battle", "Takes")
    for i, f in enumerate(by_post.formations()):
        for c in (by_post, at_desk):
            c.rename(f.id, f"{traps[i % len(traps)]} Group {i} {f.side}")
    rng = random.Random(11)
    tally = {"applied": 0, "refused": 0}
    while by_post.turn <= 3 and not by_post.over:
        play_phase_by_post(by_post, at_desk, rng, tally)
        # The same campaign, but for whose orders the imported ones were: those log
        # lines end "(ordered by the German player)" and their actions keep the side.
        assert unattributed(by_post) == unattributed(at_desk)
    assert [a.model_copy(update={"ordered_by": None}) for a in by_post.actions] == at_desk.actions
    assert {a.ordered_by for a in by_post.actions} >= {"german", "us"}
    assert not any(a.ordered_by for a in at_desk.actions)
    assert any(line.endswith("(ordered by the German player)") for line in by_post.state.log)
    assert any(line.endswith("(ordered by the US player)") for line in by_post.state.log)
    assert (
        type(by_post).from_json(by_post.to_json()).state == by_post.state
    )  # a replay says it again
    kinds = {type(a).__name__ for a in by_post.actions}
    # Every kind of player order went by post.
    assert {
        "Build",
        "Assign",
        "Transfer",
        "Move",
        "DeclareAttack",
        "SupportDefense",
        "Retreat",
        "Advance",
        "Pursuit",
        "Purchase",
    } <= kinds
    assert len(by_post.battles()) >= 3
    # Some moves met a hidden enemy's zone of control; most orders went through.
    assert tally["applied"] > 40 and 0 < tally["refused"] <= tally["applied"] // 4


# --- refused whole ----------------------------------------------------------------------


@pytest.fixture
def german_movement():
    c = new_campaign(supply=False)
    g, u = clash(c)
    to_phase(c, "movement", "german")
    return c, g, u


def test_orders_for_the_wrong_side_are_refused_whole(german_movement):
    c, g, u = german_movement
    us_desk = PlayerDesk.open(side_package(c, "us"))
    assert us_desk.legal_actions() == []  # the US has nothing to decide now
    with pytest.raises(
        OrdersError,
        match="US player's, who has nothing to decide in german's movement phase of turn 1",
    ):
        import_orders(c, us_desk.orders())
    german = PlayerDesk.open(side_package(c, "german")).orders()
    with pytest.raises(
        OrdersError, match="^These orders are the German player's, not the US player's.$"
    ):
        import_orders(c, german, side="us")


def planned_move(c, g: str) -> tuple[Hex, bytes]:
    """The German player's orders moving `g` to the first hex in its reach."""
    desk = PlayerDesk.open(side_package(c, "german"))
    goal = sorted(desk.campaign_view.reachable(g))[0]
    desk.apply(A.Move(fid=g, path=[_pair(h) for h in desk.campaign_view.path_to(g, goal)]))
    return goal, desk.orders()


def test_orders_for_the_wrong_phase_or_turn_are_refused_whole(german_movement):
    c, g, u = german_movement
    goal, orders = planned_move(c, g)
    before = c.state.model_copy(deep=True)
    c.end_phase()
    with pytest.raises(OrdersError) as e:
        import_orders(c, orders)
    assert str(e.value) == (
        "These orders of the German player are for the movement phase; the campaign is at "
        "german's attack orders phase of turn 1."
    )
    to_phase(c, "movement", "german")
    assert c.turn == 2
    with pytest.raises(
        OrdersError,
        match="are for turn 1 .german's half.; the campaign is at german's movement phase of turn 2",
    ):
        import_orders(c, orders)
    assert c.state.formations[g].hex == before.formations[g].hex  # nothing was applied


def test_orders_for_another_campaign_are_refused_whole(german_movement):
    c, g, u = german_movement
    other = new_campaign(cm_map(18, 9), supply=False)
    clash(other)
    to_phase(other, "movement", "german")
    orders = PlayerDesk.open(side_package(other, "german")).orders()
    with pytest.raises(OrdersError, match="^These orders are for another campaign "):
        import_orders(c, orders)


def test_a_damaged_orders_file_or_package_is_refused_in_one_sentence(german_movement):
    c, g, u = german_movement
    goal, orders = planned_move(c, g)
    doc = json.loads(orders)
    doc["orders"][0]["path"][-1][0] += 1  # one hex changed on the way
    damaged = json.dumps(doc).encode()
    with pytest.raises(OrdersError) as e:
        import_orders(c, damaged)
    assert (
        str(e.value) == "The orders file is damaged: its contents do not match its SHA-256 digest."
    )
    with pytest.raises(OrdersError, match="not valid JSON"):
        import_orders(c, orders[: len(orders) // 2])
    package = side_package(c, "german")
    with pytest.raises(
        PackageError, match="^The turn package is damaged: its contents do not match"
    ):
        PlayerDesk.open(package.replace(b'"pp": ', b'"pp": 9'))
    with pytest.raises(PackageError, match="^This is not a hexcampaign turn package.$"):
        PlayerDesk.open(orders)
    assert c.state.formations[g].hex != _pair(goal)  # nothing was applied


# --- what a package holds ---------------------------------------------------------------


def test_a_package_holds_no_enemy_name_hex_or_strength_outside_the_view_and_no_seed():
    c = new_campaign(supply=False, seed=987654)
    g, u = clash(
        c, german_units=("grenadier_company", "panzer_iv_platoon"), german_experience="veteran"
    )
    far = Hex.from_offset(2, 0)
    south = Hex.from_offset(3, 8)
    nord = c.deploy(
        "german", "infantry", far, ["grenadier_company"], name="Kampfgruppe Attack Nord"
    )
    c.deploy("german", "infantry", south, ["grenadier_company"], name="Retreat Group")
    panzer = next(x.id for x in c.units_in(g) if x.type_id == "panzer_iv_platoon")
    c.set_strength(panzer, 2, "lost on the way")
    to_phase(c, "attack_orders", "german")
    c.declare_attack([g], u)
    data = side_package(c, "us")
    text = data.decode()
    for secret in (
        "Kampfgruppe Attack Nord",
        "Retreat Group",
        nord,
        "Panzer IV",
        "2 vehicles/guns",
        "veteran",
        "seed",
        "987654",
        "weather_key",
        "rolls",
    ):
        assert secret not in text, secret
    report = package_html(data)  # the printable report and its map picture
    assert "Kampfgruppe Attack Nord" not in report and "Retreat Group" not in report
    assert "<svg" in report
    content = read_package(data).content
    outside_map = json.dumps({k: v for k, v in content.items() if k != "map"})
    for h in (far, south):
        assert c.map.label(h) not in outside_map and f"[{h.q}, {h.r}]" not in outside_map
    # What the US may know is there: the attacker by name, its own forces in full.
    assert c.formation(g).name in text and "Rifle company" in text
    known = {e["id"] for e in content["enemy"]}
    assert known == {g}
    # The German package has its own strength now, its own decisions, and no seed.
    german = side_package(c, "german").decode()
    assert "2 vehicles/guns" in german and "seed" not in german
    assert read_package(side_package(c, "german")).content["decisions"]


def test_export_every_package_named_for_email_and_print_it(tmp_path):
    c = new_campaign(supply=False)
    c.map.name = "Normandy 44"
    clash(c)
    to_phase(c, "movement", "german")
    paths = export_packages(c, tmp_path)
    assert [p.name for p in paths] == [
        "Normandy-44-turn01-german-half-phase2-german.hxpackage",
        "Normandy-44-turn01-german-half-phase2-us.hxpackage",
    ]
    german = paths[0].read_bytes()
    assert PlayerDesk.open(german).side == "german"
    page = package_html(german)
    assert "Open decisions" in page and "Order of battle (strengths now)" in page
    assert "Move 1st Infantry Division" in page
    assert "full strength (eliminated at" in page
    # The map picture: its own forces, and the enemy it knows (next to it).
    assert "<title>The map as the german side knows it, turn 1</title>" in page
    assert page.count("<svg") == 1 and "1st Infantry Division" in page


def test_the_printable_package_as_pdf(tmp_path, qtbot):
    from hexcampaign.app.campaign.package_print import export_package_report

    c = new_campaign(supply=False)
    g, u = clash(c)
    to_phase(c, "attack_orders", "german")
    c.declare_attack([g], u)
    data = side_package(c, "us")
    pdf = export_package_report(data, tmp_path / "us.pdf").read_bytes()
    # Two pictures painted in: the map and the battle area of B1.
    assert pdf.startswith(b"%PDF") and pdf.count(b"/Subtype /Image") == 2
    html_path = export_package_report(data, tmp_path / "us.html")
    assert "Battle sheet B1" in html_path.read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="HTML .* or PDF"):
        export_package_report(data, tmp_path / "us.md")


# --- the desk ---------------------------------------------------------------------------


def test_the_desk_refuses_naming_the_rule_as_the_umpires_desk_does(german_movement):
    c, g, u = german_movement
    desk = PlayerDesk.open(side_package(c, "german"))
    with pytest.raises(IllegalAction, match="^Orders: the German player orders german forces only"):
        desk.apply(A.Move(fid=u, path=[_pair(CENTRE.neighbor(SE).neighbor(SE))]))
    with pytest.raises(IllegalAction, match="^Orders: .* is the umpire's to make"):
        desk.apply(A.EndPhase())
    far = CENTRE
    for _ in range(6):
        far = far.neighbor(N) if c.map.contains(far.neighbor(N)) else far
    path = []
    here = CENTRE
    for _ in range(8):
        here = here.neighbor(NW)
        if c.map.contains(here):
            path.append(_pair(here))
    with pytest.raises(IllegalAction, match="^Movement allowance: ") as refused:
        desk.apply(A.Move(fid=g, path=path))
    with pytest.raises(IllegalAction) as at_umpire:
        c.move(g, [Hex(*p) for p in path])
    assert str(refused.value) == str(at_umpire.value)
    assert desk.planned == []
    with pytest.raises(AttributeError, match="only through PlayerDesk.apply"):
        desk.campaign_view.move(g, [])


def test_an_order_blocked_by_a_hidden_enemy_is_told_in_one_sentence():
    c = new_campaign(supply=False)
    g = c.deploy("german", "mechanised", CENTRE, ["panzergrenadier_company_motorised"])
    to_phase(c, "movement", "german")
    # The path east, then a US division placed next to its second hex, out of sight.
    goal = max(c.reachable(g), key=lambda h: (h.distance(CENTRE), h.q, -abs(h.r)))
    path = c.path_to(g, goal)
    assert len(path) >= 3
    hidden = next(
        h
        for h in c.map.neighbours_on_map(path[0])
        if h.distance(CENTRE) >= 2 and h not in path and all(h.distance(p) >= 1 for p in path)
    )
    us = c.deploy("us", "infantry", hidden, ["rifle_company"], name="Hidden Battalion")
    desk = PlayerDesk.open(side_package(c, "german"))
    assert "Hidden Battalion" not in str(desk.campaign_view.formations())
    desk.apply(A.Move(fid=g, path=[_pair(h) for h in path]))  # the desk cannot know
    orders = desk.orders()
    (check,) = check_orders(c, orders)
    assert check.status == "unseen"
    with pytest.raises(OrdersError, match="sent back: 1 of 1 cannot be carried out"):
        import_orders(c, orders, apply_partial=False)
    assert c.formation(g).hex == CENTRE
    (line,) = import_orders(c, orders)
    assert line.startswith("Not carried out: the move of the german ")
    assert (
        "ordered by the German player, meets what the German player could not see: Zone of control:"
        in line
    )
    assert line.count(". ") == 0 and line.endswith(".")
    assert c.formation(g).hex == CENTRE and c.formation(us).hex == hidden
    assert not any("moves from" in x for x in c.log)


def test_a_pursuit_order_is_rolled_by_the_umpire_not_the_desk():
    c = new_campaign(supply=False)
    g, u = clash(
        c,
        german_kind="mechanised",
        german_units=("panzergrenadier_company_motorised", "panzer_iv_platoon"),
        german_experience="veteran",
    )
    to_phase(c, "attack_orders", "german")
    b = c.declare_attack([g], u)
    c.end_phase()
    c.enter_result(b, "DEFENDER DEFEAT", "tactical")
    c.end_phase()
    us_desk = PlayerDesk.open(side_package(c, "us"))
    (retreat,) = [a for a in us_desk.legal_actions() if a.kind == "retreat"]
    us_desk.apply(A.Retreat(fid=u, where=_pair(retreat.choices[0])))
    assert import_orders(c, us_desk.orders())[0].startswith("Applied: retreat of the us ")
    c.end_phase()
    desk = PlayerDesk.open(side_package(c, "german"))
    (pursuit,) = [a for a in desk.legal_actions() if a.kind == "pursuit"]
    with pytest.raises(IllegalAction, match="^Pursuit: the die is the umpire's"):
        desk.apply(A.Pursuit(battle=b.id, division=g, roll=1))
    assert desk.apply(A.Pursuit(battle=b.id, division=g)) is None
    assert len(desk.campaign_view.battles()) == 1  # the desk rolled nothing
    rolls = len(c.state.rolls)
    assert import_orders(c, desk.orders()) == [
        f"Applied: a pursuit after battle {b.id}, ordered by the German player."
    ]
    assert len(c.state.rolls) == rolls + 1 and c.battle(b).pursuit_roll is not None


def test_an_orders_file_imported_twice_is_refused_whole_the_second_time(german_movement):
    c, g, u = german_movement
    goal, orders = planned_move(c, g)
    assert import_orders(c, orders) == [
        f"Applied: the move of the german {c.formation(g).name} to {c.map.label(goal)}, "
        "ordered by the German player."
    ]
    with pytest.raises(OrdersError) as e:
        import_orders(c, orders)
    assert str(e.value) == (
        "These orders of the German player were planned on an earlier package: the position "
        "has changed since it was made (these or other orders imported, or a correction); "
        "send the German player a new package, or import them anyway."
    )
    (again,) = import_orders(c, orders, allow_changed=True)
    assert again.startswith("Refused: the move of the german ") and "has already moved" in again
    assert c.formation(g).hex == goal


def test_a_package_and_its_orders_survive_a_save_and_a_second_sitting(german_movement):
    """E-mail takes days: the umpire saves and reloads the campaign before importing,
    the player keeps his half-written orders and goes on later."""
    from hexcampaign.campaign import Campaign

    c, g, u = german_movement
    package = side_package(c, "german")
    reloaded = Campaign.from_json(c.to_json())
    assert side_package(reloaded, "german") == package
    goal, first = planned_move(c, g)
    desk = PlayerDesk.open(package, first)
    assert [a.act for a in desk.planned] == ["move"]
    assert desk.campaign_view.formation(g).hex == goal
    with pytest.raises(OrdersError, match="not planned on this package"):
        PlayerDesk.open(side_package(new_campaign(cm_map(18, 9)), "german"), first)
    assert import_orders(reloaded, desk.orders())[0].startswith("Applied: the move")
    assert reloaded.formation(g).hex == goal


def test_the_desk_says_only_what_the_side_knows_of_an_enemy_formation(german_movement):
    """The desk holds a placeholder for a known enemy division: what it says of it is
    the fog rules' (no strength, experience or digging in), never the placeholder's
    made-up "infantry 1/3 … regular, not dug in"; its own divisions read as at the umpire's."""
    c, g, u = german_movement
    c.set_experience(u, "veteran")
    desk = PlayerDesk.open(side_package(c, "german"))
    view = desk.campaign_view
    assert u in view.state.formations  # next to the German division: known
    said = view.formation_summary(u)
    assert said == "strength, experience and digging in not known"
    assert view.formation_summary(g) == c.formation_summary(g)
    assert view.known_in_full(g) and not view.known_in_full(u) and c.known_in_full(u)
    assert "regular" in c.formation_summary(g) and "not dug in" in c.formation_summary(g)


def test_the_desks_battle_sheet_is_the_umpires_for_that_side(german_movement):
    """A battle in the package: the desk shows the sheet the umpire sent for its side
    (the enemy by name and combat units only), never one remade from the desk's
    placeholders; an attack planned at the desk gets the side's sheet with the enemy's
    combat units not known."""
    c, g, u = german_movement
    while c.phase != "attack_orders":
        c.end_phase()
    b = c.declare_attack([g], u)
    us_desk = PlayerDesk.open(side_package(c, "us"))
    sent = c.battle_sheet(b.id, side="us")
    assert us_desk.campaign_view.battle_sheet(b.id) == sent
    assert us_desk.campaign_view.battle_sheet(b.id, side=None) == sent
    german_lines = sent.oobs["german"]
    assert german_lines and all(line.strength == "unknown" for line in german_lines)
    assert "unknown unit" not in sent.to_markdown()
    # Planned at the German desk (not yet at the umpire's): its own forces in full.
    c2, g2, u2 = _fresh_attack_orders()
    desk = PlayerDesk.open(side_package(c2, "german"))
    desk.apply(A.DeclareAttack(attackers=[g2], defender=u2))
    [planned] = [x for x in desk.campaign_view.battles() if x.defender == u2]
    sheet = desk.campaign_view.battle_sheet(planned.id)
    assert [line.unit for line in sheet.oobs["us"]] == ["combat units not known"]
    assert sheet.oobs["german"] == c2.battle_sheet(
        c2.declare_attack([g2], u2).id, side="german"
    ).oobs["german"]


def _fresh_attack_orders():
    c = new_campaign(supply=False)
    g, u = clash(c)
    to_phase(c, "attack_orders", "german")
    return c, g, u


def test_each_half_of_a_turn_names_its_packages_apart():
    """Each phase comes twice a turn: the US half's movement package is not named as
    the German half's (a player got two different files of one name, and the second
    orders file overwrote the first)."""
    c = new_campaign(supply=False)
    c.map.name = "Normandy 44"
    to_phase(c, "movement", "us")
    assert package_file_name(c, "us") == "Normandy-44-turn01-us-half-phase2-us.hxpackage"


def test_the_packages_map_picture_draws_the_rivers():
    """A player plans crossings from the report's map: its rivers are drawn (the first
    picture had terrain, roads and places but no river)."""
    m = cm_map()
    m.add_line("river", [Hex(5, 0), Hex(5, 1), Hex(5, 2)], "Aubin")
    c = new_campaign(m, supply=False)
    clash(c)
    to_phase(c, "movement", "german")
    page = package_html(side_package(c, "german"))
    svg = page[page.index("<svg") : page.index("</svg>")]
    assert svg.count("<polyline") == 1 and 'stroke="#3b7fc4"' in svg
