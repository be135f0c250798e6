"""An installed copy is whole: every package, the card files and the assets, found where it runs.

setup.py finds the packages (pyproject's discovery cannot take in cards/ and assets/, mapped
into the package), so a new package or asset folder must be found there, or it would be missing
only once installed. setuptools' own build_py copies what an install would get.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("build")
    command = [sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(out)]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    return out / "dungeon_table"


def files_under(folder: Path, pattern: str = "*") -> set[str]:
    return {str(path.relative_to(folder)) for path in folder.rglob(pattern) if path.is_file()}


def test_every_package_is_shipped(built: Path) -> None:
    source = ROOT / "dungeon_table"
    assert files_under(source, "*.py") <= files_under(built, "*.py")


def test_the_catalogues_the_cards_and_the_assets_are_shipped(built: Path) -> None:
    assert files_under(ROOT / "dungeon_table" / "ui" / "i18n") <= files_under(built / "ui" / "i18n")
    assert files_under(ROOT / "cards") == files_under(built / "_cards")
    assert files_under(ROOT / "assets") == files_under(built / "_assets")


def test_an_installed_copy_finds_its_own_cards_and_assets(built: Path) -> None:
    probe = (
        "from dungeon_table.core.cards import CARDS_DIR\n"
        "from dungeon_table.core.assets import ASSETS_DIR, load_icon_table\n"
        "load_icon_table()\n"
        "print(CARDS_DIR); print(ASSETS_DIR)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(built.parent)}
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=built.parent, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [str(built / "_cards"), str(built / "_assets")]
