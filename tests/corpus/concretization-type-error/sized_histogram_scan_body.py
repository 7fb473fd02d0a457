# corpus: label=positive styles=return,transform
import jax.numpy as jnp
from jax import lax


def class_counts(labels):
    return jnp.bincount(labels)  # expect: concretization-type-error


def step(total, labels):
    return total + class_counts(labels).sum(), None


batches = jnp.array([[0, 1, 1], [2, 0, 1]])
print(lax.scan(step, 0, batches))
