"""A `batched(fn, axes)` helper vmaps whatever it is given; the caller's axes outnumber fn's args."""
# corpus: label=positive styles=parameter,helper

import jax
import jax.numpy as jnp


def batched(fn, in_axes=0):
    return jax.vmap(fn, in_axes=in_axes)  # expect: vmap-in-axes-length


def cosine(a, b):
    return jnp.dot(a, b) / (jnp.linalg.norm(a) * jnp.linalg.norm(b))


similarity = batched(cosine, in_axes=(0, 0, None))
print(similarity(jnp.ones((4, 3)), jnp.ones((4, 3))))
