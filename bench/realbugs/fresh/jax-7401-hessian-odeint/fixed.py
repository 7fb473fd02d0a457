# realbug: jax-7401-hessian-odeint (fixed)
# source: https://github.com/jax-ml/jax/issues/7401
import jax
import jax.numpy as jnp
from jax import jacrev, jit
from jax.experimental.ode import odeint


def production(y, t, params):
    start, rate = params
    return -rate * y + start * jnp.exp(-t)


def log_prob(params):
    ts = jnp.linspace(0.0, 2.0, 8)
    ys = odeint(production, 1.0, ts, params)
    return -jnp.sum((ys - 0.7) ** 2)


g = jit(jacrev(jacrev(log_prob)))
print(g(jnp.array([0.5, 1.0])))
