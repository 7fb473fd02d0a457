# realbug: spu-148-boolean-mask-under-jit
# source: https://github.com/secretflow/spu/issues/148
# kind: tracer-conversion
# raises: NonConcreteBooleanIndexError
# A k-means centroid update, run under jit (SPU compiles it with jax.jit), selects each
# cluster's points with a boolean mask.
import jax
import jax.numpy as jnp

n_clusters = 3


@jax.jit
def update_centroids(X, labels, centroids):
  for j in range(n_clusters):
    centroids = centroids.at[j].set(X[labels == j].mean(axis=0))  # BUG
  return centroids


X = jnp.ones((100, 2))
labels = jnp.arange(100) % n_clusters
print(update_centroids(X, labels, jnp.zeros((n_clusters, 2))))
