"""A library helper forwards *args and **kwargs to lax.scan; nothing in this module calls it,
so what its callers pass (xs, length) is not known here."""

# corpus: label=negative styles=helper,parameter batch=s33
import jax


def scan_and_last(*args, **kwargs):
    last, ys = jax.lax.scan(*args, **kwargs)
    return last, jax.tree_util.tree_map(lambda y: y[-1], ys)


print(scan_and_last.__name__)
