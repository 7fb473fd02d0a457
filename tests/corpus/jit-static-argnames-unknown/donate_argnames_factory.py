"""A factory returns the update function; jit donates `state`, but the parameter is `opt_state`."""
# corpus: label=positive styles=return,helper

import jax
import jax.numpy as jnp


def make_update(lr):
    def update(params, grads, opt_state):
        new_state = 0.9 * opt_state + grads
        return params - lr * new_state, new_state

    return update


update = jax.jit(  # expect: jit-static-argnames-unknown
    make_update(0.01), donate_argnames=("params", "state")
)
print(update(jnp.ones(3), jnp.ones(3), opt_state=jnp.zeros(3)))
