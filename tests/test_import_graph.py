"""The import graph of the Python packages, imports made inside functions included (those under TYPE_CHECKING are
not: they never run): no cycle anywhere, the platform imports no feature, and no route module imports another.
Features plug into the platform by registering at start (their job handlers, the operation log's table, the local
maps, the message that says an export is ready): before, such imports closed one knot of 92 modules across 22
areas (issue 27 §2)."""

from __future__ import annotations

import ast
from pathlib import Path

from core_api.platform.settings import ROOT
from tests.conftest import code_only

pytestmark = code_only

PACKAGES = ("core_api", "bff", "workers")
SKIPPED = ("__pycache__", "migrations", "generated")  # migrations freeze what they need; generated code is a sample


def modules(root: Path, packages: tuple[str, ...]) -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            if any(part in SKIPPED for part in path.relative_to(root).parts):
                continue
            name = ".".join(path.relative_to(root).with_suffix("").parts)
            found[name.removesuffix(".__init__")] = path
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The known modules a module imports, wherever the import stands (a ``from a import b`` names ``a.b`` when
    that is a module, else ``a``)."""

    def resolve(module: str) -> str | None:
        while module and module not in known:
            module = module.rpartition(".")[0]
        return module or None

    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            found.update(m for a in node.names if (m := resolve(a.name)))
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join(parts + ([base] if base else []))
            found.update(m for a in node.names if (m := resolve(f"{base}.{a.name}")))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text(), str(path)))
    found.discard(name)
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph[nxt]))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        out.append(sorted(component))
    return out


def graph_of(root: Path, packages: tuple[str, ...]) -> dict[str, set[str]]:
    known = modules(root, packages)
    return {name: imports_of(name, path, known) for name, path in known.items()}


def test_no_import_cycle_in_the_python_packages() -> None:
    found = cycles(graph_of(ROOT, PACKAGES))
    assert found == [], [f"a cycle of {len(c)} modules: {' '.join(c[:12])}" for c in found]


def test_the_platform_imports_no_feature() -> None:
    graph = graph_of(ROOT, ("core_api",))
    beyond = sorted(f"{name} imports {other}" for name, others in graph.items() if name.startswith("core_api.platform")
                    for other in others if not other.startswith("core_api.platform"))
    assert beyond == []


def test_no_routes_module_imports_another() -> None:
    """What two features share is a service function (or a hook one registers with the other), never a route
    module: routes are entry points."""
    graph = graph_of(ROOT, ("core_api",))

    def is_routes(name: str) -> bool:
        return name.endswith(".routes") or ".routes." in name

    crossing = sorted(f"{name} imports {other}" for name, others in graph.items() if is_routes(name)
                      for other in others if is_routes(other))
    assert crossing == []


def test_the_check_sees_a_cycle_made_inside_functions_and_leaves_type_checking_out(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from pkg.sub import b\n")
    (pkg / "sub" / "b.py").write_text("from .. import c\n")
    (pkg / "c.py").write_text("import pkg.a\n")
    (pkg / "d.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import e\n")
    (pkg / "e.py").write_text("from pkg import d\n")
    assert cycles(graph_of(tmp_path, ("pkg",))) == [["pkg.a", "pkg.c", "pkg.sub.b"]]
