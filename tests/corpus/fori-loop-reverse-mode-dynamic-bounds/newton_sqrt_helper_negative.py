# corpus: label=negative styles=helper,transform
import jax
import jax.numpy as jnp
from jax import lax


def newton_sqrt(a, steps=20):
    def improve(_, guess):
        return (guess + a / guess) / 2

    return lax.fori_loop(0, steps, improve, a)


def loss(a):
    return jnp.sum(newton_sqrt(a))


print(jax.grad(loss)(jnp.array([4.0, 9.0])))
