# realbug: equinox-705-spectralnorm-cond-vmap (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/705
import jax.numpy as jnp
import equinox as eqx
from jax import lax
from jax import random


VAL = 0.5

class SpectralLinear(eqx.Module):
    lin: eqx.Module

    def __init__(self, *, key: random.PRNGKey):
        lin_key, norm_key = random.split(key)
        self.lin = eqx.nn.SpectralNorm(
            eqx.nn.Linear(2, 2, key=lin_key), weight_name="weight", key=norm_key
        )

    def __call__(self, x, state):
        return self.lin(x, state)


spectral_lin, state = eqx.nn.make_with_state(SpectralLinear)(key=random.PRNGKey(0))

def call(f, x, s):
    return f(x, s)


@eqx.filter_jit
def vmap_condf(net, state, x, sigma):
    net_array, net_not_array = eqx.partition(net, eqx.is_array)

    def condf(net, state, x, sigma):
        net_val, new_state = lax.cond(
            sigma > VAL,
            lambda x, n, state: call(eqx.combine(n, net_not_array), x, state),
            lambda x, n, state: call(eqx.combine(n, net_not_array), x, state),
            x,
            net,
            state,
        )
        return net_val, new_state

    return eqx.filter_vmap(condf, in_axes=(None, None, 0, 0), out_axes=0)(
        net_array, state, x, sigma
    )


vmap_condf(
    spectral_lin, state, jnp.arange(6.0).reshape(3, 2), jnp.array([0.0, 1.0, 0.2])
)
