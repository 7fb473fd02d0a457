# realbug: jax-9933-pmap-dict-leading-sizes
# source: https://github.com/jax-ml/jax/issues/9933
# kind: pmap-sizes
# raises: ValueError: cannot select an axis to squeeze out which has size not equal to one
import jax
import jax.numpy as jnp


def test_fn(params):
    return jnp.mean(params["x"]) + jnp.mean(params["y"])


print(jax.pmap(test_fn)({"x": jnp.arange(1), "y": jnp.arange(2)}))  # BUG
