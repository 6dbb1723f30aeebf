"""The Combat Results Table: odds columns, the printed rows, high rolls, distributions."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from pydantic import ValidationError

from hexcampaign.kasserine import IllegalAction, crt
from hexcampaign.kasserine.tables import CrtTable

from .helpers import refused


@pytest.mark.parametrize(
    ("attack", "defense", "column"),
    [
        (6, 2, "3:1"),  # the rulebook's example: three 2-16s against one 2-16
        (7, 2, "3:1"),  # 3.5:1 rounds in favour of the defender
        (2, 2, "1:1"),
        (1, 2, "1:2"),
        (2, 5, "1:3"),  # 1:2.5 rounds to 1:3
        (1, 6, "1:6"),  # allowed, automatic A ELIM
        (16, 2, "8:1"),
        (17, 2, "8:1"),
        (18, 2, ">8:1"),
        (Fraction(1, 2), 1, "1:2"),
        (Fraction(5, 4), 1, "1:1"),
    ],
)
def test_odds_round_in_favour_of_the_defender(attack, defense, column):
    assert crt.odds(attack, defense) == column


def test_odds_worse_than_one_to_six_are_refused():
    refused(lambda: crt.odds(1, 7), "worse than 1:6")
    refused(lambda: crt.odds(0, 1), "1:6")


@pytest.mark.parametrize(
    ("column", "roll", "word"),
    [
        ("1:2", 2, "D BACK 1"),
        ("1:2", 3, "CONTACT"),
        ("1:3", 6, "A BACK 4"),
        ("1:1", 4, "A BACK 3"),
        ("2:1", 6, "ENGAGED"),
        ("3:1", 5, "CONTACT"),
        ("4:1", 2, "EXCHANGE"),
        ("4:1", 6, "D BACK 2"),
        ("5:1", 2, "ENGAGED"),
        ("6:1", 3, "D ELIM"),
        ("7:1", 6, "D BACK 3"),
        ("8:1", 5, "D BACK 4"),
        ("8:1", 6, "D ELIM"),
        ("1:6", 12, "A ELIM"),
        (">8:1", 2, "D ELIM"),
    ],
)
def test_printed_rows(column, roll, word):
    assert crt.lookup(column, roll) == word


def test_high_rolls_mirror_and_clamp():
    # mirror: 7 reads row 6, 8 reads row 6, 12 reads row 2
    assert crt.lookup("8:1", 7) == crt.lookup("8:1", 6) == "D ELIM"
    assert crt.lookup("8:1", 12, "mirror") == crt.lookup("8:1", 2) == "CONTACT"
    assert crt.lookup("8:1", 9, "mirror") == crt.lookup("8:1", 5)
    assert crt.lookup("8:1", 12, "clamp") == crt.lookup("8:1", 6) == "D ELIM"
    refused(lambda: crt.lookup("1:1", 13), "Dice")


@pytest.mark.parametrize("mode", ["mirror", "clamp"])
def test_distribution_sums_to_one(mode):
    for column in ["1:6", "1:5", "1:2", "1:1", "3:1", "8:1", ">8:1"]:
        assert sum(crt.distribution(column, mode).values()) == 1
    # 1:1: row 6 (A BACK 1) is read by 6, 7 and 8 when mirrored, by 6 to 12 when clamped
    expected = Fraction(5 + 6 + 5, 36) if mode == "mirror" else Fraction(5 + 6 + 5 + 4 + 3 + 2 + 1, 36)
    assert crt.distribution("1:1", mode)["A BACK 1"] == expected


def test_shift_for_air_power():
    assert crt.shift("3:1") == "4:1"
    assert crt.shift("8:1") == ">8:1"
    assert crt.shift(">8:1") == ">8:1"
    assert crt.shift("1:6") == "1:5"


def test_crt_file_is_validated(tmp_path):
    from hexcampaign.paths import resources_path

    data = json.loads(resources_path("kasserine/crt.json").read_text())
    CrtTable.model_validate(data)
    data["rows"]["4"][0] = "A RETREAT"
    with pytest.raises(ValidationError):
        CrtTable.model_validate(data)
    del data["rows"]["4"]
    with pytest.raises(ValidationError):
        CrtTable.model_validate(data)


def test_refusals_are_illegal_actions():
    with pytest.raises(IllegalAction):
        crt.odds(1, 100)
