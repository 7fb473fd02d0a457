# corpus: label=positive styles=attribute,return batch=c
"""A factory builds the forward function from a config; jit is told about a flag the built
function spells differently."""

import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class ModelConfig:
    hidden: int = 8
    residual: bool = True


def make_forward(cfg: ModelConfig):
    def forward(params, x, *, train):
        h = jnp.tanh(x @ params["w1"])
        if cfg.residual:
            h = h + x
        return h @ params["w2"] if train else jax.lax.stop_gradient(h @ params["w2"])

    return forward


cfg = ModelConfig(hidden=4)
forward = jax.jit(  # expect: jit-static-argnames-unknown
    make_forward(cfg), static_argnames="is_training"
)
params = {"w1": jnp.ones((4, 4)), "w2": jnp.ones((4, 1))}
print(forward(params, jnp.ones((2, 4)), train=True))
