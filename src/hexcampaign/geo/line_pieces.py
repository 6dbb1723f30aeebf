"""The roads and rivers of imported geography as named lines: one line for each line
feature of the data (a piece for each stretch of it on the map), named from the
feature's name or ref, so two rivers whose ends lie in neighbouring hexes stay two
rivers, and a road that meets another end to end stays a road of its own."""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from dataclasses import dataclass

from hexcampaign.hexes import Hex
from hexcampaign.maps.edit_checks import control_character
from hexcampaign.maps.lines import LINE_NAME_MAX, piece_name

NAME_KEYS = ("ref",)  # after the import's name attribute: a road known by its number


@dataclass(frozen=True)
class LineToAdd:
    """One river or road the import writes; an empty name lets the map name it."""

    kind: str  # "river" | "road"
    name: str
    hexes: tuple[Hex, ...]


def feature_name(properties: Mapping[str, object], name_attribute: str) -> str:
    """The feature's name (or ref) as a line's name, or "" when it has none usable (a
    name holding a control character is not one: the map names the line)."""
    for key in (name_attribute, *NAME_KEYS):
        value = properties.get(key)
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            continue
        text = str(value).strip()
        if text and not control_character(text):
            return text[:LINE_NAME_MAX]
    return ""


def stretches(hexes: Sequence[Hex], on_map: Container[Hex]) -> list[list[Hex]]:
    """A run of a feature's hexes on the map, hex to next hex: two hexes in a row that
    are not neighbours (never expected at the import's quarter-hex steps) are joined by
    the straight hex line, which starts a new stretch where it leaves the map."""
    pieces: list[list[Hex]] = [[]]
    for h in hexes:
        last = pieces[-1][-1] if pieces[-1] else None
        if last == h:
            continue
        if last is not None and not last.is_adjacent(h):
            for step in last.line_to(h)[1:-1]:
                if step in on_map:
                    pieces[-1].append(step)
                elif pieces[-1]:
                    pieces.append([])
        pieces[-1].append(h)
    return [p for p in pieces if p]


def named_pieces(kind: str, name: str, pieces: list[list[Hex]]) -> list[LineToAdd]:
    """A feature's stretches as lines: the first takes its name, the others "Name (2)"…
    (as a line cut in two); a road stretch of one hex goes nowhere and is left out."""
    pieces = [p for p in pieces if len(p) >= (2 if kind == "road" else 1)]
    return [LineToAdd(kind, piece_name(name, n + 1) if n and name else name, tuple(p))
            for n, p in enumerate(pieces)]
