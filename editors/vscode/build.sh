#!/usr/bin/env bash
# Builds the VS Code extension from the lock file: lint, type-check, unit tests, bundle, .vsix.
# CI runs this; it needs Node 20+ and the npm registry, nothing else. The unit tests that need a
# Python with jaxlsp use $JAXLSP_PYTHON (default: the active virtualenv's python, if any).
set -euo pipefail
cd "$(dirname "$0")"

if [ -z "${JAXLSP_PYTHON:-}" ] && [ -n "${VIRTUAL_ENV:-}" ]; then
  export JAXLSP_PYTHON="$VIRTUAL_ENV/bin/python"
fi

echo "vscode: npm ci"
npm ci --no-audit --no-fund
echo "vscode: lint"
npm run --silent lint
echo "vscode: typecheck"
npm run --silent typecheck
echo "vscode: unit tests"
npm run --silent test
echo "vscode: bundle"
rm -rf dist
npm run --silent bundle
echo "vscode: package"
npx --no-install vsce package --no-dependencies --skip-license --allow-missing-repository \
  --out dist/jaxlsp.vsix
ls -l dist/jaxlsp.vsix
