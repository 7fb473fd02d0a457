"""Key-reuse findings judged by execution: a case names lines of a package's file, which run
(each span dedented; a raw ``jax.random.PRNGKey(`` made a typed ``jax.random.key(`` so JAX's
checker sees it) under ``jax.debug_key_reuse(True)`` after the case's prelude (the names those
lines read).  The finding is true when JAX raises KeyReuseError, false when the lines run (the
keys were distinct).  The packages' own tests cannot judge these: they run without the switch.

    python key_reuse_lines.py CASE SRC      (SRC: the unpacked wheel, ``{src}`` in a review)
"""

import sys
import textwrap
from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np

_OBJ = "type('O', (), {})"
_NORM = "x = jnp.ones((4, 8)); scale = jnp.ones(8); offset = jnp.ones(8)"
_GATHER = "in_size = 8; hidden_size = 4; out_size = 6; dtype = jnp.float32"
_SPACE = (
    "key = jax.random.key(0); self = " + _OBJ + "(); self.shape = (3,); "
    "self.low = jnp.zeros(3); self.high = jnp.ones(3)"
)
_SPYX = """
class _Rngs:
    def params(self):
        return jax.random.key(0)
class nnx:
    Param = staticmethod(lambda v: v)
rngs = _Rngs(); dt_rank = 2; d_inner = 4; dt_min = 1e-3; dt_max = 1e-1
self = O(); self.dt_proj = O(); self.dt_proj.kernel = jnp.ones((2, 4))
"""
#: case -> (file in the wheel, spans of lines run in order, prelude)
CASES: dict[str, tuple[str, list[tuple[int, int]], str]] = {
    "augmax-colorspace-280": (
        "augmax/colorspace.py",
        [(253, 253), (280, 280)],
        "rng = jax.random.key(0); self = O(); self.keys_needed = 4; self.probability = 0.5",
    ),
    "augmax-colorspace-397": (
        "augmax/colorspace.py",
        [(394, 397)],
        "rng = jax.random.key(0); pixel = jnp.ones(3); self = O(); self.probability = 0.5",
    ),
    "augmax-geometric-288": (
        "augmax/geometric.py",
        [(287, 288)],
        "rng = jax.random.key(0); self = O(); self.probability = 0.5; "
        "self.theta_min = -0.5; self.theta_max = 0.5",
    ),
    "spyx-ssm-382": ("spyx/ssm.py", [(351, 351), (371, 374), (382, 384)], _SPYX),
    "dopamax-spaces-156": ("dopamax/spaces.py", [(155, 156)], _SPACE),
    "dopamax-spaces-157": ("dopamax/spaces.py", [(155, 155), (157, 157)], _SPACE),
    "dopamax-spaces-158": ("dopamax/spaces.py", [(155, 155), (158, 158)], _SPACE),
    "dopamax-base-331": (
        "dopamax/agents/anakin/base.py",
        [(330, 331)],
        "key = jax.random.key(0); self = O(); self.config = O(); "
        "self.config.num_envs_per_device = 2; self.config.num_devices = 1",
    ),
    "tokamax-normalization-api-43": (
        "tokamax/_src/ops/normalization/api_test.py",
        [(40, 43)],
        "shape = (4, 8); dtype = jnp.float32",
    ),
    "tokamax-normalization-base-135-137": (
        "tokamax/_src/ops/normalization/test_base.py",
        [(132, 137)],
        _NORM,
    ),
    "tokamax-normalization-base-180": (
        "tokamax/_src/ops/normalization/test_base.py",
        [(132, 137), (180, 180)],
        _NORM,
    ),
    "tokamax-normalization-triton-89-90": (
        "tokamax/_src/ops/normalization/triton_test.py",
        [(85, 90)],
        "",
    ),
    "tokamax-normalization-triton-107-108": (
        "tokamax/_src/ops/normalization/triton_test.py",
        [(103, 108)],
        "",
    ),
    "tokamax-ragged-gather-api-50": (
        "tokamax/_src/ops/ragged_gather/api_test.py",
        [(46, 50)],
        _GATHER,
    ),
    "tokamax-ragged-gather-base-51": (
        "tokamax/_src/ops/ragged_gather/test_base.py",
        [(48, 51)],
        _GATHER,
    ),
    "tokamax-gmm-v2-862": (
        "tokamax/_src/ops/gmm_v2/gmm_v2_test.py",
        [(859, 864)],
        "batch_size = 4; in_size = 8; out_size = 4; num_local_groups = 2",
    ),
    "tokamax-gmm-v2-1695": (
        "tokamax/_src/ops/gmm_v2/gmm_v2_test.py",
        [(1691, 1695)],
        "batch_size = 4; logical_k = 8",
    ),
    "tokamax-routing-moe-wrapper-76": (
        "tokamax/_src/ops/experimental/routing_moe/test/wrapper_test.py",
        [(71, 73), (75, 80)],
        "seed = 0; num_tokens = 4; hidden_size = 8; intermediate_size = 4; num_experts = 2; "
        "dtype = jnp.float32",
    ),
    "tokamax-lsce-loop-1914": (
        "tokamax/_src/ops/linear_softmax_cross_entropy_loss/pallas_mosaic_tpu_kernel_test.py",
        [(1914, 1914), (1914, 1914)],  # the loop's body run twice, as the loop on line 1994 does
        "rng_key = jax.random.key(42)",
    ),
}

case, source = sys.argv[1], sys.argv[2]
path, spans, prelude = CASES[case]
with Path(source, path).open(encoding="utf-8") as file:
    text = file.read().splitlines()
code = "\n".join(textwrap.dedent("\n".join(text[a - 1 : b])) for a, b in spans)
code = code.replace("jax.random.PRNGKey(", "jax.random.key(")
scope: dict[str, object] = {"jax": jax, "jnp": jnp, "np": np}
exec("O = " + _OBJ + "\n" + prelude, scope)
try:
    with jax.debug_key_reuse(True):
        exec(compile(code, f"{path}:{spans}", "exec"), scope)
except jax.errors.KeyReuseError as error:
    print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:160]}")
else:
    print(f"verdict: false: {path} lines {spans} ran under jax.debug_key_reuse(True)")
