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
    with tempfile.TemporaryDirectory() as folder:
        ours_path = Path(folder) / "big.hexmap"
        raw_path = Path(folder) / "raw.json"

        def ours():
            save_map(m, ours_path)
            load_map(ours_path)

        def raw():
            raw_path.write_text(json.dumps(doc))
            json.loads(raw_path.read_text())

        ours_ms, raw_ms = paired_medians(ours, raw, repeat=7)
        size = ours_path.stat().st_size
    return [
        Result("files: save+load 200×200 map", ours_ms, "json.dumps+loads", raw_ms, budget=3.0,
               extra={"bytes": size}),
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
