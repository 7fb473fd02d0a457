"""A host simulator step differentiated with value_and_grad inside a jitted update."""

# corpus: label=positive styles=parameter,transform batch=s37
import jax
import jax.numpy as jnp
import numpy as np


def simulate(state):
    spec = jax.ShapeDtypeStruct(state.shape, state.dtype)
    return jax.pure_callback(  # expect: pure-callback-jvp
        lambda s: np.asarray(s) * 0.9, spec, state
    )


@jax.jit
def update(state):
    _, grad = jax.value_and_grad(lambda s: simulate(s).sum())(state)
    return state - 0.1 * grad


update(jnp.ones(5))
