"""`python -m hexcampaign` is the `hexcampaign` command."""

from __future__ import annotations

import sys

from hexcampaign.cli import main

sys.exit(main())
