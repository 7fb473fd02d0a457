"""tokamax 0.0.17: ``_splash_attention_custom`` (splash_attention_kernel.py:1616), a
``jax.custom_vjp`` with ``nondiff_argnames`` over 16 parameters, whose bwd returns 9 cotangents;
flagged ("9, not 7 cotangents", custom-vjp-bwd-output-structure) at the four places that take
its gradient (splash_attention_kernel_test.py:623, splash_attention_kernel_sharded_test.py:237,
splash_attention_segments_test.py:409, splash_attention_benchmarking.py:93).  Those tests need a
TPU, so the driver takes the same vjp with the kernel in Pallas's interpret mode on the CPU
(``SplashConfig(interpret=True)``, as tokamax's own interpret tests do): forward and backward of
``make_splash_mha_single_device`` on a causal mask."""

import dataclasses

import jax
import jax.numpy as jnp
from tokamax._src.ops.experimental.tpu.splash_attention import (
    splash_attention_kernel as splash,
)
from tokamax._src.ops.experimental.tpu.splash_attention import (
    splash_attention_mask as mask_lib,
)

heads, seq, dim = 2, 256, 128
config = dataclasses.replace(splash.SplashConfig.get_default(), interpret=True)
attention = splash.make_splash_mha_single_device(mask_lib.CausalMask((seq, seq)), config=config)
q, k, v = (jax.random.normal(jax.random.key(i), (heads, seq, dim)) for i in range(3))
try:
    out, vjp = jax.vjp(attention, q, k, v)
    dq, dk, dv = vjp(jnp.ones_like(out))[:3]
except TypeError as error:  # JAX's bwd-structure error (the finding's claim)
    print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:160]}")
else:
    print(f"verdict: false: forward and backward ran (dq {dq.shape}, dk {dk.shape}, dv {dv.shape})")
