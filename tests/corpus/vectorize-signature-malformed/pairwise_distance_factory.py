"""A factory vectorizes a distance over rows with a signature written with spaces."""
# corpus: label=positive styles=return,helper

import jax.numpy as jnp


def make_distance(p):
    def distance(a, b):
        return jnp.sum(jnp.abs(a - b) ** p) ** (1.0 / p)

    return jnp.vectorize(distance, signature="(d), (d) -> ()")


dist = make_distance(2.0)
points = jnp.ones((16, 3))
print(dist(points, jnp.zeros(3)).shape)  # expect: vectorize-signature-malformed
