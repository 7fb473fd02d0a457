#!/usr/bin/env bash
# Create bench/.venv-shape-peers with the shape checkers pinned in bench/requirements-shape-peers.txt.
# Uses the interpreter given as $1, else the active one (Python >= 3.12: jax-pyrefly-stubs needs it).
set -euo pipefail
cd "$(dirname "$0")"
PYTHON="${1:-python3}"
"$PYTHON" -m venv .venv-shape-peers
.venv-shape-peers/bin/python -m pip install --quiet --upgrade pip
.venv-shape-peers/bin/python -m pip install --quiet -r requirements-shape-peers.txt
for tool in jaxtyc pyrefly; do
  test -x ".venv-shape-peers/bin/$tool" || { echo "setup-shape-peers: $tool missing" >&2; exit 1; }
done
echo "setup-shape-peers: ready: $(.venv-shape-peers/bin/pyrefly --version), jaxtyc in bench/.venv-shape-peers"
