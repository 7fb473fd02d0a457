#!/usr/bin/env bash
# The README's test command runs this: the whole default suite (unit, reproducers on the CPU JAX,
# end-to-end over stdio). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
export XLA_FLAGS="${XLA_FLAGS:---xla_force_host_platform_device_count=8}"
export JAX_PLATFORMS="${JAX_PLATFORMS:-cpu}"
exec python -m pytest -m "not accelerator and not slow" "$@"
