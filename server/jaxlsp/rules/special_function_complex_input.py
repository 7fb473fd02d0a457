"""``jax.scipy.special.gammaln(z)`` (or ``digamma``, ``erf``..., ``jnp.floor``, ``lax.lgamma``...)
of a complex number or array (a literal, ``jnp.fft``'s result): they are defined for real
inputs, and their lax primitive refuses complex dtypes.

The contract is in the API models (``Requirement.REAL`` on their input); reported when the
input is surely complex (a complex literal, an array of a complex dtype).
"""

from __future__ import annotations

from jaxlsp.apis.contracts import Violation
from jaxlsp.infer.frames import ApiCall
from jaxlsp.rules._arguments import ArgumentRule


class SpecialFunctionComplexInput(ArgumentRule):
    NAME = "special-function-complex-input"
    CODE = "special-function-complex-input"
    RECORD_ID = "a1eb743737b72c8d"
    KIND = "complex"

    VALID = (
        """
import jax.numpy as jnp
from jax.scipy.special import erf, gammaln

def log_beta(a, b):
    return gammaln(a) + gammaln(b) - gammaln(a + b)

log_beta(jnp.ones(3), jnp.arange(3))
spectrum = gammaln(jnp.abs(jnp.ones(4, jnp.complex64)))
power = jnp.floor(jnp.abs(jnp.fft.fft(jnp.ones(8))) ** 2)
signal = erf(jnp.fft.irfft(jnp.fft.rfft(jnp.ones(8))))
""",
    )
    INVALID = (
        """
import jax.numpy as jnp
from jax.scipy.special import gammaln

def log_normaliser(z):
    return gammaln(z)  # expect: special-function-complex-input

log_normaliser(jnp.ones(4, jnp.complex64))
""",
        """
import jax.numpy as jnp
from jax.scipy.special import erf

def smooth_spectrum(signal):
    return erf(jnp.fft.rfft(signal))  # expect: special-function-complex-input

smooth_spectrum(jnp.ones(16))
""",
    )

    def message(self, call: ApiCall, violation: Violation) -> str:
        return (
            f"`{call.api.short}` is given {violation.described}: it is defined for real "
            "inputs only, so it raises TypeError. Pass a real array (its modulus or real "
            "part), or write the complex version with jnp operations."
        )
