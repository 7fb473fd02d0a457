"""A fake-quantization Module builds its custom_vjp in __init__; the fwd keeps no residuals."""
# corpus: label=positive styles=attribute,method

import jax
import jax.numpy as jnp


def _quantize(x, scale):
    return jnp.round(x / scale) * scale


def _quantize_fwd(x, scale):
    return _quantize(x, scale)  # expect: custom-vjp-fwd-not-pair


def _quantize_bwd(res, g):
    return g, jnp.zeros(())


class FakeQuant:
    def __init__(self, bits=8):
        self.scale = jnp.float32(2.0 ** (1 - bits))
        self.op = jax.custom_vjp(_quantize)
        self.op.defvjp(_quantize_fwd, _quantize_bwd)

    def __call__(self, x):
        return self.op(x, self.scale)


class TinyNet:
    def __init__(self):
        self.quant = FakeQuant(bits=4)
        self.w = jnp.eye(3) * 0.5

    def loss(self, w, x):
        return jnp.sum(self.quant(x @ w) ** 2)


net = TinyNet()
print(jax.grad(net.loss)(net.w, jnp.ones((2, 3))))
