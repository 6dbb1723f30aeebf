"""The packaging files and parsers for them, handed to tests as the `files` fixture.

Fixtures rather than a helper module: with pytest's importlib import mode, test files
cannot import a sibling module.
"""

from __future__ import annotations

import configparser
import importlib.util
import sys
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

TOP = Path(__file__).resolve().parents[2]
APP_ID = "io.github.hexcampaign.HexCampaign"


@dataclass(frozen=True)
class PackagingFiles:
    top: Path = TOP
    packaging: Path = TOP / "packaging"
    app_id: str = APP_ID
    icon_sizes: tuple[int, ...] = (16, 32, 48, 64, 128, 256)
    mime_ns: str = "http://www.freedesktop.org/standards/shared-mime-info"

    @property
    def desktop(self) -> Path:
        return self.packaging / f"{self.app_id}.desktop"

    @property
    def mime(self) -> Path:
        return self.packaging / f"{self.app_id}.mime.xml"

    @property
    def metainfo(self) -> Path:
        return self.packaging / f"{self.app_id}.metainfo.xml"

    @property
    def hicolor(self) -> Path:
        return self.packaging / "icons" / "hicolor"

    def desktop_entry(self, path: Path | None = None) -> configparser.SectionProxy:
        """The [Desktop Entry] group: keys case-sensitive, no %-interpolation (%f is a code)."""
        parser = configparser.ConfigParser(interpolation=None, strict=True)
        parser.optionxform = str  # type: ignore[assignment,method-assign]
        path = path or self.desktop
        parser.read_string(path.read_text(encoding="utf-8"), source=str(path))
        return parser["Desktop Entry"]

    def mime_types(self, path: Path | None = None) -> dict[str, ET.Element]:
        root = ET.parse(path or self.mime).getroot()
        return {node.get("type", ""): node for node in root.findall(self.tag("mime-type"))}

    def tag(self, name: str) -> str:
        """A shared-mime-info element name in ElementTree's {namespace}name form."""
        return "/".join(f"{{{self.mime_ns}}}{part}" for part in name.split("/"))


@pytest.fixture(scope="session")
def files() -> PackagingFiles:
    return PackagingFiles()


@pytest.fixture(scope="session")
def install_desktop() -> ModuleType:
    """packaging/install_desktop.py as a module (it is a script, not part of the package)."""
    path = TOP / "packaging" / "install_desktop.py"
    spec = importlib.util.spec_from_file_location("hexcampaign_install_desktop", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
