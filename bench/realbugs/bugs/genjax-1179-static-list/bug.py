# realbug: genjax-1179-static-list
# source: https://github.com/genjax-community/genjax/issues/1179
# kind: static-unhashable
# raises: ValueError: Non-hashable static arguments
import jax


def foo(x):
    return x[0] + 1


jfoo = jax.jit(foo, static_argnums=(0,))
print(jfoo([2]))  # BUG
