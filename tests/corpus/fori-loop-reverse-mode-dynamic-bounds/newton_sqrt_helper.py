# corpus: label=positive styles=helper,transform
import jax
import jax.numpy as jnp
from jax import lax


def newton_sqrt(a):
    def moving(state):
        guess, previous = state
        return jnp.any(jnp.abs(guess - previous) > 1e-6)

    def improve(state):
        guess, _ = state
        return (guess + a / guess) / 2, guess

    start = (a, jnp.zeros_like(a))
    out = lax.while_loop(moving, improve, start)  # expect: fori-loop-reverse-mode-dynamic-bounds
    return out[0]


def loss(a):
    return jnp.sum(newton_sqrt(a))


print(jax.grad(loss)(jnp.array([4.0, 9.0])))
