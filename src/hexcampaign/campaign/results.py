"""Battle results: casualties, retreats, advances after combat and pursuit battles."""

from __future__ import annotations

from hexcampaign.campaign.attacks import build_sheet
from hexcampaign.campaign.phases import PHASE_TITLES
from hexcampaign.campaign.state import ELIMINATED, BattleRecord, Result, pair, to_hex
from hexcampaign.campaign.tables import campaign_rules
from hexcampaign.campaign.world import World
from hexcampaign.hexes import Hex
from hexcampaign.rules import IllegalAction

OUTCOMES = ("DRAW", "ATTACKER DEFEAT", "DEFENDER DEFEAT")


def enter_result(
    c: World,
    battle_id: str,
    outcome: str,
    level: str | None,
    casualties: dict[str, int],
    abandoned: dict[str, int],
    eliminate: list[str],
    spare: list[str],
) -> Result:
    b = c.battle_record(battle_id)
    rule = "Battle results"
    phase = "pursuit" if b.kind == "pursuit" else "battle_resolution"
    if c.phase != phase or b.side_turn != c.state.side_turn:
        raise IllegalAction(
            f"{rule}: the result of battle {b.id} is entered in the "
            f"{PHASE_TITLES[phase]} phase of the turn it was fought",
            rule,
        )
    if b.result is not None:
        raise IllegalAction(f"{rule}: battle {b.id} already has a result", rule)
    if outcome not in OUTCOMES:
        raise IllegalAction(f"{rule}: the outcome is one of {', '.join(OUTCOMES)}", rule)
    levels = campaign_rules().victory_levels
    if outcome == "DRAW":
        if level:
            raise IllegalAction(f"{rule}: a DRAW has no victory level", rule)
        level = None
    elif level not in levels:
        raise IllegalAction(
            f"{rule}: the CM victory level is one of {', '.join(levels)}, not {level!r}", rule
        )
    fought = participants(c, b)
    for uid in [*casualties, *abandoned]:
        if uid not in fought:
            raise IllegalAction(f"{rule}: {_named(c, uid)} did not fight in battle {b.id}", rule)
    for uid in fought:
        problem = result_line_error(c, uid, casualties.get(uid, 0), abandoned.get(uid, 0))
        if problem:
            raise IllegalAction(problem, problem.split(":", 1)[0])
    for uid in [*eliminate, *spare]:
        if uid not in fought:
            raise IllegalAction(
                f"Umpire override: {uid} did not fight in battle {b.id}", "Umpire override"
            )
    if set(eliminate) & set(spare):
        raise IllegalAction(
            "Umpire override: a unit cannot be both eliminated and spared", "Umpire override"
        )

    held_by = battlefield_holder(c, b, outcome)
    computed = [uid for uid in fought if is_eliminated(c, uid, casualties, abandoned, held_by)]
    eliminated = sorted((set(computed) | set(eliminate)) - set(spare), key=c.unit_order)
    notes = []
    for uid in eliminate:
        if uid not in computed:
            notes.append(f"umpire eliminates {c.unit_label(uid)}")
    for uid in spare:
        if uid in computed:
            notes.append(f"umpire spares {c.unit_label(uid)}")
    result = Result(
        outcome=outcome,
        level=level,
        casualties=dict(casualties),
        abandoned=dict(abandoned),
        eliminated=eliminated,
        overridden=notes,
    )
    b.result = result
    text = outcome + (f" ({level})" if level else "")
    both = (b.attacker_side, b.defender_side)  # both fought it: both read its result
    c.say(f"Battle {b.id} at {c.map.label(to_hex(b.defender_hex))}: {text}", both)
    for note in notes:
        c.say(f"Umpire override in battle {b.id}: {note}", both)
    strength = {fid: len(c.units_in(fid)) for fid in [*b.attackers, *b.defenders]}
    for uid in eliminated:
        c.eliminate_unit(uid, f"in battle {b.id}")
    if c.options.experience_progression:
        progress_experience(c, b, outcome, strength)
    if outcome == "DEFENDER DEFEAT":
        for fid in b.defenders:
            if fid in c.state.formations:
                b.retreats[fid] = "pending"
                c.say(
                    f"The {c.formation_record(fid).side} {c.formation_record(fid).name} must retreat",
                    both,
                )
    return result


def casualty_limit(c: World, uid: str) -> int:
    """The most casualties a unit can take in one battle: its men (infantry and
    engineers) or its vehicles or guns, as it stands now."""
    return c.unit_strength(uid).now


def loss_limit(c: World, uid: str) -> int:
    """Casualties that eliminate the unit: the red number (never more than its men), or
    one more than half its vehicles or guns as it stands now."""
    return c.unit_strength(uid).loss_limit


