# realbug: equinox-952-filter-vmap-in-axes-not-tuple (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/952
import equinox as eqx
import jax.numpy as jnp
from jaxtyping import Array


class Timeseries(eqx.Module):
    value: Array
    time: Array
    name: str


class TimeseriesEnsemble(eqx.Module):
    members: Timeseries


ts_ens = TimeseriesEnsemble(
    members=Timeseries(
        value=jnp.ones((10, 20)),  # 10 members, 20 time steps
        time=jnp.arange(20),
        name="some timeseries"
    )
)

in_axes = eqx.filter(ts_ens.members, False)
in_axes = eqx.tree_at(lambda x: x.value, in_axes, 0, is_leaf=lambda x: x is None)
res = eqx.filter_vmap(lambda x: jnp.mean(x.value), in_axes=(in_axes,))(ts_ens.members)
