# realbug: piscis-4-xla-bridge-get-backend
# source: https://github.com/zjniu/Piscis/pull/4
# kind: removed-name
# raises: ImportError: cannot import name 'xla_bridge' from 'jax.lib'
# Piscis chose its batch size from `xla_bridge.get_backend()` (the PR, fixing Piscis#3, moved
# to `jax.default_backend()`); the model setup around it is filled in.
from jax.lib import xla_bridge  # BUG


def default_batch_size():
    platform = xla_bridge.get_backend().platform
    return 16 if platform == "gpu" else 2


print(default_batch_size())