def result_line_error(c: World, uid: str, casualties: object, abandoned: object = 0) -> str | None:
    """What is wrong with one line of a result (a unit's casualties and abandoned
    vehicles), as the sentence enter_result would refuse with, or None. The result form
    calls it as each number is typed."""
    for n in (casualties, abandoned):
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            return "Battle results: casualties are whole numbers of 0 or more"
    assert isinstance(casualties, int) and isinstance(abandoned, int)
    t = c.unit_type(uid)
    most = casualty_limit(c, uid)
    label = c.unit_label(uid)
    if casualties > most:
        what = "men" if t.red_number is not None else "vehicles or guns"
        return f"Battle results: {label} has only {most} {what} to lose, not {casualties}"
    if abandoned and t.vehicles is None:
        return f"Abandoned vehicles: {label} has no vehicles"
    if abandoned > casualties:
        return (
            f"Abandoned vehicles: {label} cannot have more abandoned vehicles ({abandoned}) "
            f"than vehicles lost ({casualties})"
        )
    return None


def progress_experience(c: World, b: BattleRecord, outcome: str, strength: dict[str, int]) -> None:
    """House rule (option experience_progression): a division gains a level after two
    battles won and loses one when a battle costs it half or more of its combat units."""
    levels = campaign_rules().experience_levels
    winners = {"DEFENDER DEFEAT": b.attackers, "ATTACKER DEFEAT": b.defenders}.get(outcome, [])
    for fid, before in strength.items():
        f = c.state.formations.get(fid)
        if f is None or f.kind == "corps":
            continue
        rank = levels.index(f.experience) if f.experience in levels else 0
        if before and before - len(c.units_in(fid)) >= (before + 1) // 2 and rank > 0:
            f.experience = levels[rank - 1]
            f.wins = 0
            c.say(  # a division's experience is its own side's secret
                f"{f.name} lost half its combat units in battle {b.id} and drops to {f.experience}",
                (f.side,),
            )
        elif fid in winners:
            f.wins += 1
            if f.wins >= 2 and rank < len(levels) - 1:
                f.experience = levels[rank + 1]
                f.wins = 0
                c.say(
                    f"The {f.side} {f.name} has won two battles and rises to {f.experience}",
                    (f.side,),
                )


def participants(c: World, b: BattleRecord) -> list[str]:
    """Every combat unit in the battle: both sides' formations and assigned support."""
    units = [u.id for fid in [*b.attackers, *b.defenders] for u in c.units_in(fid)]
    units += [*b.artillery, *b.air, *b.defense_artillery, *b.defense_air]
    return [u for u in dict.fromkeys(units) if c.unit_record(u).where != ELIMINATED]


def battlefield_holder(c: World, b: BattleRecord, outcome: str) -> str | None:
    """The side whose abandoned vehicles are recovered (not counted as lost)."""
    if outcome == "DEFENDER DEFEAT":
        return b.attacker_side
    if outcome == "ATTACKER DEFEAT":
        return b.defender_side
    return b.defender_side if c.options.draw_battlefield_held_by == "defender" else None


def is_eliminated(
    c: World,
    uid: str,
    casualties: dict[str, int],
    abandoned: dict[str, int],
    held_by: str | None,
) -> bool:
    lost = casualties.get(uid, 0)
    if c.unit_record(uid).side == held_by:
        lost -= abandoned.get(uid, 0)
    return lost >= loss_limit(c, uid)


def retreat_options(c: World, fid: str) -> list[Hex]:
    """Where a defeated formation may end its retreat. It retreats one hex, into a hex
    holding no enemy where it may stand (empty, or a friendly corps HQ for a division).
    Only when every such neighbour holds a friendly division does it go on, one hex at a
    time from those, until such a hex is found. Of the hexes found, those not next to an
    attacking division are taken when there are any (docs/rules-interpretations.md)."""
    f = c.formation_record(fid)
    start = to_hex(f.hex)
    enemy = c.enemy(f.side)
    b = _battle_retreated_from(c, fid)
    attackers = set()
    if b is not None:
        attackers = {
            to_hex(c.state.formations[a].hex) for a in b.attackers if a in c.state.formations
        }
    seen = {start}
    level = [start]
    while level:
        ends: list[Hex] = []
        through: list[Hex] = []
        for here in level:
            for there in c.map.neighbours_on_map(here):
                if there in seen:
                    continue
                seen.add(there)
                if c.formations_at(there, side=enemy):
                    continue
                (ends if c.may_stack(f, there) else through).append(there)
        if ends:
            away = [h for h in ends if not any(h.is_adjacent(a) for a in attackers)]
            return sorted(away or ends)
        level = through
    return []


def _battle_retreated_from(c: World, fid: str) -> BattleRecord | None:
    for b in reversed(c.battles_this_turn()):
        if b.retreats.get(fid) == "pending":
            return b
    return None


