"""Sample weights computed on the host from the data (not the parameters) in a jax.grad loss."""

# corpus: label=negative styles=direct,transform batch=s37
import jax
import jax.numpy as jnp
import numpy as np


def loss(w, x):
    weights = jax.pure_callback(np.exp, jax.ShapeDtypeStruct((4,), jnp.float32), x[:, 0])
    return (weights * (x @ w)).sum()


jax.grad(loss)(jnp.ones(3), jnp.ones((4, 3)))
