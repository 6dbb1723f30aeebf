"""`make bench`'s table is never lost (issue 31): rows are kept as each benchmark ends,
and a benchmark that raises is a row of its own while the others still run."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).parents[1] / "benchmarks"


@pytest.fixture
def run_module(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    monkeypatch.syspath_prepend(str(tmp_path))
    (tmp_path / "bench_fine_tmp.py").write_text(
        "from common import Result\n"
        "def run():\n"
        "    return [Result('fine: one row', 12.5, budget=100.0)]\n",
        encoding="utf-8",
    )
    (tmp_path / "bench_broken_tmp.py").write_text(
        "def run():\n    raise ValueError('too large to paint')\n", encoding="utf-8"
    )
    import run as module

    return module


def test_a_broken_benchmark_is_a_row_and_the_others_are_kept(run_module, tmp_path, monkeypatch, capsys):
    kept = tmp_path / "kept" / "latest.txt"
    argv = ["run.py", "--only", "bench_fine_tmp", "bench_broken_tmp", "bench_fine_tmp", "--keep", str(kept)]
    monkeypatch.setattr(sys, "argv", argv)
    assert run_module.main() == 1  # a failure is not a success
    printed = capsys.readouterr().out
    lines = kept.read_text(encoding="utf-8").splitlines()
    assert [line for line in printed.splitlines()] == lines  # the file holds what was printed
    assert sum("fine: one row" in line for line in lines) == 2  # the row after the failure ran too
    failed = [line for line in lines if "bench_broken_tmp" in line]
    assert len(failed) == 1 and "FAILED: ValueError: too large to paint" in failed[0]
