"""Import rules, checked by reading the files: the BFF uses of core_api only the shared kit; the web's shared
components and lib never import a feature (features are mounted through the layout's slots)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from core_api.platform.settings import ROOT

# The platform is the kit that core and BFF share; the settings are the one configuration every process reads.
BFF_MAY_IMPORT = ("core_api.platform",)


def imported_modules(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


def outside_the_kit(module: str) -> bool:
    return (module == "core_api" or module.startswith("core_api.")) and not any(
        module == allowed or module.startswith(allowed + ".") for allowed in BFF_MAY_IMPORT)


def test_the_bff_imports_only_the_platform_of_core_api() -> None:
    offenders = [f"{path.relative_to(ROOT)}:{line} imports {module}"
                 for path in sorted((ROOT / "bff").rglob("*.py"))
                 for line, module in imported_modules(path) if outside_the_kit(module)]
    assert offenders == []


def test_generated_bff_screens_follow_the_same_rule() -> None:
    template = ROOT / "core_api" / "tools" / "gen" / "templates" / "bff_screen.py.j2"
    modules = re.findall(r"^\s*(?:from|import) (core_api[\w.]*)", template.read_text(), flags=re.M)
    assert modules and [m for m in modules if outside_the_kit(m)] == []


def test_the_rule_catches_a_core_route_import(tmp_path: Path) -> None:
    screen = tmp_path / "screen.py"  # an import inside a function counts too
    screen.write_text("import core_api.platform.api\n\n\ndef f():\n    from core_api.system.dict.routes import X\n")
    assert [m for _, m in imported_modules(screen) if outside_the_kit(m)] == ["core_api.system.dict.routes"]


FEATURE_IMPORT = re.compile(r"""(?:from\s+|import\s*\(\s*|import\s+)["'](?:@/features/|(?:\.\./)+features/)""")


def feature_imports(path: Path, root: Path = ROOT) -> list[str]:
    return [f"{path.relative_to(root)}:{n}" for n, line in enumerate(path.read_text().splitlines(), 1)
            if FEATURE_IMPORT.search(line)]


def test_web_components_never_import_a_feature() -> None:
    files = sorted(p for p in (ROOT / "web" / "components").rglob("*") if p.suffix in {".ts", ".tsx"})
    assert files
    assert [hit for path in files for hit in feature_imports(path)] == []


def test_web_lib_never_imports_a_feature() -> None:
    # web/lib holds only what several screens share; a screen's own logic lives in its feature folder.
    files = sorted(p for p in (ROOT / "web" / "lib").rglob("*") if p.suffix in {".ts", ".tsx"})
    assert files
    assert [hit for path in files for hit in feature_imports(path)] == []


def test_the_web_rule_catches_every_form_of_import(tmp_path: Path) -> None:
    shell = tmp_path / "shell.tsx"
    shell.write_text('import { A } from "@/features/a";\nconst B = await import("@/features/b");\n'
                     'import "../../features/c";\nimport { D } from "@/lib/d";\n')
    assert feature_imports(shell, tmp_path) == ["shell.tsx:1", "shell.tsx:2", "shell.tsx:3"]
