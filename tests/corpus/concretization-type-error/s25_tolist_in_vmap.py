"""A vmapped decoder turns each row into a Python list with .tolist()."""
# corpus: label=positive styles=transform,return batch=s25

import jax
import jax.numpy as jnp


def decode(row):
    ids = jnp.argsort(row)[::-1]
    return jnp.array(ids.tolist()[:2])  # expect: concretization-type-error


print(jax.vmap(decode)(jnp.ones((3, 5))))
