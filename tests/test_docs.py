"""The docs stay true to the program: generated schemas match the models, every
documented link target exists."""

import re
import subprocess
import sys
from pathlib import Path

TOP = Path(__file__).resolve().parents[1]


def test_json_schemas_in_docs_match_the_models():
    done = subprocess.run(
        [sys.executable, str(TOP / "scripts" / "schemas.py"), "--check"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_links_in_readme_and_docs_point_at_files_that_exist():
    pages = [TOP / "README.md", *sorted((TOP / "docs").glob("**/*.md"))]
    missing = []
    for page in pages:
        for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            if "://" in target or target.startswith("mailto:"):
                continue
            if not (page.parent / target).exists():
                missing.append(f"{page.relative_to(TOP)} -> {target}")
    assert missing == []
