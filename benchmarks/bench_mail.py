"""Kasserine by e-mail: verifying and replaying one turn file (budget 100 ms, the
slowest file of a whole game) and a whole game's history, every file of the game
verified again by its receiver from the local save it had just before (budget 500 ms
for them all). The game is played to its end by random legal actions of both players,
with seeded secrets so the run is repeatable."""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from common import Result


def run() -> list[Result]:
    files, copies_before = _whole_game(seed=4)
    one = []
    for (_sender, data), before in zip(files[1:], copies_before[1:]):
        from hexcampaign.kasserine.mail import MailGame

        receiver = MailGame.from_json(before)
        t = time.perf_counter()
        receiver.receive(data)
        one.append((time.perf_counter() - t) * 1000)
    history = sum(one)
    return [
        Result(
            "e-mail: verify and replay one turn file (slowest)",
            max(one),
            budget=100.0,
            extra={"median_ms": statistics.median(one), "files": len(one)},
        ),
        Result(
            f"e-mail: verify a whole game's history ({len(files)} files)",
            history,
            budget=500.0,
        ),
    ]


def _whole_game(seed: int) -> tuple[list[tuple[str, bytes]], list[str]]:
    """Every file of one game by e-mail, and before each its receiver's local save."""
    from hexcampaign.kasserine import mail
    from hexcampaign.kasserine.mail import MailGame

    mail.secrets = _Seeded(seed)  # type: ignore[assignment]
    rng = random.Random(seed)
    german = MailGame.start(side="german", names={"german": "Erwin", "allied": "Lloyd"})
    allied = MailGame.join(german.outgoing() or b"")
    copies = {"german": german, "allied": allied}
    files: list[tuple[str, bytes]] = [("german", german.outgoing() or b"")]
    before: list[str] = [""]
    sent = {"german": files[0][1], "allied": b""}
    for _ in range(20000):
        moved = True
        while moved:
            moved = False
            for side, me in copies.items():
                out = me.outgoing()
                if out is not None and out != sent[side]:
                    other = copies["allied" if side == "german" else "german"]
                    before.append(other.to_json())
                    files.append((side, out))
                    sent[side] = out
                    other.receive(out)
                    moved = True
        mover = next((c for c in copies.values() if c.my_move), None)
        if mover is None:
            break
        mover.apply(_choose(mover, rng))
    import secrets as real

    mail.secrets = real  # type: ignore[assignment]
    return files, before


def _choose(mover: Any, rng: random.Random) -> Any:
    from hexcampaign.kasserine.state import DeclareAttack, EndPhase, Resolve

    g = mover.game
    actions = mover.legal_actions(moves=False)
    ends = [a for a in actions if isinstance(a, EndPhase)]
    fights = [a for a in actions if isinstance(a, DeclareAttack | Resolve)]
    others = [a for a in actions if a not in ends and a not in fights]
    if fights and rng.random() < 0.6:
        return rng.choice(fights)
    if others and rng.random() < 0.8:
        return rng.choice(others)
    if "movement" in g.phase and rng.random() < 0.8:
        mine = [u.id for u in g.units() if u.side == mover.side and u.hex is not None]
        moves = g.legal_moves(rng.choice(mine)) if mine else []
        if moves:
            return rng.choice(moves)
    return rng.choice(ends or others or fights)


class _Seeded:
    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def token_bytes(self, n: int) -> bytes:
        return self._random.randbytes(n)

    def token_hex(self, n: int) -> str:
        return self.token_bytes(n).hex()
