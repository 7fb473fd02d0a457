"""A helper reshapes the batch into per-device shards, but counts the devices wrong for the labels."""
# corpus: label=positive styles=helper,return batch=s32

import jax
import jax.numpy as jnp


def shard(batch, devices):
    return batch.reshape(devices, -1, *batch.shape[1:])


def accuracy(images, labels):
    return jnp.mean(images.sum(axis=(1, 2)) == labels)


images = shard(jnp.ones((32, 4, 4)), 8)
labels = shard(jnp.zeros(32), 4)
print(jax.pmap(accuracy)(images, labels))  # expect: pmap-inconsistent-sizes
