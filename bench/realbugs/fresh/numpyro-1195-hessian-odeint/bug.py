# realbug: numpyro-1195-hessian-odeint
# source: https://github.com/pyro-ppl/numpyro/issues/1195
# kind: custom-vjp-forward-mode
# raises: TypeError: can't apply forward-mode autodiff \(jvp\) to a custom_vjp function
import jax
import jax.numpy as jnp
from jax import hessian
from jax.experimental.ode import odeint


def decay(y, t, k):
    return -k * y


def log_prob(k):
    ts = jnp.linspace(0.0, 1.0, 5)
    ys = odeint(decay, 1.0, ts, k)  # BUG: JAX raises here (its innermost frame in this file)
    return -jnp.sum((ys - 0.5) ** 2)


print(hessian(log_prob)(1.0))  # BUG
