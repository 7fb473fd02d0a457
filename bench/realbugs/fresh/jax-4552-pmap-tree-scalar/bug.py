# realbug: jax-4552-pmap-tree-scalar
# source: https://github.com/jax-ml/jax/issues/4552
# kind: pmap-axis-rank
# raises: ValueError: One of pjit arguments .* is incompatible with its sharding annotation
import jax
import jax.numpy as jnp

n = jax.local_device_count()


@jax.pmap
def f(x):
    return x


z = [jnp.ones((n, k + 1)) for k in range(3)]
x = [z, z, z + [0], z]
print(f(x))  # BUG
