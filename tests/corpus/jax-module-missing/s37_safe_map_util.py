"""A tree helper written against jax.util's safe_map and safe_zip."""

# corpus: label=positive styles=direct batch=s37

import jax.numpy as jnp
import jax.util as util  # expect: jax-module-missing


def add_all(xs, ys):
    return list(util.safe_map(lambda a, b: a + b, xs, ys))


print(add_all([jnp.ones(2)], [jnp.zeros(2)]))
