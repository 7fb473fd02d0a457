# realbug: pytroubles-912-jit-method-attribute-tracer
# source: https://pytroubles.com/en/posts/id912-jax-jit-and-object-state-fixing-tracerarrayconversionerror-from-in-method-attribute-mutation
# kind: leaked-tracer
# raises: TracerArrayConversionError: The numpy.ndarray conversion method __array__\(\) was called on traced array
# A jitted method (self static) stores an intermediate in an attribute; after the call the
# attribute holds the trace's tracer, and NumPy's conversion of it fails. The question's
# program, as posted.
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np


def host_bootstrap():
    print("This code runs once at the beginning of the program.")
    return jnp.array([1.0, 2.0, 3.0])


class Box:

    @partial(jax.jit, static_argnums=0)
    def apply_jit(self, arr):
        print("This code runs once during the first trace.")
        out = arr * 2
        self.cache = out
        return out


# Program execution
payload = host_bootstrap()
box = Box()
out1 = box.apply_jit(payload)  # Tracing happens here

np.array(out1)
np.array(box.cache)  # BUG
