# realbug: jax-18897-dynamic-index-in-tpu-loop (fixed)
# source: https://github.com/jax-ml/jax/issues/18897
# The fix: read row t from the Refs (a dynamic load), not from loaded values.
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl

T, D = 8, 128


def rwkv_kernel(r_ref, k_ref, v_ref, w_ref, u_ref, out_ref):
    u = u_ref[...]
    s = jnp.zeros((D, D), jnp.float32)

    def loop(t, s):
        kv_t = k_ref[pl.ds(t, 1), :] * v_ref[pl.ds(t, 1), :]
        out_ref[pl.ds(t, 1), :] = r_ref[pl.ds(t, 1), :] @ (u * kv_t + s)
        return kv_t + w_ref[pl.ds(t, 1), :] * s

    jax.lax.fori_loop(0, T, loop, s)


r = k = v = w = jnp.ones((T, D), jnp.float32)
u = jnp.ones((D,), jnp.float32)
out = pl.pallas_call(rwkv_kernel, out_shape=jax.ShapeDtypeStruct((T, D), jnp.float32))(
    r, k, v, w, u
)
