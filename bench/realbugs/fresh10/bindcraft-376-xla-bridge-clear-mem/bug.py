# realbug: bindcraft-376-xla-bridge-clear-mem
# source: https://github.com/martinpacesa/BindCraft/issues/376
# kind: removed-name
# raises: AttributeError: module 'jax.lib' has no attribute 'xla_bridge'
# ColabDesign's `clear_mem` (shared/utils.py), called by BindCraft before each trajectory,
# frees device buffers through `jax.lib.xla_bridge.get_backend()`; `jax.lib.xla_bridge` is gone
# from current JAX (the report: jax 0.11.1).
import jax


def clear_mem():
    # clear vram (GPU)
    backend = jax.lib.xla_bridge.get_backend()  # BUG
    if hasattr(backend, 'live_buffers'):
        for buf in backend.live_buffers():
            buf.delete()


clear_mem()
