"""A Gaussian helper reads the variances off the covariance's diagonal; it is handed the
whole batch of covariances."""
# corpus: label=positive styles=helper,parameter

import jax.numpy as jnp


def log_det_diagonal(cov):
    return jnp.sum(jnp.log(jnp.diag(cov)))  # expect: diag-input-rank


covariances = jnp.stack([jnp.eye(3) * (i + 1.0) for i in range(4)])
log_det_diagonal(covariances)
