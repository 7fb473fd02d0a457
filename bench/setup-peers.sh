#!/usr/bin/env bash
# Create bench/.venv-peers with the peer servers pinned in bench/requirements-peers.txt.
# Uses the interpreter given as $1, else the active one (Python >= 3.11).
set -euo pipefail
cd "$(dirname "$0")"
PYTHON="${1:-python3}"
"$PYTHON" -m venv .venv-peers
.venv-peers/bin/python -m pip install --quiet --upgrade pip
.venv-peers/bin/python -m pip install --quiet -r requirements-peers.txt
for tool in ruff fixit jaxlint-lsp; do
  test -x ".venv-peers/bin/$tool" || { echo "setup-peers: $tool missing" >&2; exit 1; }
done
echo "setup-peers: ready: $(.venv-peers/bin/ruff --version), fixit and jaxlint-lsp in bench/.venv-peers"
