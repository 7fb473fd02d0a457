# realbug: jax-10618-static-argnames-positional-only (fixed)
# source: https://github.com/jax-ml/jax/issues/10618
import jax


def f(a, /, b, *, c):
    return a * b * c


jf = jax.jit(f, static_argnums=(0,), static_argnames=("b", "c"))
print(jf(1, 2, c=3))
