"""Positions of a campaign kept along its log, so Back costs the same at the 600th action
as at the 10th: it restores the nearest kept position before the action taken back and
re-applies the few actions after it, instead of replaying the whole log.

A position is kept (as its compact JSON text: a fraction of the live objects' memory)
after every `EVERY`-th action, and always after a lock (a die roll: Back never goes past
it, so the positions before it are dropped). Only the last `DENSE` of them are kept
close together; older ones are thinned to every `SPARSE`-th action, so a long campaign
keeps a few dozen, and a Back far into the past re-applies at most `SPARSE` actions once
(keeping the positions it passes, so the next Back is short again).
"""

from __future__ import annotations

from hexcampaign.campaign.state import State

EVERY = 8
DENSE = 8
SPARSE = 128


class Checkpoints:
    """Saved positions by the number of actions applied when each was taken."""

    def __init__(self) -> None:
        self._kept: dict[int, str] = {}
        self._floor = 0  # the count at the last lock: nothing before it is needed

    def after_action(self, count: int, state: State, locks: bool) -> None:
        """`count` actions are applied and `state` is the position: keep it if due."""
        if locks:
            self._floor = count
            self._kept = {count: state.model_dump_json()}
            return
        if count % EVERY == 0:
            self._kept[count] = state.model_dump_json()
            self._thin(count)

    def nearest(self, count: int) -> tuple[int, State] | None:
        """The latest kept position at or before `count` actions (a fresh copy), or None."""
        best = max((k for k in self._kept if k <= count), default=None)
        if best is None:
            return None
        return best, State.model_validate_json(self._kept[best])

    def forget_after(self, count: int) -> None:
        """The log was cut back to `count` actions: later positions no longer exist."""
        self._kept = {k: v for k, v in self._kept.items() if k <= count}

    def _thin(self, count: int) -> None:
        near = count - EVERY * DENSE
        self._kept = {
            k: v
            for k, v in self._kept.items()
            if k >= near or k % SPARSE == 0 or k == self._floor
        }
