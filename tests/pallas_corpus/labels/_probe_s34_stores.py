"""Which scalar stores and in-kernel reshapes a TPU kernel lowers."""

import jax
import jax.numpy as jnp
from _probe_s34_common import call, record, space
from jax.experimental import pallas as pl

xf = jnp.ones((8, 128), jnp.float32)
xi = jnp.ones((8, 128), jnp.int32)


def scalar_const(x_ref, o_ref):
    o_ref[...] = x_ref[...]
    o_ref[0, 0] = jnp.float32(3.0)


def scalar_loaded(x_ref, o_ref):
    o_ref[...] = x_ref[...]
    o_ref[1, 2] = x_ref[0, 0]


def scalar_reduced(x_ref, o_ref):
    o_ref[...] = x_ref[...]
    o_ref[0, 0] = jnp.sum(x_ref[...])


def row_store(x_ref, o_ref):
    o_ref[...] = x_ref[...]
    o_ref[0:1, :] = jnp.full((1, 128), 3.0, jnp.float32)


def scalar_load_broadcast(x_ref, o_ref):
    o_ref[...] = jnp.full((8, 128), x_ref[0, 0], jnp.float32)


F = jax.ShapeDtypeStruct((8, 128), jnp.float32)
record("stores", "vmem_scalar_const", lambda: call(scalar_const, F)(xf))
record("stores", "vmem_scalar_loaded", lambda: call(scalar_loaded, F)(xf))
record("stores", "vmem_scalar_sum", lambda: call(scalar_reduced, F)(xf))
record("stores", "vmem_row_store", lambda: call(row_store, F)(xf))
record("stores", "vmem_scalar_load_broadcast", lambda: call(scalar_load_broadcast, F)(xf))


def id_1d(o_ref):
    i = pl.program_id(0)
    o_ref[i] = i


record(
    "stores",
    "vmem_1d_program_id",
    lambda: call(id_1d, jax.ShapeDtypeStruct((8,), jnp.int32), grid=(8,))(),
)
record(
    "stores",
    "smem_1d_program_id",
    lambda: call(
        id_1d,
        jax.ShapeDtypeStruct((8,), jnp.int32),
        grid=(8,),
        out_specs=pl.BlockSpec(memory_space=space("SMEM")),
    )(),
)


def reshape(before, after, dtype=jnp.float32):
    x = jnp.zeros(before, dtype)

    def kernel(x_ref, o_ref):
        o_ref[...] = x_ref[...].reshape(after)

    name = f"reshape_{'x'.join(map(str, before))}_to_{'x'.join(map(str, after))}_{jnp.dtype(dtype).name}"
    record("stores", name, lambda: call(kernel, jax.ShapeDtypeStruct(after, dtype))(x))


reshape((11, 11, 128), (121, 128))
reshape((16, 16, 128), (256, 128))
reshape((121, 128), (11, 11, 128))
reshape((3, 8, 128), (24, 128))
reshape((12, 128), (3, 4, 128))
reshape((8, 128), (1024,))
reshape((8, 128), (8, 2, 64))
reshape((16, 128), (2, 8, 128), jnp.bfloat16)
reshape((8, 16, 128), (128, 128), jnp.bfloat16)
