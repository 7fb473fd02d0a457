# corpus: label=negative styles=helper batch=s32
import jax
import jax.numpy as jnp


def above(x, limit):
    return jnp.any(x > limit)


def clip_if_large(x):
    return jax.lax.cond(above(x, 1.0), lambda v: jnp.clip(v, 0, 1), lambda v: v, x)


print(clip_if_large(jnp.array([0.5, 2.0])))
