"""A factory returns a custom_jvp clip for given bounds, but registers no rule before returning it."""
# corpus: label=positive styles=return,attribute

import jax
import jax.numpy as jnp


def make_clip(lo, hi):
    @jax.custom_jvp
    def clip(x):  # expect: custom-jvp-without-defjvp
        return jnp.minimum(jnp.maximum(x, lo), hi)

    def clip_jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        return clip(x), t  # straight-through

    return clip


clip_pm1 = make_clip(-1.0, 1.0)
print(clip_pm1(jnp.array([-3.0, 0.5, 2.0])))
