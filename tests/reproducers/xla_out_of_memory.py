"""XLA cannot allocate a buffer: asking for a 256 TiB array fails with RESOURCE_EXHAUSTED.

On the CPU the allocation fails at once; on a GPU or TPU the same error comes from the device
allocator, often with a BufferAssignment dump of the compiled program's largest buffers.
"""

import jax.numpy as jnp

too_big = jnp.zeros((2**46,), dtype=jnp.float32)
too_big.block_until_ready()
