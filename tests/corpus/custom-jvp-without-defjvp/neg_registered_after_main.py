"""The rule is registered at the bottom of the module, after main() is defined but before it runs."""
# corpus: label=negative styles=helper

import jax
import jax.numpy as jnp


@jax.custom_jvp
def squareplus(x):
    return 0.5 * (x + jnp.sqrt(x * x + 4.0))


def main():
    x = jnp.linspace(-3.0, 3.0, 7)
    print(squareplus(x))
    print(jax.grad(lambda v: squareplus(v).sum())(x))


def _squareplus_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return squareplus(x), 0.5 * (1.0 + x / jnp.sqrt(x * x + 4.0)) * t


squareplus.defjvp(_squareplus_jvp)

if __name__ == "__main__":
    main()
