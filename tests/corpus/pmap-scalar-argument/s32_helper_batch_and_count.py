"""A helper packs a sharded batch with the number of examples into one tuple for pmap."""
# corpus: label=positive styles=helper,return batch=s32

import jax
import jax.numpy as jnp


def pack(batch):
    return batch, 32


def mean_loss(packed):
    batch, count = packed
    return batch.sum() / count


n = jax.local_device_count()
print(jax.pmap(mean_loss)(pack(jnp.ones((n, 4)))))  # expect: pmap-scalar-argument
