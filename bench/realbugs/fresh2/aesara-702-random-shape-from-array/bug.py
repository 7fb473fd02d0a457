# realbug: aesara-702-random-shape-from-array
# source: https://github.com/aesara-devs/aesara/issues/702
# kind: traced-shape
# raises: TypeError: Shapes must be 1D sequences of concrete values of integer type
import jax
import jax.numpy as jnp


def random_variable(prng, size):
    return jax.random.normal(key=prng, shape=size)  # BUG


def jax_funcified_fgraph(prng, size):
    return random_variable(prng, size)


fgraph_jit = jax.jit(jax_funcified_fgraph)
print(fgraph_jit(jax.random.PRNGKey(0), jnp.array([10000])).shape)
