# realbug: jax-2813-static-list-each-call
# source: https://github.com/jax-ml/jax/issues/2813
# kind: static-unhashable
# raises: ValueError: Non-hashable static arguments
import jax


def g(x, y):
    print("recompiling")
    return x + y[0]


f = jax.jit(g, static_argnums=(1,))
print(f(1, [2, 3]))  # BUG
