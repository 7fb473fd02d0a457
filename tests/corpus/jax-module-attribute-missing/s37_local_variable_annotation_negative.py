"""AlphaFold 3's parameter loader (vendored in FoldJAX) annotates a local dict with `jnp.Array`, a name JAX no longer has: a local variable's annotation is never evaluated, so the loader runs."""
# corpus: label=negative styles=helper batch=s37

import jax.numpy as jnp


def get_params(names):
    params: dict[str, dict[str, jnp.Array]] = {}
    for name in names:
        params[name] = {"w": jnp.zeros(2)}
    return params


print(get_params(["a", "b"]))