def retreat(c: World, fid: str, where: Hex) -> None:
    b = pending_retreat(c, fid)
    f = c.formation_record(fid)
    options = retreat_options(c, fid)
    if where not in options:
        shown = ", ".join(c.map.label(h) for h in options) or "none: it will be eliminated"
        raise IllegalAction(
            f"Retreat: {f.name} may not retreat to {_label(c, where)}; a retreat goes one hex into "
            f"an empty hex (on through friendly divisions only when every neighbour holds "
            f"one), away from the attackers where it can. Legal: {shown}",
            "Retreat",
        )
    c.relocate(f, where)
    b.retreats[fid] = pair(where)
    c.say(f"The {f.side} {f.name} retreats to {c.map.label(where)}", c.sides)


def eliminate_trapped(c: World, kind: str) -> None:
    """At the end of the phase a retreat with no legal hex eliminates the formation."""
    for b in c.battles_this_turn():
        if b.kind != kind:
            continue
        for fid, status in list(b.retreats.items()):
            if status == "pending":
                name = c.formation_record(fid).name
                c.destroy_formation(fid, f"{name} cannot retreat and is eliminated")
                b.retreats[fid] = "eliminated"


def pending_retreat(c: World, fid: str) -> BattleRecord:
    for b in c.battles_this_turn():
        if b.retreats.get(fid) == "pending":
            phase = "pursuit" if b.kind == "pursuit" else "retreat_advance"
            if c.phase != phase:
                raise IllegalAction(
                    f"Retreat: retreats after battle {b.id} are made in the "
                    f"{PHASE_TITLES[phase]} phase, not the {PHASE_TITLES[c.phase]} phase",
                    "Retreat",
                )
            return b
    raise IllegalAction(
        f"Retreat: {c.formation_record(fid).name} has no retreat to make", "Retreat"
    )


def advance_options(c: World, b: BattleRecord) -> list[str]:
    """Attackers of `b` that may advance into the vacated hex now."""
    if b.result is None or b.result.outcome != "DEFENDER DEFEAT" or b.advanced:
        return []
    if "pending" in b.retreats.values():
        return []
    where = to_hex(b.defender_hex)
    if c.formations_at(where, side=b.defender_side):
        return []
    return [
        fid
        for fid in b.attackers
        if fid in c.state.formations
        and c.may_stack(c.formation_record(fid), where)
        and to_hex(c.formation_record(fid).hex).is_adjacent(where)
    ]


def advance(c: World, fid: str, where: Hex) -> None:
    f = c.formation_record(fid)
    for b in c.battles_this_turn():
        if fid not in b.attackers or to_hex(b.defender_hex) != where:
            continue
        phase = "pursuit" if b.kind == "pursuit" else "retreat_advance"
        if c.phase != phase:
            raise IllegalAction(
                f"Advance after combat: attackers of battle {b.id} advance in the "
                f"{PHASE_TITLES[phase]} phase, not the {PHASE_TITLES[c.phase]} phase",
                "Advance after combat",
            )
        if b.advanced:
            raise IllegalAction(
                f"Advance after combat: {c.formation_record(b.advanced).name} has already "
                f"advanced into {c.map.label(where)}",
                "Advance after combat",
            )
        if fid not in advance_options(c, b):
            raise IllegalAction(
                f"Advance after combat: {f.name} may advance only into the hex the defeated "
                "defender has vacated, after it has retreated",
                "Advance after combat",
            )
        c.relocate(f, where)
        b.advanced = fid
        c.say(f"The {f.side} {f.name} advances into {c.map.label(where)}")
        return
    raise IllegalAction(
        f"Advance after combat: {f.name} attacked no defender at {_label(c, where)} this turn; "
        "attackers advance only into the hex of a defender they defeated",
        "Advance after combat",
    )


def pursuit_candidates(c: World, b: BattleRecord) -> list[str]:
    """Attacking divisions able to try a pursuit after battle `b` (before the die roll)."""
    retreated = b.retreats.get(b.defender)
    if not _pursuit_open(c, b) or not isinstance(retreated, tuple):
        return []
    thresholds = campaign_rules().pursuit_max_roll
    new_hex = to_hex(retreated)
    return [
        fid
        for fid in b.attackers
        if fid in c.state.formations
        and c.effective_kind(c.formation_record(fid)) == "mechanised"
        and c.formation_record(fid).experience in thresholds
        and _can_reach(to_hex(c.formation_record(fid).hex), new_hex, to_hex(b.defender_hex))
    ]


def _can_reach(at: Hex, retreated_to: Hex, vacated: Hex) -> bool:
    """A pursuer is next to the retreated defender, or next to (or in) the hex it left:
    it pursues through the vacated hex. (Retreats go away from the attackers, so one that
    did not advance is never next to the new hex.)"""
    return at.is_adjacent(retreated_to) or at == vacated or at.is_adjacent(vacated)


