# corpus: label=positive styles=transform batch=s32
import jax
import jax.numpy as jnp


def init_layer(key, width):
    return jax.random.normal(key, (width,))


@jax.jit
def init_all(key):
    layer_keys = jax.random.split(key, 3)
    offsets = jnp.zeros((4, 8))
    shifted = jax.vmap(lambda k, w: init_layer(k, 8) + w)
    return shifted(layer_keys, offsets)  # expect: vmap-inconsistent-sizes


print(init_all(jax.random.PRNGKey(0)))
