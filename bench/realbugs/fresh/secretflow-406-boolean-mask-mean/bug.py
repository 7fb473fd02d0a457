# realbug: secretflow-406-boolean-mask-mean
# source: https://github.com/secretflow/secretflow/issues/406
# kind: data-dependent-shape
# raises: NonConcreteBooleanIndexError: .*
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
