"""Hovers on Pallas calls: the signature the pinned JAX has, what the call does, and the known
errors this call raises (the rules' findings at it)."""

from __future__ import annotations

import inspect

import pytest

from jaxlsp import apis
from jaxlsp.apis.pallas import BLOCK_SPEC, KERNEL, PALLAS_CALL
from jaxlsp.engine import Engine
from jaxlsp.findings import Position

ENGINE = Engine()

SOURCE = """import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu

x = jnp.ones((16, 128), jnp.float32)
out = jax.ShapeDtypeStruct((16, 128), jnp.float32)
def copy(x_ref, o_ref):
    o_ref[...] = x_ref[...]

row = pl.BlockSpec((128,), lambda i: (i,))
pl.pallas_call(copy, out_shape=out, grid=(2,), in_specs=[row], out_specs=pl.BlockSpec((8, 128), lambda i: (i, 0)), interpret=True)(x)
mesh_copy = pl.kernel(copy, out_type=out, mesh=pltpu.TensorCoreMesh(axis_name="c", num_cores=1))
tile = pl.BlockSpec((8, 128), lambda i: (i, 0))
"""


def _hover(line: int, text: str) -> str:
    analysis = ENGINE.analyze(SOURCE)
    column = SOURCE.split("\n")[line].index(text) + len(text) - 1
    hover = ENGINE.hover(analysis, Position(line, column))
    assert hover is not None
    return hover.markdown


def test_pallas_call_hover_has_its_keyword_only_signature_and_this_calls_error() -> None:
    text = _hover(11, "pallas_call")
    assert "(kernel, out_shape, *, grid_spec=None, grid=()" in text
    assert "input_output_aliases={}" in text
    assert "one Ref per input" in text
    # the BlockSpec's finding points at this call
    assert "`pallas-block-shape-rank` (error)" in text
    assert "block_shape (128,) has 1 dimension" in text


def test_block_spec_hover_has_its_signature_and_no_error_of_another_call() -> None:
    text = _hover(13, "BlockSpec")
    assert "(block_shape=None, index_map=None, pipeline_mode=None, *, memory_space=None)" in text
    assert "Known errors" not in text  # the spec is made but no launch uses it


def test_kernel_hover_has_mesh_keyword_only() -> None:
    text = _hover(12, "pl.kernel")
    assert "runs over a mesh" in text
    assert "*, mesh, scratch_types=()" in text


@pytest.mark.jax
@pytest.mark.parametrize("name", [PALLAS_CALL, BLOCK_SPEC, KERNEL])
def test_hover_signature_is_the_pinned_jaxs(name: str, pinned_jax: None) -> None:
    from jax.experimental import pallas as pl

    parameters = inspect.signature(getattr(pl, name.rsplit(".", 1)[-1])).parameters.values()
    spec = apis.SPECS[name]
    assert [p.name for p in parameters] == list(spec.params)
    shown = spec.signature.strip("()").split(", ")
    star = shown.index("*")
    keyword_only = [p.name for p in parameters if p.kind is inspect.Parameter.KEYWORD_ONLY]
    assert [item.split("=")[0] for item in shown[star + 1 :]] == keyword_only
