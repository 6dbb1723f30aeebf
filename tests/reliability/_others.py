"""Other test packages' helpers (random players, small positions, PDF text), reused here
rather than copied: tests/ is put on the path so they import as packages."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

TESTS = Path(__file__).resolve().parents[1]


def helpers(module: str) -> ModuleType:
    """`helpers("campaign._playout")`, `helpers("kasserine.helpers")`, ..."""
    if str(TESTS) not in sys.path:
        sys.path.insert(0, str(TESTS))
    return importlib.import_module(module)


def conftest(folder: str) -> ModuleType:
    """A conftest module's helpers (conftests are not importable by name)."""
    name = f"_reliability_conftest_{folder.replace('/', '_')}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, TESTS / folder / "conftest.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules[name] = module
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module
