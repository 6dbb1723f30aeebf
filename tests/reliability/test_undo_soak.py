"""Undo: the editor's hypothesis state machine (tests/app/editor/test_undo_machine.py:
random tool edits, resize and copy/paste, with undo and redo in between, checked against
a model copy of the map at every point of the history) runs in make test with its own
modest settings; make soak runs the same machine much longer."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import run_state_machine_as_test


@pytest.mark.soak
def test_undo_state_machine_soak(qapp):
    from app.editor.test_undo_machine import EditHistory as machine
    run_state_machine_as_test(
        machine,
        settings=settings(
            max_examples=500,
            stateful_step_count=40,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        ),
    )
