"""Which reductions, scans, sorts, reversals, index and data-movement operations a TPU kernel
lowers, on an (8, 128) float32 tile, whole-array blocks (no grid)."""

import jax
import jax.numpy as jnp
from _probe_s34_common import call, pltpu, record
from jax import lax
from jax.experimental import pallas as pl

x = jnp.linspace(0.1, 0.9, 8 * 128, dtype=jnp.float32).reshape(8, 128)
SAME = jax.ShapeDtypeStruct(x.shape, x.dtype)


def whole(name, op, out=SAME):
    def kernel(x_ref, o_ref):
        o_ref[...] = op(x_ref[...]).astype(o_ref.dtype)

    record("ops-structural", name, lambda: call(kernel, out)(x))


def keep(reduce):
    return lambda v: jnp.broadcast_to(reduce(v), v.shape)


whole("sum_last", keep(lambda v: jnp.sum(v, axis=-1, keepdims=True)))
whole("max_last", keep(lambda v: jnp.max(v, axis=-1, keepdims=True)))
whole("prod_last", keep(lambda v: jnp.prod(v, axis=-1, keepdims=True)))
whole("argmax_last", keep(lambda v: jnp.argmax(v, axis=-1, keepdims=True).astype(v.dtype)))
whole("mean_var", keep(lambda v: jnp.var(v, axis=-1, keepdims=True)))
whole("logsumexp", keep(lambda v: jax.nn.logsumexp(v, axis=-1, keepdims=True)))
whole("softmax", lambda v: jax.nn.softmax(v, axis=-1))
whole("any_where", lambda v: jnp.where(jnp.any(v > 0.5, axis=-1, keepdims=True), v, 0.0))
whole("cumsum_0", lambda v: jnp.cumsum(v, axis=0))
whole("cumsum_1", lambda v: jnp.cumsum(v, axis=1))
whole("cumprod_1", lambda v: jnp.cumprod(v, axis=1))
whole("cummax_1", lambda v: lax.cummax(v, axis=1))
whole("cumlogsumexp_1", lambda v: lax.cumlogsumexp(v, axis=1))
whole("sort_1", lambda v: jnp.sort(v, axis=-1))
whole("sort_0", lambda v: jnp.sort(v, axis=0))
whole("argsort_1", lambda v: jnp.argsort(v, axis=-1).astype(v.dtype))
whole("flip_1", lambda v: jnp.flip(v, axis=1))
whole("flip_0", lambda v: jnp.flip(v, axis=0))
whole("roll_jnp_1", lambda v: jnp.roll(v, 1, axis=1))
if pltpu is not None and hasattr(pltpu, "roll"):
    whole("roll_pltpu_1", lambda v: pltpu.roll(v, 1, 1))
whole("transpose", lambda v: v.T, jax.ShapeDtypeStruct((128, 8), jnp.float32))
whole("concat_halves", lambda v: jnp.concatenate([v[:, 64:], v[:, :64]], axis=1))
whole("strided_slice", lambda v: v[:, ::2], jax.ShapeDtypeStruct((8, 64), jnp.float32))
whole("gather_rows", lambda v: v[lax.broadcasted_iota(jnp.int32, (8,), 0) ^ 1])
whole("take_cols", lambda v: jnp.take(v, jnp.arange(128)[::-1], axis=1))
whole("scatter_static_row", lambda v: v.at[0].set(0.0))
whole("scatter_static_elem", lambda v: v.at[0, 0].set(0.0))
whole("matmul_t", lambda v: v @ v.T, jax.ShapeDtypeStruct((8, 8), jnp.float32))
whole("einsum", lambda v: jnp.einsum("ij,kj->ik", v, v), jax.ShapeDtypeStruct((8, 8), jnp.float32))
whole("triu_iota", lambda v: jnp.where(lax.broadcasted_iota(jnp.int32, v.shape, 1) >= 3, v, 0.0))
whole("pad", lambda v: jnp.pad(v[:, :64], ((0, 0), (0, 64))))
whole("tile", lambda v: jnp.tile(v[:, :64], (1, 2)))
whole("repeat", lambda v: jnp.repeat(v[:, :64], 2, axis=1))


def loop_kernel(body):
    def kernel(x_ref, o_ref):
        v = x_ref[...]
        o_ref[...] = lax.fori_loop(0, 8, lambda t, acc: body(t, v, acc), jnp.zeros_like(v))

    return kernel


record(
    "ops-structural",
    "dynamic_index_value",
    lambda: call(loop_kernel(lambda t, v, acc: acc + v[t]), SAME)(x),
)
record(
    "ops-structural",
    "dynamic_slice_value",
    lambda: call(loop_kernel(lambda t, v, acc: acc + lax.dynamic_slice(v, (t, 0), (1, 128))), SAME)(
        x
    ),
)
record(
    "ops-structural",
    "dynamic_update_value",
    lambda: call(loop_kernel(lambda t, v, acc: acc.at[t].set(v[0])), SAME)(x),
)


def ref_rows(x_ref, o_ref):
    def body(t, carry):
        o_ref[pl.ds(t, 1), :] = x_ref[pl.ds(t, 1), :] * 2
        return carry

    lax.fori_loop(0, 8, body, 0)


record("ops-structural", "dynamic_ref_row", lambda: call(ref_rows, SAME)(x))
