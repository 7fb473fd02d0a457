"""Multi-head attention scores are computed with `"bhqd,bhkd->bhqk"`, but the projections were never split into heads, so q and k are 3-d."""
# corpus: label=positive styles=helper,parameter batch=s26

import jax.numpy as jnp


def project(x, w):
    return x @ w


def scores(x, wq, wk):
    q = project(x, wq)
    k = project(x, wk)
    return jnp.einsum("bhqd,bhkd->bhqk", q, k)  # expect: einsum-subscripts-mismatch


x = jnp.ones((2, 5, 8))
print(scores(x, jnp.ones((8, 8)), jnp.ones((8, 8))).shape)
