"""Jits a functools.wraps wrapper with static names from the wrapped function's signature."""

# corpus: label=negative styles=helper,transform batch=s39
import functools

import jax
import jax.numpy as jnp


def with_summary(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        summarise = kwargs.pop("with_summary", False)
        return fn(*args, **kwargs), ({"steps": 1} if summarise else {})

    return wrapper


@functools.partial(jax.jit, static_argnames=("num_tasks", "antithetic"))
@with_summary
def unroll(num_tasks: int, antithetic: bool, key: jax.Array, theta: jax.Array):
    if antithetic:
        key, theta = jax.random.fold_in(key, 1), -theta
    keys = jax.random.split(key, num_tasks)
    return jax.vmap(lambda k: theta + jax.random.normal(k, theta.shape))(keys)


out, summary = unroll(4, True, jax.random.key(0), jnp.zeros(3))
print(out.shape, summary)
