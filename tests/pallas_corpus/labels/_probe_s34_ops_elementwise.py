"""Which elementwise operations a TPU kernel lowers: o_ref[...] = op(x_ref[...]) on an
(8, 128) float32 tile, whole-array blocks (no grid)."""

import jax
import jax.numpy as jnp
import jax.scipy.special as jsp
from _probe_s34_common import call, record
from jax import lax

x = jnp.linspace(0.1, 0.9, 8 * 128, dtype=jnp.float32).reshape(8, 128)
OUT = jax.ShapeDtypeStruct(x.shape, x.dtype)

OPS = {
    "cos": jnp.cos,
    "sin": jnp.sin,
    "tan": jnp.tan,
    "tanh": jnp.tanh,
    "exp": jnp.exp,
    "log": jnp.log,
    "log1p": jnp.log1p,
    "expm1": jnp.expm1,
    "arcsin": jnp.arcsin,
    "arccos": jnp.arccos,
    "arctan": jnp.arctan,
    "arctan2": lambda v: jnp.arctan2(v, v + 1),
    "sinh": jnp.sinh,
    "cosh": jnp.cosh,
    "arcsinh": jnp.arcsinh,
    "arccosh": lambda v: jnp.arccosh(v + 1.5),
    "arctanh": jnp.arctanh,
    "erf": jsp.erf,
    "erfc": jsp.erfc,
    "erf_inv": lax.erf_inv,
    "lgamma": lax.lgamma,
    "digamma": lax.digamma,
    "cbrt": jnp.cbrt,
    "sqrt": jnp.sqrt,
    "rsqrt": lax.rsqrt,
    "sign": jnp.sign,
    "floor": jnp.floor,
    "round": jnp.round,
    "square": jnp.square,
    "reciprocal": jnp.reciprocal,
    "exp2": jnp.exp2,
    "log2": jnp.log2,
    "log10": jnp.log10,
    "power": lambda v: jnp.power(v, v),
    "integer_pow": lambda v: v**3,
    "sigmoid": jax.nn.sigmoid,
    "gelu": jax.nn.gelu,
    "softplus": jax.nn.softplus,
    "isnan_where": lambda v: jnp.where(jnp.isnan(v), 0.0, v),
    "nan_to_num": jnp.nan_to_num,
    "clip": lambda v: jnp.clip(v, 0.2, 0.8),
    "remainder": lambda v: jnp.remainder(v, 0.3),
    "fmod": lambda v: jnp.fmod(v, 0.3),
    "logaddexp": lambda v: jnp.logaddexp(v, v),
    "hypot": lambda v: jnp.hypot(v, v),
    "copysign": lambda v: jnp.copysign(v, -v),
    "is_finite_where": lambda v: jnp.where(jnp.isfinite(v), v, 0.0),
}

for name, op in OPS.items():

    def kernel(x_ref, o_ref, op=op):
        o_ref[...] = op(x_ref[...]).astype(o_ref.dtype)

    record("ops-elementwise", name, lambda kernel=kernel: call(kernel, OUT)(x))
