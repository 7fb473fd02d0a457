# corpus: label=positive styles=parameter batch=s30
import jax
import jax.numpy as jnp


@jax.jit
def pooled(features, channel_axis=2):
    return jnp.mean(features, axis=(1, channel_axis))  # expect: tracer-integer-conversion-error


pooled(jnp.ones((4, 8, 8)), 2)
