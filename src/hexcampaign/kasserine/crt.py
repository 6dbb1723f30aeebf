"""The Two Die Combat Result Table: odds columns, lookups and outcome distributions."""

from __future__ import annotations

import math
from fractions import Fraction

from hexcampaign.kasserine.tables import ALL_ODDS, RESULTS, crt_table
from hexcampaign.rules import IllegalAction

HIGH_ROLLS = ("mirror", "clamp")


def odds(attack: Fraction | int | float, defense: Fraction | int | float) -> str:
    """The odds column for `attack` against `defense`, rounded in favour of the defender.

    Raises IllegalAction for odds worse than 1:6 (the rulebook forbids such attacks)."""
    a, d = Fraction(attack), Fraction(defense)
    if a <= 0:
        raise IllegalAction(
            "Odds: an attack needs a combat factor above zero; odds worse than 1:6 are not allowed",
            "crt",
        )
    if d <= 0:
        return ">8:1"
    if a >= d:
        ratio = math.floor(a / d)
        return ">8:1" if ratio > 8 else f"{ratio}:1"
    ratio = math.ceil(d / a)
    if ratio > 6:
        raise IllegalAction(
            f"Odds: 1:{ratio} is worse than 1:6 — odds worse than 1:6 are not allowed", "crt"
        )
    return f"1:{ratio}"


def lookup(odds_column: str, roll: int, high_rolls: str = "mirror") -> str:
    """The result words for a two-dice roll on an odds column, exactly as printed."""
    table = crt_table()
    if odds_column in table.automatic:
        return table.automatic[odds_column]
    if odds_column not in table.columns:
        raise ValueError(f"{odds_column!r} is not a column of the Combat Results Table")
    row = printed_row(roll, high_rolls)
    return table.rows[row][table.columns.index(odds_column)]


def printed_row(roll: int, high_rolls: str = "mirror") -> int:
    """Which printed row (2-6) a two-dice roll reads; the CRT prints only 2 to 6."""
    if not 2 <= roll <= 12:
        raise IllegalAction(f"Dice: two dice roll 2 to 12, not {roll}", "dice")
    if roll <= 6:
        return roll
    if high_rolls == "clamp":
        return 6
    if high_rolls != "mirror":
        raise ValueError(f"high_rolls must be one of {HIGH_ROLLS}")
    return 6 if roll == 7 else 14 - roll


def shift(odds_column: str, columns: int = 1) -> str:
    """The column `columns` steps better for the attacker (Allied air power)."""
    index = min(ALL_ODDS.index(odds_column) + columns, len(ALL_ODDS) - 1)
    return ALL_ODDS[index]


def distribution(odds_column: str, high_rolls: str = "mirror") -> dict[str, Fraction]:
    """{result words: probability} of a two-dice roll on this column."""
    result: dict[str, Fraction] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            word = lookup(odds_column, a + b, high_rolls)
            result[word] = result.get(word, Fraction(0)) + Fraction(1, 36)
    return result


def rule_note(high_rolls: str) -> str:
    """The sentence the odds display shows about rolls the printed table does not list."""
    return "CRT high rolls: " + crt_table().high_rolls.get(high_rolls, high_rolls)


def results_in_order() -> tuple[str, ...]:
    """Every result the table can give (its printed rows and its automatic columns) in
    the order the rulebook lists them: the attacker's losses first, the defender's last."""
    table = crt_table()
    found = {word for row in table.rows.values() for word in row} | set(table.automatic.values())
    return tuple(word for word in RESULTS if word in found)


def automatic_result(odds_column: str) -> str | None:
    """The result a column gives without a roll (1:6 and >8:1), or None: the dice decide."""
    return crt_table().automatic.get(odds_column)
