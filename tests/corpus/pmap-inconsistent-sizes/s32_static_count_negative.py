"""A static broadcasted argument of another length is not mapped, so its length does not count."""
# corpus: label=negative styles=helper batch=s32

import jax
import jax.numpy as jnp


def shard(batch, devices):
    return batch.reshape(devices, -1, *batch.shape[1:])


def accuracy(images, labels, classes):
    return jnp.mean(images.sum(axis=(1, 2)) == labels) * len(classes)


images = shard(jnp.ones((32, 4, 4)), 8)
labels = shard(jnp.zeros(32), 8)
print(jax.pmap(accuracy, static_broadcasted_argnums=2)(images, labels, ("cat", "dog", "bird")))
