# realbug: gplugins-331-xla-backend-specific-translations
# source: https://github.com/gdsfactory/gplugins/issues/331
# kind: removed-api
# raises: AttributeError: .*has no attribute 'backend_specific_translations'
# klujax registered its CPU kernels in `jax.interpreters.xla.backend_specific_translations`,
# which JAX removed; the decorator is kept, the custom-call registration cut out.
from functools import partial

from jax.interpreters import xla


def xla_register_cpu(primitive, name):
    def decorator(fun):
        xla.backend_specific_translations["cpu"][primitive] = partial(fun, name)  # BUG
        return fun

    return decorator


@xla_register_cpu("solve_f64", "solve_f64")
def coo_vec_operation_xla(primitive_name, c, Ai, Aj, Ax, b):
    return None
