"""A masked-mean helper indexes with a boolean mask computed inside a jitted loss."""

# corpus: label=positive styles=helper,transform
import jax
import jax.numpy as jnp


def masked_mean(values, mask):
    return values[mask].mean()  # expect: non-concrete-boolean-index-error


@jax.jit
def loss(pred, target):
    err = (pred - target) ** 2
    return masked_mean(err, target > 0)


loss(jnp.ones(4), jnp.arange(4.0))
