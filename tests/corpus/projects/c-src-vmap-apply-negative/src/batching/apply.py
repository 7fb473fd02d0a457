"""Per-example application of model functions."""

import jax


def per_example(fn, shared=(None,), batched=(0,)):
    """Map ``fn`` over examples: shared arguments first, then batched ones."""
    return jax.vmap(fn, in_axes=tuple(shared) + tuple(batched))
