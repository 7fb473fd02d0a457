# realbug: jax-19058-tpu-column-blocks-layout (fixed)
# source: https://github.com/jax-ml/jax/issues/19058
# The fix: 128 columns per block (the lane width), the state's diagonal blocks 128 x 128.
import functools as ft

import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

BD = 128


def pallas_scan(k_ref, v_ref, r_ref, w_ref, u_ref, s_ref, out_ref, s_out_ref, T):
    u = u_ref[...]
    s = s_ref[...]

    def loop(t, s):
        k_t = k_ref[pl.ds(t, 1), :]
        v_t = v_ref[pl.ds(t, 1), :]
        r_t = r_ref[pl.ds(t, 1), :]
        w_t = w_ref[pl.ds(t, 1), :]
        kv_t = k_t * v_t
        out_ref[pl.ds(t, 1), :] = r_t * (u * kv_t + s[0:1, :])
        s = w_t * s + kv_t
        return s

    s = jax.lax.fori_loop(0, T, loop, s)
    s_out_ref[:, :] = s


def rwkv_pallas(k, v, r, w, u, s):
    T, D = k.shape
    return pl.pallas_call(
        ft.partial(pallas_scan, T=T),
        out_shape=[jax.ShapeDtypeStruct(k.shape, k.dtype), jax.ShapeDtypeStruct(s.shape, s.dtype)],
        grid=(D // BD,),
        in_specs=[
            pl.BlockSpec((T, BD), lambda j: (0, j)),
            pl.BlockSpec((T, BD), lambda j: (0, j)),
            pl.BlockSpec((T, BD), lambda j: (0, j)),
            pl.BlockSpec((T, BD), lambda j: (0, j)),
            pl.BlockSpec((1, BD), lambda j: (0, j)),
            pl.BlockSpec((BD, BD), lambda j: (j, j)),
        ],
        out_specs=[
            pl.BlockSpec((T, BD), lambda j: (0, j)),
            pl.BlockSpec((BD, BD), lambda j: (j, j)),
        ],
    )(k, v, r, w, u, s)


T, D = 16, 256
k = v = r = w = jnp.ones((T, D))
u = jnp.ones((1, D))
s = jnp.zeros((D, D))
rwkv_pallas(k, v, r, w, u, s)
