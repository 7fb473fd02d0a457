# realbug: gplugins-331-xla-backend-specific-translations (fixed)
# source: https://github.com/gdsfactory/gplugins/issues/331
from functools import partial

REGISTRY = {}


def xla_register_cpu(primitive, name):
    def decorator(fun):
        REGISTRY[primitive] = partial(fun, name)
        return fun

    return decorator


@xla_register_cpu("solve_f64", "solve_f64")
def coo_vec_operation_xla(primitive_name, c, Ai, Aj, Ax, b):
    return None
