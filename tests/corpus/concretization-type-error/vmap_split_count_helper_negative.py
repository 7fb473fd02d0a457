"""Per-example dropout keys, one count for every example (given to vmap unbatched)."""
# corpus: label=negative styles=helper,parameter

import jax


def example_keys(key, n_layers):
    return jax.random.split(key, n_layers)


def all_keys(seed, batch, n_layers):
    keys = jax.random.split(jax.random.key(seed), batch)
    return jax.vmap(example_keys, in_axes=(0, None))(keys, n_layers)


print(all_keys(0, 3, 3).shape)
