# realbug: jax-18897-dynamic-index-in-tpu-loop
# source: https://github.com/jax-ml/jax/issues/18897
# kind: pallas-tpu-unimplemented-primitive
# raises: NotImplementedError: Unimplemented primitive in Pallas TPU lowering( for \w+)?: dynamic_slice
# needs: TPU. Indexing loaded values with the fori_loop counter (k[t]) is a dynamic_slice,
# which the report's Mosaic lowering lacked. The report gives the loop; the launch around it
# is the smallest that runs it (T x D tiles, whole arrays).
# TPU label (a TPU v5e with jax 0.10.2, the TPU machine's release, not the pinned 0.12.0.1):
# raised NotImplementedError: Unimplemented primitive in Pallas TPU lowering for tc:
# dynamic_slice; fixed.py ran.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

T, D = 8, 128


def rwkv_kernel(r_ref, k_ref, v_ref, w_ref, u_ref, out_ref):
    r, k, v, w, u = r_ref[...], k_ref[...], v_ref[...], w_ref[...], u_ref[...]
    out = jnp.zeros((T, D), jnp.float32)
    s = jnp.zeros((D, D), jnp.float32)

    def loop(t, W_t):
        out, s = W_t
        kv_t = k[t] * v[t]  # BUG
        out = out.at[t].set((r[t] @ (u * kv_t + s)))
        s = kv_t + w[t, None] * s
        return out, s

    out_ref[...] = jax.lax.fori_loop(0, T, loop, (out, s))[0]


r = k = v = w = jnp.ones((T, D), jnp.float32)
u = jnp.ones((D,), jnp.float32)
out = pl.pallas_call(rwkv_kernel, out_shape=jax.ShapeDtypeStruct((T, D), jnp.float32))(
    r, k, v, w, u
)
