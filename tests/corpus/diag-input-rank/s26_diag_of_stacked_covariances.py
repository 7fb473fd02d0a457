"""Per-head covariance matrices are built in a loop over `range(5)` and stacked; the helper then takes `jnp.diag` of the whole batch instead of vmapping it."""
# corpus: label=positive styles=helper,return batch=s26

import jax.numpy as jnp


def head_covariances(n_heads, dim):
    covs = []
    for h in range(n_heads):
        covs.append(jnp.eye(dim) * (h + 1.0))
    return jnp.stack(covs)


def variances(covs):
    return jnp.diag(covs)  # expect: diag-input-rank


print(variances(head_covariances(5, 3)))
