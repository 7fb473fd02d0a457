"""Inside vmap the per-example array has no batch axis, but the subscripts still name one."""
# corpus: label=positive styles=transform

import jax
import jax.numpy as jnp


def gram(features):
    return jnp.einsum("bnd,bmd->bnm", features, features)  # expect: einsum-subscripts-mismatch


batch = jnp.ones((4, 10, 16))
print(jax.vmap(gram)(batch).shape)
