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
# The .vsix carries the jaxlsp wheel built from this checkout: its "Install" button pip-installs
# it into the user's interpreter (jaxlsp is not on the package index; its dependencies are).
# Building it needs only hatchling, which pip fetches from the package index.
echo "vscode: jaxlsp wheel"
rm -rf wheels
"${JAXLSP_PYTHON:-python3}" -m pip wheel --quiet --no-deps --wheel-dir wheels ../..
ls wheels/jaxlsp-*.whl
echo "vscode: package"
npx --no-install vsce package --no-dependencies --skip-license --allow-missing-repository \
  --out dist/jaxlsp.vsix
ls -l dist/jaxlsp.vsix
