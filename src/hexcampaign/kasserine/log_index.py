"""The game log read back for showing: each line's date, phase and side, the lines
grouped by turn, and the hex numbers a line names. The log is the engine's own text
("Feb 14, German movement: 21 Pz — Panzer 3 moved from 2721 to 2421 (7 MP, 7 left)"),
so these are read from the words the engine writes (Game.apply: "{date}, {phase}:
{event}"); a hex number is taken only when the map has a hex of that number, so a
four-digit number that is no hex (a count, a seed) is left as it is."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from hexcampaign.hexes import Hex
from hexcampaign.maps import HexMap

__all__ = [
    "HexMention",
    "HexNumbers",
    "LogLine",
    "LogTurn",
    "by_turn",
    "matching",
    "read_line",
    "side_of",
]

# A printed hex number as the map styles allow: "2721", "27.21", "27-21"; never a part
# of a longer number ("12345", "1:6" are not hexes).
_NUMBER = re.compile(r"(?<![\d.\-])\d{2}[.\-]?\d{2}(?![\d]|[.\-]\d)")


@dataclass(frozen=True)
class LogLine:
    """One line of the log as the engine wrote it, and where it stands."""

    index: int  # its place in the whole log, from 0
    text: str  # the whole line, as exported
    date: str  # "Feb 14" ("" for a line without the engine's heading)
    phase: str  # "German movement"
    event: str  # what happened, without the date and phase

    @property
    def side(self) -> str:
        """ "German" or "Allied" from the phase the line names; "" for neither."""
        return side_of(self.phase)


@dataclass(frozen=True)
class LogTurn:
    """The lines of one game turn (one date), in the order they were written."""

    date: str
    turn: int | None  # the turn's number when the caller knows the calendar
    lines: tuple[LogLine, ...]


@dataclass(frozen=True)
class HexMention:
    """A hex number in a line: where it is in the text and the hex it names."""

    start: int
    end: int
    label: str  # as printed: "2721"
    hex: Hex


def side_of(phase: str) -> str:
    return "German" if "German" in phase else "Allied" if "Allied" in phase else ""


def read_line(index: int, text: str) -> LogLine:
    """A line split at the engine's heading: "Feb 14, German movement: ..."."""
    head, colon, event = text.partition(": ")
    date, comma, phase = head.partition(", ")
    if not colon or not comma:
        return LogLine(index, text, "", "", text)
    return LogLine(index, text, date, phase, event)


def by_turn(lines: Sequence[str], turn_of: Mapping[str, int] | None = None) -> list[LogTurn]:
    """The log in turns: consecutive lines of one date together, oldest turn first. A
    line without a date (none is written so today) stays with the turn before it."""
    turns: list[tuple[str, list[LogLine]]] = []
    for n, text in enumerate(lines):
        line = read_line(n, text)
        date = line.date or (turns[-1][0] if turns else "")
        if not turns or turns[-1][0] != date:
            turns.append((date, []))
        turns[-1][1].append(line)
    known = turn_of or {}
    return [LogTurn(date, known.get(date), tuple(group)) for date, group in turns]


def matching(lines: Iterable[LogLine], side: str = "", words: str = "") -> list[LogLine]:
    """The lines of one side ("" for both) that contain the words, in any case."""
    wanted = words.strip().casefold()
    return [
        line
        for line in lines
        if (not side or line.side == side) and (not wanted or wanted in line.text.casefold())
    ]


class HexNumbers:
    """The map's hex numbers, to find them in a line of text."""

    def __init__(self, hexmap: HexMap) -> None:
        label: Callable[[Hex], str] = hexmap.labeller()
        self.hexes: dict[str, Hex] = {label(h): h for h in hexmap.hexes()}

    def find(self, text: str) -> list[HexMention]:
        """Every hex number of the map in the text, in order."""
        found = []
        for match in _NUMBER.finditer(text):
            h = self.hexes.get(match.group())
            if h is not None:
                found.append(HexMention(match.start(), match.end(), match.group(), h))
        return found
