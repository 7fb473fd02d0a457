# realbug: nvidia-gpu-ml-library-test-17-xla-bridge-device-count (fixed)
# source: https://github.com/matthewfeickert/nvidia-gpu-ml-library-test/issues/17
import jax

xla_backend_type = jax.default_backend()
print(f"XLA backend type: {xla_backend_type}")
gpu_count = jax.device_count() if xla_backend_type == "gpu" else 0
print(f"Number of GPUs found on system: {gpu_count}")
