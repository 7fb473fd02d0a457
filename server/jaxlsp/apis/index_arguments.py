"""Parameters that JAX reads as Python ints with ``operator.index`` while it traces: an axis,
an FFT length.  A tracer there (an argument of a jitted function, a loop body's carry) has no
int to give, so the call raises TracerIntegerConversionError.

Which form raises it was measured on the pinned JAX for each entry (the test suite runs
each one under ``jax.jit``): some APIs read the parameter's own value (``jnp.argmax(x, axis)``,
``jnp.fft.fft(a, n)``), the reductions read each item of a tuple of axes
(``jnp.sum(x, axis=(i,))``; a lone traced axis raises another error there, left alone).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class IndexForm(enum.Enum):
    """Which value of the parameter JAX converts with ``operator.index``."""

    #: The parameter's own value (an int).
    VALUE = "value"
    #: Each item of a tuple or list given for it.
    ITEMS = "items"


@dataclass(frozen=True)
class IndexArgument:
    """One parameter an API reads with ``operator.index``, in the form that raises."""

    parameter: str
    form: IndexForm


def _each(form: IndexForm, parameter: str, *names: str) -> dict[str, tuple[IndexArgument, ...]]:
    return {name: (IndexArgument(parameter, form),) for name in names}


_JNP = "jax.numpy."
#: By API: its parameters read with ``operator.index``.
INDEX_ARGUMENTS: dict[str, tuple[IndexArgument, ...]] = {
    **_each(
        IndexForm.ITEMS,
        "axis",
        *(
            _JNP + name
            for name in [
                "all",
                "any",
                "amax",
                "amin",
                "average",
                "max",
                "mean",
                "min",
                "prod",
                "ptp",
                "std",
                "sum",
                "var",
                "expand_dims",
                "flip",
                "squeeze",
            ]
        ),
        "jax.nn.softmax",
    ),
    **_each(IndexForm.ITEMS, "axes", _JNP + "transpose", _JNP + "permute_dims"),
    **_each(IndexForm.ITEMS, "dimensions", "jax.lax.squeeze"),
    **_each(
        IndexForm.VALUE,
        "axis",
        *(
            _JNP + n
            for n in [
                "argmax",
                "argmin",
                "nanargmax",
                "nanargmin",
                "concatenate",
                "concat",
                "stack",
            ]
        ),
    ),
    **_each(IndexForm.VALUE, "dimension", "jax.lax.sort"),
    **_each(
        IndexForm.VALUE,
        "n",
        *(f"{_JNP}fft.{n}" for n in ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]),
    ),
    **_each(
        IndexForm.ITEMS,
        "s",
        *(
            f"{_JNP}fft.{n}"
            for n in ["fft2", "ifft2", "fftn", "ifftn", "rfft2", "rfftn", "irfft2", "irfftn"]
        ),
    ),
}
