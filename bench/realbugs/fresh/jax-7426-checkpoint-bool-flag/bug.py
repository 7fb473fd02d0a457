# realbug: jax-7426-checkpoint-bool-flag
# source: https://github.com/jax-ml/jax/issues/7426
# kind: traced-condition
# raises: TracerBoolConversionError: .*
import jax


def bool_fn(x, flag):
    if flag:  # BUG
        return x
    return x + 1.0


print(jax.checkpoint(bool_fn)(1.0, False))
