"""Terrain carried from one palette to another: hexes copied from a map on one palette
and pasted into a map on another, each source terrain becoming a terrain of the target.

`suggest_mapping` proposes the obvious choice for every source terrain (the target's
terrain of the same name, else of the same label, else the target's default), the
editor shows it for the user to change, and `remap_terrains` applies the mapping the
user settled on, refusing with a sentence any terrain left unmapped or mapped to a
terrain the target palette does not have.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeVar

from hexcampaign.maps.model import MapEditError
from hexcampaign.maps.palette import Palette

K = TypeVar("K")


def suggest_mapping(
    source: Iterable[str], target: Palette, labels: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Each source terrain name -> a terrain of `target`: the same name, else the same
    label (`labels`: source name -> its label, compared ignoring case), else the
    target's default terrain. In the order the source names come."""
    by_label = {t.label.strip().casefold(): t.name for t in target.terrains_list}
    known = target.terrains
    labels = labels or {}
    mapping: dict[str, str] = {}
    for name in dict.fromkeys(source):
        if name in known:
            mapping[name] = name
        else:
            label = labels.get(name, name.replace("_", " ")).strip().casefold()
            mapping[name] = by_label.get(label, target.default)
    return mapping


def check_mapping(source: Iterable[str], mapping: Mapping[str, str], target: Palette) -> None:
    """MapEditError naming the first source terrain with no terrain of `target`."""
    known = target.terrains
    for name in dict.fromkeys(source):
        chosen = mapping.get(name, name)
        if chosen not in known:
            raise MapEditError(
                f"The {target.title} palette has no terrain {chosen!r} for the copied "
                f"terrain {name!r}; choose one of {', '.join(t.label for t in target.terrains_list)}."
            )


def remap_terrains(terrains: Mapping[K, str], mapping: Mapping[str, str], target: Palette) -> dict[K, str]:
    """`terrains` (any key -> a source terrain name) with each terrain replaced by its
    mapped terrain of `target` (a name the mapping leaves out stays as it is, so an
    empty mapping keeps terrains the palettes share). Refused as check_mapping."""
    check_mapping(terrains.values(), mapping, target)
    return {key: mapping.get(name, name) for key, name in terrains.items()}


__all__ = ["check_mapping", "remap_terrains", "suggest_mapping"]
