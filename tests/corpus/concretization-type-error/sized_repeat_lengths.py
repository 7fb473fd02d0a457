# corpus: label=positive styles=parameter,helper
import jax
import jax.numpy as jnp


def expand(x, lengths):
    return jnp.repeat(x, lengths)  # expect: concretization-type-error


@jax.jit
def loss(x, lengths):
    return jnp.sum(expand(x, lengths) ** 2)


print(loss(jnp.ones(3), jnp.array([1, 2, 3])))
