"""The engine plays the very same games as before its speed-ups (issue 31): seeded random
games give the same actions, the same log and the same listed moves, and every action
the engine lists is the value validating its fields gives (a save writes it the same).

The digests below were taken from the engine before the speed-ups; a change of any rule,
of the order in which actions or moves are listed, or of a log line's words changes them.
If a rule is changed on purpose, take the new digests with `digests(seed)`."""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from pydantic import BaseModel

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

from players import choose, play  # noqa: E402

from hexcampaign.kasserine import Game  # noqa: E402
from hexcampaign.kasserine.context import copy_state  # noqa: E402
from hexcampaign.kasserine.state import GameState  # noqa: E402

# seed -> (actions, digest of the actions, digest of the log)
GAMES = {
    1: (249, "4e81f9b897cfd102", "3c9b4a89cfe2a362"),
    2: (331, "f262566ac86a66d3", "f3c64cf946abfc15"),
    4: (276, "386f49e93e26373d", "d2c01161e337aa66"),
}
# seed 1: the digest of legal_actions() with every move, at every 10th action
MOVES_SEED, MOVES_DIGEST = 1, "4f63d386fe056fd6"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def digests(seed: int) -> tuple[int, str, str]:
    g = Game.scenario(seed=seed)
    play(g, random.Random(seed))
    actions = [a.model_dump(mode="json") for a in g.actions()]
    return len(actions), _digest(json.dumps(actions, sort_keys=True)), _digest("\n".join(g.log()))


def moves_digest(seed: int) -> str:
    g = Game.scenario(seed=seed)
    rng = random.Random(seed)
    h = hashlib.sha256()
    step = 0
    while not g.over:
        if step % 10 == 0:
            for a in g.legal_actions():
                h.update(a.model_dump_json().encode("utf-8"))
                h.update(repr(sorted(a.model_fields_set)).encode("utf-8"))
        g.apply(choose(g, rng))
        step += 1
    return h.hexdigest()[:16]


@pytest.mark.parametrize("seed", sorted(GAMES))
def test_a_seeded_random_game_is_the_same_game(seed: int) -> None:
    assert digests(seed) == GAMES[seed]


def test_the_moves_listed_are_the_same() -> None:
    assert moves_digest(MOVES_SEED) == MOVES_DIGEST


def test_listed_actions_are_the_actions_their_fields_make() -> None:
    """The engine builds its own actions without validating them: each must be the value
    validation gives, so a save writes it and reads it back the same."""
    g = Game.scenario(seed=3)
    rng = random.Random(3)
    kinds: Counter[str] = Counter()
    step = 0
    while not g.over:
        for a in g.legal_actions(moves=step % 25 == 0):
            if kinds[type(a).__name__] >= 300:
                continue
            fields = {name: getattr(a, name) for name in a.model_fields_set}
            again = type(a)(**fields)
            assert a == again and list(a.__dict__) == list(again.__dict__), a
            assert a.model_fields_set == again.model_fields_set, a
            assert a.model_dump_json() == again.model_dump_json(), a
            assert type(a).model_validate_json(a.model_dump_json()) == a
            kinds[type(a).__name__] += 1
        g.apply(choose(g, rng))
        step += 1
    assert {"PlaceUnit", "MoveUnit", "EndPhase", "DeclareAttack", "Resolve", "BreakdownUnit"} <= set(kinds)


def test_a_copied_state_is_the_state_a_save_reads_back() -> None:
    """Undo, snapshots and trial placements copy the state without validating it: the
    copy must be what validating the state's dump gives (what a save reads back), field
    by field, and share nothing that can change with the original."""
    g = Game.scenario(seed=5)
    rng = random.Random(5)
    step = 0
    while not g.over:
        if step % 9 == 0:
            copy = copy_state(g.state)
            read = GameState.model_validate(g.state.model_dump())
            _same(copy, read)
            assert copy.model_dump_json() == read.model_dump_json()
            assert all(copy.units[k] is not u for k, u in g.state.units.items())
        g.apply(choose(g, rng))
        step += 1


def _same(a: object, b: object, where: str = "state") -> None:
    assert type(a) is type(b), where
    if isinstance(a, BaseModel) and isinstance(b, BaseModel):
        assert list(a.__dict__) == list(b.__dict__), where
        assert a.model_fields_set == b.model_fields_set, where
        for name in a.__dict__:
            _same(a.__dict__[name], b.__dict__[name], f"{where}.{name}")
    elif isinstance(a, list | tuple) and isinstance(b, list | tuple):
        assert len(a) == len(b), where
        for k, (x, y) in enumerate(zip(a, b, strict=True)):
            _same(x, y, f"{where}[{k}]")
    elif isinstance(a, dict) and isinstance(b, dict):
        assert list(a) == list(b), where
        for k in a:
            _same(a[k], b[k], f"{where}[{k}]")
    else:
        assert a == b, where


if __name__ == "__main__":
    for s in GAMES:
        print(s, digests(s))
    print(MOVES_SEED, moves_digest(MOVES_SEED))
