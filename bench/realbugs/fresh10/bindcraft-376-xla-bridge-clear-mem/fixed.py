# realbug: bindcraft-376-xla-bridge-clear-mem (fixed)
# source: https://github.com/martinpacesa/BindCraft/issues/376
import jax


def clear_mem():
    # clear vram (GPU)
    for buf in jax.live_arrays():
        buf.delete()


clear_mem()
