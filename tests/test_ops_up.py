"""./ops/up's reuse of a built web app: what the build writes itself must not count as a source change."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def web_hash(root: Path) -> str:
    run = subprocess.run(["bash", "-c", "source ops/lib.sh && web_sources_hash"], cwd=root, check=True,
                         capture_output=True, text=True)
    return run.stdout.strip()


def test_the_web_hash_ignores_what_next_build_writes(tmp_path):
    (tmp_path / "ops").mkdir()
    shutil.copy(ROOT / "ops" / "lib.sh", tmp_path / "ops" / "lib.sh")
    (tmp_path / "package-lock.json").write_text("{}")
    (tmp_path / "web" / "app").mkdir(parents=True)
    (tmp_path / "web" / "app" / "page.tsx").write_text("export default 1;\n")
    before = web_hash(tmp_path)
    assert len(before) == 16
    # What the first `next build` and `tsc` leave behind.
    (tmp_path / "web" / "next-env.d.ts").write_text('/// <reference types="next" />\n')
    (tmp_path / "web" / "tsconfig.tsbuildinfo").write_text("{}")
    (tmp_path / "web" / ".next").mkdir()
    (tmp_path / "web" / ".next" / "BUILD_ID").write_text("x")
    assert web_hash(tmp_path) == before
    (tmp_path / "web" / "app" / "page.tsx").write_text("export default 2;\n")
    assert web_hash(tmp_path) != before
