"""The static half of every game's "teeth" test: no assertion in a test file is trivially true.

A rule test that compares a thing with itself, asserts a constant, or asserts nothing would pass
whatever the rules do. ``static_problems(path, helpers)`` lists those in one file; ``helpers`` names
checking functions a test may call instead of asserting itself (``check_hidden``, ``finish``).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import Phase, settings


def assertions(tree: ast.AST) -> list[ast.Assert]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.Assert)]


def self_comparisons(test: ast.expr) -> list[str]:
    found = []
    for node in ast.walk(test):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(isinstance(n, ast.Call) for side in sides for n in ast.walk(side)):
                continue        # two runs of the same call (determinism) may well differ
            dumps = [ast.dump(side) for side in sides]
            if len(set(dumps)) < len(dumps):
                found.append(ast.unparse(node))
    return found


def checks_something(func: ast.FunctionDef, helpers: tuple[str, ...] = ()) -> bool:
    """An ``assert``, a ``pytest.raises`` block, or a call of a checking helper."""
    for node in ast.walk(func):
        if isinstance(node, ast.Assert):
            return True
        if isinstance(node, ast.Attribute) and node.attr == "raises":
            return True
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in helpers:
            return True
    return False


def static_problems(path: Path, helpers: tuple[str, ...] = ()) -> list[str]:
    """Self-comparisons, constant assertions and tests that assert nothing, in one test file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    problems = []
    for node in assertions(tree):
        problems += [f"line {node.lineno}: {text}" for text in self_comparisons(node.test)]
        if isinstance(node.test, ast.Constant) and node.test.value:
            problems.append(f"line {node.lineno}: assert {node.test.value!r}")
    tests = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
             and n.name.startswith("test_")]
    helpers = (*helpers, "check_the_rule_test_fails")
    problems += [f"{t.name} asserts nothing" for t in tests if not checks_something(t, helpers)]
    return problems


# --- the dynamic half: break a rule, the test named after it must fail --------------------------
Mutant = Callable[[pytest.MonkeyPatch], None]


def mutant_cases(mutants: list[tuple[Mutant, Callable[[], None]]]) -> Any:
    """The ``(mutant, rule_test)`` pairs as pytest parameters named after both."""
    return pytest.mark.parametrize(("mutant", "rule_test"), mutants,
                                   ids=[f"{a.__name__}-{b.__name__}" for a, b in mutants])


# A property test is read for its settings each time it runs: broken, it may stop at the first
# falsifying example (no shrinking, nothing saved for later runs).
HYPOTHESIS_SETTINGS = "_hypothesis_internal_use_settings"
NO_SHRINK = (Phase.explicit, Phase.generate)


def _stop_at_the_first_failure(rule_test: Callable[[], None],
                               monkeypatch: pytest.MonkeyPatch) -> None:
    current = getattr(rule_test, HYPOTHESIS_SETTINGS, None)
    if current is not None:
        monkeypatch.setattr(rule_test, HYPOTHESIS_SETTINGS,
                            settings(current, phases=NO_SHRINK, database=None))


def check_the_rule_test_fails(mutant: Mutant, rule_test: Callable[[], None],
                              monkeypatch: pytest.MonkeyPatch) -> None:
    rule_test()                                        # passes on the real rules...
    _stop_at_the_first_failure(rule_test, monkeypatch)
    mutant(monkeypatch)
    # an assertion, an illegal step, or a refusal that no longer comes (pytest's own failure)
    with pytest.raises((Exception, pytest.fail.Exception)) as failure:  # noqa: PT011
        rule_test()                                    # ...and fails once the rule is broken
    # A mutant that patches a name the code no longer has crashes the test whatever the rules
    # do: that proves nothing about the rule, so it is the mutant that is broken.
    assert not isinstance(failure.value, BROKEN_MUTANT), (
        f"the mutant broke the code, not the rule: {failure.value!r}")


BROKEN_MUTANT = (AttributeError, NameError, ImportError, TypeError)
