"""A config dict holds a gufunc signature written with spaces around the arrow; the vectorized distance is built from it and called."""
# corpus: label=positive styles=attribute,helper batch=s26

import jax.numpy as jnp

OPS = {"distance": "(n),(n) -> ()"}


def pairwise(config):
    return jnp.vectorize(lambda a, b: jnp.sqrt(jnp.sum((a - b) ** 2)), signature=config["distance"])


dist = pairwise(OPS)
print(dist(jnp.ones((4, 3)), jnp.zeros(3)))  # expect: vectorize-signature-malformed
