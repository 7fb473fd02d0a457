# realbug: keras-18957-while-loop-grad
# source: https://github.com/keras-team/keras/issues/18957
# kind: fori-loop-reverse-mode-dynamic-bounds
# raises: ValueError: Reverse-mode differentiation does not work for lax.while_loop
import jax
import jax.numpy as jnp


def condition_equal(state):
    last, new, mask = state
    return jnp.logical_not(jnp.all(jnp.equal(last, new)))


def update_dilation(state):
    last, new, mask = state
    return new, jnp.minimum(new + 1.0, mask), mask


def reconstruction(marker, mask):
    _, rec, _ = jax.lax.while_loop(condition_equal, update_dilation, (marker - 1.0, marker, mask))  # BUG
    return rec.sum()


marker = jnp.zeros((4, 4))
mask = jnp.full((4, 4), 3.0)
print(reconstruction(marker, mask))
print(jax.grad(reconstruction)(marker, mask))  # BUG
