"""vbjax 0.0.19 ``vbjax/util.py:9``: ``numpy.array(x)`` in ``to_np``, flagged as given a tracer
of the ``jax.grad`` in ``vbjax/tests/test_sparse.py:125``.  The line runs only when
``jax.default_backend() == 'gpu'``; the driver makes that guard true and runs the test's path
(``make_spmv``'s custom_vjp under ``jax.grad``): JAX runs the custom_vjp's forward on the
primal values, so ``numpy.array`` gets a concrete array and nothing raises."""

import jax
import jax.numpy as jnp
import numpy
import scipy.sparse
import vbjax as vb
import vbjax.util

jax.config.update("jax_platforms", "cpu")
ran_line = []
original_array = numpy.array


def spy_array(x, *args, **kwargs):
    ran_line.append(type(x).__name__)
    return original_array(x, *args, **kwargs)


class Seen:
    """The module ``name`` as ``vbjax.util`` sees it, with ``overrides`` in place."""

    def __init__(self, module, **overrides):
        self.module, self.overrides = module, overrides

    def __getattr__(self, name):
        return self.overrides[name] if name in self.overrides else getattr(self.module, name)


vbjax.util.jax = Seen(jax, default_backend=lambda: "gpu")
vbjax.util.numpy = Seen(numpy, array=spy_array)
A = scipy.sparse.random(16, 16, density=0.3, format="csr", dtype=numpy.float32, random_state=0)
spmv = vb.make_spmv(A)
try:
    gradient = jax.grad(lambda x: jnp.sum(spmv(x)))(jnp.ones(16, jnp.float32))
except jax.errors.TracerArrayConversionError as error:  # the finding's claim
    print(f"verdict: true: {type(error).__name__}: {error}"[:300])
else:
    assert ran_line, "the flagged line did not run"
    print(f"verdict: false: line 9 ran on {sorted(set(ran_line))}, grad {gradient.shape} computed")
