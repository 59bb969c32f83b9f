#!/usr/bin/env bash
# Installs what the local stack and tests need, only when missing or out of date:
# npm packages (from package-lock.json) and the pinned moto server in a project-local .venv.
set -euo pipefail
cd "$(dirname "$0")/../.."

MOTO_VERSION="5.2.5"

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[deps] installing npm packages…"
  npm ci --no-fund --no-audit --loglevel=error
fi

if ! .venv/bin/python -c "import moto, sys; sys.exit(0 if moto.__version__ == '$MOTO_VERSION' else 1)" 2>/dev/null; then
  echo "[deps] installing moto server $MOTO_VERSION into .venv…"
  command -v python3 >/dev/null || { echo "python3 (3.10+) is required" >&2; exit 1; }
  rm -rf .venv
  python3 -m venv .venv
  .venv/bin/pip install --quiet --disable-pip-version-check "moto[server]==$MOTO_VERSION"
fi

# The API fuzzer (tests/integration/api-fuzz.test.ts) lives in the same .venv as moto: it only
# adds packages (no version of moto's dependencies changes; `pip check` is clean).
SCHEMATHESIS_VERSION="4.32.5"
if ! .venv/bin/python -c "import importlib.metadata as m, sys; sys.exit(0 if m.version('schemathesis') == '$SCHEMATHESIS_VERSION' else 1)" 2>/dev/null; then
  echo "[deps] installing schemathesis $SCHEMATHESIS_VERSION into .venv…"
  .venv/bin/pip install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
  .venv/bin/pip check --disable-pip-version-check >/dev/null
fi
