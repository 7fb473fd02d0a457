# realbug: jax-4416-jit-device-argument (fixed)
# source: https://github.com/jax-ml/jax/issues/4416
import jax
import jax.numpy as jnp
from jax import jit

database = [("a", [jnp.ones(3), jnp.zeros(3)]), ("b", [jnp.ones(3)])]


def cosine_dist(x, y):
    return 1.0 - jnp.dot(x, y) / (jnp.linalg.norm(x) * jnp.linalg.norm(y) + 1e-9)


def match_faces3(desc):
    distances = []
    for descr in desc:
        row = []
        for identity in database:
            dist = [cosine_dist(descr, id_desc) for id_desc in identity[1]]
            row.append(jnp.min(jnp.asarray(dist)))
        distances.append(row)
    return jnp.asarray(distances)


descriptors = jax.device_put(jnp.ones((2, 3)), jax.devices()[0])
matches_jit = jit(match_faces3)
matches_jit(descriptors)
