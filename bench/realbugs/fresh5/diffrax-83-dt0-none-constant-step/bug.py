# realbug: diffrax-83-dt0-none-constant-step
# source: https://github.com/patrick-kidger/diffrax/issues/83
# kind: library-contract
# raises: ValueError: Constant step size solvers cannot select step size automatically
# The report imports Dopri5 but builds Tsit5; Tsit5 is imported too, so the program reaches
# the error the report shows.
from diffrax import diffeqsolve, ODETerm, Dopri5, Tsit5
import jax.numpy as jnp

def f(t, y, args):
    return -y

term = ODETerm(f)
solver = Tsit5()
y0 = jnp.array([2., 3.])
solution = diffeqsolve(term, solver, t0=0, t1=1, dt0=None, y0=y0)  # BUG
