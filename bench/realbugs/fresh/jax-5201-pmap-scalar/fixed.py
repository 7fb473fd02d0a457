# realbug: jax-5201-pmap-scalar (fixed)
# source: https://github.com/jax-ml/jax/issues/5201
import jax
import jax.numpy as jnp

print(jax.pmap(lambda x: x * 2)(jnp.full((jax.local_device_count(),), 3.0)))
