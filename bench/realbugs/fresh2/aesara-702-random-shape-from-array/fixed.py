# realbug: aesara-702-random-shape-from-array (fixed)
# source: https://github.com/aesara-devs/aesara/issues/702
import jax


def random_variable(prng, size):
    return jax.random.normal(key=prng, shape=size)


def jax_funcified_fgraph(prng, size):
    return random_variable(prng, size)


fgraph_jit = jax.jit(jax_funcified_fgraph, static_argnums=1)
print(fgraph_jit(jax.random.PRNGKey(0), (10000,)).shape)
