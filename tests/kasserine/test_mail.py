"""Kasserine Pass by e-mail: two copies kept in step by turn files, every tampering
refused with nothing changed, dice from both players' secrets."""

from __future__ import annotations

import json
import random

import pytest
from benchmarks.players import SeededSecrets, choose_by_mail  # the random players

from hexcampaign.kasserine import mail
from hexcampaign.kasserine.mail import MailGame, TurnFileError, _sealed, dice_faces
from hexcampaign.kasserine.state import EndPhase, Resolve

NAMES = {"german": "Erwin", "allied": "Lloyd"}


@pytest.fixture(autouse=True)
def seeded_secrets(monkeypatch):
    monkeypatch.setattr(mail, "secrets", SeededSecrets(12345))


class Table:
    """Two players' copies and the files between them, delivered as they are written."""

    def __init__(self, seed: int, secrets_seed: int | None = None) -> None:
        if secrets_seed is not None:
            mail.secrets = SeededSecrets(secrets_seed)
        self.rng = random.Random(seed)
        self.german = MailGame.start(side="german", names=NAMES, options=None)
        self.allied = MailGame.join(self.german.outgoing())
        self.delivered = {"german": self.german.outgoing(), "allied": None}
        self.files: list[tuple[str, bytes]] = []

    def copy(self, side: str) -> MailGame:
        return self.german if side == "german" else self.allied

    def deliver(self, hold=None) -> tuple[MailGame, bytes] | None:
        """Send every new file to the other side; the receiver's log then starts with
        the sender's whole log (its copy may have rolled a waiting attack since). A file
        for which `hold(file)` is true is not sent: (its receiver, the file) come back."""
        moved = True
        while moved:
            moved = False
            for side in ("german", "allied"):
                out = self.copy(side).outgoing()
                if out is not None and out != self.delivered[side]:
                    if hold is not None and hold(out):
                        return self.copy("allied" if side == "german" else "german"), out
                    self.delivered[side] = out
                    self.files.append((side, out))
                    sender = self.copy(side)
                    receiver = self.copy("allied" if side == "german" else "german")
                    receiver.receive(out)
                    assert receiver.game.log()[: len(sender.game.log())] == sender.game.log()
                    moved = True
        return None

    def step(self) -> bool:
        """One action by whoever must act; False when nobody may."""
        self.deliver()
        mover = next((c for c in (self.german, self.allied) if c.my_move), None)
        if mover is None:
            return False
        mover.apply(choose_by_mail(mover, self.rng))
        return True


def play_until(table: Table, done, limit: int = 6000) -> None:
    for _ in range(limit):
        if done() or not table.step():
            return
    raise AssertionError("the game by e-mail did not get there")


def rolled(game) -> list[list[int]]:
    return [list(a.faces) for a in game.actions() if a.faces]


def test_a_whole_game_by_email_keeps_both_copies_identical_to_the_end():
    table = Table(seed=4)
    play_until(table, lambda: table.german.game.over)
    table.deliver()
    g, a = table.german.game, table.allied.game
    assert g.over and a.over
    assert g.log() == a.log() and g.state == a.state
    assert g.victory_level() == a.victory_level()
    assert len(rolled(g)) >= 5  # attacks were rolled, each from both players' secrets
    assert {side for side, _ in table.files} == {"german", "allied"}


def test_the_local_save_plays_on_identically_with_the_same_dice():
    table = Table(seed=2)
    play_until(table, lambda: len(rolled(table.german.game)) >= 2)
    saved = {s: table.copy(s).to_json() for s in ("german", "allied")}
    reopened = {s: MailGame.from_json(saved[s]) for s in saved}
    assert all(reopened[s].game.state == table.copy(s).game.state for s in saved)
    assert reopened["german"].outgoing() == table.german.outgoing()
    assert reopened["allied"].my_move == table.allied.my_move


def table_at_a_file_with_dice(seed: int = 2) -> tuple[Table, MailGame, bytes]:
    """The table just before a file whose actions move units and roll dice reaches its
    receiver."""

    def wanted(data: bytes) -> bool:
        return any(a.get("faces") for a in json.loads(data)["actions"])

    table = Table(seed)
    for _ in range(6000):
        held = table.deliver(hold=wanted)
        if held is not None:
            return table, held[0], held[1]
        assert table.step(), "no file with dice came"
    raise AssertionError("no file with dice came")


def resealed(data: bytes, change) -> bytes:
    """The file edited and its check recomputed, as a cheat with an editor would."""
    body = json.loads(data)
    body.pop("check")
    change(body)
    return _sealed(body).encode("ascii")


def first_rolled(body: dict) -> dict:
    return next(action for action in body["actions"] if action.get("faces"))


