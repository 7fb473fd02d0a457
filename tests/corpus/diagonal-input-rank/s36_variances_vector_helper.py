"""Standard deviations from a covariance stored as its diagonal already."""

# corpus: label=positive styles=helper batch=s36
import jax.numpy as jnp


def stddevs(covariance):
    return jnp.sqrt(jnp.diagonal(covariance))  # expect: diagonal-input-rank


stddevs(jnp.full((4,), 0.5))
