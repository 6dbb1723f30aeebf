"""Write the JSON Schema of every file type, generated from the pydantic models, into
docs/schemas/ (referenced by docs/file-formats.md).

    .venv/bin/python scripts/schemas.py          # write
    .venv/bin/python scripts/schemas.py --check  # exit 1 when docs/schemas is stale
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from hexcampaign.campaign.actions import ActionLog
from hexcampaign.campaign.state import Setup
from hexcampaign.campaign.state import State as CampaignState
from hexcampaign.campaign.tables import BattleConditions, BattleTypes, CampaignRules
from hexcampaign.campaign.unit_chart import UnitChart
from hexcampaign.kasserine.scenario import Scenario
from hexcampaign.kasserine.state import GameState
from hexcampaign.kasserine.tables import BreakdownTable, CrtTable, RulesTable
from hexcampaign.maps.schema import (
    MapFileV2,
    MapFileV3,
    MapFileV4,
    MapFileV5,
    MapFileV6,
    PaletteFile,
)

OUT = Path(__file__).resolve().parents[1] / "docs" / "schemas"

SCHEMAS = {
    "hexmap": (MapFileV2, "A map (.hexmap), format version 2."),
    "hexmap-v3": (MapFileV3, "A map (.hexmap), format version 3: a map with its own palette."),
    "hexmap-v4": (MapFileV4, "A map (.hexmap), format version 4: a map with hex notes or numbering every N-th hex."),
    "hexmap-v5": (MapFileV5, "A map (.hexmap), format version 5: each river and road a named line."),
    "hexmap-v6": (MapFileV6, "A map (.hexmap), format version 6: a map with an underlay picture or km per hex."),
    "palette": (PaletteFile, "A terrain palette (resources/palettes/*.json)."),
    "kasserine-scenario": (Scenario, "The Kasserine Pass scenario (maps/kasserine/scenario.json)."),
    "kasserine-game-state": (GameState, "The `state` and `initial` parts of a Kasserine Pass save (.kpgame)."),
    "kasserine-crt": (CrtTable, "The combat results table (resources/kasserine/crt.json)."),
    "kasserine-breakdown": (BreakdownTable, "German breakdown (resources/kasserine/breakdown.json)."),
    "kasserine-rules": (RulesTable, "Kasserine Pass rule numbers (resources/kasserine/rules.json)."),
    "campaign-setup": (Setup, "The `setup` part of a campaign save (.hxcampaign)."),
    "campaign-state": (CampaignState, "The `state` part of a campaign save (.hxcampaign)."),
    "campaign-unit-chart": (UnitChart, "A CM unit chart (resources/campaign/german.json, us.json)."),
    "campaign-rules": (CampaignRules, "CM campaign rule numbers (resources/campaign/rules.json)."),
    "campaign-battle-types": (BattleTypes, "Battle types and fortifications (resources/campaign/battle_types.json)."),
    "campaign-battle-conditions": (BattleConditions, "Weather, time of day and CM map sizes (resources/campaign/battle_conditions.json)."),
    "campaign-actions": (ActionLog, "The `actions` part of a campaign save (.hxcampaign): the action log."),
}


def schemas() -> dict[str, str]:
    out = {}
    for name, (model, title) in SCHEMAS.items():
        schema = model.model_json_schema(mode="validation")
        schema["description"] = title
        out[f"{name}.schema.json"] = json.dumps(schema, indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    return out


def main() -> int:
    wanted = schemas()
    if "--check" in sys.argv:
        stale = [n for n, text in wanted.items() if not (OUT / n).exists() or (OUT / n).read_text() != text]
        if stale:
            print(f"docs/schemas is stale ({', '.join(stale)}); run scripts/schemas.py")
            return 1
        return 0
    OUT.mkdir(parents=True, exist_ok=True)
    for name, text in wanted.items():
        (OUT / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(wanted)} schemas to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
