"""A jitted log-determinant of a diagonal covariance given as its vector."""

# corpus: label=positive styles=parameter,transform batch=s36
import jax
import jax.numpy as jnp


@jax.jit
def log_det(covariance):
    return jnp.sum(jnp.log(jnp.diagonal(covariance)))  # expect: diagonal-input-rank


log_det(jnp.full((3,), 2.0))
