"""The Pallas rules of stop 35: each finds what raises and stays silent on the close negatives
(the code that runs, or whose outcome rests on something unknown)."""

from __future__ import annotations

import pytest

from tests._engine import fresh_engine
from tests._on_jax import raised_on_jax

HEAD = """import functools
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

x = jnp.ones((16, 128), jnp.float32)
out = jax.ShapeDtypeStruct((16, 128), jnp.float32)
spec = pl.BlockSpec((8, 128), lambda i: (i, 0))
"""

#: A plain launch (no TPU marker) for the backend-neutral rules.
PLAIN = HEAD.replace("from jax.experimental.pallas import tpu as pltpu\n", "")


def _codes(body: str, head: str = HEAD) -> list[str]:
    return [finding.code for finding in fresh_engine().analyze(head + body).findings]


CASES: list[tuple[str, str, str, bool]] = [
    # (code, head, body, found)
    (
        "pallas-ref-used-as-array",
        PLAIN,
        """
def k(x_ref, o_ref):
    o_ref[...] = jnp.exp(x_ref)
pl.pallas_call(k, out_shape=out, interpret=True)(x)
""",
        True,
    ),
    (
        "pallas-ref-used-as-array",
        PLAIN,
        """
def k(x_ref, o_ref):
    o_ref[...] = 2.0 * x_ref
pl.pallas_call(k, out_shape=out, interpret=True)(x)
""",
        True,
    ),
    (
        "pallas-ref-used-as-array",
        PLAIN,
        """
def k(x_ref, o_ref):
    o_ref[...] = jnp.zeros_like(o_ref) + jnp.ones(x_ref.shape, x_ref.dtype) * x_ref.shape[0]
pl.pallas_call(k, out_shape=out, interpret=True)(x)
""",
        False,
    ),
    (
        "pallas-ref-used-as-array",
        PLAIN,
        """
def k(x_ref, o_ref):
    x_ref = x_ref[...]
    o_ref[...] = x_ref * 2.0
pl.pallas_call(k, out_shape=out, interpret=True)(x)
""",
        False,
    ),
    (
        "pallas-ref-used-as-array",
        PLAIN,
        """
def k(x_ref, o_ref):
    @pl.when(pl.program_id(0) == 0)
    def _():
        o_ref[...] = x_ref[...] * 2.0
pl.pallas_call(k, out_shape=out, grid=(1,), interpret=True)(x)
""",
        False,
    ),
    (
        "pallas-grid-not-integers",
        PLAIN,
        """
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]
pl.pallas_call(k, out_shape=out, grid=(x.shape[0] / 8,), in_specs=[spec], out_specs=spec,
               interpret=True)(x)
""",
        True,
    ),
    (
        "pallas-grid-not-integers",
        PLAIN,
        """
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]
def run(rows):
    return pl.pallas_call(k, out_shape=out, grid=(rows / 8,), in_specs=[spec],
                          out_specs=spec, interpret=True)(x)
""",
        False,
    ),
    (
        "pallas-out-shape-type",
        PLAIN,
        """
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]
pl.pallas_call(k, out_shape=x.shape, interpret=True)(x)
""",
        True,
    ),
    (
        "pallas-out-shape-type",
        PLAIN,
        """
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]
def run(shape):
    return pl.pallas_call(k, out_shape=shape, interpret=True)(x)
run(out)
""",
        False,
    ),
    (
        "pallas-index-map-not-integer",
        PLAIN,
        """
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]
def half(i):
    return (i / 2, 0)
pl.pallas_call(k, out_shape=out, grid=(2,), in_specs=[pl.BlockSpec((8, 128), half)],
               out_specs=spec, interpret=True)(x)
""",
        True,
    ),
    (
        "pallas-index-map-not-integer",
        PLAIN,
        """
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]
half = pl.BlockSpec((8, 128), lambda i: ((i / 2).astype(jnp.int32), 0))
pl.pallas_call(k, out_shape=out, grid=(2,), in_specs=[half], out_specs=spec,
               interpret=True)(x)
""",
        False,
    ),
    (
        "pallas-blockspec-argument-order",
        PLAIN,
        """
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]
old = pl.BlockSpec(lambda i: (i, 0), (8, 128))
pl.pallas_call(k, out_shape=out, grid=(2,), in_specs=[old], out_specs=spec,
               interpret=True)(x)
""",
        True,
    ),
    (
        "pallas-blockspec-argument-order",
        PLAIN,
        """
old = pl.BlockSpec(lambda i: (i, 0), (8, 128))  # made, never launched: nothing raises
""",
        False,
    ),
    (
        "pallas-ref-index-rank",
        PLAIN,
        """
def k(x_ref, o_ref):
    o_ref[...] = jnp.broadcast_to(x_ref[0, 0, 0], (8, 128))
pl.pallas_call(k, out_shape=jax.ShapeDtypeStruct((8, 128), jnp.float32), grid=(2,),
               in_specs=[spec], out_specs=pl.BlockSpec((8, 128), lambda i: (0, 0)),
               interpret=True)(x)
""",
        True,
    ),
    (
        "pallas-ref-index-rank",
        PLAIN,
        """
def k(x_ref, o_ref):
    o_ref[0, ...] = x_ref[0, ...]
pl.pallas_call(k, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
               interpret=True)(x)
""",
        False,
    ),
    (
        "pallas-tpu-dimension-semantics",
        HEAD,
        """
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]
params = pltpu.CompilerParams(dimension_semantics=("parallel",))
pl.pallas_call(k, out_shape=out, grid=(2, 1), in_specs=[pl.BlockSpec((8, 128), lambda i, j: (i, j))],
               out_specs=pl.BlockSpec((8, 128), lambda i, j: (i, j)), compiler_params=params)(x)
""",
        True,
    ),
    (
        "pallas-tpu-dimension-semantics",
        HEAD,
        """
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...]
def run(semantics):
    params = pltpu.CompilerParams(dimension_semantics=semantics)
    return pl.pallas_call(k, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
                          compiler_params=params)(x)
pl.pallas_call(k, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
               compiler_params=pltpu.CompilerParams(dimension_semantics=("core_parallel",)))(x)
""",
        False,
    ),
    (
        "pallas-tpu-smem-vector",
        HEAD,
        """
def k(x_ref, o_ref):
    o_ref[...] = x_ref[...] * 2.0
pl.pallas_call(k, out_shape=out, in_specs=[pl.BlockSpec(memory_space=pltpu.VMEM)],
               out_specs=pl.BlockSpec(memory_space=pltpu.SMEM))(x)
""",
        True,
    ),
    (
        "pallas-tpu-smem-vector",
        HEAD,
        """
def k(t_ref, x_ref, o_ref):
    o_ref[...] = x_ref[...] * t_ref[0, 1] + t_ref[1:2, 0:1]
pl.pallas_call(k, out_shape=out, in_specs=[pl.BlockSpec(memory_space=pltpu.SMEM),
                                           pl.BlockSpec(memory_space=pltpu.VMEM)])(x, x)
""",
        False,
    ),
    (
        "pallas-tpu-float-index",
        HEAD,
        """
def k(x_ref, o_ref):
    o_ref[...] = jnp.zeros_like(o_ref)
    o_ref[pl.program_id(0).astype(jnp.float32)] = x_ref[0]
pl.pallas_call(k, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec)(x)
""",
        True,
    ),
    (
        "pallas-tpu-float-index",
        PLAIN,
        """
def k(x_ref, o_ref):
    o_ref[...] = jnp.zeros_like(o_ref)
    o_ref[pl.program_id(0) / 2] = x_ref[0]
pl.pallas_call(k, out_shape=out, grid=(2,), in_specs=[spec], out_specs=spec,
               interpret=True)(x)
""",
        False,
    ),
]


@pytest.mark.parametrize(("code", "head", "body", "found"), CASES)
def test_found_where_it_raises_and_silent_on_the_close_negative(
    code: str, head: str, body: str, found: bool
) -> None:
    assert (code in _codes(body, head)) is found


@pytest.mark.jax
def test_the_backend_neutral_cases_raise_or_run_on_the_pinned_jax(pinned_jax: None) -> None:
    """Each case of a backend-neutral rule (interpret mode raises them) is what the pinned JAX
    does: the found ones raise, the silent ones run. The TPU cases are labelled by their
    records' measurements on the chip."""
    cases = [(head + body, found) for code, head, body, found in CASES if "-tpu-" not in code]
    raised = raised_on_jax("pallas_launch_arguments", [source for source, _ in cases])
    assert raised == [found for _, found in cases]
