# realbug: chromax-14-prngkeyarray-annotation (fixed)
# source: https://github.com/kora-labs/chromax/issues/14
import jax


def cross(parents, random_key: jax.Array):
    return jax.random.permutation(random_key, parents)


cross(jax.numpy.arange(4), jax.random.PRNGKey(0))
