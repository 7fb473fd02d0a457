# corpus: label=negative styles=transform,parameter
import jax
import jax.numpy as jnp


def first_above(row, threshold=0.5):
    return jnp.argmax(jnp.where(row > threshold, 1, 0))


def above_eagerly(row, threshold=0.5):
    (positions,) = jnp.where(row > threshold)
    return positions


scores = jnp.array([[0.1, 0.7, 0.9], [0.8, 0.2, 0.6]])
print(jax.vmap(first_above)(scores), above_eagerly(scores[0]))
