"""The packages, found rather than listed: every package of ``dungeon_table/``, and ``cards/`` and
``assets/`` (at the repository root, design.md) shipped inside it as ``dungeon_table._cards`` and
``dungeon_table._assets``, where ``core.cards.CARDS_DIR`` and ``core.assets.ASSETS_DIR`` find
them once installed. Everything else is in pyproject.toml, whose package discovery cannot take in
folders mapped from outside the package (tests/core/test_packaging.py builds an installed copy).
"""

from setuptools import find_namespace_packages, setup


def shipped_as(name: str, folder: str) -> list[str]:
    """``folder``'s packages (data folders included) under the package ``name``."""
    return [name, *(f"{name}.{sub}" for sub in find_namespace_packages(folder))]


setup(packages=[*find_namespace_packages(include=["dungeon_table*"], exclude=["*__pycache__"]),
                *shipped_as("dungeon_table._cards", "cards"),
                *shipped_as("dungeon_table._assets", "assets")])
