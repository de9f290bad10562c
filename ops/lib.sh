# Shared by ./ops/up and ./ops/test: install what is missing, reuse what is there.
# shellcheck shell=bash
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
export POETRY_VIRTUALENVS_IN_PROJECT=true
export POETRY_NO_INTERACTION=1
export NEXT_TELEMETRY_DISABLED=1
mkdir -p var

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

hash_of() { cat "$@" 2>/dev/null | sha256sum | cut -c1-16; }

ensure_poetry() {
  if command -v poetry >/dev/null 2>&1; then POETRY=(poetry); return; fi
  if [ ! -x .tools/poetry/bin/poetry ]; then
    say "installing Poetry 2.5.1 into .tools/poetry"
    python3 -m venv .tools/poetry
    .tools/poetry/bin/pip install -q --disable-pip-version-check poetry==2.5.1 > var/poetry-install.log 2>&1 \
      || { cat var/poetry-install.log; return 1; }
  fi
  POETRY=("$ROOT/.tools/poetry/bin/poetry")
}

ensure_python_deps() {  # every group, so that ./ops/up and ./ops/test never undo each other's install
  ensure_poetry
  local want; want="$(hash_of poetry.lock pyproject.toml)"
  if [ ! -x .venv/bin/python ] || [ "$(cat .venv/.console-lock 2>/dev/null)" != "$want" ]; then
    say "installing Python dependencies from poetry.lock"
    "${POETRY[@]}" sync
    echo "$want" > .venv/.console-lock
  fi
  # Bytecode written ahead: where PYTHONDONTWRITEBYTECODE is set (this workplace's machines set it), every Python
  # process would otherwise compile each module it imports again, ~2 s of CPU per process started (the stack's
  # processes, the tests' subprocesses, the browser specs' snippets). The packages once, our own sources each run
  # (only what changed).
  if [ "$(cat .venv/.console-bytecode 2>/dev/null)" != "$want" ]; then
    say "compiling the Python packages' bytecode"
    .venv/bin/python -m compileall -q -j 0 .venv/lib >/dev/null 2>&1 || true  # a package's Python 2 sample fails
    echo "$want" > .venv/.console-bytecode
  fi
  .venv/bin/python -m compileall -q -j 0 core_api bff workers ops tests >/dev/null 2>&1 || true  # errors: the tests say
}

ensure_node_deps() {
  local want; want="$(hash_of package-lock.json)"
  if [ ! -d node_modules ] || [ "$(cat node_modules/.console-lock 2>/dev/null)" != "$want" ]; then
    say "installing npm dependencies from package-lock.json"
    npm ci --no-audit --no-fund --loglevel=error
    echo "$want" > node_modules/.console-lock
  fi
}

# What the build writes itself (next-env.d.ts, *.tsbuildinfo) stays out: else every start after the first
# would see changed sources and build again.
web_sources_hash() {
  { find web \( -path web/node_modules -o -path web/.next -o -path web/test-results \) -prune \
      -o \( -name next-env.d.ts -o -name '*.tsbuildinfo' \) -prune -o -type f -print0 \
      | sort -z | xargs -0 sha256sum; sha256sum package-lock.json; } | sha256sum | cut -c1-16
}

ensure_web_build() {
  local want; want="$(web_sources_hash)"
  if [ ! -f web/.next/BUILD_ID ] || [ "$(cat web/.next/.console-build 2>/dev/null)" != "$want" ]; then
    say "building the web app"
    npm run -s -w web build
    echo "$want" > web/.next/.console-build
  fi
}
