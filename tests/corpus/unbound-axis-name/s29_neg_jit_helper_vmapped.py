"""The loss is vmapped with axis_name='batch' inside jit, so pmean's name is bound."""
# corpus: label=negative styles=helper,transform batch=s29

import jax
import jax.numpy as jnp
from jax import lax


def batch_mean(values):
    return lax.pmean(values, axis_name="batch")


def per_example(params, x):
    return batch_mean((x @ params) ** 2).sum()


def loss(params, xs):
    return jax.vmap(per_example, in_axes=(None, 0), axis_name="batch")(params, xs).sum()


params = jnp.ones((3, 2))
print(jax.jit(loss)(params, jnp.ones((4, 3))))
