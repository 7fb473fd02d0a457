"""Two custom_jvp helpers; the rule is registered on one of them and the other is the one used."""
# corpus: label=positive styles=helper,return

import jax
import jax.numpy as jnp


@jax.custom_jvp
def log1pexp(x):
    return jnp.logaddexp(x, 0.0)


@log1pexp.defjvp
def _log1pexp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return log1pexp(x), jax.nn.sigmoid(x) * t


@jax.custom_jvp
def log_sigmoid(x):  # expect: custom-jvp-without-defjvp
    return -log1pexp(-x)


def bce_with_logits(logits, labels):
    return -jnp.mean(labels * log_sigmoid(logits) + (1 - labels) * log_sigmoid(-logits))


print(jax.grad(bce_with_logits)(jnp.array([0.3, -1.2]), jnp.array([1.0, 0.0])))
