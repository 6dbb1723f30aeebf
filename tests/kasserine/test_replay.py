"""The replay viewer's engine: a game's actions stepped forwards and backwards on a copy,
by turn and phase, by side or unit, each step with its log lines and dice."""

from __future__ import annotations

from pathlib import Path

import pytest

from hexcampaign.kasserine import Game
from hexcampaign.kasserine.replay import CHECKPOINT_EVERY, Replay, Step, StepFilter
from hexcampaign.kasserine.saves import GameFormatError
from hexcampaign.kasserine.state import MoveUnit

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def saved() -> Game:
    """Feb 14 to Feb 17 of two computer players (seed 3): 331 actions, rolls and all."""
    return Game.load(FIXTURES / "feb17-german-combat.kpgame")


def replay_of(game: Game) -> Replay:
    return Replay(game.at_start(), game.actions())


def played(game: Game, count: int) -> Game:
    """The engine's own position after the first `count` actions of `game`."""
    fresh = game.at_start()
    for action in game.actions()[:count]:
        fresh.apply_recorded(action)
    return fresh


def test_every_step_stands_where_the_engine_stands_after_as_many_actions(saved):
    replay = replay_of(saved)
    replay.survey()
    for number in (1, 40, CHECKPOINT_EVERY, 170, replay.total, 3, 0, 120, 119):
        replay.jump(number)
        assert replay.index == number
        assert replay.position.state == played(saved, number).state
    replay.jump(replay.total)
    assert replay.position.state == saved.state
    assert replay.position.log() == saved.log()


def test_stepping_back_and_forth_reaches_the_same_positions(saved):
    replay = replay_of(saved)
    replay.jump(60)
    replay.step()
    after = replay.position.state.model_copy(deep=True)
    replay.back()
    replay.back()
    assert replay.index == 59
    replay.step()
    replay.step()
    assert replay.position.state == after


def test_the_game_replayed_is_never_changed(saved):
    state, log, actions = saved.state.model_copy(deep=True), saved.log(), saved.actions()
    replay = replay_of(saved)
    replay.survey()
    replay.jump(200)
    replay.back()
    replay.jump(replay.total)
    assert saved.state == state
    assert saved.log() == log
    assert saved.actions() == actions


def test_each_step_tells_its_log_lines_which_make_the_whole_log(saved):
    steps = replay_of(saved).survey()
    assert len(steps) == len(saved.actions())
    assert [line for s in steps for line in s.lines] == saved.log()
    first = steps[0]
    assert first.when == "Feb 14, German set-up" and first.side == "german"
    assert first.lines and first.lines[0].startswith("Feb 14, German set-up: ")


def test_each_roll_shows_the_dice_its_log_line_names(saved):
    rolls = [s for s in replay_of(saved).survey() if s.kind == "resolve" and s.combat_faces]
    assert rolls
    automatic = [
        s for s in replay_of(saved).steps if s.kind == "resolve" and s.faces and not s.rolled
    ]
    assert automatic and automatic[0].dice.startswith("no roll needed; a ")
    assert "the advance die shows" in automatic[0].lines[-1]
    for s in rolls:
        a, b = s.combat_faces
        assert f"rolled {a + b} ({a} and {b})" in s.lines[0]
        assert s.dice.startswith(f"{a} and {b} ({a + b})")


def test_dice_in_words():
    def step(kind, faces=(), hand=None, rolled=2):
        return Step(
            1, 1, "german_combat", "Feb 14", "german", kind, frozenset(), (), faces, hand, rolled
        )

    assert step("resolve", (3, 5)).dice == "3 and 5 (8)"
    assert step("resolve", (3, 5, 4)).dice == "3 and 5 (8), then a 4 for the advance"
    assert step("resolve", (4,), rolled=0).dice == "no roll needed; a 4 for the advance"
    assert step("advance_roll", (4,)).dice == "a 4"
    assert step("resolve", (), 9).dice == "9 (rolled by hand)"
    assert step("move").dice == ""


def test_jumping_to_a_phase_lands_on_its_first_action(saved):
    replay = replay_of(saved)
    phases = replay.phases()
    assert phases[0][:2] == (1, "german_setup")
    assert (2, "allied_movement") in [p[:2] for p in phases]
    number = replay.first_of(2, "allied_movement")
    assert number is not None
    steps = replay.steps
    chosen, before = steps[number - 1], steps[number - 2]
    assert (chosen.turn, chosen.phase) == (2, "allied_movement")
    assert (before.turn, before.phase) != (2, "allied_movement")
    assert sum(n for *_, n in phases) == replay.total


def test_a_side_filter_stops_only_at_that_sides_actions(saved):
    replay = replay_of(saved)
    allied = StepFilter(side="allied")
    visited = []
    while (number := replay.next_of(allied)) is not None:
        replay.jump(number)
        visited.append(number)
    assert visited == [s.number for s in replay.steps if s.side == "allied"]
    assert visited and all(replay.steps[n - 1].side == "allied" for n in visited)
    assert all(p.startswith("allied") for _, p, _ in replay.phases(allied))
    replay.jump(visited[3] + 1)
    assert replay.previous_of(allied) == visited[3]


def test_a_unit_filter_stops_at_each_action_that_names_or_touches_it(saved):
    replay = replay_of(saved)
    uid = next(a.unit for a in saved.actions() if isinstance(a, MoveUnit))
    mine = replay.numbers(StepFilter(unit=uid))
    actions = saved.actions()
    moves = [i + 1 for i, a in enumerate(actions) if isinstance(a, MoveUnit) and a.unit == uid]
    assert set(moves) <= set(mine)
    assert all(uid in replay.steps[n - 1].units for n in mine)
    assert len(mine) < replay.total
    ids = [u for u, _, _ in replay.units()]
    assert uid in ids
    sides = [side for _, side, _ in replay.units()]
    assert sides == sorted(sides, key=lambda s: s != "german")  # German units first


def test_a_log_that_breaks_a_rule_is_one_sentence(saved):
    bad = MoveUnit(unit="nobody", path=[(0, 0)])
    replay = Replay(saved.at_start(), [*saved.actions()[:3], bad])
    with pytest.raises(GameFormatError, match="damaged: its log breaks a rule"):
        replay.survey()


def test_a_received_turn_steps_without_a_survey(saved):
    """The e-mail bar's use: step one at a time, its lines the action's own words."""
    replay = Replay(played(saved, 100), saved.actions()[100:110])
    replay.step()
    assert replay.index == 1 and replay.lines
    assert not replay.lines[0].startswith("Feb ")
    replay.jump(replay.total)
    assert replay.at_end
    assert replay.position.state == played(saved, 110).state
