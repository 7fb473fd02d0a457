# corpus: label=negative styles=helper,parameter batch=s30
import jax
import jax.numpy as jnp
from jax import lax


def apply_if(check, update, state):
    return lax.cond(check(state), update, lambda s: s, state)


@jax.jit
def step(state):
    return apply_if(lambda s: jnp.sum(s) < 10.0, lambda s: s * 2.0, state)


step(jnp.ones(3))
