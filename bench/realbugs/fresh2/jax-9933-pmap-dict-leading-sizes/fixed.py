# realbug: jax-9933-pmap-dict-leading-sizes (fixed)
# source: https://github.com/jax-ml/jax/issues/9933
import jax
import jax.numpy as jnp


def test_fn(params):
    return jnp.mean(params["x"]) + jnp.mean(params["y"])


n = jax.local_device_count()
params = {"x": jnp.arange(1.0), "y": jnp.arange(2.0)}
print(jax.pmap(test_fn)(jax.tree_util.tree_map(lambda a: jnp.stack([a] * n), params)))
