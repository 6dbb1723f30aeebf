"""The computer's thinking, off the GUI thread: one driver for the hint and for the
computer players.

`BackgroundThinker.think(work, *args)` runs `work(say, *args)` in a worker thread on
whatever copy of the game it was given; `say(kind, payload)` queues a message. A timer in
the GUI thread takes one message of the current run at each tick and hands it to the
owner's `receive(kind, payload)`, so the window never waits on the computer and the
owner decides the pace (the tick's interval). A newer run, `cancel()` or `finish()`
drops whatever an older run still says: a plan thought for a game that has changed is
thrown away, never shown."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QTimer

Say = Callable[[str, Any], None]
POLL_MS = 20  # how often the GUI thread looks for the worker's messages, at the most


class BackgroundThinker(QObject):
    """One worker thread at a time, read by a timer in the GUI thread."""

    def __init__(
        self, receive: Callable[[str, Any], None], name: str, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.name = name  # the worker thread's name (seen in a debugger)
        self._receive = receive
        self._queue: queue.Queue[tuple[int, str, Any]] = queue.Queue()
        self._generation = 0  # a message of an older run is dropped
        self._thread: threading.Thread | None = None
        self._first: tuple[str, Any] | None = None  # delivered before the queue's next
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._tick)

    def think(self, work: Callable[..., None], *args: Any, interval_ms: int = POLL_MS) -> None:
        """Run `work(say, *args)` in a new worker thread; what it says reaches `receive`
        one message per tick of `interval_ms`. An earlier run is dropped first."""
        self.cancel()
        generation, out = self._generation, self._queue

        def say(kind: str, payload: Any = None) -> None:
            out.put((generation, kind, payload))

        def run() -> None:
            try:
                work(say, *args)
            except Exception as error:  # noqa: BLE001 — the computer's bug must not take the window down
                say("error", str(error))

        self._thread = threading.Thread(target=run, name=self.name, daemon=True)
        self._thread.start()
        self._timer.start(max(1, interval_ms))

    def deliver_next(self, kind: str, payload: Any) -> None:
        """Hand `(kind, payload)` to `receive` at the next tick, before anything the
        worker says (a move whose path is on screen: the counter goes a tick later)."""
        self._first = (kind, payload)

    def set_interval(self, interval_ms: int) -> None:
        if self._timer.isActive():
            self._timer.setInterval(max(1, interval_ms))

    def busy(self) -> bool:
        """A run is going on (its messages are still being read)."""
        return self._timer.isActive()

    def finish(self) -> None:
        """The run is over (its last message was read): stop reading."""
        self._generation += 1
        self._first = None
        self._timer.stop()
        self._thread = None

    def cancel(self) -> None:
        """Drop the current run now; the worker ends at its next step, unheard (its owner
        tells the computer player to stop thinking)."""
        self.finish()
        self._queue = queue.Queue()

    def shutdown(self, timeout: float = 2.0) -> None:
        """The window closes: drop the run and wait briefly for its thread to end."""
        thread = self._thread
        self.cancel()
        if thread is not None:
            thread.join(timeout=timeout)

    def _tick(self) -> None:
        if self._first is not None:
            kind, payload = self._first
            self._first = None
            self._receive(kind, payload)
            return
        try:
            generation, kind, payload = self._queue.get_nowait()
        except queue.Empty:
            return
        if generation == self._generation:
            self._receive(kind, payload)


__all__ = ["POLL_MS", "BackgroundThinker", "Say"]
