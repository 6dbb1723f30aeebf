"""Save + load of a 200×200 map, and of a Kasserine game played to Feb 25, against plain
json.dumps/json.loads (and a plain write and read) of the same data."""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

from common import Result, big_map, paired_medians
from players import play

from hexcampaign.kasserine import Game
from hexcampaign.maps import load_map, save_map
from hexcampaign.maps.fileformat import map_to_document


def run() -> list[Result]:
    m = big_map()
    doc = map_to_document(m)
    rng = random.Random(9)
    spots = [h for h in m.hexes() if not m.on_road(h)]

    def edit() -> None:
        """What a user does between two saves: a river hex and a hex's terrain change
        (the map keeps unchanged sections encoded; an edit makes it encode them again)."""
        h = rng.choice(spots)
        m.set_river(h, h not in m.rivers())
        m.set_terrain(rng.choice(spots), rng.choice(["plain", "high_ground"]))

    with tempfile.TemporaryDirectory() as folder:
        ours_path = Path(folder) / "big.hexmap"
        raw_path = Path(folder) / "raw.json"

        def ours():
            edit()
            save_map(m, ours_path)
            load_map(ours_path)

        # Copied before timing (not part of a save); a copy has nothing encoded yet.
        fresh_maps = [m.copy() for _ in range(8)]

        def first_save():
            # A map built in memory and never saved (nothing encoded yet, as after Resize):
            # the slowest a save can be.
            save_map(fresh_maps.pop(), ours_path)
            load_map(ours_path)

        def opened_and_saved():
            # The usual first save: the map as opened, then saved.
            save_map(load_map(ours_path), ours_path)

        def raw():
            raw_path.write_text(json.dumps(doc))
            json.loads(raw_path.read_text())

        ours_ms, raw_ms = paired_medians(ours, raw, repeat=11)
        cold_ms, cold_raw_ms = paired_medians(first_save, raw, repeat=7)
        opened_ms, opened_raw_ms = paired_medians(opened_and_saved, raw, repeat=7)
        size = ours_path.stat().st_size
    return [
        Result("files: save+load 200×200 map, after an edit", ours_ms, "json.dumps+loads", raw_ms,
               budget=3.0, extra={"bytes": size}),
        Result("files: load+save 200×200 map as opened", opened_ms, "json.dumps+loads", opened_raw_ms,
               budget=3.0),
        # Reported, not budgeted: the save+load is of a map being worked on.
        Result("files: save+load 200×200 map never saved", cold_ms, "json.dumps+loads", cold_raw_ms),
        kasserine_save(),
    ]


def kasserine_save() -> Result:
    """A whole random game (Feb 14 to Feb 25): Game.save + Game.load, which replays the
    log and checks it reaches the saved position, against the document as plain JSON."""
    g = Game.scenario(seed=3)
    play(g, random.Random(3))
    doc = json.loads(g.to_json())
    with tempfile.TemporaryDirectory() as folder:
        ours_path = Path(folder) / "game.kasserine"
        raw_path = Path(folder) / "raw.json"

        def ours():
            g.save(ours_path)
            Game.load(ours_path)

        def raw():
            raw_path.write_text(json.dumps(doc))
            json.loads(raw_path.read_text())

        ours_ms, raw_ms = paired_medians(ours, raw, repeat=7)
        size = ours_path.stat().st_size
    return Result("files: save+load Kasserine game on Feb 25", ours_ms, "json.dumps+loads",
                  raw_ms, budget=3.0, extra={"bytes": size, "actions": len(g.actions())})
