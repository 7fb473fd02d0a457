# realbug: spu-148-boolean-mask-under-jit (fixed)
# source: https://github.com/secretflow/spu/issues/148
import jax
import jax.numpy as jnp

n_clusters = 3


@jax.jit
def update_centroids(X, labels, centroids):
  for j in range(n_clusters):
    mask = (labels == j)[:, None]
    centroids = centroids.at[j].set(jnp.sum(jnp.where(mask, X, 0.0), axis=0) / jnp.sum(mask))
  return centroids


X = jnp.ones((100, 2))
labels = jnp.arange(100) % n_clusters
print(update_centroids(X, labels, jnp.zeros((n_clusters, 2))))
