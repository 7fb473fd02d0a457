"""The same stacked covariances, with `jnp.diag` vmapped over the heads so each call sees one matrix."""
# corpus: label=negative styles=helper,transform batch=s26

import jax
import jax.numpy as jnp


def head_covariances(n_heads, dim):
    covs = []
    for h in range(n_heads):
        covs.append(jnp.eye(dim) * (h + 1.0))
    return jnp.stack(covs)


variances = jax.vmap(jnp.diag)(head_covariances(5, 3))
print(variances.shape)
