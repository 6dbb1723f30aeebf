"""Where the shipped data lives: resources/ and maps/, from the wheel or the source tree.

The wheel carries them inside the package (hexcampaign/resources, hexcampaign/maps_data,
hexcampaign/docs_data);
an editable install from the source checkout finds them at the top of the repository.
Never the current directory.
"""

from __future__ import annotations

from pathlib import Path

# The package's own folder. Not `importlib.resources.files`, which costs ~20 ms of
# imports at every start-up and gives the same folder for a package installed as files
# (the wheel and the editable checkout both are; hexcampaign is never run from a zip).
_PACKAGE = Path(__file__).resolve().parent
_SOURCE_TOP = Path(__file__).resolve().parents[2]


def resources_path(relative: str = "") -> Path:
    """A path under the shipped resources/ folder."""
    return _find("resources", "resources") / relative


def maps_path(relative: str = "") -> Path:
    """A path under the shipped maps/ folder."""
    return _find("maps_data", "maps") / relative


def docs_path(relative: str = "") -> Path:
    """A path under the shipped docs/ folder (user guide, rules interpretations)."""
    return _find("docs_data", "docs") / relative


def _find(packaged: str, source: str) -> Path:
    inside = _PACKAGE / packaged
    if inside.is_dir():
        return inside
    return _SOURCE_TOP / source
