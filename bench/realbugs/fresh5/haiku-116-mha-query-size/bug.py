# realbug: haiku-116-mha-query-size
# source: https://github.com/google-deepmind/dm-haiku/issues/116
# kind: library-contract
# raises: TypeError: .*unexpected keyword argument 'query_size'
# The report's ValueError (query_size != key_size) became, after the issue, the removal of
# `query_size`: on dm-haiku 0.0.17 the constructor refuses it.
import jax
import jax.numpy as jnp
import haiku as hk

rngs = hk.PRNGSequence(42)

# shape: (batch_size, seq_len, vector_dim)
q = jax.random.normal(next(rngs), shape=(2, 3, 5))
k = jax.random.normal(next(rngs), shape=(2, 3, 5))
v = jax.random.normal(next(rngs), shape=(2, 3, 5))

def f(q, k, v):
  mha = hk.MultiHeadAttention(num_heads=7, key_size=11, query_size=13, w_init_scale=1.)  # BUG
  return mha(q, k, v)

# init
init, apply = hk.transform(f)
params = init(next(rngs), q, k, v)  # raises ValueError
