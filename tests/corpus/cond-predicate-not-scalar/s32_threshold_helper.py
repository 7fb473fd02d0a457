# corpus: label=positive styles=helper batch=s32
import jax
import jax.numpy as jnp


def above(x, limit):
    return x > limit


def clip_if_large(x):
    return jax.lax.cond(
        above(x, 1.0),  # expect: cond-predicate-not-scalar
        lambda v: jnp.clip(v, 0, 1),
        lambda v: v,
        x,
    )


print(clip_if_large(jnp.array([0.5, 2.0])))
