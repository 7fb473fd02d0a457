"""A Newton iteration whose Python 0 counter gets float increments (promoted)."""

# corpus: label=negative styles=helper
import jax
import jax.numpy as jnp


def cond(state):
    _, i = state
    return i < 10


def body(state):
    x, i = state
    return x - (x * x - 2.0) / (2.0 * x), i + 1.0


def sqrt2():
    return jax.lax.while_loop(cond, body, (jnp.float32(1.0), 0))


sqrt2()
