"""defvjp runs at the bottom of the module, after the functions that call it are defined."""
# corpus: label=negative styles=helper,transform

import jax
import jax.numpy as jnp


@jax.custom_vjp
def rms_normalize(x):
    return x * jax.lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + 1e-6)


def block(w, x):
    return rms_normalize(x @ w)


@jax.jit
def forward(w, x):
    return block(w, block(w, x))


def main():
    print(forward(jnp.eye(4), jnp.ones((2, 4))))


def _rms_fwd(x):
    return rms_normalize(x), x


def _rms_bwd(x, g):
    _, pullback = jax.vjp(
        lambda v: v * jax.lax.rsqrt(jnp.mean(v * v, axis=-1, keepdims=True) + 1e-6), x
    )
    return pullback(g)


rms_normalize.defvjp(_rms_fwd, _rms_bwd)

if __name__ == "__main__":
    main()
