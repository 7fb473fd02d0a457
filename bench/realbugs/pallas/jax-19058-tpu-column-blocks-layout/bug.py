# realbug: jax-19058-tpu-column-blocks-layout
# source: https://github.com/jax-ml/jax/issues/19058
# kind: pallas-tpu-block-tiling
# raises: ValueError: The Pallas TPU lowering currently requires that the last two dimensions|NotImplementedError: .*layout
# needs: TPU. (T, 1) and (1, 1) blocks of (T, D) arrays: the last dimension 1 is neither a
# multiple of 128 nor the array's D, which Mosaic refuses (the report's JAX said
# "unsupported layout change"). BlockSpec arguments in 0.12's order, pl.load/pl.store as
# Ref indexing; the CPU interpret mode runs it.
# TPU label (a TPU v5e with jax 0.10.2, the TPU machine's release, not the pinned 0.12.0.1):
# raised ValueError: The Pallas TPU lowering currently requires that the last two dimensions of
# your block shape are divisible by 8 and 128...; fixed.py ran.
import functools as ft

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl


def pallas_scan(k_ref, v_ref, r_ref, w_ref, u_ref, s_ref, out_ref, s_out_ref, T):
    u = u_ref[...]
    s = s_ref[...]

    def loop(t, s):
        k_t = k_ref[pl.ds(t, 1), :]
        v_t = v_ref[pl.ds(t, 1), :]
        r_t = r_ref[pl.ds(t, 1), :]
        w_t = w_ref[pl.ds(t, 1), :]
        kv_t = k_t * v_t
        out_ref[pl.ds(t, 1), :] = r_t * (u * kv_t + s)
        s = w_t * s + kv_t
        return s

    s = jax.lax.fori_loop(0, T, loop, s)
    s_out_ref[:, :] = s


def rwkv_pallas(k, v, r, w, u, s):
    T, D = k.shape
    return pl.pallas_call(
        ft.partial(pallas_scan, T=T),
        out_shape=[jax.ShapeDtypeStruct(k.shape, k.dtype), jax.ShapeDtypeStruct(s.shape, s.dtype)],
        grid=(D,),
        in_specs=[
            pl.BlockSpec((T, 1), lambda j: (0, j)),  # BUG
            pl.BlockSpec((T, 1), lambda j: (0, j)),
            pl.BlockSpec((T, 1), lambda j: (0, j)),
            pl.BlockSpec((T, 1), lambda j: (0, j)),
            pl.BlockSpec((1, 1), lambda j: (0, j)),
            pl.BlockSpec((1, 1), lambda j: (j, j)),
        ],
        out_specs=[
            pl.BlockSpec((T, 1), lambda j: (0, j)),
            pl.BlockSpec((1, 1), lambda j: (j, j)),
        ],
    )(k, v, r, w, u, s)


T, D = 16, 256
k = v = r = w = jnp.ones((T, D))
u = jnp.ones((1, D))
s = jnp.zeros((D, D))
rwkv_pallas(k, v, r, w, u, s)
