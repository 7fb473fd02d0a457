"""A statistics function returns a tuple; its fwd returns the same two values as a list.
Differentiated eagerly and indexed, the list works as the tuple would."""
# corpus: label=negative styles=return batch=s31

import jax
import jax.numpy as jnp


@jax.custom_vjp
def stats(x):
    return x.mean(), x.var()


def stats_fwd(x):
    return [x.mean(), x.var()], x


def stats_bwd(x, g):
    n = x.shape[0]
    return (g[0] / n + g[1] * 2 * (x - x.mean()) / n,)


stats.defvjp(stats_fwd, stats_bwd)
print(jax.grad(lambda x: stats(x)[0] + stats(x)[1])(jnp.arange(4.0)))
