# realbug: jax-23637-fori-loop-bool-of-carry
# source: https://github.com/jax-ml/jax/issues/23637
# kind: tracer-bool
# raises: TracerBoolConversionError: Attempted boolean conversion
import jax


def body(_, c):
    return bool(c)  # BUG


jax.lax.fori_loop(0, 5, body, 3.0)
