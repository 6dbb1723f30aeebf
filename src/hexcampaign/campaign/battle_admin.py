"""Battle administration: where each battle stands between the umpire and the players
(declared, sheets sent, fought, result entered), who owes what, and the CM save or
after-action report attached to it.

The status is kept on the battle record by three typed actions (actions.py:
MarkSheetsSent, MarkFought, AttachBattleFile) applied through play.apply like every
other action, so they are logged and undone with Back. An attached file's bytes are
copied into a folder beside the campaign's file, named by the battle and the file's
SHA-256 (never by anything typed), so the name cannot leave that folder and the hash
tells a changed or missing copy; the campaign holds only its name, size and hash
(docs/file-formats.md, "Battle attachments").
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from hexcampaign.campaign import actions as A
from hexcampaign.campaign.state import BattleFile, BattleRecord
from hexcampaign.campaign.world import World
from hexcampaign.files import FileFormatError, atomic_export, quoted_name, read_limited
from hexcampaign.rules import IllegalAction

Status = Literal["declared", "sheets sent", "fought", "result entered"]
STATUSES: tuple[Status, ...] = ("declared", "sheets sent", "fought", "result entered")
# The largest file a battle takes: a big CM save (PBEM files of large battles run to
# tens of MB) with room to spare, yet not a whole disk image copied by a slip.
MAX_ATTACHMENT_BYTES = 64 * 1024 * 1024
MAX_FILES_PER_BATTLE = 20
MAX_NAME = 200
FOLDER_SUFFIX = ".files"  # "Ardennes.hxcampaign" keeps its files in "Ardennes.hxcampaign.files"
CM_SAVE_SUFFIXES = (".bts", ".ema", ".cam", ".btt")
_SHA256 = re.compile(r"^[0-9a-f]{64}$")
_SAFE_SUFFIX = re.compile(r"^\.[A-Za-z0-9]{1,8}$")
_SAFE_ID = re.compile(r"[^A-Za-z0-9_-]+")


@dataclass(frozen=True)
class BattleStatus:
    """Where one battle stands: its status, the side whose player builds it in CM and
    sends its result, what is owed (one sentence each; empty when nothing is), and the
    files attached to it."""

    battle: str
    status: Status
    host: str
    owed: tuple[str, ...]
    files: tuple[BattleFile, ...]

    @property
    def step(self) -> int:
        """0 to 3: how far along the four statuses the battle is."""
        return STATUSES.index(self.status)


def status_of(b: BattleRecord) -> Status:
    if b.result is not None:
        return "result entered"
    if b.fought:
        return "fought"
    if b.sheets_sent:
        return "sheets sent"
    return "declared"


def host_of(b: BattleRecord) -> str:
    """Whose player builds the battle in CM and sends its result: the side the umpire
    named when the sheets went out, else the attacker."""
    return b.host if b.host in (b.attacker_side, b.defender_side) and b.host else b.attacker_side


def battle_status(source: object, battle_id: str) -> BattleStatus:
    """The status of a battle and who owes what ("The us player owes the CM result of
    battle B3."). `source` is a Campaign or its World."""
    w = _world_of(source)
    b = w.battle_record(battle_id)
    status = status_of(b)
    host = host_of(b)
    both = f"the {b.attacker_side} and {b.defender_side} players"
    owed: list[str]
    if status == "declared":
        owed = [f"The umpire owes {both} the set-up sheets of battle {b.id}."]
    elif status == "sheets sent":
        owed = [
            f"The {host} player owes battle {b.id} built in CM and fought with the "
            f"{b.defender_side if host == b.attacker_side else b.attacker_side} player.",
            f"The {host} player owes the CM result of battle {b.id}.",
        ]
    elif status == "fought":
        owed = [f"The {host} player owes the CM result of battle {b.id}."]
    else:
        owed = []
    if status in ("fought", "result entered") and not b.files:
        owed.append(f"The {host} player owes the CM save or after-action report of battle {b.id}.")
    return BattleStatus(b.id, status, host, tuple(owed), tuple(b.files))


# --- the actions' rules (play.HANDLERS) -----------------------------------------------------


def _before_fought(w: World, battle: str, what: str) -> BattleRecord:
    """The battle, refused when it has been fought or has its result already (its status
    only moves forward; Back takes a mark back)."""
    b = w.battle_record(battle)
    if b.result is not None:
        raise IllegalAction(f"{what}: battle {b.id} has its result already", what)
    if b.fought:
        raise IllegalAction(f"{what}: battle {b.id} was marked fought already", what)
    return b


def mark_sheets_sent(w: World, a: A.MarkSheetsSent) -> None:
    what = "Sheets sent"
    b = _before_fought(w, a.battle, what)
    if b.sheets_sent:
        raise IllegalAction(f"{what}: the sheets of battle {b.id} were marked sent already", what)
    if a.host is not None and a.host not in (b.attacker_side, b.defender_side):
        raise IllegalAction(
            f"{what}: {a.host!r} does not fight battle {b.id}; its sides are "
            f"{b.attacker_side} and {b.defender_side}",
            what,
        )
    b.sheets_sent = True
    b.host = a.host or b.attacker_side
    w.say(
        f"Battle {b.id}: the set-up sheets are sent to the {b.attacker_side} and "
        f"{b.defender_side} players; the {b.host} player builds it in CM and sends its result",
        (b.attacker_side, b.defender_side),
    )


def mark_fought(w: World, a: A.MarkFought) -> None:
    b = _before_fought(w, a.battle, "Fought")
    b.fought = True
    w.say(
        f"Battle {b.id} has been fought in CM; its result is awaited from the {host_of(b)} player",
        (b.attacker_side, b.defender_side),
    )


def attach_file(w: World, a: A.AttachBattleFile) -> None:
    b = w.battle_record(a.battle)
    what = "Attach file"
    problem = attachment_problem(a.name, a.sha256, a.size)
    if problem:
        raise IllegalAction(f"{what}: {problem}", what)
    if any(f.sha256 == a.sha256 for f in b.files):
        raise IllegalAction(f"{what}: battle {b.id} has this very file attached already", what)
    if len(b.files) >= MAX_FILES_PER_BATTLE:
        raise IllegalAction(
            f"{what}: battle {b.id} has {MAX_FILES_PER_BATTLE} files attached, the most it takes",
            what,
        )
    b.files.append(BattleFile(name=a.name, sha256=a.sha256, size=a.size, kind=a.kind, turn=w.turn))
    label = "CM save" if a.kind == "cm_save" else "after-action report"
    w.say(
        f"Battle {b.id}: its {label} {a.name!r} is attached ({size_words(a.size)})",
        (b.attacker_side, b.defender_side),
    )


def attachment_problem(name: str, sha256: str, size: int) -> str | None:
    """Why an attachment's record is not acceptable (a clause), or None."""
    if not name.strip() or len(name) > MAX_NAME or any(ord(ch) < 32 for ch in name):
        return "the file's name is empty, too long or holds control characters"
    if not _SHA256.match(sha256):
        return "its SHA-256 is not 64 hexadecimal digits"
    if not 0 <= size <= MAX_ATTACHMENT_BYTES:
        return too_large(name, size)
    return None


def too_large(name: str, size: int) -> str:
    return (
        f"{name!r} is {size_words(size)}; a battle takes files of at most "
        f"{size_words(MAX_ATTACHMENT_BYTES)}"
    )


# --- the attached files beside the campaign ---------------------------------------------------


def files_folder(campaign_path: Path | str) -> Path:
    """The folder beside a campaign's file that holds its battles' attachments."""
    p = Path(campaign_path)
    return p.with_name(p.name + FOLDER_SUFFIX)


def stored_name(battle_id: str, sha256: str, name: str) -> str:
    """A file's name in the folder: the battle, the hash and the original suffix, never
    anything else typed (so it cannot point outside the folder)."""
    suffix = Path(name).suffix
    suffix = suffix.lower() if _SAFE_SUFFIX.match(suffix) else ""
    return f"{_SAFE_ID.sub('_', battle_id)[:40] or 'battle'}-{sha256[:16]}{suffix}"


def kind_of(name: str) -> Literal["cm_save", "aar"]:
    """A CM save by its suffix; anything else (a screenshot, a text, a PDF) is an
    after-action report."""
    return "cm_save" if Path(name).suffix.lower() in CM_SAVE_SUFFIXES else "aar"


def store_file(campaign_path: Path | str, battle_id: str, source: Path | str) -> A.AttachBattleFile:
    """Copy `source` into the campaign's folder of attachments (written whole or not at
    all) and return the action that records it; FileFormatError with one sentence for a
    file too large or unreadable, OSError when the copy cannot be written."""
    source = Path(source)
    try:
        size = source.stat().st_size
    except OSError:
        size = 0  # read_limited says what is wrong with it
    if size > MAX_ATTACHMENT_BYTES:
        raise FileFormatError(
            f"{quoted_name(source)} cannot be attached: {too_large(source.name, size)}."
        )
    data = read_limited(source, "file to attach", MAX_ATTACHMENT_BYTES)
    digest = hashlib.sha256(data).hexdigest()
    folder = files_folder(campaign_path)
    target = folder / stored_name(battle_id, digest, source.name)
    if not (target.is_file() and _sha256_of(target) == digest):
        folder.mkdir(exist_ok=True)
        atomic_export(target, lambda f: f.write(data))
    return A.AttachBattleFile(
        battle=battle_id,
        name=source.name[:MAX_NAME],
        sha256=digest,
        size=len(data),
        kind=kind_of(source.name),
    )


def attached_path(campaign_path: Path | str, battle_id: str, f: BattleFile) -> Path | None:
    """The copy of an attached file beside the campaign, or None when it is missing or
    its bytes are no longer the ones attached (the hash differs)."""
    target = files_folder(campaign_path) / stored_name(battle_id, f.sha256, f.name)
    try:
        return target if target.is_file() and _sha256_of(target) == f.sha256 else None
    except OSError:
        return None


def size_words(size: int) -> str:
    if size < 1024:
        return f"{size} bytes"
    if size < 1024 * 1024:
        return f"{size / 1024:.0f} KB"
    return f"{size / (1024 * 1024):.1f} MB".replace(".0 MB", " MB")


def _sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _world_of(source: object) -> World:
    w = source if isinstance(source, World) else getattr(source, "_world", None)
    if not isinstance(w, World):
        raise TypeError("a campaign or its world is needed")
    return w
