"""Each call makes its own key from a seed, splits it into rows and vmaps a draw over them."""
# corpus: label=negative styles=transform
# realcode: cause F

import jax


def draw(key):
    return jax.random.normal(key)


def run(seed):
    keys = jax.random.split(jax.random.key(seed), 4)
    return jax.vmap(draw)(keys)


with jax.debug_key_reuse(True):
    for i in range(3):
        run(i)
