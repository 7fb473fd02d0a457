# realbug: jax-16517-odeint-jacobian-int-arg (fixed)
# source: https://github.com/jax-ml/jax/issues/16517
from jax.experimental.ode import odeint
import jax
import jax.numpy as jnp

def f(y, t, arg1, arg2):
    return -y*arg1 + arg2

y0 = jnp.array([2., 3.])
ts = jnp.array([0.0, 1.0])
arg1 = jnp.array(0.2)
arg2 = jnp.array(1.0)
sol = odeint(f, y0, ts, arg1, arg2)

def get_sol(arg1):
    # note that arg2 is captured so we don't differentiate wrt it.
    sol = odeint(f, y0, ts, arg1, arg2)
    return sol

jax.jacobian(get_sol)(arg1)
