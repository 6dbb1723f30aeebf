"""hexcampaign: a hex map editor, the Kasserine Pass wargame and a CM campaign umpire."""

__version__ = "0.1.0"

from hexcampaign.paths import maps_path, resources_path

__all__ = ["__version__", "maps_path", "resources_path"]
