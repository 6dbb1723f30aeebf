"""The one driver of the computer's thinking (hints and the computer players): what the
worker says reaches the GUI thread in order, one message a tick; a newer run or a cancel
drops what an older run still says; a bug in the worker is said, not raised."""

from __future__ import annotations

import threading

from hexcampaign.app.kasserine.hints import HintThinker
from hexcampaign.app.kasserine.opponent import ComputerPlayers
from hexcampaign.app.kasserine.worker import BackgroundThinker
from hexcampaign.kasserine import Game
from hexcampaign.kasserine.ai import Opponent


def test_messages_arrive_in_order_in_the_gui_thread(qtbot):
    heard = []
    threads = []

    def receive(kind, payload):
        heard.append((kind, payload))
        threads.append(threading.current_thread())
        if kind == "done":
            worker.finish()

    worker = BackgroundThinker(receive, "test")

    def work(say, n):
        for k in range(n):
            say("step", k)
        say("done", n)

    worker.think(work, 3, interval_ms=1)
    qtbot.waitUntil(lambda: not worker.busy(), timeout=30_000)
    assert heard == [("step", 0), ("step", 1), ("step", 2), ("done", 3)]
    assert set(threads) == {threading.main_thread()}


def test_a_newer_run_and_a_cancel_drop_what_an_older_run_says(qtbot):
    heard = []
    worker = BackgroundThinker(lambda kind, payload: heard.append(payload), "test")
    release = threading.Event()

    def slow(say, name):
        release.wait(5)
        say("step", name)

    worker.think(slow, "old", interval_ms=1)
    worker.think(lambda say: say("step", "new"), interval_ms=1)
    release.set()
    qtbot.waitUntil(lambda: "new" in heard, timeout=30_000)
    qtbot.wait(30)
    assert heard == ["new"]  # the first run finished, unheard
    worker.cancel()
    worker.think(lambda say: say("step", "late"), interval_ms=1)
    worker.cancel()
    qtbot.wait(30)
    assert heard == ["new"] and not worker.busy()


def test_a_message_delivered_next_comes_before_the_workers(qtbot):
    heard = []

    def receive(kind, payload):
        heard.append(payload)
        if payload == "path":
            worker.deliver_next("counter", "counter")
        if len(heard) == 3:
            worker.finish()

    worker = BackgroundThinker(receive, "test")
    worker.think(lambda say: (say("move", "path"), say("move", "next")), interval_ms=1)
    qtbot.waitUntil(lambda: not worker.busy(), timeout=30_000)
    assert heard == ["path", "counter", "next"]


def test_a_bug_in_the_worker_is_said_as_an_error(qtbot):
    heard = []
    worker = BackgroundThinker(lambda kind, payload: heard.append((kind, payload)), "test")

    def broken(say):
        raise ValueError("no such unit")

    worker.think(broken, interval_ms=1)
    qtbot.waitUntil(lambda: bool(heard), timeout=30_000)
    assert heard == [("error", "no such unit")]


def test_the_hint_and_the_computer_players_share_the_driver(qtbot):
    game = Game.scenario(seed=3)
    hints = HintThinker()
    ready = []
    hints.ready.connect(ready.append)
    hints.ask(game, "german", set())
    assert isinstance(hints._worker, BackgroundThinker) and hints.busy()
    qtbot.waitUntil(lambda: bool(ready), timeout=60_000)
    assert not hints.busy() and ready[0].words.startswith("Hint for the German player")
    players = ComputerPlayers(game, {"german": Opponent("german", "easy", seed=1)}, pace="slow")
    assert isinstance(players._worker, BackgroundThinker)
    players.start()
    assert players.busy() and players.running_sides() == ["german"]
    qtbot.waitUntil(lambda: len(game.actions()) >= 1, timeout=30_000)
    players.shutdown()
    assert not players.busy() and players.running_sides() == []
    count = len(game.actions())
    qtbot.wait(50)
    assert len(game.actions()) == count  # nothing thought before the shutdown arrives
