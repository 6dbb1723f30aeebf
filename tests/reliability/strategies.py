"""Hostile inputs for every loader, as hypothesis strategies (used by the tests here and
by the atheris harness fuzz_atheris.py through hypothesis' fuzz_one_input).

Each strategy makes the bytes of a file someone might hand the program: random bytes,
real saves truncated, bit-flipped or with a field anywhere inside replaced by any JSON
value, random JSON, wrong types, huge integers, deep nesting, very long lists, unknown
and newer versions. `LOADERS` names each file kind's loader, its format error and a
real save to mutate.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from hypothesis import strategies as st

from hexcampaign.files import FileFormatError

# --- JSON values, including the awkward ones ------------------------------------------

awkward_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.sampled_from([2**63, -(2**63) - 1, 10**400, -1, 0, 2**31])
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(["", "0", "german", "allied", "us", "clear", "<script>", "../../x"])
    | st.just("x" * 1000)  # a name or id far longer than any sentence should quote
)

json_values = st.recursive(
    awkward_scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=30,
)


# --- mutations of a real save ---------------------------------------------------------


def paths_in(doc: object, prefix: tuple = ()) -> list[tuple]:
    """Every path (keys and indices) to a value inside a JSON document."""
    found = [prefix]
    if isinstance(doc, dict):
        for key, value in doc.items():
            found.extend(paths_in(value, (*prefix, key)))
    elif isinstance(doc, list):
        for i, value in enumerate(doc[:50]):  # long lists: their first items suffice
            found.extend(paths_in(value, (*prefix, i)))
    return found


def replaced(doc: object, path: tuple, value: object) -> object:
    """A copy of `doc` with the value at `path` replaced (the root if path is empty)."""
    if not path:
        return value
    copy = json.loads(json.dumps(doc))
    parent = copy
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return copy


def deleted(doc: object, path: tuple) -> object:
    copy = json.loads(json.dumps(doc))
    if not path:
        return copy
    parent = copy
    for step in path[:-1]:
        parent = parent[step]
    del parent[path[-1]]
    return copy


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


@st.composite
def field_replaced(draw, real: str):
    """A real save with one value anywhere inside replaced by any JSON value."""
    doc = json.loads(real)
    path = draw(st.sampled_from(paths_in(doc)))
    value = draw(json_values)
    return json.dumps(replaced(doc, path, value)).encode()


@st.composite
def field_deleted(draw, real: str):
    doc = json.loads(real)
    path = draw(st.sampled_from(paths_in(doc)[1:]))
    return json.dumps(deleted(doc, path)).encode()


@st.composite
def same_type_changed(draw, real: str):
    """Plausible damage: a number, string or pair nudged to another of its kind (an id
    that collides, a hex off the map, a count out of range)."""
    doc = json.loads(real)
    leaves = [p for p in paths_in(doc) if p and _at(doc, p) is not None]
    path = draw(st.sampled_from(leaves))
    old = _at(doc, path)
    if isinstance(old, bool):
        new = not old
    elif isinstance(old, int):
        new = draw(st.sampled_from([old + 1, old - 1, -old, old + 1000, 10**12, 0, -1]))
    elif isinstance(old, str):
        strings = [p for p in paths_in(doc) if isinstance(_at(doc, p), str)]
        new = _at(doc, draw(st.sampled_from(strings)))  # another string of the same file
    elif isinstance(old, list) and old:
        new = draw(st.permutations(old)) if draw(st.booleans()) else old + old[:1]
    elif isinstance(old, dict) and old:
        keys = list(old)
        a, b = draw(st.sampled_from(keys)), draw(st.sampled_from(keys))
        new = dict(old)
        new[a], new[b] = old[b], old[a]  # two records swap keys: ids no longer match
    else:
        new = draw(json_values)
    return json.dumps(replaced(doc, path, new)).encode()


def _at(doc: object, path: tuple) -> object:
    for step in path:
        doc = doc[step]  # type: ignore[index]
    return doc


def truncated(real: str):
    data = real.encode()
    return st.integers(0, len(data) - 1).map(lambda cut: data[:cut])


def bit_flipped(real: str):
    data = real.encode()

    def flip(args: tuple[int, int]) -> bytes:
        pos, bit = args
        out = bytearray(data)
        out[pos] ^= 1 << bit
        return bytes(out)

    return st.tuples(st.integers(0, len(data) - 1), st.integers(0, 7)).map(flip)


def byte_replaced(real: str):
    data = real.encode()

    def put(args: tuple[int, int]) -> bytes:
        pos, byte = args
        out = bytearray(data)
        out[pos] = byte
        return bytes(out)

    return st.tuples(st.integers(0, len(data) - 1), st.integers(0, 255)).map(put)


def versions(real: str):
    """Unknown, newer, older and mistyped versions and formats."""
    doc = json.loads(real)
    return st.one_of(
        st.sampled_from([0, -1, 2, 3, 99, 2**70, "1", 1.0, None, True, [1]]).map(
            lambda v: json.dumps({**doc, "version": v}).encode()
        ),
        st.sampled_from(
            ["", "hexcampaign-map", "hexcampaign-campaign", "hexcampaign-kasserine-game", None, 1]
        ).map(lambda f: json.dumps({**doc, "format": f}).encode()),
    )


def hostile(real: str):
    """Every kind of hostile file, built from a real save of that kind."""
    return st.one_of(
        st.binary(max_size=300),
        json_values.map(lambda v: json.dumps(v).encode()),
        truncated(real),
        bit_flipped(real),
        byte_replaced(real),
        field_replaced(real),
        field_deleted(real),
        same_type_changed(real),
        versions(real),
    )


# --- big attacks (one example each; they are slow to generate) ----------------------------


def big_attacks(real: str) -> dict[str, Callable[[], bytes]]:
    """Named attacks a random strategy would rarely reach: sizes and depths at the
    limits, and every list in the document in turn made a million elements long. Each is
    made when called (they are megabytes each)."""
    doc = json.loads(real)
    attacks: dict[str, Callable[[], bytes]] = {
        "deep nesting": lambda: json.dumps({**doc, "version": json.loads(nested(100))}).encode(),
        "very deep nesting": lambda: nested(200_000).encode(),
        "huge integer": lambda: (
            json.dumps({**doc, "version": 1})
            .replace('"version": 1', '"version": ' + "9" * 4000)
            .encode()
        ),
        "huge integer everywhere": lambda: _every_int(doc, 10**30),
        "negative integers everywhere": lambda: _every_int(doc, -(10**6)),
        "long string": lambda: json.dumps({**doc, "name": "x" * 5_000_000}).encode(),
        "just under the size limit": _just_under_the_limit,
    }
    for path in paths_in(doc):
        if path and isinstance(_at(doc, path), list) and len(path) <= 3:
            label = "/".join(map(str, path))
            attacks[f"10^6-element {label}"] = _million(doc, path)
            attacks[f"80 000 empty records in {label}"] = _empty_records(doc, path)
    return attacks


def costliest(kind: str) -> dict[str, bytes]:
    """The files that cost a loader most under the limits: 4 MiB of empty lists (refused
    by the container count before parsing) and, just under that count, small lists and
    objects under the key each format allows longest."""
    from hexcampaign.files import MAX_CONTAINERS, MAX_FILE_BYTES

    doc = json.loads(LOADERS[kind].real())
    key = {"map": "rivers", "game": "actions", "campaign": "actions"}[kind]
    head = json.dumps({**doc, key: "@@"}, separators=(",", ":")).encode()

    def under(item: bytes) -> bytes:
        room = int((MAX_FILE_BYTES - len(head)) * 0.98) // (len(item) + 1)
        n = min(room, MAX_CONTAINERS - 1000)
        groups = [b"[" + b",".join([item] * min(9999, n - i)) + b"]" for i in range(0, n, 9999)]
        return head.replace(b'"@@"', b"[" + b",".join(groups) + b"]")

    return {
        "4 MiB of empty lists": b"[" + b"[]," * ((MAX_FILE_BYTES - 5) // 3) + b"[]]",
        "empty lists under the count": under(b"[]"),
        "pairs under the count": under(b"[1,2]"),
        "objects under the count": under(b'{"a":1}'),
        "floats": under(b"1.5"),
    }


def _empty_records(doc: object, path: tuple) -> Callable[[], bytes]:
    """Many small wrong items: pydantic would list a problem for every field of each."""

    def make() -> bytes:
        return json.dumps(replaced(doc, path, [{}] * 80_000), separators=(",", ":")).encode()

    return make


def _just_under_the_limit() -> bytes:
    """The costliest file to parse that the size limit lets through: small lists."""
    from hexcampaign.files import MAX_FILE_BYTES

    return b"[" + b"[0,0,0,0]," * ((MAX_FILE_BYTES - 4) // 10) + b"[]]"


def _million(doc: object, path: tuple) -> Callable[[], bytes]:
    def make() -> bytes:
        items = _at(doc, path)
        item = items[0] if items else 0  # type: ignore[index]
        return json.dumps(replaced(doc, path, [item] * 1_000_000)).encode()

    return make


def _every_int(doc: object, value: int) -> bytes:
    def swap(x: object) -> object:
        if isinstance(x, bool):
            return x
        if isinstance(x, int):
            return value
        if isinstance(x, list):
            return [swap(i) for i in x]
        if isinstance(x, dict):
            return {k: swap(v) for k, v in x.items()}
        return x

    return json.dumps(swap(doc)).encode()


# --- the loaders --------------------------------------------------------------------------


@dataclass(frozen=True)
class Loader:
    """A file kind: how its bytes are loaded, the one error it may raise, a real save."""

    kind: str
    load: Callable[[bytes], object]
    error: type[FileFormatError]
    real: Callable[[], str]
    load_file: Callable[[object], object]  # the loader the GUI uses, from a path


def _load_map(data: bytes) -> object:
    from hexcampaign.maps import loads_map

    return loads_map(data, "hostile.hexmap")


def _load_game(data: bytes) -> object:
    from hexcampaign.kasserine.game import Game

    return Game.from_json(data)


def _load_map_file(path: object) -> object:
    from hexcampaign.maps import load_map

    return load_map(path)  # type: ignore[arg-type]


def _load_game_file(path: object) -> object:
    from hexcampaign.kasserine.game import Game

    return Game.load(path)


def _load_campaign_file(path: object) -> object:
    from hexcampaign.campaign import Campaign

    return Campaign.load(path)  # type: ignore[arg-type]


def _load_campaign(data: bytes) -> object:
    from hexcampaign.campaign import Campaign

    return Campaign.from_json(data)


@cache
def real_map() -> str:
    from hexcampaign.hexes import Hex
    from hexcampaign.maps import HexMap, dumps_map

    m = HexMap.blank(6, 5, palette="kasserine")
    at = Hex.from_offset
    m.set_terrain(at(1, 1), "high_ground")
    m.set_elevation(at(1, 1), 1)
    m.set_river(at(3, 0), True)
    m.set_river(at(3, 1), True)
    m.add_road(at(2, 2), at(3, 2))
    m.add_cliff(at(1, 1), at(1, 2))
    m.add_place(at(2, 2), "Thala", "town", vp=2)
    m.add_label(at(4, 4), "Road 1")
    return json.dumps(json.loads(dumps_map(m)), indent=1)


@cache
def real_game() -> str:
    """A short Kasserine game with moves, an attack and its die roll in the log."""
    from hexcampaign.hexes import Hex
    from hexcampaign.kasserine import Game, UnitSpec
    from hexcampaign.kasserine.state import DeclareAttack, EndPhase, MoveUnit, Resolve
    from hexcampaign.maps import HexMap

    at = Hex.from_offset
    m = HexMap.blank(8, 6, palette="kasserine")
    m.add_place(at(2, 2), "Thala", "city", vp=2)
    m.set_river(at(4, 4), True)

    def unit(uid: str, side: str, col: int, row: int) -> UnitSpec:
        german = side == "german"
        return UnitSpec(
            id=uid,
            side=side,
            nationality="german" if german else "us",
            kind="armor" if german else "infantry",
            size="battalion",
            cf=4 if german else 1,
            mf=16,
            hex=at(col, row),
        )

    units = [
        unit("pz1", "german", 6, 2),
        unit("pz2", "german", 6, 3),
        unit("us1", "allied", 2, 2),
        unit("us2", "allied", 1, 4),
    ]
    g = Game.custom(m, units, seed=9)
    rng = random.Random(9)
    for _ in range(40):  # random legal play until a roll is in the log
        actions = g.legal_actions()
        kinds = [a for a in actions if isinstance(a, DeclareAttack | Resolve)]
        moves = [a for a in actions if isinstance(a, MoveUnit)]
        ends = [a for a in actions if isinstance(a, EndPhase)]
        choice = (kinds and kinds[0]) or (moves and rng.random() < 0.6 and rng.choice(moves))
        g.apply(choice or (ends[0] if ends else rng.choice(actions)))
        if any(a.faces for a in g.actions()) and len(g.actions()) > 6:
            break
    return g.to_json()


@cache
def real_campaign() -> str:
    """A campaign a few phases in: formations, units, a corps, production."""
    from hexcampaign.campaign import Campaign
    from hexcampaign.hexes import Hex
    from hexcampaign.maps import HexMap

    at = Hex.from_offset
    m = HexMap.blank(10, 7, palette="cm")
    m.add_place(at(1, 3), "Berlin", "capital", pp=3)
    m.add_place(at(8, 3), "Washington", "capital", pp=3)
    m.add_place(at(5, 3), "Kasserine", "town", pp=2)
    c = Campaign.new(
        m, sides=("german", "us"), capitals={"german": at(1, 3), "us": at(8, 3)}, seed=4
    )
    corps = c.deploy("german", "corps", at(2, 3))
    c.deploy("german", "infantry", at(3, 3), ["grenadier_company"], corps=corps)
    c.deploy("us", "infantry", at(7, 3), ["rifle_company", "rifle_company"])
    c.rename(corps, "XC Korps")
    c.end_phase()
    return c.to_json()


LOADERS = {
    "map": Loader("map", _load_map, FileFormatError, real_map, _load_map_file),
    "game": Loader("game", _load_game, FileFormatError, real_game, _load_game_file),
    "campaign": Loader(
        "campaign", _load_campaign, FileFormatError, real_campaign, _load_campaign_file
    ),
}


def error_classes() -> dict[str, type[FileFormatError]]:
    """Each kind's own format error (imported late: the loaders are the code under test)."""
    from hexcampaign.campaign import CampaignFormatError
    from hexcampaign.maps import MapFormatError

    classes: dict[str, type[FileFormatError]] = {
        "map": MapFormatError,
        "campaign": CampaignFormatError,
    }
    try:
        from hexcampaign.kasserine.game import GameFormatError

        classes["game"] = GameFormatError
    except ImportError:
        classes["game"] = FileFormatError
    return classes
