# corpus: label=negative styles=transform,helper
import jax
import jax.numpy as jnp


def expand(x, lengths):
    return jnp.repeat(x, lengths, total_repeat_length=6)


@jax.jit
def loss(x, lengths):
    return jnp.sum(expand(x, lengths) ** 2)


def eager_loss(x):
    return jnp.sum(x[jnp.nonzero(x > 0)] ** 2)


print(loss(jnp.ones(3), jnp.array([1, 2, 3])), jax.grad(eager_loss)(jnp.array([1.0, -1.0])))
