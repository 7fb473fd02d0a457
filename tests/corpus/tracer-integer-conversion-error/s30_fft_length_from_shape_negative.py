# corpus: label=negative styles=direct batch=s30
import jax
import jax.numpy as jnp


@jax.jit
def padded_spectrum(signal):
    length = 2 * signal.shape[0]
    return jnp.abs(jnp.fft.rfft(signal, length)), jnp.argmax(signal, axis=0)


padded_spectrum(jnp.ones(100))
