# realbug: jax-7401-hessian-odeint
# source: https://github.com/jax-ml/jax/issues/7401
# kind: custom-vjp-forward-mode
# raises: TypeError: can't apply forward-mode autodiff \(jvp\) to a custom_vjp function
import jax
import jax.numpy as jnp
from jax import hessian, jit
from jax.experimental.ode import odeint


def production(y, t, params):
    start, rate = params
    return -rate * y + start * jnp.exp(-t)


def log_prob(params):
    ts = jnp.linspace(0.0, 2.0, 8)
    ys = odeint(production, 1.0, ts, params)  # BUG: JAX raises here (its innermost frame in this file)
    return -jnp.sum((ys - 0.7) ** 2)


g = jit(hessian(log_prob))
print(g(jnp.array([0.5, 1.0])))  # BUG
