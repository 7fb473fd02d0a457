# realbug: jax-8403-vmap-empty-dict (fixed)
# source: https://github.com/jax-ml/jax/pull/8403
import jax
import jax.numpy as jnp

print(jax.vmap(lambda x: x)({"a": jnp.arange(3.0)}))
