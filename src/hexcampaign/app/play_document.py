"""The play document: a Kasserine Pass game or a CM campaign held open in the window.

One class for both rulesets, so the path of every action is the same in both modes:

    click -> tool -> typed action -> PlayDocument.act -> engine.apply -> change record
          -> `changed(changes, initiator)` -> canvas and docks refresh on its flags

- `act(action, initiator)` takes the engine's own typed action (a `MoveUnit`, a
  `DeclareAttack`, a campaign `Move`, ...), applies it and emits `changed` exactly once
  with the engine's change record. `initiator` is whoever asked (a dock, a tool, the
  computer's driver), so a listener can tell its own request from another's.
- A refusal changes nothing and comes back one way: `act` returns None, `last_refusal`
  holds the engine's sentence and `refused(sentence)` is emitted once; the window shows
  it with one helper (`MainWindow.show_refusal`).
- Dirty flag, undo (with the engine's locks) and the autosave live here: the document
  is autosaved at every change of phase and at every lock (a roll, an answer from the
  other side), before `changed` tells anybody to show it.

A subclass says what its engine needs beyond `apply`, `undo`, `can_undo`, `turn`,
`side_to_play` and `phase` (the campaign's `can_undo()` is a method: it overrides
`engine_can_undo`).
The map document keeps its undo commands (app/document.py) but publishes its ChangeSet
through a `changed` signal of the same shape.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from hexcampaign.app.document import Document
from hexcampaign.rules import IllegalAction
from hexcampaign.rules.changes import Play, PlayChanges


class PlayDocument(Document):
    """An engine (a Game or a Campaign) as a document; typed actions in, one change out."""

    changed = Signal(object, object)  # (PlayChanges, initiator or None)
    refused = Signal(str)  # the engine's refusal sentence

    def __init__(self, engine: Any, path: Path | str | None = None, parent: QObject | None = None):
        super().__init__(path, parent)
        self._engine = engine
        self.last_refusal = ""
        self.autosaver: Any = None  # the mode's Autosaver, once attached
        self._phase = self.phase_key()
        # A game or campaign never saved exists nowhere else: unsaved from the start.
        if self.path is None:
            self.set_dirty(True)

    # --- what a subclass says ---------------------------------------------------------

    @property
    def engine(self) -> Any:
        """The rules engine held (Game or Campaign)."""
        return self._engine

    def phase_key(self) -> tuple:
        """Where the game stands (turn, side to play, phase): a change of it is
        autosaved. Both engines answer these three the same way."""
        e = self._engine
        return (e.turn, e.side_to_play, e.phase)

    def engine_apply(self, action: Any) -> PlayChanges:
        return self._engine.apply(action)

    def engine_undo(self) -> PlayChanges:
        return self._engine.undo()

    def engine_can_undo(self) -> bool:
        return bool(self._engine.can_undo)

    def engine_redo(self) -> PlayChanges:
        return self._engine.redo()

    def engine_can_redo(self) -> bool:
        # An engine without redo (the campaign's) never offers it.
        return bool(getattr(self._engine, "can_redo", False))

    # --- acting -----------------------------------------------------------------------

    def act(self, action: Any, initiator: object = None) -> PlayChanges | None:
        """Apply one typed engine action. Returns the engine's change record, or None when
        the rules refuse it (the sentence is in `last_refusal` and sent by `refused`)."""
        return self._run(lambda: self.engine_apply(action), initiator)

    def undo(self, initiator: object = None) -> bool:
        """Take back the last action; past a lock the engine's refusal says which."""
        return self._run(self.engine_undo, initiator) is not None

    @property
    def can_undo(self) -> bool:
        return self.engine_can_undo()

    def redo(self, initiator: object = None) -> bool:
        """Apply again what undo took back last; the engine refuses once another action
        was taken since."""
        return self._run(self.engine_redo, initiator) is not None

    @property
    def can_redo(self) -> bool:
        return self.engine_can_redo()

    def refuse(self, sentence: str) -> None:
        """Report a refusal the one way every refusal is reported."""
        self.last_refusal = sentence
        self.refused.emit(sentence)

    def announce(self, changes: PlayChanges | None = None, initiator: object = None) -> None:
        """Tell every listener about a change that is not an engine action (a new or
        reopened game, the players renamed): everything, unless said otherwise."""
        self.changed.emit(changes if changes is not None else PlayChanges.everything(), initiator)

    # --- files and autosave -----------------------------------------------------------

    def autosave(self) -> bool:
        """Write to the autosave now (when there are unsaved changes); False when the
        disk refused (the sentence is in `autosave_error`): the document is unharmed."""
        return self.autosaver is not None and self.autosaver.autosave_now()

    @property
    def autosave_path(self) -> Path | None:
        return self.autosaver.document_path if self.autosaver is not None else None

    @property
    def autosave_error(self) -> str:
        return self.autosaver.error if self.autosaver is not None else ""

    def discard_autosave(self) -> None:
        if self.autosaver is not None and self.autosaver.document is self:
            self.autosaver.discard()

    def before_showing(self, changes: PlayChanges) -> None:
        """A subclass's last word before an action is shown (a game by e-mail writes its
        turn file here)."""

    # --- helpers ----------------------------------------------------------------------

    def _run(self, step: Any, initiator: object) -> PlayChanges | None:
        try:
            changes = step()
        except IllegalAction as error:
            self.refuse(str(error))
            return None
        if not isinstance(changes, PlayChanges):
            changes = PlayChanges.everything()
        self.last_refusal = ""
        self.set_dirty(True)
        phase = self.phase_key()
        # On disk before on screen: a phase change or a lock is autosaved before any
        # listener shows what it revealed.
        if phase != self._phase or changes.flags & Play.LOCK:
            self._phase = phase
            self.autosave()
        self.before_showing(changes)
        self.changed.emit(changes, initiator)
        return changes


__all__ = ["PlayDocument"]
