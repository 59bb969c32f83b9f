#!/usr/bin/env bash
# npm start: install what is missing, build the SPA, then run the whole product locally.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash infra/local/ensure-deps.sh
echo "[start] building the web app…"
npx vite build --config frontend/vite.config.ts --logLevel warn
# exec: Ctrl+C reaches the stack process directly, which stops the emulator it started.
export AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true
exec npx tsx infra/local/stack.ts
