"""Coverage-guided fuzzing of the loaders with atheris, on the same hostile strategies
the hypothesis tests use (hypothesis turns atheris' bytes into a strategy's example
through `fuzz_one_input`), or on atheris' raw bytes.

    pip install atheris
    HEXCAMPAIGN_FUZZ=campaign python tests/reliability/fuzz_atheris.py -runs=100000
    HEXCAMPAIGN_FUZZ=map:raw python tests/reliability/fuzz_atheris.py -max_total_time=600

HEXCAMPAIGN_FUZZ is KIND[:raw] with KIND one of map, game, campaign. A crash is any
exception other than the kind's format error, a message that is not one sentence, or a
load slower than a second; libFuzzer saves the input that caused it.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from reliability.strategies import LOADERS, error_classes, hostile  # noqa: E402


def one_input(kind: str, data: bytes) -> None:
    """The property every loader keeps, for one input; raises on a finding. (The tests
    call it too, so it times nothing: the fuzzer's target adds the one-second check.)"""
    error = error_classes()[kind]
    try:
        LOADERS[kind].load(data)
    except error as e:
        message = str(e)
        if not message or "\n" in message or len(message) >= 400:
            raise AssertionError(f"not one sentence: {message[:500]!r}") from None


def timed_input(kind: str, data: bytes) -> None:
    """one_input, and a finding too if the load took more than a second of CPU."""
    started = time.process_time()
    one_input(kind, data)
    if time.process_time() - started > 1.0:
        raise AssertionError(f"{len(data)} bytes took more than a second to load")


def main() -> None:
    import atheris  # optional: only this harness needs it
    from hypothesis import HealthCheck, given, settings

    kind, _, mode = os.environ.get("HEXCAMPAIGN_FUZZ", "map").partition(":")
    if kind not in LOADERS:
        raise SystemExit(f"HEXCAMPAIGN_FUZZ must name one of {', '.join(LOADERS)}")
    if mode == "raw":

        def target(data: bytes) -> None:
            timed_input(kind, data)

    else:

        @settings(database=None, deadline=None, suppress_health_check=list(HealthCheck))
        @given(hostile(LOADERS[kind].real()))
        def structured(data: bytes) -> None:
            timed_input(kind, data)

        target = structured.hypothesis.fuzz_one_input

    atheris.instrument_all()
    atheris.Setup(sys.argv, target)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
