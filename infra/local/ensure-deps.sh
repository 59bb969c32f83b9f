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

# DynamoDB Local: AWS's own DynamoDB engine (Java 17+), from Maven Central; docs/architecture.md says why.
DYNAMODB_LOCAL_VERSION="2.6.1"
DDB_DIR=.dynamodb-local
if [ "$(cat "$DDB_DIR/installed" 2>/dev/null)" != "$DYNAMODB_LOCAL_VERSION" ]; then
  echo "[deps] installing DynamoDB Local $DYNAMODB_LOCAL_VERSION into $DDB_DIR…"
  apt_install() {
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
      apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
    else
      return 1
    fi
  }
  java_major() { java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1; }
  if ! command -v java >/dev/null || [ "$(java_major)" -lt 17 ]; then
    apt_install openjdk-17-jre-headless || {
      echo "DynamoDB Local needs Java 17 or newer: sudo apt-get install openjdk-17-jre-headless" >&2; exit 1; }
  fi
  if ! command -v mvn >/dev/null; then
    apt_install maven || {
      echo "Installing DynamoDB Local needs Maven (it comes from Maven Central): sudo apt-get install maven" >&2; exit 1; }
  fi
  rm -rf "$DDB_DIR" && mkdir -p "$DDB_DIR/native"
  cat > "$DDB_DIR/pom.xml" <<POM
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.alp</groupId><artifactId>dynamodb-local-deps</artifactId><version>1</version>
  <dependencies>
    <dependency><groupId>com.amazonaws</groupId><artifactId>DynamoDBLocal</artifactId><version>$DYNAMODB_LOCAL_VERSION</version></dependency>
  </dependencies>
</project>
POM
  mvn -q -B -f "$DDB_DIR/pom.xml" dependency:copy-dependencies -DoutputDirectory=lib >/dev/null
  # sqlite4java looks for its native library without the version in the name.
  for lib in "$DDB_DIR"/lib/libsqlite4java-*; do
    name=$(basename "$lib" | sed -E 's/-[0-9][0-9.]*\.(so|dylib|dll)$/.\1/')
    cp "$lib" "$DDB_DIR/native/$name"
  done
  echo "$DYNAMODB_LOCAL_VERSION" > "$DDB_DIR/installed"
fi

# The API fuzzer (tests/integration/api-fuzz.test.ts) lives in the same .venv as moto: it only
# adds packages (no version of moto's dependencies changes; `pip check` is clean).
SCHEMATHESIS_VERSION="4.32.5"
if ! .venv/bin/python -c "import importlib.metadata as m, sys; sys.exit(0 if m.version('schemathesis') == '$SCHEMATHESIS_VERSION' else 1)" 2>/dev/null; then
  echo "[deps] installing schemathesis $SCHEMATHESIS_VERSION into .venv…"
  .venv/bin/pip install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
  .venv/bin/pip check --disable-pip-version-check >/dev/null
fi

# cfn-lint checks every synthesized CloudFormation template in tests/infra (deploy-checks.test.ts);
# same .venv, only added packages (`pip check` stays clean).
CFN_LINT_VERSION="1.58.0"
if ! .venv/bin/python -c "import importlib.metadata as m, sys; sys.exit(0 if m.version('cfn-lint') == '$CFN_LINT_VERSION' else 1)" 2>/dev/null; then
  echo "[deps] installing cfn-lint $CFN_LINT_VERSION into .venv…"
  .venv/bin/pip install --quiet --disable-pip-version-check "cfn-lint==$CFN_LINT_VERSION"
  .venv/bin/pip check --disable-pip-version-check >/dev/null
fi
