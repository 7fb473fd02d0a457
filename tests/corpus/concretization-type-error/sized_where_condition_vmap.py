# corpus: label=positive styles=transform,parameter
import jax
import jax.numpy as jnp


def first_above(row, threshold=0.5):
    (positions,) = jnp.where(row > threshold)  # expect: concretization-type-error
    return positions[0]


scores = jnp.array([[0.1, 0.7, 0.9], [0.8, 0.2, 0.6]])
print(jax.vmap(first_above)(scores))
