# realbug: jax-10618-static-argnames-positional-only
# source: https://github.com/jax-ml/jax/issues/10618
# kind: argnames-range
# raises: ValueError: Jitted function has invalid argnames .* These are positional-only
import jax


def f(a, /, b, *, c):
    return a * b * c


static_argnames = ("a", "b", "c")
jf = jax.jit(f, static_argnames=static_argnames)  # BUG
print(jf(1, 2, c=3))
