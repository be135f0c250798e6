"""What the games' rule indexes share: the rule tests a game's modules hold, by short name.

Each game keeps ``RULES`` (rule -> "module.test_name", ...) in its own ``test_rule_index.py``; a
rule without a test, a named test that no longer exists, or a rule test no rule names fails there.
"""

from __future__ import annotations

from pathlib import Path


def written_tests(folder: Path, modules: dict[str, str]) -> set[str]:
    """``short.test_name`` of every test function in ``folder``'s ``modules`` (short -> module)."""
    found = set()
    for short, module in modules.items():
        text = (folder / f"{module}.py").read_text(encoding="utf-8")
        found |= {f"{short}.{line[4:].split('(')[0]}" for line in text.splitlines()
                  if line.startswith("def test_")}
    return found
