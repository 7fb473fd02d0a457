# realbug: numpyro-1195-hessian-odeint (fixed)
# source: https://github.com/pyro-ppl/numpyro/issues/1195
import jax
import jax.numpy as jnp
from jax import jacrev
from jax.experimental.ode import odeint


def decay(y, t, k):
    return -k * y


def log_prob(k):
    ts = jnp.linspace(0.0, 1.0, 5)
    ys = odeint(decay, 1.0, ts, k)
    return -jnp.sum((ys - 0.5) ** 2)


print(jacrev(jacrev(log_prob))(1.0))
