"""Regenerates the partner clients from core_api/partner-openapi.json (``python -m core_api openapi --partner``).

    .venv/bin/python clients/generate.py [OUT]

writes ``OUT/python/console_partner`` (openapi-python-client) and ``OUT/typescript/src/partner-types.ts``
(openapi-typescript); OUT defaults to this directory. The hand-written parts (signing, idempotency keys, retries)
sit beside them and are not touched. tests/test_partner_clients.py regenerates into a temporary directory and
fails when what is committed here differs.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DOCUMENT = ROOT / "core_api" / "partner-openapi.json"
PYTHON_PACKAGE = "console_partner"
TYPES = Path("typescript") / "src" / "partner-types.ts"


def generate_python(out: Path) -> None:
    target = out / "python" / PYTHON_PACKAGE
    shutil.rmtree(target, ignore_errors=True)
    target.parent.mkdir(parents=True, exist_ok=True)
    run(sys.executable, "-m", "openapi_python_client", "generate", "--path", str(DOCUMENT), "--meta", "none",
        "--config", str(HERE / "python" / "generator.yml"), "--output-path", str(target), "--fail-on-warning")
    # formatted the same wherever it is written: no ruff configuration but these flags
    ruff = (sys.executable, "-m", "ruff")
    run(*ruff, "check", "--isolated", "--select", "F401,I", "--fix-only", "--quiet", str(target))
    run(*ruff, "format", "--isolated", "--line-length", "120", "--quiet", str(target))


def generate_typescript(out: Path) -> None:
    target = out / TYPES
    target.parent.mkdir(parents=True, exist_ok=True)
    # as the web's types: a field with a default stays optional in a body
    run(str(ROOT / "node_modules" / ".bin" / "openapi-typescript"), str(DOCUMENT), "-o", str(target),
        "--default-non-nullable", "false")


def run(*command: str) -> None:
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)  # noqa: S603
    if done.returncode:
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")


def main(argv: list[str]) -> None:
    out = Path(argv[0]).resolve() if argv else HERE
    generate_python(out)
    generate_typescript(out)


if __name__ == "__main__":
    main(sys.argv[1:])
