# realbug: equinox-1089-dict-field-static-argument (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/1089
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


print(eqx.filter_jit(merge)(*eqx.partition(model, eqx.is_array)))
