"""The keep-mask a score helper returns selects boxes inside a jitted filter."""
# corpus: label=positive styles=return

import jax
import jax.numpy as jnp


def above_threshold(scores, threshold=0.5):
    return scores > threshold


@jax.jit
def filter_boxes(boxes, scores):
    keep = above_threshold(scores)
    return boxes[keep]  # expect: non-concrete-boolean-index-error


boxes = jnp.arange(12.0).reshape(3, 4)
filter_boxes(boxes, jnp.array([0.9, 0.2, 0.7]))
