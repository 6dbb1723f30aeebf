"""The one dice mechanism both rulesets roll with (hexcampaign.rules.dice): recorded
faces, replays that read them, entropy without a seed, and a seed's faces unchanged
from every earlier version (so a seeded save rolls on as it always would)."""

import random
import threading

import pytest

from hexcampaign.kasserine.context import GameDice
from hexcampaign.rules import Dice


def old_faces(seed: int, count: int) -> list[int]:
    """The faces earlier versions rolled for a seed: randint(1, 6) of Random(seed)."""
    rng = random.Random(seed)
    return [rng.randint(1, 6) for _ in range(count)]


def test_a_seed_rolls_the_faces_earlier_versions_rolled_for_it():
    dice = Dice(5)
    assert [dice.die() for _ in range(50)] == old_faces(5, 50)
    assert dice.rolls == old_faces(5, 50)


def test_restored_dice_continue_after_the_recorded_rolls():
    first = Dice(11)
    faces = [first.die() for _ in range(20)]
    again = Dice.restore({"seed": 11, "rolls": faces[:7]})
    assert [again.die() for _ in range(13)] == faces[7:]
    assert again.state() == {"seed": 11, "rolls": faces}


def test_a_seeded_die_far_into_the_record_is_the_seeds_face_at_that_place():
    rolls = old_faces(3, 10_001)
    dice = Dice(3, rolls[:10_000])
    assert dice.die() == rolls[10_000]


def test_two_dice_of_one_seed_rolled_by_two_threads_each_follow_the_seed():
    results: dict[int, list[int]] = {}

    def roll(n: int) -> None:
        dice = Dice(424242)
        results[n] = [dice.die() for _ in range(2000)]

    threads = [threading.Thread(target=roll, args=(n,)) for n in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results[0] == results[1] == old_faces(424242, 2000)


def test_entropy_dice_roll_one_to_six_and_record_every_face():
    dice = Dice(None)
    faces = [dice.die() for _ in range(600)]
    assert set(faces) == {1, 2, 3, 4, 5, 6}  # 600 rolls miss a face once in 10^46
    assert dice.rolls == faces
    assert dice.state() == {"seed": None, "rolls": faces}
    assert Dice.restore(dice.state()).seed is None


def test_a_replay_hands_back_the_recorded_faces_and_refuses_to_invent_one():
    dice = Dice(1, replay=[6, 6, 1])
    assert [dice.die(), dice.two_dice()] == [6, 7]
    with pytest.raises(RuntimeError, match="never recorded"):
        dice.die()


def test_fed_faces_come_first_and_settle_drops_the_rest():
    dice = Dice(9)
    dice.feed([2, 4, 6])
    assert [dice.die(), dice.die()] == [2, 4]
    dice.settle()
    # Seeded dice continue after every face on record, as a reload would.
    assert dice.die() == old_faces(9, 3)[2]
    assert dice.rolls[:2] == [2, 4]


def test_dice_recording_into_a_list_keep_it_as_their_record():
    record = [3]
    dice = Dice.recording_into(record, 2)
    face = dice.die()
    assert record == [3, face] and face == old_faces(2, 2)[1]


def test_kasserine_rolls_with_the_shared_dice():
    assert GameDice is Dice