def test_every_kind_of_tampering_is_refused_and_changes_nothing():
    table, receiver, data = table_at_a_file_with_dice()
    before = receiver.to_json()

    def other_faces(body):
        action = first_rolled(body)
        action["faces"] = [7 - f for f in action["faces"]]

    def no_such_attack(body):
        first_rolled(body)["combat"] = 999

    def wrong_secret(body):
        body["reveal"] = "00" * 32

    flipped = bytearray(data)
    flipped[len(flipped) // 2] ^= 1
    cases = {
        "changed after it was written": bytes(flipped),
        "do not follow from the two players' secrets": resealed(data, other_faces),
        "breaks a rule": resealed(data, no_such_attack),
        "do not lead to the position": resealed(data, lambda b: b.update(after="0" * 64)),
        "reveals a secret": resealed(data, wrong_secret),
        "another game": resealed(data, lambda b: b.update(game="0" * 32)),
        "comes next": resealed(data, lambda b: b.update(seq=b["seq"] + 1)),
        "older than the game": resealed(data, lambda b: b.update(seq=b["seq"] - 1)),
        "your own side": resealed(data, lambda b: b.update({"from": receiver.side})),
        "does not follow the newest file": resealed(data, lambda b: b.update(prev="0" * 64)),
        "not a turn file": b'{"format":"something else"}',
    }
    for words, bad in cases.items():
        with pytest.raises(TurnFileError, match=words):
            receiver.receive(bad)
        assert receiver.to_json() == before, words
    receiver.receive(data)  # the true file still goes in
    with pytest.raises(TurnFileError, match="older than the game"):
        receiver.receive(data)  # and cannot go in twice


@pytest.mark.parametrize("when", ["at once", "when the answer came"])
def test_a_roller_who_reloads_and_rolls_again_gets_the_same_dice(when):
    """Whether the roll was made at once (the defender had answered the declaration) or
    when the defender's answer came in, the same local save rolls the same dice."""
    table = Table(seed=3)
    for _ in range(6000):
        table.deliver()
        mover = next((c for c in (table.german, table.allied) if c.my_move), None)
        resolves = [a for a in mover.legal_actions() if isinstance(a, Resolve)] if mover else []
        if resolves:
            saved, count, sent = mover.to_json(), len(rolled(mover.game)), len(table.files)
            mover.apply(resolves[0])
            waited = mover.waiting_for is not None
            if waited:
                saved = mover.to_json()  # asked, and waiting for the answer
            table.deliver()
            first = rolled(mover.game)[count:]
            if first and waited == (when != "at once"):
                break
        assert table.step()
    again = MailGame.from_json(saved)
    if when == "at once":
        again.apply(resolves[0])
    else:
        answer = next(data for side, data in table.files[sent:] if side != mover.side)
        again.receive(answer)
    assert rolled(again.game)[count:] == first[:1]


def test_two_games_played_with_the_same_actions_get_different_dice():
    one = Table(seed=5, secrets_seed=1)
    play_until(one, lambda: len(rolled(one.german.game)) >= 1)
    two = Table(seed=5, secrets_seed=2)
    play_until(two, lambda: len(rolled(two.german.game)) >= 1)
    same = len(one.german.game.actions()) - 1
    assert [a.model_copy(update={"faces": None}) for a in one.german.game.actions()[:same]] == [
        a.model_copy(update={"faces": None}) for a in two.german.game.actions()[:same]
    ]  # the very same play up to the first roll ...
    assert rolled(one.german.game)[0] != rolled(two.german.game)[0]  # ... other dice


def test_dice_follow_from_both_secrets_and_every_face_is_as_likely():
    counts = [0] * 6
    for n in range(200):
        for face in dice_faces(bytes([n]) * 32, b"\x01" * 32, "game", f"attack {n}", 30):
            counts[face - 1] += 1
    assert all(900 < c < 1100 for c in counts)  # 6000 faces, 1000 expected each
    one = dice_faces(b"a" * 32, b"b" * 32, "game", "attack 1", 3)
    assert one == dice_faces(b"a" * 32, b"b" * 32, "game", "attack 1", 3)
    assert one != dice_faces(b"a" * 32, b"c" * 32, "game", "attack 1", 3) or one != dice_faces(
        b"a" * 32, b"b" * 32, "game", "attack 2", 3
    )


def test_only_the_side_to_move_may_act():
    table = Table(seed=1)
    assert table.german.my_move and not table.allied.my_move
    assert table.allied.legal_actions() == []
    with pytest.raises(Exception, match="move, not yours"):
        table.allied.apply(EndPhase())


def _play_to_the_air_power_roll(cheat: bool):
    """Random play by e-mail under the 50/50 air-power rule until the Feb 22 die; with
    `cheat` the German's program rolls it at once, with randomness the Allies chose
    before it was asked for (so the German could have known it in advance)."""
    from hexcampaign.kasserine import Options

    rng = random.Random(2)
    german = MailGame.start("german", NAMES, Options(allied_air_power="roll"))
    allied = MailGame.join(german.outgoing())
    if cheat:
        honest = MailGame._may_roll  # a program changed to roll the air-power die early
        german._may_roll = lambda x, event: event.startswith("air power") or honest(x, event)
    sent = {"german": german.outgoing(), "allied": None}
    for _ in range(20000):
        for me, you, side in ((german, allied, "german"), (allied, german, "allied")):
            out = me.outgoing()
            if out is not None and out != sent[side]:
                sent[side] = out
                if b"air power" in out or any("air power" in line for line in me.game.log()[-3:]):
                    return me, you, out
                you.receive(out)
        mover = german if german.my_move else allied if allied.my_move else None
        if mover is not None:
            mover.apply(choose_by_mail(mover, rng))
    raise AssertionError("no air-power roll")


def test_the_air_power_die_is_asked_for_so_the_german_cannot_know_it_in_advance():
    german, allied, out = _play_to_the_air_power_roll(cheat=False)
    assert german.waiting_for == "air power of Feb 22"
    assert not any("air power: rolled" in line for line in german.game.log())
    allied.receive(out)
    german.receive(allied.outgoing())  # the answer: now the die is rolled
    assert any("Allied air power: rolled" in line for line in german.game.log())
    allied.receive(german.outgoing())
    assert allied.game.log() == german.game.log()


def test_an_air_power_die_rolled_without_asking_is_refused():
    german, allied, out = _play_to_the_air_power_roll(cheat=True)
    assert any("Allied air power: rolled" in line for line in german.game.log())
    before = allied.to_json()
    with pytest.raises(TurnFileError, match="before you had answered"):
        allied.receive(out)
    assert allied.to_json() == before
