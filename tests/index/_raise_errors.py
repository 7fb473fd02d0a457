"""Trigger real JAX errors on the CPU, once each, in one process; write what JAX raised as JSON.

Run as ``python tests/index/_raise_errors.py OUT.json`` with JAX_PLATFORMS=cpu,
XLA_FLAGS=--xla_force_host_platform_device_count=8 and JAX_TRACEBACK_FILTERING=off.  For every
case OUT.json holds ``{"class", "message", "traceback", "site": [path, line] | null}``, where
``site`` is the innermost traceback frame inside the ``jax`` package (where JAX raised), or
``{"raised": false}`` when the case ran without error (a broken case, reported by the test).
Importing JAX once for all cases keeps the run to seconds.
"""

from __future__ import annotations

import json
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.experimental import pallas as pl
from jax.sharding import PartitionSpec as P

CASES: dict[str, Callable[[], object]] = {}


def case(function: Callable[[], object]) -> Callable[[], object]:
    CASES[function.__name__] = function
    return function


def _mesh() -> jax.sharding.Mesh:
    return jax.make_mesh((8,), ("i",))


def _sharded(values: jax.Array) -> jax.Array:
    return jax.device_put(values, jax.NamedSharding(_mesh(), P("i")))


# shard_map ------------------------------------------------------------------------------------


@case
def shard_map_not_callable() -> object:
    return jax.shard_map(3, mesh=_mesh(), in_specs=P("i"), out_specs=P("i"))


@case
def shard_map_mesh_wrong_type() -> object:
    return jax.shard_map(lambda v: v, mesh="i", in_specs=P("i"), out_specs=P("i"))(jnp.ones(8))


@case
def shard_map_axis_names_not_subset() -> object:
    body = jax.shard_map(
        lambda v: v, mesh=_mesh(), in_specs=P("i"), out_specs=P("i"), axis_names={"j"}
    )
    return body(_sharded(jnp.ones(8)))


@case
def shard_map_closing_over_explicit_input() -> object:
    body = jax.shard_map(lambda v: v, mesh=_mesh(), in_specs=None, out_specs=P("i"))
    return body(_sharded(jnp.ones(8)))


@case
def shard_map_in_specs_too_long() -> object:
    body = jax.shard_map(lambda v: v, mesh=_mesh(), in_specs=P("i", None), out_specs=P("i"))
    return body(_sharded(jnp.ones(8)))


@case
def shard_map_not_divisible() -> object:
    body = jax.shard_map(lambda v: v, mesh=_mesh(), in_specs=P("i"), out_specs=P("i"))
    return body(jnp.ones(6))


@case
def shard_map_unknown_axis_in_specs() -> object:
    body = jax.shard_map(lambda v: v, mesh=_mesh(), in_specs=P("j"), out_specs=P("i"))
    return body(_sharded(jnp.ones(8)))


@case
def shard_map_in_specs_not_partition_spec() -> object:
    body = jax.shard_map(lambda v: v, mesh=_mesh(), in_specs=("i",), out_specs=P("i"))
    return body(_sharded(jnp.ones(8)))


@case
def shard_map_out_specs_replication() -> object:
    body = jax.shard_map(lambda v: v * 2, mesh=_mesh(), in_specs=P("i"), out_specs=P())
    return body(_sharded(jnp.arange(8.0)))


@case
def shard_map_symbolic_zeros_eager() -> object:
    @jax.custom_vjp
    def scaled(x: jax.Array) -> jax.Array:
        return 2.0 * x

    def scaled_fwd(x: Any) -> tuple[jax.Array, None]:
        return scaled(x.value), None

    def scaled_bwd(_: None, g: jax.Array) -> tuple[jax.Array]:
        return (2.0 * g,)

    scaled.defvjp(scaled_fwd, scaled_bwd, symbolic_zeros=True)
    body = jax.shard_map(lambda v: scaled(v), mesh=_mesh(), in_specs=P("i"), out_specs=P("i"))
    return body(_sharded(jnp.arange(8.0)))


@case
def shard_map_device_put_with_device() -> object:
    device = jax.devices()[0]
    body = jax.shard_map(
        lambda v: jax.device_put(v, device), mesh=_mesh(), in_specs=P("i"), out_specs=P("i")
    )
    return body(_sharded(jnp.arange(8.0)))


# custom_jvp / custom_vjp ----------------------------------------------------------------------


