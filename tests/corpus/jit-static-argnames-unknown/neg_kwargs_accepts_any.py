"""A wrapper without functools.wraps has **kwargs, so jit accepts any static name."""
# corpus: label=negative styles=return,transform

import jax
import jax.numpy as jnp


def logged(fn):
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


@logged
def normalize(x, axis=-1, kind="l2"):
    if kind == "l2":
        return x / jnp.linalg.norm(x, axis=axis, keepdims=True)
    return x / jnp.sum(jnp.abs(x), axis=axis, keepdims=True)


normalize_jit = jax.jit(normalize, static_argnames=("axis", "kind"))
print(normalize_jit(jnp.ones((2, 3)), kind="l1"))
