# realbug: jax-15386-fft-traced-n
# source: https://github.com/jax-ml/jax/issues/15386
# kind: traced-size-argument
# raises: TracerIntegerConversionError: The __index__\(\) method was called on traced array
import jax
import jax.numpy as jnp


def my_fft(a, n):
    return jnp.fft.fft(a, n)  # BUG


a = jnp.ones(1000)
print(jax.jit(my_fft)(a, 1024).shape)
