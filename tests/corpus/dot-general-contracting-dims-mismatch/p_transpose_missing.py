"""A Gram matrix helper that forgets the transpose."""

# corpus: label=positive styles=helper,return
import jax.numpy as jnp


def gram(features):
    return features @ features  # expect: dot-general-contracting-dims-mismatch


gram(jnp.ones((5, 3)))