@case
def custom_vjp_without_defvjp() -> object:
    @jax.custom_vjp
    def f(x: jax.Array) -> jax.Array:
        return x

    return jax.grad(f)(1.0)


@case
def custom_jvp_without_defjvp() -> object:
    @jax.custom_jvp
    def f(x: jax.Array) -> jax.Array:
        return x

    return jax.grad(f)(1.0)


@case
def custom_vjp_fwd_not_pair() -> object:
    @jax.custom_vjp
    def f(x: jax.Array) -> jax.Array:
        return x

    f.defvjp(lambda x: x, lambda res, g: (g,))
    return jax.grad(f)(1.0)


@case
def custom_vjp_bwd_not_tuple() -> object:
    @jax.custom_vjp
    def f(x: jax.Array) -> jax.Array:
        return x

    f.defvjp(lambda x: (x, None), lambda res, g: g)
    return jax.grad(f)(1.0)


@case
def custom_vjp_bwd_wrong_count() -> object:
    @jax.custom_vjp
    def f(x: jax.Array, y: jax.Array) -> jax.Array:
        return x * y

    f.defvjp(lambda x, y: (x * y, (x, y)), lambda res, g: (g,))
    return jax.grad(f)(1.0, 2.0)


@case
def custom_vjp_bwd_wrong_shape() -> object:
    @jax.custom_vjp
    def f(x: jax.Array) -> jax.Array:
        return x.sum()

    f.defvjp(lambda x: (x.sum(), None), lambda res, g: (jnp.ones(3),))
    return jax.grad(f)(jnp.ones(2))


@case
def custom_jvp_rule_not_pair() -> object:
    @jax.custom_jvp
    def f(x: jax.Array) -> jax.Array:
        return x

    f.defjvp(lambda primals, tangents: primals[0])
    return jax.jvp(f, (1.0,), (1.0,))


@case
def custom_jvp_tangent_dtype() -> object:
    @jax.custom_jvp
    def f(x: jax.Array) -> jax.Array:
        return x

    f.defjvp(lambda primals, tangents: (primals[0], jnp.int32(1)))
    return jax.jvp(f, (1.0,), (1.0,))


@case
def custom_jvp_primal_out_type() -> object:
    @jax.custom_jvp
    def f(x: jax.Array) -> jax.Array:
        return x

    f.defjvp(lambda primals, tangents: (jnp.ones(3), tangents[0]))
    return jax.jvp(f, (1.0,), (1.0,))


# pallas -------------------------------------------------------------------------------------


def _copy_kernel(x_ref: Any, o_ref: Any) -> None:
    o_ref[...] = x_ref[...]


@case
def pallas_in_specs_count() -> object:
    x = jnp.ones(16, jnp.float32)
    return pl.pallas_call(
        _copy_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(2,),
        in_specs=[pl.BlockSpec((8,), lambda i: (i,)), pl.BlockSpec((8,), lambda i: (i,))],
        out_specs=pl.BlockSpec((8,), lambda i: (i,)),
        interpret=True,
    )(x)


@case
def pallas_block_shape_rank() -> object:
    x = jnp.ones((16, 16), jnp.float32)
    return pl.pallas_call(
        _copy_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(2,),
        in_specs=[pl.BlockSpec((8,), lambda i: (i,))],
        out_specs=pl.BlockSpec((8, 16), lambda i: (i, 0)),
        interpret=True,
    )(x)


@case
def pallas_index_map_result_length() -> object:
    x = jnp.ones((16, 16), jnp.float32)
    return pl.pallas_call(
        _copy_kernel,
        out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype),
        grid=(2,),
        in_specs=[pl.BlockSpec((8, 16), lambda i: (i,))],
        out_specs=pl.BlockSpec((8, 16), lambda i: (i, 0)),
        interpret=True,
    )(x)


@case
def pallas_mesh_kernel_jvp() -> object:
    from jax.experimental.pallas import tpu as pltpu

    mesh = pltpu.TensorCoreMesh(axis_name="core", num_cores=1)
    double = pl.kernel(
        _copy_kernel, out_type=jax.ShapeDtypeStruct((8,), jnp.float32), mesh=mesh, interpret=True
    )
    x = jnp.ones(8, jnp.float32)
    return jax.jvp(double, (x,), (x,))


# transformations and primitives ---------------------------------------------------------------


@case
def grad_non_scalar_output() -> object:
    return jax.grad(lambda x: x * 2)(jnp.ones(3))


