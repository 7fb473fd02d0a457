# realbug: keras-18957-while-loop-grad (fixed)
# source: https://github.com/keras-team/keras/issues/18957
import jax
import jax.numpy as jnp


def update_dilation(state, _):
    new, mask = state
    return (jnp.minimum(new + 1.0, mask), mask), None


def reconstruction(marker, mask):
    (rec, _), _ = jax.lax.scan(update_dilation, (marker, mask), None, length=8)
    return rec.sum()


marker = jnp.zeros((4, 4))
mask = jnp.full((4, 4), 3.0)
print(reconstruction(marker, mask))
print(jax.grad(reconstruction)(marker, mask))
