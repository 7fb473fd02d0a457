# realbug: diffrax-621-controlterm-dot-structure (fixed)
# source: https://github.com/patrick-kidger/diffrax/issues/621
import diffrax as dfx
import jax.numpy as jnp
import jax.random as jr
import lineax as lx

def drift(t, y, args):
    return -y

def diffusion(t, y, args):
    return lx.DiagonalLinearOperator(jnp.array([1., 0.5]))

key = jr.key(0)
bm = dfx.VirtualBrownianTree(t0=0, t1=1, tol=1e-3, shape=(2,), key=key)
terms = dfx.MultiTerm(dfx.ODETerm(drift), dfx.ControlTerm(diffusion, bm))
solver = dfx.Euler()
y0 = jnp.array([1., 1.])
dfx.diffeqsolve(terms, solver, t0=0, t1=1, dt0=0.1, y0=y0)
