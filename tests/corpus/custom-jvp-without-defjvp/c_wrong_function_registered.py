# corpus: label=positive styles=helper batch=c
"""Two custom_jvp functions are declared; the rule is registered on one of them twice (a
copy-paste slip) and the other is left without one."""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def soft_floor(x):
    return x - jnp.sin(2 * jnp.pi * x) / (2 * jnp.pi)


@jax.custom_jvp
def soft_ceil(x):  # expect: custom-jvp-without-defjvp
    return soft_floor(x) + 1.0


def _floor_rule(primals, tangents):
    (x,), (t,) = primals, tangents
    return soft_floor(x), (1 - jnp.cos(2 * jnp.pi * x)) * t


soft_floor.defjvp(_floor_rule)


def quantize(v, mode="ceil"):
    fn = soft_ceil if mode == "ceil" else soft_floor
    return fn(v * 4.0) / 4.0


print(quantize(jnp.linspace(0.0, 1.0, 5)))
