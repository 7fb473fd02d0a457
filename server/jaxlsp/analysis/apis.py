"""The JAX APIs the analysis understands: canonical qualified names and one-line notes.

Notes are ours (written for hovers), not JAX's docstrings.
"""

from __future__ import annotations

from functools import lru_cache

#: Old or alternative spellings of the same API, mapped to the name records use.
CANONICAL: dict[str, str] = {
    "jax.experimental.shard_map.shard_map": "jax.shard_map",
    "jax.experimental.pallas.tpu.kernel": "jax.experimental.pallas.kernel",
    "jax.experimental.pjit.pjit": "jax.jit",
}

SHARD_MAP = "jax.shard_map"
CUSTOM_VJP = "jax.custom_vjp"
CUSTOM_JVP = "jax.custom_jvp"
PARTIAL = "functools.partial"
JIT = "jax.jit"
PALLAS_KERNEL = "jax.experimental.pallas.kernel"
PALLAS_CALL = "jax.experimental.pallas.pallas_call"
PALLAS_CORE_MAP = "jax.experimental.pallas.core_map"

#: Forward-mode entry points, and reverse-mode ones (which run the JVP rule too).
FORWARD_MODE = frozenset({"jax.jvp", "jax.linearize", "jax.jacfwd", "jax.hessian"})
REVERSE_MODE = frozenset({"jax.grad", "jax.vjp", "jax.value_and_grad", "jax.jacrev"})
DIFFERENTIATION = FORWARD_MODE | REVERSE_MODE
#: Every API whose call makes a value the analysis tracks; other calls are opaque.
UNDERSTOOD = DIFFERENTIATION | {
    SHARD_MAP,
    CUSTOM_VJP,
    CUSTOM_JVP,
    PARTIAL,
    JIT,
    PALLAS_KERNEL,
    PALLAS_CALL,
    PALLAS_CORE_MAP,
}

NOTES: dict[str, str] = {
    SHARD_MAP: "Maps a function over the shards of its inputs on a device mesh; the body sees "
    "per-device blocks. Run eagerly, its body is evaluated by shard_map's own tracer.",
    CUSTOM_VJP: "Gives a function a hand-written reverse-mode rule, registered with "
    "`f.defvjp(fwd, bwd)`.",
    f"{CUSTOM_VJP}.defvjp": "Registers the forward and backward functions of a custom_vjp "
    "function; `symbolic_zeros=True` passes CustomVJPPrimal leaves to fwd and may pass "
    "SymbolicZero cotangents to bwd.",
    CUSTOM_JVP: "Gives a function a hand-written forward-mode rule, registered with "
    "`f.defjvp(rule)`; reverse mode is derived from it.",
    f"{CUSTOM_JVP}.defjvp": "Registers the JVP rule of a custom_jvp function.",
    JIT: "Traces the function once per input signature and compiles it with XLA.",
    PALLAS_KERNEL: "Builds a Pallas kernel that runs over a mesh (`mesh=`); mesh kernels "
    "have no differentiation rule.",
    PALLAS_CALL: "Calls a Pallas kernel over a grid of blocks.",
    PALLAS_CORE_MAP: "Runs a function once per core of a mesh (deprecated in favour of "
    "`pl.kernel`); it has no differentiation rule.",
    "jax.jvp": "Forward-mode differentiation: evaluates a function and its JVP at a point.",
    "jax.linearize": "Forward-mode differentiation returning a linear function for the JVP.",
    "jax.jacfwd": "Jacobian by forward mode (JVPs).",
    "jax.hessian": "Hessian by forward-over-reverse differentiation.",
    "jax.grad": "Reverse-mode gradient; JAX derives it from the function's JVP.",
    "jax.vjp": "Reverse-mode VJP; derived from the function's JVP.",
    "jax.value_and_grad": "Value and reverse-mode gradient; derived from the function's JVP.",
    "jax.jacrev": "Jacobian by reverse mode (VJPs), derived from the JVP.",
}


@lru_cache(maxsize=8192)
def canonical(qualified: str) -> str:
    """The name records use for ``qualified`` (an import's target plus attributes)."""
    for old, new in CANONICAL.items():
        if qualified == old or qualified.startswith(old + "."):
            return new + qualified[len(old) :]
    return qualified
