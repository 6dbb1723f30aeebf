"""Kasserine by e-mail: verifying and replaying one turn file (budget 100 ms, the
slowest file of a whole game) and a whole game's history, every file of the game
verified again by its receiver from the local save it had just before (budget 500 ms
for them all). The game is played to its end by random legal actions of both players,
with seeded secrets so the run is repeatable."""

from __future__ import annotations

import random
import statistics
import time

from common import Result
from players import SeededSecrets, choose_by_mail


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

    mail.secrets = SeededSecrets(seed)  # type: ignore[assignment]
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
        mover.apply(choose_by_mail(mover, rng))
    import secrets as real

    mail.secrets = real  # type: ignore[assignment]
    return files, before
