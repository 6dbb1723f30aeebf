"""The frozen app's entry point.

PyInstaller freezes a script, not a `[project.scripts]` entry point, so this script is
what `hexcampaign = "hexcampaign.cli:main"` is in the wheel: the same function, run the
same way.
"""

from __future__ import annotations

import sys

from hexcampaign.cli import main

if __name__ == "__main__":
    sys.exit(main())
