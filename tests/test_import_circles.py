"""No import circles among the project's modules, and no import hidden inside a function.

The graph is read from the source (ast), so nothing is imported to draw it. An edge is every
import of a project module: at the top, inside a function, under ``TYPE_CHECKING`` (a type-only
import of the class that imports you is still a circle a reader has to hold in mind), and, since
Python runs a package's ``__init__`` before any module in it, an edge to each package on the way
(``dungeon_table.ui.scenes.menu`` imports ``dungeon_table.ui.scenes``), though not to a module's
own packages.

Games whose engine is still being moved onto the kit (issue 12: state as a value, phases
declared) keep the circles of their rules modules for now; each leaves ``ENGINE_CIRCLES`` as it is
converted, and a game listed there with no circle left fails until it is taken off. No circle may
touch a game's ``ui/`` package, ``core/``, ``ai/`` or the app.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "dungeon_table"
# Games whose rules modules may still import each other in circles (the set only shrinks).
ENGINE_CIRCLES: set[str] = set()
# Why a function may import a project module: said in a comment on the import's line.
REASON = "#"


def module_names(root: Path) -> dict[str, Path]:
    names = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        names[name] = path
    return names


def imported(node: ast.Import | ast.ImportFrom, here: str, is_package: bool) -> list[str]:
    """The modules an import statement names (``from a import b`` may name the module a.b)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        parts = here.split(".")
        keep = len(parts) - node.level + (1 if is_package else 0)
        base = ".".join([*parts[:keep], *([base] if base else [])])
    return [base, *(f"{base}.{alias.name}" for alias in node.names)]


def with_packages(name: str, here: str) -> list[str]:
    """``name`` and the packages Python imports first to reach it, but not ``here``'s own."""
    parts = name.split(".")
    chain = [".".join(parts[:k]) for k in range(1, len(parts) + 1)]
    return [m for m in chain if not (here == m or here.startswith(m + "."))]


def graph(names: dict[str, Path]) -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {name: set() for name in names}
    for name, path in names.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for target in imported(node, name, path.name == "__init__.py"):
                    if target in names:
                        edges[name].update(m for m in with_packages(target, name) if m in names)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(edges[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def engine_game(module: str) -> str | None:
    """The game whose engine ``module`` belongs to (not its ``ui/``), else None."""
    parts = module.split(".")
    if parts[:2] == ["dungeon_table", "games"] and len(parts) > 2 and parts[3:4] != ["ui"]:
        return parts[2]
    return None


def allowed(circle: list[str]) -> bool:
    games = {engine_game(m) for m in circle}
    return len(games) == 1 and next(iter(games)) in ENGINE_CIRCLES


def test_the_project_has_no_import_circle() -> None:
    found = circles(graph(module_names(PACKAGE)))
    new = [c for c in found if not allowed(c)]
    assert not new, "import circles:\n" + "\n".join(", ".join(c) for c in new)


def test_a_game_without_engine_circles_leaves_the_list() -> None:
    found = circles(graph(module_names(PACKAGE)))
    still = {engine_game(c[0]) for c in found if allowed(c)}
    assert ENGINE_CIRCLES <= still, f"no circle left in {sorted(ENGINE_CIRCLES - still)}: " \
        "take it off ENGINE_CIRCLES"


def function_level_imports(root: Path) -> list[str]:
    """Imports of project modules inside a function with no comment saying why."""
    names = module_names(root)
    out = []
    for name, path in names.items():
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines()
        for function in ast.walk(ast.parse(source)):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if not isinstance(node, (ast.Import, ast.ImportFrom)):
                    continue
                targets = imported(node, name, path.name == "__init__.py")
                if not any(t in names for t in targets):
                    continue
                said = any(REASON in lines[k] for k in range(node.lineno - 1, node.end_lineno))
                if not said and engine_game(name) not in ENGINE_CIRCLES:
                    out.append(f"{path.relative_to(root.parent)}:{node.lineno}")
    return out


def test_no_function_imports_a_project_module_without_saying_why() -> None:
    hidden = function_level_imports(PACKAGE)
    assert not hidden, "imports inside functions (import at the top, or comment why):\n" + \
        "\n".join(hidden)


# --- the checker itself -------------------------------------------------------------------------
def test_the_checker_sees_a_circle_through_a_type_only_import_and_a_package(tmp_path: Path) -> None:
    root = tmp_path / "pkg"
    (root / "sub").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "sub" / "__init__.py").write_text("from pkg import low\n")
    (root / "sub" / "leaf.py").write_text("x = 1\n")
    (root / "low.py").write_text("from typing import TYPE_CHECKING\n"
                                 "if TYPE_CHECKING:\n    from pkg.high import High\n")
    (root / "high.py").write_text("from pkg.sub.leaf import x\n")
    found = circles(graph(module_names(root)))
    assert found == [["pkg.high", "pkg.low", "pkg.sub"]]
    (root / "low.py").write_text("")
    assert circles(graph(module_names(root))) == []


def test_the_checker_finds_an_unexplained_import_in_a_function(tmp_path: Path) -> None:
    root = tmp_path / "pkg"
    root.mkdir()
    (root / "__init__.py").write_text("")
    (root / "a.py").write_text("def f():\n    from pkg import b\n")
    (root / "b.py").write_text("def g():\n    from pkg import a  # only when g runs: a is big\n")
    assert function_level_imports(root) == [f"{Path('pkg') / 'a.py'}:2"]
