"""A config dict passed by keyword as a static argument jit names."""

# corpus: label=positive styles=parameter,helper
import jax
import jax.numpy as jnp


def apply_cfg(x, cfg):
    return x * cfg["scale"]


def run(x, cfg):
    fn = jax.jit(apply_cfg, static_argnames="cfg")
    return fn(x, cfg=cfg)  # expect: jit-unhashable-static-argument


run(jnp.ones(3), {"scale": 2.0})
