"""Child process for the kill-during-save test: saves numbered versions of a file in a
loop until it is killed. Usage: python saver.py KIND PATH   (KIND: map | game | campaign)

The version number lives in the document's map name ("v17"), so the parent can tell
which whole version is on disk; numbers continue from the file on disk, so versions
only ever grow. Each version also changes real content, so a torn write could not
pass for a whole one.
"""

from __future__ import annotations

import os
import sys

from hexcampaign.maps import HexMap, load_map, save_map


def map_versions(path: str) -> None:
    m = HexMap.blank(60, 60, palette="cm")
    n = int(load_map(path).name[1:]) if os.path.exists(path) else 0
    while True:
        n += 1
        m.name = f"v{n}"
        m.set_terrain(m.hexes()[n % len(m.hexes())], "forest" if n % 2 else "clear")
        save_map(m, path)
        print(n, flush=True)


def game_versions(path: str) -> None:
    """A Kasserine game with a few actions in its log (a load replays them)."""
    from hexcampaign.kasserine import Game

    if os.path.exists(path):
        g = Game.load(path)
    else:
        g = kasserine_game()
    n = int(g.map.name[1:] or 0)
    while True:
        n += 1
        g.map.name = f"v{n}"
        g.map.description = "x" * (n % 4000)  # the file's length changes every version
        g.save(path)
        print(n, flush=True)


def campaign_versions(path: str) -> None:
    """A campaign whose umpire adjusts production points once per version."""
    from hexcampaign.campaign import Campaign

    c = Campaign.load(path) if os.path.exists(path) else campaign()
    n = int(c.map.name[1:] or 0)
    while True:
        n += 1
        c.map.name = f"v{n}"
        c.adjust_pp("german", 1, f"version {n}")
        c.save(path)
        print(n, flush=True)


def version_of(kind: str, path) -> int:
    """The version number of the whole document at `path` (it must load)."""
    if kind == "map":
        name = load_map(path).name
    elif kind == "game":
        from hexcampaign.kasserine import Game

        name = Game.load(path).map.name
    else:
        from hexcampaign.campaign import Campaign

        c = Campaign.load(path)
        name = c.map.name
        # the content agrees with the number: one PP adjustment per version
        assert c.state.pp["german"] - first_pp(c) == int(name[1:]), "torn campaign"
    return int(name[1:])


def first_pp(c) -> int:
    adjustments = sum(a.get("amount", 0) for a in c.actions if a.get("act") == "adjust_pp")
    return c.state.pp["german"] - adjustments


def kasserine_game():
    from hexcampaign.hexes import Hex
    from hexcampaign.kasserine import Game, UnitSpec

    m = HexMap.blank(12, 10, palette="kasserine")
    m.add_place(Hex.from_offset(2, 4), "Thala", "city", vp=2)
    units = [
        UnitSpec(
            id=f"pz{i}",
            side="german",
            nationality="german",
            kind="armor",
            size="battalion",
            cf=2,
            mf=16,
            hex=Hex.from_offset(9, i),
        )
        for i in range(1, 5)
    ] + [
        UnitSpec(
            id=f"us{i}",
            side="allied",
            nationality="us",
            kind="infantry",
            size="battalion",
            cf=1,
            mf=16,
            hex=Hex.from_offset(3, i),
        )
        for i in range(1, 5)
    ]
    g = Game.custom(m, units, seed=5)
    for uid, col in (("pz1", 7), ("pz2", 6)):
        g.move(uid, g.path_to(uid, Hex.from_offset(col, 1 if uid == "pz1" else 2)))
    g.map.name = "v0"
    return g


def campaign():
    from hexcampaign.campaign import Campaign
    from hexcampaign.hexes import Hex

    m = HexMap.blank(16, 9, palette="cm")
    m.add_place(Hex.from_offset(1, 4), "Berlin", "capital", pp=3)
    m.add_place(Hex.from_offset(14, 4), "Washington", "capital", pp=3)
    m.name = "v0"
    return Campaign.new(
        m,
        sides=("german", "us"),
        capitals={"german": Hex.from_offset(1, 4), "us": Hex.from_offset(14, 4)},
        seed=3,
    )


KINDS = {"map": map_versions, "game": game_versions, "campaign": campaign_versions}

if __name__ == "__main__":
    kind, target = sys.argv[1], sys.argv[2]
    KINDS[kind](target)
