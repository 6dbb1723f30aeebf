"""The log read back for the log dock: lines grouped by turn, each with its side, the
search, and the hex numbers a line names (only hexes the map has)."""

from __future__ import annotations

from pathlib import Path

from hexcampaign.hexes import Hex
from hexcampaign.kasserine import Game
from hexcampaign.kasserine.log_index import HexNumbers, by_turn, matching, read_line

FIXTURES = Path(__file__).parent / "fixtures"


def test_a_four_day_game_is_four_turns_in_order_and_nothing_is_lost():
    g = Game.load(FIXTURES / "feb17-german-combat.kpgame")
    calendar = {g.date(t): t for t in range(1, g.rules.turns + 1)}
    turns = by_turn(g.log(), calendar)
    assert [(t.date, t.turn) for t in turns] == [
        ("Feb 14", 1),
        ("Feb 15", 2),
        ("Feb 16", 3),
        ("Feb 17", 4),
    ]
    assert [line.text for t in turns for line in t.lines] == g.log()
    assert [line.index for t in turns for line in t.lines] == list(range(len(g.log())))
    first = turns[0].lines[0]
    assert (first.date, first.phase, first.side) == ("Feb 14", "German set-up", "German")
    assert first.event == "10 Pz — Aufklärung placed at 2718"


def test_a_line_is_read_at_its_heading_only():
    line = read_line(3, "Feb 15, Allied combat: Attack 2: odds 3:1, D BACK 2")
    assert (line.date, line.phase, line.side, line.event) == (
        "Feb 15",
        "Allied combat",
        "Allied",
        "Attack 2: odds 3:1, D BACK 2",
    )
    plain = read_line(0, "Something without a heading")
    assert (plain.date, plain.side, plain.event) == ("", "", "Something without a heading")
    # A line without a date stays with the turn before it.
    turns = by_turn(["Feb 14, German movement: a", "Something", "Feb 15, German movement: b"])
    assert [(t.date, len(t.lines), t.turn) for t in turns] == [
        ("Feb 14", 2, None),
        ("Feb 15", 1, None),
    ]


def test_the_search_ignores_case_and_combines_with_the_side():
    lines = [
        read_line(n, text)
        for n, text in enumerate(
            [
                "Feb 14, German movement: 21 Pz — Panzer 3 moved from 2721 to 2421 (7 MP, 7 left)",
                "Feb 14, Allied movement: Combat Command B moved from 1318 to 1417 (4 MP, 0 left)",
                "Feb 14, Allied combat: Attack 1: Combat Command B against PANZER 1 at 2421",
            ]
        )
    ]
    assert [line.index for line in matching(lines, words="panzer")] == [0, 2]
    assert [line.index for line in matching(lines, "Allied", "panzer")] == [2]
    assert [line.index for line in matching(lines, "German")] == [0]
    assert [line.index for line in matching(lines, words="  ")] == [0, 1, 2]


def test_hex_numbers_are_found_only_where_the_map_has_that_hex():
    g = Game.load(FIXTURES / "feb17-german-combat.kpgame")
    numbers = HexNumbers(g.map)
    text = "Reinforcement 9999 moved from 2721 to 1318 (Kasserine), seed 12345, odds 1:6, 0101."
    found = numbers.find(text)
    assert [m.label for m in found] == ["2721", "1318", "0101"]
    assert [text[m.start : m.end] for m in found] == ["2721", "1318", "0101"]
    assert all(g.map.label(m.hex) == m.label and g.map.contains(m.hex) for m in found)
    assert found[1].hex == Hex.from_offset(12, 17)
    assert numbers.find("Feb 14, German movement: German movement ends") == []
