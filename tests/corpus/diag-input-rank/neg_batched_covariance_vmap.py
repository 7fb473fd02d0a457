"""The Gaussian helper is mapped over the batch, so each call sees one matrix."""
# corpus: label=negative styles=helper,transform

import jax
import jax.numpy as jnp


def log_det_diagonal(cov):
    return jnp.sum(jnp.log(jnp.diag(cov)))


covariances = jnp.stack([jnp.eye(3) * (i + 1.0) for i in range(4)])
jax.vmap(log_det_diagonal)(covariances)
