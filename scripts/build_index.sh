#!/usr/bin/env bash
# Rebuild the shipped index (data/index/jax-<version>.json) from the JAX installed in the venv.
# The output is deterministic: the same JAX gives the same bytes (tests/index checks it).
# The data manifest is rewritten after it (the server trusts only the files it lists).
# Usage: scripts/build_index.sh [extra `jaxlsp index` arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${VIRTUAL_ENV:-}" ] && [ -f .venv/bin/activate ]; then
  # shellcheck disable=SC1091
  . .venv/bin/activate
fi
version="$(python -c 'import importlib.metadata as m; print(m.version("jax"))')"
jaxlsp index \
  --output "data/index/jax-${version}.json" \
  --report jax/_src/shard_map.py \
  --report jax/_src/custom_derivatives.py \
  --report jax/_src/pallas/ \
  "$@"
jaxlsp records manifest
