# realbug: equinox-1089-dict-field-static-argument
# source: https://github.com/patrick-kidger/equinox/issues/1089
# kind: static-unhashable
# raises: ValueError: Non-hashable static arguments are not supported
import equinox as eqx
import jax


class Problematic(eqx.Module):
    nested: dict

    def __init__(self, nested):
        self.nested = nested

    def __call__(self):
        return 1.0


model = Problematic({0: 0.0})


def merge(parameters, static):
    return eqx.combine(parameters, static)()


arr, static = eqx.partition(model, eqx.is_array)
print(jax.jit(merge, static_argnames="static")(arr, static))  # BUG
