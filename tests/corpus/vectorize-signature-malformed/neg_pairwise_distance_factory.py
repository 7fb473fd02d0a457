"""The same factory with the signature written as the gufunc grammar wants it."""
# corpus: label=negative styles=return,helper

import jax.numpy as jnp


def make_distance(p):
    def distance(a, b):
        return jnp.sum(jnp.abs(a - b) ** p) ** (1.0 / p)

    return jnp.vectorize(distance, signature="(d),(d)->()")


dist = make_distance(2.0)
points = jnp.ones((16, 3))
print(dist(points, jnp.zeros(3)).shape)
