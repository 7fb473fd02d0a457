# realbug: equinox-811-default-factory-custom-init (fixed)
# source: https://github.com/patrick-kidger/equinox/issues/811
import equinox as eqx


def fancy_calculation(stuff):
    return stuff * 2


class Module(eqx.Module):
    stuff: object
    default_lst: list[object] = eqx.field(default_factory=list)

    def __init__(self, stuff: object):
        self.stuff = fancy_calculation(stuff)
        self.default_lst = []


if __name__ == "__main__":
    module = Module(1)
    print(module)
