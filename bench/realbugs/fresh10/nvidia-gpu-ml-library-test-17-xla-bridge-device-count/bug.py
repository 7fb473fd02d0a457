# realbug: nvidia-gpu-ml-library-test-17-xla-bridge-device-count
# source: https://github.com/matthewfeickert/nvidia-gpu-ml-library-test/issues/17
# kind: removed-name
# raises: ImportError: cannot import name 'xla_bridge' from 'jax.lib'
# The repository's jax_detect_GPU.py: the report's JAX (0.4.10) had already dropped
# `xla_bridge.device_count`; on JAX 0.12 the `from jax.lib import xla_bridge` itself fails.
from jax.lib import xla_bridge  # BUG

xla_backend_type = xla_bridge.get_backend().platform
print(f"XLA backend type: {xla_backend_type}")
gpu_count = xla_bridge.device_count() if xla_backend_type == "gpu" else 0
print(f"Number of GPUs found on system: {gpu_count}")
