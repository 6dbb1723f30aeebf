"""Names people give sides, formations and places: checked when made and when a save is
loaded, and turned into safe file names.

A name is shown in the desk, the log and battle sheets and becomes part of exported
file names, so it may not hold path separators or control characters (a side called
"x/../../escaped" once wrote sheets two folders above the one chosen).
"""

from __future__ import annotations

import re
import unicodedata

from hexcampaign.rules import IllegalAction

MAX_NAME = 80


def combat_units(n: int) -> str:
    """How sheets, reports and the log count units: "1 combat unit", "3 combat units"."""
    return f"{n} combat unit" + ("" if n == 1 else "s")


# Path separators. Other odd characters (<, :, ?) are allowed in a name: every file
# name is made by slug(), and every page escapes names.
_FORBIDDEN = {"/", "\\"}


def name_problem(name: object, what: str) -> str | None:
    """Why `name` is not a usable name for a `what` ("side", "formation", "place"),
    as a clause, or None."""
    if not isinstance(name, str):
        return f"a {what} name must be text"
    stripped = name.strip()
    if not stripped:
        return f"a {what} name may not be empty"
    if len(stripped) > MAX_NAME:
        return f"a {what} name has at most {MAX_NAME} characters ({len(stripped)} given)"
    for ch in stripped:
        if ch in _FORBIDDEN:
            return f"a {what} name may not contain {ch!r} ({_shown(stripped)})"
        if unicodedata.category(ch).startswith("C"):
            return f"a {what} name may not contain control characters ({_shown(stripped)})"
    if stripped in (".", ".."):
        return f"a {what} name may not be {stripped!r}"
    return None


def check_name(name: object, what: str) -> str:
    """The name, trimmed; IllegalAction with a sentence when it cannot be used."""
    problem = name_problem(name, what)
    if problem:
        rule = "Names"
        raise IllegalAction(f"{rule}: {problem}", rule)
    assert isinstance(name, str)
    return name.strip()


def slug(text: str, fallback: str = "sheet") -> str:
    """A file-name-safe form of a name: ASCII letters, digits, '-' and '_' only, at most
    60 characters, never empty, never a dot name ("USA 1st Inf/x" -> "USA-1st-Inf-x")."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    cleaned = re.sub(r"[^A-Za-z0-9_]+", "-", ascii_text).strip("-_")
    return cleaned[:60].strip("-_") or fallback


def _shown(name: str) -> str:
    text = repr(name)
    return text if len(text) <= 30 else text[:27] + "..."


def player(side: str) -> str:
    """ "the German player", "the US player": whose orders a line of the log carried out."""
    return f"the {side.upper() if len(side) <= 3 else side.capitalize()} player"
