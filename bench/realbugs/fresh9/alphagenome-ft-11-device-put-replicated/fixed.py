# realbug: alphagenome-ft-11-device-put-replicated (fixed)
# source: https://github.com/genomicsxai/alphagenome_ft/issues/11
import numpy as np

import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


def device_put_replicated(x, devices):
  """Drop-in replacement for jax.device_put_replicated supporting pytrees."""
  mesh = Mesh(np.array(devices), ('x',))
  sharding = NamedSharding(mesh, P('x'))
  return jax.tree.map(
      lambda y: jax.device_put(jnp.stack([y] * len(devices)), sharding), x
  )


devices = jax.local_devices()
params = {"head": {"w": jnp.ones((16, 4)), "b": jnp.zeros((4,))}}
params = device_put_replicated(params, devices)


@jax.pmap
def predict(params, x):
    return x @ params["head"]["w"] + params["head"]["b"]


out = predict(params, jnp.ones((len(devices), 8, 16)))