@case
def grad_integer_input() -> object:
    return jax.grad(lambda x: x * 2)(3)


@case
def grad_argnums_out_of_range() -> object:
    return jax.grad(lambda x: x, argnums=3)(1.0)


@case
def vmap_inconsistent_sizes() -> object:
    return jax.vmap(lambda a, b: a + b)(jnp.ones(3), jnp.ones(4))


@case
def vmap_no_mapped_arguments() -> object:
    return jax.vmap(lambda a: a, in_axes=None)(jnp.ones(3))


@case
def vmap_in_axes_wrong_length() -> object:
    return jax.vmap(lambda a, b: a + b, in_axes=(0, 0, 0))(jnp.ones(3), jnp.ones(3))


@case
def vmap_axis_out_of_range() -> object:
    return jax.vmap(lambda a: a, in_axes=2)(jnp.ones(3))


@case
def scan_no_length() -> object:
    return lax.scan(lambda c, x: (c, x), 0.0, None)


@case
def scan_carry_type_mismatch() -> object:
    return lax.scan(lambda c, x: (c.astype(jnp.int32), x), 0.0, jnp.ones(3))


@case
def scan_body_not_pair() -> object:
    return lax.scan(lambda c, x: c, 0.0, jnp.ones(3))


@case
def cond_branch_output_mismatch() -> object:
    return lax.cond(True, lambda: jnp.ones(2), lambda: jnp.ones(3))


@case
def while_loop_cond_not_scalar() -> object:
    return lax.while_loop(lambda c: c < 3, lambda c: c + 1, jnp.zeros(2))


@case
def while_loop_carry_mismatch() -> object:
    return lax.while_loop(lambda c: c < 3, lambda c: (c + 1).astype(jnp.float32), jnp.int32(0))


@case
def switch_branch_output_mismatch() -> object:
    return lax.switch(0, [lambda: jnp.ones(2), lambda: jnp.ones(3)])


@case
def fori_loop_reverse_dynamic_bounds() -> object:
    def loss(x: jax.Array, n: jax.Array) -> jax.Array:
        return lax.fori_loop(0, n, lambda i, c: c * x, x)

    return jax.jit(jax.grad(loss))(1.0, 3)


@case
def tracer_bool_conversion() -> object:
    return jax.jit(lambda x: 1 if x > 0 else 2)(1.0)


@case
def tracer_integer_conversion() -> object:
    return jax.jit(lambda x: [1, 2, 3][x])(1)


@case
def tracer_array_conversion() -> object:
    return jax.jit(lambda x: np.asarray(x))(jnp.ones(2))


@case
def concretization_in_shape() -> object:
    return jax.jit(lambda n: jnp.zeros(n))(3)


@case
def immutable_item_assignment() -> object:
    x = jnp.ones(3)
    x[0] = 2.0
    return x


@case
def reshape_wrong_size() -> object:
    return jnp.ones(3).reshape(2, 2)


@case
def dot_general_contracting_mismatch() -> object:
    return lax.dot_general(jnp.ones((2, 3)), jnp.ones((4, 5)), (((1,), (0,)), ((), ())))


@case
def add_incompatible_shapes() -> object:
    return lax.add(jnp.ones(3), jnp.ones(4))


@case
def unbound_axis_name() -> object:
    return jax.jit(lambda x: lax.psum(x, "k"))(1.0)


@case
def make_mesh_too_many_devices() -> object:
    return jax.make_mesh((16,), ("i",))


@case
def key_reuse() -> object:
    with jax.debug_key_reuse(True):
        key = jax.random.key(0)
        jax.random.normal(key, (3,))
        return jax.random.uniform(key, (3,))


def _innermost_jax_frame(error: BaseException) -> list[Any] | None:
    site = None
    for frame, line in traceback.walk_tb(error.__traceback__):
        filename = frame.f_code.co_filename.replace("\\", "/")
        marker = filename.rfind("/jax/")
        if marker != -1:
            site = [filename[marker + 1 :], line]
    return site


def run(name: str) -> dict[str, Any]:
    try:
        CASES[name]()
    except Exception as error:
        return {
            "class": type(error).__name__,
            "message": str(error),
            "traceback": "".join(traceback.format_exception(error)),
            "site": _innermost_jax_frame(error),
        }
    return {"raised": False}


def main(argv: list[str]) -> int:
    names = argv[2:] or list(CASES)
    results = {name: run(name) for name in names}
    Path(argv[1]).write_text(json.dumps(results, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
