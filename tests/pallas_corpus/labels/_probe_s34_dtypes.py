"""Which dtypes a TPU kernel takes: a copy kernel and an add-one kernel on a (32, 128) array of
each dtype (whole-array blocks, no grid); the 64-bit ones with jax_enable_x64 switched on last."""

import jax
import jax.numpy as jnp
from _probe_s34_common import call, record


def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]


def add_one(x_ref, o_ref):
    o_ref[...] = x_ref[...] + jnp.ones((), o_ref.dtype)


def probe(name):
    dtype = jnp.dtype(name)
    x = jnp.zeros((32, 128), dtype)
    out = jax.ShapeDtypeStruct(x.shape, dtype)
    record("dtypes", f"copy_{name}", lambda: call(copy, out)(x))
    if name != "bool":
        record("dtypes", f"add_{name}", lambda: call(add_one, out)(x))


for name in (
    "float32",
    "bfloat16",
    "float16",
    "int32",
    "int16",
    "int8",
    "uint8",
    "uint32",
    "bool",
    "float8_e4m3fn",
    "complex64",
):
    try:
        probe(name)
    except Exception as error:
        record("dtypes", f"make_{name}", lambda error=error: (_ for _ in ()).throw(error))


def widen(x_ref, o_ref):
    o_ref[...] = x_ref[...].astype(jnp.float32)


x32 = jnp.zeros((32, 128), jnp.float32)
record(
    "dtypes",
    "astype_float32_in_kernel_ok",
    lambda: call(widen, jax.ShapeDtypeStruct((32, 128), jnp.float32))(x32.astype(jnp.bfloat16)),
)

jax.config.update("jax_enable_x64", True)
for name in ("float64", "int64", "uint64"):
    probe(name)


def to64(x_ref, o_ref):
    o_ref[...] = x_ref[...].astype(jnp.int64).astype(jnp.int32)


record(
    "dtypes",
    "astype_int64_inside_only",
    lambda: call(to64, jax.ShapeDtypeStruct((32, 128), jnp.int32))(jnp.zeros((32, 128), jnp.int32)),
)
record(
    "dtypes",
    "x64_on_float32_kernel",
    lambda: call(add_one, jax.ShapeDtypeStruct((32, 128), jnp.float32))(
        jnp.zeros((32, 128), jnp.float32)
    ),
)
