# realbug: flax-5497-attention-dropout-no-rng
# source: https://github.com/google/flax/issues/5497
# kind: library-contract
# raises: ValueError: dropout_rng is required when dropout_rate > 0
# The report found it by fuzzing and describes the call; the query, key and value are filled in.
# Its TypeError from inside `jax.random.bernoulli` is, on flax 0.12.12, this ValueError.
import jax.numpy as jnp
from flax import nnx

q = jnp.ones((1, 4, 2, 8))
k = jnp.ones((1, 4, 2, 8))
v = jnp.ones((1, 4, 2, 8))
out = nnx.dot_product_attention(q, k, v, dropout_rate=0.1, deterministic=False)  # BUG
