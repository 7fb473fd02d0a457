"""A compile helper forwards donate_argnums; the caller donates a third buffer update() lacks."""
# corpus: label=positive styles=helper,parameter

import jax
import jax.numpy as jnp


def compile_fn(fn, donate=()):
    return jax.jit(fn, donate_argnums=donate)  # expect: jit-static-argnums-out-of-range


def sgd_update(params, grads):
    return jax.tree_util.tree_map(lambda p, g: p - 0.1 * g, params, grads)


update = compile_fn(sgd_update, donate=(0, 1, 2))
params = {"w": jnp.ones(3)}
print(update(params, {"w": jnp.full(3, 0.5)}))
