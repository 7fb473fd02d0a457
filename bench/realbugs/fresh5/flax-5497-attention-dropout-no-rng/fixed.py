# realbug: flax-5497-attention-dropout-no-rng (fixed)
# source: https://github.com/google/flax/issues/5497
import jax
import jax.numpy as jnp
from flax import nnx

q = jnp.ones((1, 4, 2, 8))
k = jnp.ones((1, 4, 2, 8))
v = jnp.ones((1, 4, 2, 8))
out = nnx.dot_product_attention(q, k, v, dropout_rate=0.1, deterministic=False,
                                dropout_rng=jax.random.key(0))
