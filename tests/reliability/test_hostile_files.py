"""Hostile files for every loader (maps, Kasserine games, campaigns): whatever the bytes,
the loader raises only its own format error, with one sentence, within 200 MB; a file
that does load is one the program can play on. What the costliest of them take in time is
a row of make bench (benchmarks/bench_hostile.py): no test here times anything.

The strategies live in strategies.py, shared with the atheris harness.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from hexcampaign.files import MAX_FILE_BYTES
from hexcampaign.rules import IllegalAction

from ._memory import PEAK_KB
from .strategies import LOADERS, big_attacks, error_classes, hostile

KINDS = ("map", "game", "campaign")
EXAMPLES = {"map": 120, "game": 120, "campaign": 120}
MEGABYTES = 200


def refused_with_a_sentence(kind: str, data: bytes, folder: Path | None = None) -> object | None:
    """Load `data` (from a file in `folder` when given, as the GUI does; else from
    memory); the only failure allowed is the kind's format error with a sentence.
    Returns what loaded, or None."""
    loader = LOADERS[kind]
    error = error_classes()[kind]
    if folder is not None:
        path = folder / f"hostile.{kind}"
        path.write_bytes(data)
    try:
        loaded = loader.load(data) if folder is None else loader.load_file(path)
    except error as e:
        message = str(e)
        assert message and "\n" not in message, f"not one sentence: {message!r}"
        assert len(message) < 400, f"a sentence, not a dump: {message!r}"
        assert message[-1] in ".)", f"not a sentence: {message!r}"
        assert "validation error" not in message and "Traceback" not in message, message
        loaded = None
    return loaded


def still_playable(kind: str, loaded: object) -> None:
    """A damaged file that loads after all must not break the program later."""
    if kind == "map":
        loaded.hexes(), loaded.places(), loaded.roads()
        return
    loaded.to_json()
    loaded.legal_actions()
    try:
        if kind == "game":
            loaded.units()
            for action in loaded.legal_actions()[:3]:
                loaded.apply(action)
        else:
            for f in loaded.formations():
                loaded.reachable(f.id)
            loaded.end_phase()
    except IllegalAction:
        pass


@pytest.mark.parametrize("kind", KINDS)
def test_hostile_files_raise_only_the_format_error(kind, tmp_path):
    @settings(
        max_examples=EXAMPLES[kind],
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(hostile(LOADERS[kind].real()))
    def check(data: bytes) -> None:
        loaded = refused_with_a_sentence(kind, data)
        if loaded is not None:
            still_playable(kind, loaded)
        from_file = refused_with_a_sentence(kind, data, tmp_path)
        assert (from_file is None) == (loaded is None), "file and text loaders disagree"

    check()


@pytest.mark.soak
@pytest.mark.parametrize("kind", KINDS)
def test_hostile_files_soak(kind, tmp_path):
    """The same with 5000 inputs per kind (make soak)."""

    @settings(
        max_examples=5000, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )
    @given(hostile(LOADERS[kind].real()))
    def check(data: bytes) -> None:
        loaded = refused_with_a_sentence(kind, data)
        if loaded is not None:
            still_playable(kind, loaded)
        refused_with_a_sentence(kind, data, tmp_path)

    check()


def test_the_real_saves_load():
    """The strategies mutate real saves: these must be good to begin with."""
    for kind in KINDS:
        assert refused_with_a_sentence(kind, LOADERS[kind].real().encode()) is not None


# In make test: the cheap attacks for every kind, one million-element list per kind, and
# the heaviest file (just under the size limit, refused as soon as it is parsed) once.
# make soak: every attack, every list of every kind a million long.
QUICK_ATTACKS = {
    "map": {"10^6-element rivers", "just under the size limit", "80 000 empty records in places"},
    "game": {"10^6-element actions", "80 000 empty records in actions"},
    "campaign": {"10^6-element actions", "80 000 empty records in state/log"},
}
CHEAP_ATTACKS = {
    "deep nesting",
    "very deep nesting",
    "huge integer",
    "huge integer everywhere",
    "negative integers everywhere",
    "long string",
}


def big_attacks_refused(kind: str, names: set[str] | None, folder: Path | None = None) -> int:
    """Each attack refused in a sentence (or harmlessly loaded), from memory and, given a
    folder, from a file. Returns how many were tried."""
    attacks = big_attacks(LOADERS[kind].real())
    chosen = {n: make for n, make in attacks.items() if names is None or n in names}
    for make in chosen.values():
        data = make()
        refused_with_a_sentence(kind, data)
        if folder is not None:
            refused_with_a_sentence(kind, data, folder)
    return len(chosen)


MEMORY_PROBE = PEAK_KB + """
import sys
sys.path.insert(0, sys.argv[1])
from reliability.strategies import LOADERS, big_attacks
worst = 0
for spec in sys.argv[2:]:
    kind, _, wanted = spec.partition("=")
    names = set(wanted.split("|")) if wanted else None
    loader = LOADERS[kind]
    loader.load(loader.real().encode())
    for name, make in big_attacks(loader.real()).items():
        if names is not None and name not in names:
            continue
        data = make()
        before = peak_kb()
        try:
            loader.load(data)
        except Exception:
            pass
        after = peak_kb()
        worst = max(worst, after - before)
        del data
