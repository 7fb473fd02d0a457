# realbug: diffrax-83-dt0-none-constant-step (fixed)
# source: https://github.com/patrick-kidger/diffrax/issues/83
from diffrax import diffeqsolve, ODETerm, Dopri5, Tsit5, PIDController
import jax.numpy as jnp

def f(t, y, args):
    return -y

term = ODETerm(f)
solver = Tsit5()
y0 = jnp.array([2., 3.])
solution = diffeqsolve(term, solver, t0=0, t1=1, dt0=None, y0=y0,
                       stepsize_controller=PIDController(rtol=1e-5, atol=1e-5))
