#!/usr/bin/env bash
# Create bench/.venv-shape-peers with the shape checkers pinned in bench/requirements-shape-peers.txt,
# then prove Pyrefly's shape mode is on (its JAX stubs give `jnp.zeros((3, 4))` a shape): the check
# names its config (--config), or Pyrefly reads the stubs installed here under this repository's
# pyproject.toml, with the interpreter first on the PATH, and finds no shapes at all.
# Uses the interpreter given as $1, else the active one (Python >= 3.12: jax-pyrefly-stubs needs it).
set -euo pipefail
cd "$(dirname "$0")"
PYTHON="${1:-python3}"
"$PYTHON" -m venv --clear .venv-shape-peers
.venv-shape-peers/bin/python -m pip install --quiet --upgrade pip
.venv-shape-peers/bin/python -m pip install --quiet -r requirements-shape-peers.txt
for tool in jaxtyc pyrefly; do
  test -x ".venv-shape-peers/bin/$tool" || { echo "setup-shape-peers: $tool missing" >&2; exit 1; }
done
probe="$(mktemp -d)"
trap 'rm -rf "$probe"' EXIT
printf 'python-interpreter-path = "%s"\n' "$PWD/.venv-shape-peers/bin/python" >"$probe/pyrefly.toml"
printf 'from typing import reveal_type\nimport jax.numpy as jnp\nreveal_type(jnp.zeros((3, 4)))\n' >"$probe/probe.py"
revealed="$(cd "$probe" && "$OLDPWD/.venv-shape-peers/bin/pyrefly" check --config pyrefly.toml probe.py 2>&1 || true)"
if ! grep -qF 'revealed type: Array[[3, 4]]' <<<"$revealed"; then
  echo "setup-shape-peers: Pyrefly's shape mode is off (jnp.zeros((3, 4)) has no shape):" >&2
  echo "$revealed" >&2
  exit 1
fi
echo "setup-shape-peers: ready: $(.venv-shape-peers/bin/pyrefly --version) with shapes, jaxtyc in bench/.venv-shape-peers"
