# realbug: chex-387-chexify-jit-assert-equal
# source: https://github.com/google-deepmind/chex/issues/387
# kind: library-contract
# raises: TracerBoolConversionError: Attempted boolean conversion of traced array
# On chex 0.1.92 the assertion converts the traced comparison to a bool directly (the report saw
# chex wrap the same tracer error in a RuntimeError).
import jax
import chex


@chex.chexify
@jax.jit
def f(x):
    chex.assert_equal(x, 0)  # BUG
    return


f(0)
