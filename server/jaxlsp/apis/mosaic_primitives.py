"""The JAX primitives a TPU kernel cannot use, as data: the TensorCore lowering of Pallas's
TPU backend (Mosaic) has no rule for them, so compiling a kernel that binds one raises
``NotImplementedError: Unimplemented primitive in Pallas TPU lowering for tc: <name>``
(jax 0.12.0.1, ``jax/_src/pallas/mosaic/lowering.py``, line 1914; interpret mode runs them).

Each primitive is absent from jax 0.12.0.1's lowering table and from jax 0.10.2's, and was
measured raising that error on a TPU v5e with jax 0.10.2 (the probes of stop 34:
``tests/pallas_corpus/labels/tpu-v5e-jax-0.10.2.json``, ``probe/...``).  Primitives the
table lacks that were not measured (``cummin``, ``scatter-add``...) are left out, and so are
operations a later release lowers (``cos``: jax#24026's report, lowered by 0.10.2).

``UNLOWERED_APIS`` says which modelled JAX functions bind each one (from JAX's source: the
function's implementation binds that primitive on a traced operand of any shape).
"""

from __future__ import annotations

from typing import Final

#: The modelled JAX functions whose call binds a primitive Mosaic's TensorCore lowering lacks,
#: and that primitive's name.
UNLOWERED_APIS: Final[dict[str, str]] = {
    "jax.numpy.cumsum": "cumsum",
    "jax.numpy.cumulative_sum": "cumsum",
    "jax.lax.cumsum": "cumsum",
    "jax.Array.cumsum": "cumsum",
    "jax.numpy.cumprod": "cumprod",
    "jax.numpy.cumulative_prod": "cumprod",
    "jax.lax.cumprod": "cumprod",
    "jax.lax.cummax": "cummax",
    "jax.lax.cumlogsumexp": "cumlogsumexp",
    "jax.numpy.sort": "sort",
    "jax.numpy.argsort": "sort",
    "jax.lax.sort": "sort",
    "jax.Array.sort": "sort",
    "jax.numpy.flip": "rev",
    "jax.numpy.fliplr": "rev",
    "jax.numpy.flipud": "rev",
    "jax.lax.rev": "rev",
    "jax.numpy.expm1": "expm1",
    "jax.lax.expm1": "expm1",
    "jax.numpy.arcsin": "asin",
    "jax.numpy.asin": "asin",
    "jax.numpy.arccos": "acos",
    "jax.numpy.acos": "acos",
    "jax.numpy.arctan": "atan",
    "jax.numpy.atan": "atan",
    "jax.numpy.sinh": "sinh",
    "jax.numpy.cosh": "cosh",
    "jax.numpy.arcsinh": "asinh",
    "jax.numpy.asinh": "asinh",
    "jax.numpy.arccosh": "acosh",
    "jax.numpy.acosh": "acosh",
    "jax.numpy.arctanh": "atanh",
    "jax.numpy.atanh": "atanh",
    "jax.scipy.special.erfc": "erfc",
    "jax.lax.lgamma": "lgamma",
    "jax.scipy.special.gammaln": "lgamma",
    "jax.lax.digamma": "digamma",
    "jax.scipy.special.digamma": "digamma",
    "jax.numpy.cbrt": "cbrt",
    "jax.lax.cbrt": "cbrt",
    "jax.numpy.prod": "reduce_prod",
    "jax.Array.prod": "reduce_prod",
    "jax.lax.reduce_prod": "reduce_prod",
}

#: The functions that bind ``dynamic_slice`` when a start index is traced (``lax.dynamic_slice``
#: of a loaded value; ``v[t]`` with a traced integer ``t`` is the same primitive).
DYNAMIC_SLICES: Final[frozenset[str]] = frozenset(
    {"jax.lax.dynamic_slice", "jax.lax.dynamic_slice_in_dim", "jax.lax.dynamic_index_in_dim"}
)

#: ``x.at[i].set(v)`` on a loaded value with integer indices binds ``scatter``.
SCATTER_METHODS: Final[frozenset[str]] = frozenset({"set"})
