# realbug: jax-22098-jit-bool-and
# source: https://github.com/jax-ml/jax/pull/22098
# kind: tracer-bool-conversion-error
# raises: TracerBoolConversionError: Attempted boolean conversion of traced array
import jax


@jax.jit
def f(qiaoqiao):
    if True and qiaoqiao:  # BUG
        return 1
    return 0


print(f(True))