def pursuit(
    c: World, battle_id: str, division: str | None, roll: int | None, by_dice: bool = False
) -> tuple[bool, int, bool]:
    """Try a pursuit; (success, the roll, whether the dice rolled it)."""
    b = c.battle_record(battle_id)
    rule = "Pursuit"
    if c.phase != "pursuit":
        raise IllegalAction(
            f"{rule}: pursuits are tried in the pursuit phase, not {PHASE_TITLES[c.phase]}", rule
        )
    if b.kind != "battle" or b.side_turn != c.state.side_turn:
        raise IllegalAction(f"{rule}: battle {b.id} is not one of this turn's attacks", rule)
    if b.pursuit_roll is not None:
        raise IllegalAction(f"{rule}: a pursuit after battle {b.id} has already been tried", rule)
    if not _pursuit_open(c, b):
        raise IllegalAction(
            f"{rule}: only a defender that retreated from a lost battle can be pursued", rule
        )
    thresholds = campaign_rules().pursuit_max_roll
    able = pursuit_candidates(c, b)
    if division is None:
        if len(able) != 1:
            raise IllegalAction(
                f"{rule}: "
                + (
                    "name the division that pursues"
                    if able
                    else "no attacker can pursue: it takes a veteran or crack mechanised "
                    "division next to the retreated defender or the hex it left"
                ),
                rule,
            )
        division = able[0]
    f = c.formation_record(division)
    if division not in b.attackers:
        raise IllegalAction(f"{rule}: {f.name} did not attack in battle {b.id}", rule)
    if c.effective_kind(f) != "mechanised":
        raise IllegalAction(f"{rule}: only mechanised divisions pursue; {f.name} is not", rule)
    if f.experience not in thresholds:
        ranks = ", ".join(f"{k} 1-{v}" for k, v in thresholds.items())
        raise IllegalAction(
            f"{rule}: only these divisions may pursue ({ranks}); {f.name} is {f.experience}", rule
        )
    if division not in able:
        raise IllegalAction(
            f"{rule}: {f.name} is next to neither the retreated defender nor the hex it left",
            rule,
        )
    if roll is None:
        roll, by_dice = c.roll_die(), True
    elif roll not in range(1, 7):
        raise IllegalAction(f"{rule}: a die roll is 1 to 6, not {roll}", rule)
    elif by_dice:
        c.record_die(roll)  # a replay: the face the dice rolled, from the log
    b.pursuit_roll = roll
    need = thresholds[f.experience]
    success = roll <= need
    outcome = "pursuit battle" if success else "no pursuit"
    # The roll needed tells the pursuer's experience: the enemy reads only the outcome.
    c.say(
        f"{f.name} tries to pursue after battle {b.id}: rolled {roll} "
        f"({'dice' if by_dice else 'umpire'}), needs 1-{need}: {outcome}",
        c.sides,
        {b.defender_side: f"The {f.side} {f.name} tries to pursue after battle {b.id}: {outcome}"},
    )
    if success:
        target = c.formation_record(b.defender)
        where = to_hex(target.hex)
        record = BattleRecord(
            id=c.next_id("battle", "B"),
            kind="pursuit",
            side_turn=c.state.side_turn,
            turn=c.state.turn,
            attacker_side=b.attacker_side,
            defender_side=b.defender_side,
            attackers=[division],
            defender=target.id,
            defenders=[target.id]
            + [x.id for x in c.formations_at(where, side=target.side) if x.id != target.id],
            defender_hex=pair(where),
            pursuit_of=b.id,
            sheet=b.sheet,
        )
        # The weather first: the sheet is written from the record (pursuit sheets had none).
        record.weather = b.weather
        record.weather_set_by = b.weather_set_by
        record.sheet = build_sheet(c, record)
        c.state.battles[record.id] = record
        b.pursuit_battle = record.id
        for fid in record.defenders:
            c.formation_record(fid).attacked_by_enemy = True
        c.say(f"Pursuit battle {record.id}: MEETING ENGAGEMENT at {c.map.label(where)}", c.sides)
    return success, roll, by_dice


def _pursuit_open(c: World, b: BattleRecord) -> bool:
    return (
        b.kind == "battle"
        and b.side_turn == c.state.side_turn
        and b.result is not None
        and b.result.outcome == "DEFENDER DEFEAT"
        and b.pursuit_roll is None
        and isinstance(b.retreats.get(b.defender), tuple)
        and b.defender in c.state.formations
    )


def _label(c: World, h: Hex) -> str:
    return c.map.label(h) if c.map.contains(h) else f"{h} (off the map)"


def _named(c: World, uid: str) -> str:
    return c.unit_label(uid) if uid in c.state.units else uid
