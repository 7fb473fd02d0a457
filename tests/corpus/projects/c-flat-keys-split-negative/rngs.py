"""Named random streams derived from one key."""

import jax


def streams(key, names):
    keys = jax.random.split(key, len(names))
    return dict(zip(names, keys))
