"""A helper forwards *args and **kwargs to lax.scan; its callers give the length by keyword."""

# corpus: label=negative styles=helper,parameter batch=s33
import jax
import jax.numpy as jnp


def scan_and_mean(*args, **kwargs):
    last, ys = jax.lax.scan(*args, **kwargs)
    return last, jax.tree_util.tree_map(lambda y: y.mean(axis=0), ys)


def body(carry, _):
    return carry + 1.0, carry


print(scan_and_mean(body, jnp.zeros(()), (), length=4))
