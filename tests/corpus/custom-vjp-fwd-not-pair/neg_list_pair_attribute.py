"""A fake-quantization Module whose fwd returns a two-element list: JAX accepts a list pair."""
# corpus: label=negative styles=attribute,method

import jax
import jax.numpy as jnp


def _quantize(x, scale):
    return jnp.round(x / scale) * scale


def _quantize_fwd(x, scale):
    return [_quantize(x, scale), None]


def _quantize_bwd(res, g):
    return g, jnp.zeros(())


class FakeQuant:
    def __init__(self, bits=8):
        self.scale = jnp.float32(2.0 ** (1 - bits))
        self.op = jax.custom_vjp(_quantize)
        self.op.defvjp(_quantize_fwd, _quantize_bwd)

    def __call__(self, x):
        return self.op(x, self.scale)


quant = FakeQuant(bits=4)
print(jax.grad(lambda x: jnp.sum(quant(x) ** 2))(jnp.ones((2, 3))))
