#!/usr/bin/env bash
# npm test: every check, in the order that fails fastest. Starts and stops the emulator itself.
set -euo pipefail
cd "$(dirname "$0")/.."
bash infra/local/ensure-deps.sh

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "[test] installing Debian's chromium for the browser tests…"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Browser tests need Debian's chromium at /usr/bin/chromium (sudo apt-get install chromium)." >&2
    exit 1
  fi
fi

export AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true
export POWERTOOLS_LOG_LEVEL="${POWERTOOLS_LOG_LEVEL:-SILENT}"
mkdir -p .local

echo "[test] lint"
npx eslint . --max-warnings=0
npx tsx infra/scripts/import-cycles.ts
echo "[test] typecheck"
npx tsc -p tsconfig.json --noEmit
npx tsc -p frontend/tsconfig.json --noEmit
echo "[test] build the web app (browser tests use the production build)"
npx vite build --config frontend/vite.config.ts --logLevel warn
echo "[test] unit, infra, integration and browser tests"
status=0
# Plain text (no ANSI colours): CI reads the summary lines.
NO_COLOR=1 npx vitest run --config tests/vitest.config.ts --reporter=default --reporter=json --outputFile.json=.local/test-results.json "$@" || status=$?
node -e '
  const r = JSON.parse(require("fs").readFileSync(".local/test-results.json", "utf8"));
  const skipped = r.numPendingTests + r.numTodoTests;
  // A test that passed with failure messages passed on its second try (the system tests retry once).
  const second = r.testResults.flatMap((file) => file.assertionResults
    .filter((test) => test.status === "passed" && test.failureMessages.length > 0)
    .map((test) => `  ${file.name.replace(process.cwd() + "/", "")} > ${test.fullName}\n    first try: ${test.failureMessages[0].split("\n")[0]}`));
  if (second.length > 0) console.log(`tests that passed only on their second try (${second.length}):\n${second.join("\n")}`);
  console.log(`tests: ${r.numPassedTests} passed (${second.length} on a second try), ${r.numFailedTests} failed, ${skipped} skipped`);
' || true
exit $status
