# realbug: piscis-4-xla-bridge-get-backend (fixed)
# source: https://github.com/zjniu/Piscis/pull/4
import jax


def default_batch_size():
    platform = jax.default_backend()
    return 16 if platform == "gpu" else 2


print(default_batch_size())
