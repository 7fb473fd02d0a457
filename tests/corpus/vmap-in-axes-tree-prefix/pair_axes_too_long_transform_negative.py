# corpus: label=negative styles=transform,parameter
import jax
import jax.numpy as jnp


def energy(pair, field):
    a, b = pair
    return jnp.sum(a * b * field)


def per_sample_grads(pairs, field):
    grad_fn = jax.grad(energy)
    return jax.vmap(grad_fn, in_axes=((0, 0), None))(pairs, field)


per_sample_grads((jnp.ones((4, 3)), jnp.ones((4, 3))), jnp.ones(3))
