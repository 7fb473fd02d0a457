"""Standard deviations from a full covariance matrix."""

# corpus: label=negative styles=helper batch=s36
import jax.numpy as jnp


def stddevs(covariance):
    return jnp.sqrt(jnp.diagonal(covariance))


stddevs(jnp.eye(4) * 0.5)
