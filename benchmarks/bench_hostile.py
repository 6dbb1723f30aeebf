"""What hostile files cost the loaders: the speed budgets the reliability tests used to
time (tests/reliability/test_hostile_files.py and test_hostile_paths_and_numbers.py now
check only what each file gets, a sentence or a load). Each load is from a file, as the
window opens one; the worst file of each family is the row, under a second of CPU time
(as the tests measured it: CPU time is what a busy machine's share does not stretch; the
wall time is in the JSON).

The files are built by the tests' own strategies (tests/reliability/strategies.py)."""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from common import Result

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from hexcampaign.files import MAX_FILE_BYTES  # noqa: E402
from reliability.strategies import LOADERS, big_attacks, costliest  # noqa: E402

KINDS = ("map", "game", "campaign")
BUDGET_MS = 1000.0  # the budget the tests held: a second of CPU time a file
COSTLIEST_BUDGET_MS = 300.0  # issue 31 item 5: the costliest 4 MiB file of each kind


def run() -> list[Result]:
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for kind in KINDS:
            rows.append(
                worst(
                    f"hostile: costliest {kind} file (CPU)",
                    kind,
                    costliest(kind),
                    folder,
                    budget=COSTLIEST_BUDGET_MS,
                )
            )
        for kind in KINDS:
            attacks = {name: make() for name, make in big_attacks(LOADERS[kind].real()).items()}
            # Dozens of attacks of megabytes each: one load each keeps make bench short.
            rows.append(worst(f"hostile: worst big attack, {kind} (CPU)", kind, attacks, folder, 1))
        rows.append(refusals(Path(folder)))
    return rows


def worst(
    name: str,
    kind: str,
    files: dict[str, bytes],
    folder: str,
    repeat: int = 3,
    budget: float = BUDGET_MS,
) -> Result:
    """The costliest of `files` in CPU time (median of `repeat` loads each)."""
    path = Path(folder) / f"hostile.{kind}"
    slowest_cpu, slowest_wall, which = 0.0, 0.0, ""
    for label, data in files.items():
        path.write_bytes(data)
        wall, cpu = medians(lambda: load_or_refuse(kind, path), repeat)
        if cpu > slowest_cpu:
            slowest_cpu, slowest_wall, which = cpu, wall, label
    return Result(
        name,
        slowest_cpu,
        budget=budget,
        extra={"file": which, "wall_ms": round(slowest_wall, 1), "files": len(files)},
    )


def refusals(folder: Path) -> Result:
    """A folder, a FIFO, /dev/zero and a sparse file one byte over the size limit, each
    handed to every loader: refused before a byte is read, so at once."""
    targets = {"folder": folder / "a-folder", "over the limit": folder / "huge"}
    targets["folder"].mkdir()
    with open(targets["over the limit"], "wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)  # sparse: costs no disk
    if hasattr(os, "mkfifo"):
        targets["fifo"] = folder / "a-fifo"
        os.mkfifo(targets["fifo"])
        targets["/dev/zero"] = Path("/dev/zero")
    slowest, which = 0.0, ""
    for label, path in targets.items():
        for kind in KINDS:
            _, cpu = medians(partial(load_or_refuse, kind, path, must_refuse=True), 5)
            if cpu > slowest:
                slowest, which = cpu, f"{label} as a {kind}"
    return Result(
        "hostile: refuse device/pipe/folder/huge (CPU)",
        slowest,
        budget=BUDGET_MS,
        extra={"file": which},
    )


def load_or_refuse(kind: str, path: Path, must_refuse: bool = False) -> None:
    """Load `path` as `kind`; the loader's own format error is an answer, not a failure."""
    from reliability.strategies import error_classes

    try:
        LOADERS[kind].load_file(path)
    except error_classes()[kind]:
        return
    if must_refuse:
        raise AssertionError(f"{path} loaded as a {kind}")


def medians(fn: Callable[[], object], repeat: int) -> tuple[float, float]:
    """The median wall time and the median CPU time (ms) of `repeat` calls."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    return statistics.median(walls), statistics.median(cpus)
