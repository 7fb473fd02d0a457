# realbug: t5x-351-jvp-custom-vjp-loss
# source: https://github.com/google-research/t5x/issues/351
# kind: custom-vjp-forward-mode
# raises: TypeError: can't apply forward-mode autodiff \(jvp\) to a custom_vjp function
import jax
import jax.numpy as jnp


@jax.custom_vjp
def cross_entropy_with_logits(logits, targets):
    return -jnp.sum(targets * jax.nn.log_softmax(logits), axis=-1)


def _fwd(logits, targets):
    return cross_entropy_with_logits(logits, targets), (logits, targets)


def _bwd(res, g):
    logits, targets = res
    return (g[..., None] * (jax.nn.softmax(logits) - targets), jnp.zeros_like(targets))


cross_entropy_with_logits.defvjp(_fwd, _bwd)


def loss(logits):
    targets = jax.nn.one_hot(jnp.array([1, 2]), 4)
    return cross_entropy_with_logits(logits, targets).sum()  # BUG: JAX raises here (its innermost frame in this file)


logits = jnp.ones((2, 4))
print(jax.grad(loss)(logits))
print(jax.jvp(loss, (logits,), (jnp.ones_like(logits),)))  # BUG
