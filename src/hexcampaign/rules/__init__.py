"""What both rulesets share: refusals, seeded dice with a log, hex graph search.

The names are imported from their modules when first asked for (PEP 562): the window
imports `IllegalAction` before its first paint, and the dice (`secrets`, `hmac`,
`hashlib`) and the search cost ~4 ms there that no first frame needs.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hexcampaign.rules.dice import Dice
    from hexcampaign.rules.errors import IllegalAction
    from hexcampaign.rules.search import cheapest_paths, path_to

__all__ = ["Dice", "IllegalAction", "cheapest_paths", "path_to"]

_HOMES = {
    "Dice": "hexcampaign.rules.dice",
    "IllegalAction": "hexcampaign.rules.errors",
    "cheapest_paths": "hexcampaign.rules.search",
    "path_to": "hexcampaign.rules.search",
}


def __getattr__(name: str) -> Any:
    # Only these names: a submodule (`dice`, `search`) asked for by a from-import is
    # then imported as a submodule.
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'hexcampaign.rules' has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_HOMES})
