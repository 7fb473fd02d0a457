"""The clip factory registers its straight-through rule before it returns the function."""
# corpus: label=negative styles=return,attribute

import jax
import jax.numpy as jnp


def make_clip(lo, hi):
    @jax.custom_jvp
    def clip(x):
        return jnp.minimum(jnp.maximum(x, lo), hi)

    @clip.defjvp
    def clip_jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        return clip(x), t

    return clip


clip_pm1 = make_clip(-1.0, 1.0)
print(clip_pm1(jnp.array([-3.0, 0.5, 2.0])))
print(jax.grad(lambda x: clip_pm1(x).sum())(jnp.array([-3.0, 0.5, 2.0])))
