# realbug: chromax-14-prngkeyarray-annotation
# source: https://github.com/kora-labs/chromax/issues/14
# kind: removed-api
# raises: AttributeError: module 'jax.random' has no attribute 'PRNGKeyArray'
# The report names the annotation `jax.random.PRNGKeyArray`; the function it annotates is filled in.
import jax


def cross(parents, random_key: jax.random.PRNGKeyArray):  # BUG
    return jax.random.permutation(random_key, parents)


cross(jax.numpy.arange(4), jax.random.PRNGKey(0))
