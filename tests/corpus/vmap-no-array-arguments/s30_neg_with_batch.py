# corpus: label=negative styles=helper,parameter batch=s30
import jax
import jax.numpy as jnp


def apply(params, batch):
    return batch * 2.0


def batched_apply(params, batch):
    return jax.vmap(apply, in_axes=(None, 0))(params, batch)


batched_apply({}, jnp.ones((4, 3)))
