"""tokamax 0.0.17 ``tokamax/_src/pallas/block.py:322``: ``wrapped_kernel`` reads ``out_shape``
(flagged: "a JAX array it does not get as a Ref", pallas-kernel-captures-array, as
block_test.py passes ``out_shape=x``).  The kernel reads only its ``.shape``/``.ndim`` (through
``_block_ref``) while it is traced.  The driver runs block_test.py's own call
(``block.pallas_call(kernel, out_shape=x, in_specs=(x_spec,))(x)`` with an array ``x``) in
Pallas's interpret mode on the CPU."""

import jax.numpy as jnp
from jax.experimental import pallas as pl
from tokamax._src.pallas import block


def kernel(x_ref, o_ref):
    o_ref.ref[...] = x_ref.ref[...] * 2  # BlockRef wraps the Ref


x = jnp.ones((16, 32, 48))
x_spec = pl.BlockSpec((16, 32, 48), lambda *_: (0, 0, 0))
try:
    out = block.pallas_call(kernel, out_shape=x, in_specs=(x_spec,), interpret=True)(x)
except ValueError as error:  # the captured-constant error (the finding's claim)
    print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:160]}")
else:
    print(f"verdict: false: the kernel ran with out_shape an array ({float(out.sum())})")
    assert jnp.allclose(out, 2.0)
