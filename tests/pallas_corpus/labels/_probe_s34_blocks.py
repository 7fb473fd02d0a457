"""Which BlockSpec block shapes the TPU lowering takes: a copy kernel over a grid, for blocks
of (16, 256) float32 / bfloat16 arrays, rank-3 and rank-1 arrays, and memory spaces."""

import jax
import jax.numpy as jnp
from _probe_s34_common import call, record, space
from jax.experimental import pallas as pl


def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]


def blocked(name, array_shape, block, dtype=jnp.float32, memory_space=None):
    x = jnp.zeros(array_shape, dtype)
    grid = tuple(a // b for a, b in zip(array_shape, block))
    rank = len(array_shape)

    def index_map(*ids):
        return ids[:rank]

    extra = {} if memory_space is None else {"memory_space": memory_space}
    spec = pl.BlockSpec(block, index_map, **extra)
    record(
        "blocks",
        name,
        lambda: call(
            copy,
            jax.ShapeDtypeStruct(array_shape, dtype),
            grid=grid,
            in_specs=[spec],
            out_specs=pl.BlockSpec(block, index_map),
        )(x),
    )


blocked("f32_8x128_of_16x256", (16, 256), (8, 128))
blocked("f32_16x256_whole", (16, 256), (16, 256))
blocked("f32_4x128_of_16x256", (16, 256), (4, 128))
blocked("f32_8x64_of_16x256", (16, 256), (8, 64))
blocked("f32_1x256_of_16x256", (16, 256), (1, 256))
blocked("f32_16x1_of_16x256", (16, 256), (16, 1))
blocked("f32_16x128_of_16x256", (16, 256), (16, 128))
blocked("f32_2x256_of_2x256_rows_whole", (2, 256), (2, 256))
blocked("f32_12x128_of_24x128", (24, 128), (12, 128))
blocked("bf16_8x128_of_32x256", (32, 256), (8, 128), jnp.bfloat16)
blocked("bf16_16x128_of_32x256", (32, 256), (16, 128), jnp.bfloat16)
blocked("i8_8x128_of_64x256", (64, 256), (8, 128), jnp.int8)
blocked("f32_r3_1x8x128_of_2x16x256", (2, 16, 256), (1, 8, 128))
blocked("f32_r3_2x4x128_of_2x16x256", (2, 16, 256), (2, 4, 128))
blocked("f32_r1_256_of_1024", (1024,), (256,))
blocked("f32_r1_64_of_256", (256,), (64,))
blocked("f32_r1_384_of_1536", (1536,), (384,))
blocked("f32_r1_1024_of_3072", (3072,), (1024,))
blocked("bf16_r1_128_of_1024", (1024,), (128,), jnp.bfloat16)
blocked("bf16_r1_256_of_1024", (1024,), (256,), jnp.bfloat16)
blocked("any_8x128_of_16x128", (16, 128), (8, 128), memory_space=space("ANY"))
blocked("smem_r1_4_of_16", (16,), (4,), jnp.int32, memory_space=space("SMEM"))
