"""The JAX primitives a GPU kernel lowered through Triton cannot use, as data: Pallas's Triton
lowering has no rule for them, so lowering a ``pallas_call`` kernel that binds one for a GPU
raises ``NotImplementedError: Unimplemented primitive in Pallas Triton lowering: <name>``
(interpret mode runs them).

Each was measured on the pinned jax 0.12.0.1 by lowering a kernel that binds it for CUDA on
the CPU (``jax.jit(f).trace(x).lower(lowering_platforms=("cuda",))`` under an abstract CUDA
device: the Triton lowering runs in Python, no GPU needed;
``tests/pallas_corpus/labels/_probe_s41_triton_lowering.py``, 90 operations, its results in
``triton-lowering-jax-0.12.0.1.json``).  Operations the Triton lowering accepts there are left
out, whatever a report of an older release said (``lax.erf_inv``: jax#23173's report, lowered
by 0.12; ``jnp.cumsum``, ``jnp.expm1``, the inverse and hyperbolic trigonometry, which the TPU
lowering lacks).  What fails later, in Triton's own compiler (a dot smaller than 16, block
sizes that are not powers of two), needs a GPU and is not here.
"""

from __future__ import annotations

from typing import Final

#: The modelled JAX functions whose call binds a primitive the Triton lowering lacks, and
#: that primitive's name.
TRITON_UNLOWERED_APIS: Final[dict[str, str]] = {
    "jax.numpy.cumprod": "cumprod",
    "jax.numpy.cumulative_prod": "cumprod",
    "jax.lax.cumprod": "cumprod",
    "jax.lax.cummax": "cummax",
    "jax.lax.cummin": "cummin",
    "jax.numpy.sort": "sort",
    "jax.numpy.argsort": "sort",
    "jax.lax.sort": "sort",
    "jax.Array.sort": "sort",
    "jax.numpy.flip": "rev",
    "jax.numpy.fliplr": "rev",
    "jax.numpy.flipud": "rev",
    "jax.lax.rev": "rev",
    "jax.numpy.prod": "reduce_prod",
    "jax.Array.prod": "reduce_prod",
    "jax.lax.reduce_prod": "reduce_prod",
    "jax.scipy.special.erf": "erf",
    "jax.lax.erf": "erf",
    "jax.scipy.special.erfc": "erfc",
    "jax.lax.erfc": "erfc",
    "jax.lax.lgamma": "lgamma",
    "jax.scipy.special.gammaln": "lgamma",
    "jax.lax.digamma": "digamma",
    "jax.scipy.special.digamma": "digamma",
    "jax.numpy.round": "round",
    "jax.numpy.around": "round",
    "jax.lax.round": "round",
    "jax.Array.round": "round",
    "jax.numpy.take": "gather",
}

#: ``x.at[i].<method>(v)`` of a loaded value binds a scatter the Triton lowering lacks.
TRITON_SCATTERS: Final[dict[str, str]] = {"set": "scatter", "add": "scatter-add"}

#: The dtypes whose true division (``x / y`` of two such values) the Triton lowering refuses:
#: "NotImplementedError: unsupported types" (jax#20239's bfloat16 division; float16 too).
TRITON_UNDIVIDED: Final[frozenset[str]] = frozenset({"bfloat16", "float16"})
