"""A timing decorator uses functools.wraps, so jit sees the wrapped signature: `mode` is not in it."""
# corpus: label=positive styles=return,transform

import functools
import time

import jax
import jax.numpy as jnp


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        start = time.perf_counter()
        out = fn(*args, **kwargs)
        print(f"{fn.__name__}: {time.perf_counter() - start:.3f}s")
        return out

    return wrapper


@timed
def normalize(x, axis=-1, kind="l2"):
    if kind == "l2":
        return x / jnp.linalg.norm(x, axis=axis, keepdims=True)
    return x / jnp.sum(jnp.abs(x), axis=axis, keepdims=True)


normalize_jit = jax.jit(  # expect: jit-static-argnames-unknown
    normalize, static_argnames=("axis", "mode")
)
print(normalize_jit(jnp.ones((2, 3)), kind="l1"))
