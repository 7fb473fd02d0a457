# corpus: label=positive styles=return batch=s30
import jax
import jax.numpy as jnp


def warmup_steps(epochs):
    return epochs * 100


jax.pmap(jnp.sqrt)(warmup_steps(3))  # expect: pmap-no-mapped-axis