print(worst // 1024)
"""


def peak_megabytes(chosen: dict[str, set[str] | None]) -> int:
    """The most any one attack raised a fresh process's peak memory (MB). The peak only
    rises, so each attack's rise is at most its own cost above the ones before."""
    tests = Path(__file__).resolve().parents[1]
    specs = [
        f"{kind}={'|'.join(sorted(names))}" if names else kind for kind, names in chosen.items()
    ]
    done = subprocess.run(
        [sys.executable, "-c", MEMORY_PROBE, str(tests), *specs],
        capture_output=True,
        text=True,
        timeout=1200,
    )
    # The probe imports the program afresh: say why if it could not run (a failure seen
    # once in a full run was the probe's, not a measurement; its stderr was not shown).
    assert done.returncode == 0 and done.stdout.split(), f"the memory probe failed: {done.stderr[-2000:]}"
    return int(done.stdout.split()[-1])


@pytest.mark.parametrize("kind", KINDS)
def test_big_attacks_are_refused_in_a_sentence_or_load_harmlessly(kind, tmp_path):
    """Deep nesting, huge integers, a million-element list, a five-megabyte name, a file
    just under the size limit: refused in a sentence (or, where harmless, loaded)."""
    assert big_attacks_refused(kind, CHEAP_ATTACKS | QUICK_ATTACKS[kind], tmp_path) >= 7


def test_big_attacks_cost_under_200_mb():
    chosen = {kind: CHEAP_ATTACKS | QUICK_ATTACKS[kind] for kind in KINDS}
    assert peak_megabytes(chosen) < MEGABYTES


@pytest.mark.soak
@pytest.mark.parametrize("kind", KINDS)
def test_every_list_a_million_long_soak(kind, tmp_path):
    assert big_attacks_refused(kind, None, tmp_path) >= 8
    assert peak_megabytes({kind: None}) < MEGABYTES


@pytest.mark.parametrize("kind", KINDS)
def test_a_file_above_the_size_limit_is_refused_before_it_is_read(kind, tmp_path, monkeypatch):
    from hexcampaign import files
    from hexcampaign.campaign import Campaign
    from hexcampaign.kasserine import Game
    from hexcampaign.maps import load_map

    load = {"map": load_map, "game": Game.load, "campaign": Campaign.load}[kind]
    path = tmp_path / f"huge.{kind}"
    with open(path, "wb") as f:  # sparse: costs no disk
        f.truncate(MAX_FILE_BYTES + 1)
    real_read = files.os.read
    read: list[int] = []

    def counted(fd, n):
        read.append(n)
        return real_read(fd, n)

    monkeypatch.setattr(files.os, "read", counted)
    with pytest.raises(error_classes()[kind], match="larger than"):
        load(path)
    assert not read, "the file was read before its size refused it"


# --- named damage a user could meet, each with the sentence it gets ----------------------


def _doc(kind: str) -> dict:
    return json.loads(LOADERS[kind].real())


def _refused(kind: str, doc: object, *words: str) -> str:
    error = error_classes()[kind]
    with pytest.raises(error) as info:
        LOADERS[kind].load(json.dumps(doc).encode())
    message = str(info.value)
    for word in words:
        assert word.lower() in message.lower(), message
    return message


@pytest.mark.parametrize("kind", KINDS)
def test_a_newer_version_asks_for_an_update(kind):
    _refused(kind, {**_doc(kind), "version": 99}, "newer" if kind == "map" else "update")


@pytest.mark.parametrize("kind", KINDS)
def test_an_unknown_version_is_named(kind):
    _refused(kind, {**_doc(kind), "version": "one"}, "version")


def test_a_game_unit_on_a_hex_that_does_not_exist():
    doc = _doc("game")
    unit = next(iter(doc["initial"]["units"]))
    doc["initial"]["units"][unit]["at"] = [40, 40]
    _refused("game", doc, unit, "not on the map")


def test_a_game_unit_filed_under_another_units_id():
    doc = _doc("game")
    units = doc["initial"]["units"]
    a, b = list(units)[:2]
    units[a], units[b] = units[b], units[a]
    _refused("game", doc, "filed under another id")


def test_a_game_whose_state_does_not_follow_from_its_log():
    doc = _doc("game")
    unit = next(iter(doc["state"]["units"]))
    doc["state"]["units"][unit]["cf"] += 1
    _refused("game", doc, "does not replay")


def test_a_game_whose_log_moves_to_a_400_digit_hex_is_refused_in_a_sentence():
    # Found by make soak: the rule quoted the number whole, a sentence of 500 characters.
    doc = _doc("game")
    move = next(a for a in doc["actions"] if a["kind"] == "move")
    move["path"][0] = [10**400, 0]
    doc.pop("check")
    message = _refused("game", doc, "breaks a rule", "off the map")
    assert len(message) < 300 and "0" * 20 not in message


def test_a_campaign_formation_on_a_hex_that_does_not_exist():
    doc = _doc("campaign")
    fid = next(iter(doc["state"]["formations"]))
    doc["state"]["formations"][fid]["hex"] = [99, -99]
    _refused("campaign", doc, fid, "not on the map")


def test_campaign_ids_that_collide():
    doc = _doc("campaign")
    formations = doc["state"]["formations"]
    a, b = list(formations)[:2]
    formations[a]["id"] = b
    _refused("campaign", doc, "filed under another id")


def test_a_campaign_unit_in_a_formation_that_does_not_exist():
    doc = _doc("campaign")
    uid = next(u for u, rec in doc["state"]["units"].items() if rec["where"] != "army_hq")
    doc["state"]["units"][uid]["where"] = "f999"
    _refused("campaign", doc, uid, "does not exist")


def test_a_map_with_two_places_of_one_name():
    doc = _doc("map")
    doc["places"].append({**doc["places"][0], "col": 0, "row": 0})
    _refused("map", doc, doc["places"][0]["name"])


def test_a_map_road_to_a_hex_that_does_not_exist():
    doc = _doc("map")
    doc.setdefault("roads", []).append([5, 4, 6, 4])
    _refused("map", doc, "off the")


def test_the_atheris_harness_checks_the_same_property():
    """fuzz_atheris.py runs only where atheris is installed; its check must not rot."""
    from .fuzz_atheris import one_input

    for kind in KINDS:
        one_input(kind, b"\x00 not a save")
        one_input(kind, LOADERS[kind].real().encode())
