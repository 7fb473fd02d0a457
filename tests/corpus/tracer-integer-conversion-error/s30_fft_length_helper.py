# corpus: label=positive styles=helper batch=s30
import jax
import jax.numpy as jnp


def spectrum(signal, length):
    return jnp.abs(jnp.fft.rfft(signal, length))  # expect: tracer-integer-conversion-error


@jax.jit
def power(signal, length):
    return spectrum(signal, length) ** 2


power(jnp.ones(100), 128)
