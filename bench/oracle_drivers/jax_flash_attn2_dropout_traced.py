"""jax-flash-attn2 ``flash_attention_jax/_flash_attention.py:104`` (tracer-bool-conversion-error):
``FlashAttention`` on the JAX platform passes ``dropout=dropout_prob`` to the jitted
``flash_attention``, whose ``dropout`` is not static, so ``dropout < 0 or dropout > 1`` asks a
tracer for a bool.  Calls that function as ``FlashAttention._compute_jax`` calls it (the
package's ``__init__`` imports jax-triton, which does not import on the pinned JAX, so the JAX
backend's module is loaded on its own).  True when it raises TracerBoolConversionError.

    python jax_flash_attn2_dropout_traced.py
"""

import importlib.util
import sys
import types

import jax

spec = importlib.util.find_spec("jax_flash_attn2")
assert spec is not None and spec.submodule_search_locations
stub = types.ModuleType("jax_flash_attn2")
stub.__path__ = list(spec.submodule_search_locations)
sys.modules["jax_flash_attn2"] = stub  # skip the package __init__ (jax-triton)
from jax_flash_attn2.flash_attention_jax import jax_flash_attention  # noqa: E402

shape = (1, 32, 2, 16)  # batch, sequence, heads, head dim
q, k, v = (jax.random.normal(jax.random.key(i), shape) for i in range(3))
try:
    # the keywords of ``_compute_jax`` (flash_attention.py:338), dropout_prob at its default
    out = jax_flash_attention(
        query_state=q,
        key_state=k,
        value_state=v,
        mask=None,
        bias=None,
        blocksize_q=16,
        blocksize_k=16,
        dtype=q.dtype,
        softmax_scale=None,
        dropout=0.0,
    )
except jax.errors.TracerBoolConversionError as error:
    print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:160]}")
else:
    print(f"verdict: false: the attention ran, output {out.shape}")
