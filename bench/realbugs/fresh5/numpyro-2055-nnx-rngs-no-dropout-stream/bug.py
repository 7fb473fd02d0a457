# realbug: numpyro-2055-nnx-rngs-no-dropout-stream
# source: https://github.com/pyro-ppl/numpyro/issues/2055
# kind: library-contract
# raises: KeyError: .*No RngStream named 'dropout' found in Rngs
# The report's failing test builds `Net(rngs=nnx.Rngs(params=rng_key))` for a network with
# dropout; the network is filled in (a Linear and a Dropout, run in training mode).
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, *, rngs):
        self.linear = nnx.Linear(4, 4, rngs=rngs)
        self.dropout = nnx.Dropout(0.5, rngs=rngs)

    def __call__(self, x):
        return self.dropout(self.linear(x))


rng_key = jax.random.PRNGKey(0)
net_module = Net(rngs=nnx.Rngs(params=rng_key))  # BUG
net_module(jnp.ones((2, 4)))  # BUG
