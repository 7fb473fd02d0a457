# realbug: diffrax-621-controlterm-dot-structure
# source: https://github.com/patrick-kidger/diffrax/issues/621
# kind: library-contract
# raises: ValueError: The `ControlTerm` returned arrays whose output structure did not match
# The report ran the neural SDE example; its traceback carries this program, which raises the same error.
import diffrax as dfx
import jax.numpy as jnp
import jax.random as jr

def drift(t, y, args):
    return -y

def diffusion(t, y, args):
    return jnp.array([1., 0.5])

key = jr.key(0)
bm = dfx.VirtualBrownianTree(t0=0, t1=1, tol=1e-3, shape=(2,), key=key)
terms = dfx.MultiTerm(dfx.ODETerm(drift), dfx.ControlTerm(diffusion, bm))
solver = dfx.Euler()
y0 = jnp.array([1., 1.])
dfx.diffeqsolve(terms, solver, t0=0, t1=1, dt0=0.1, y0=y0)  # BUG
