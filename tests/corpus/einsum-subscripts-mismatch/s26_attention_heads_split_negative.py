"""The projections are reshaped into heads before the einsum."""
# corpus: label=negative styles=helper,parameter batch=s26

import jax.numpy as jnp


def project(x, w, heads):
    b, t, _ = x.shape
    return (x @ w).reshape(b, t, heads, -1).transpose(0, 2, 1, 3)


def scores(x, wq, wk):
    q = project(x, wq, 2)
    k = project(x, wk, 2)
    return jnp.einsum("bhqd,bhkd->bhqk", q, k)


x = jnp.ones((2, 5, 8))
print(scores(x, jnp.ones((8, 8)), jnp.ones((8, 8))).shape)
