# corpus: label=negative styles=return,transform
import jax.numpy as jnp
from jax import lax

NUM_CLASSES = 3


def class_counts(labels):
    return jnp.bincount(labels, length=NUM_CLASSES)


def step(total, labels):
    return total + class_counts(labels), None


batches = jnp.array([[0, 1, 1], [2, 0, 1]])
print(lax.scan(step, jnp.zeros(NUM_CLASSES, jnp.int32), batches))
