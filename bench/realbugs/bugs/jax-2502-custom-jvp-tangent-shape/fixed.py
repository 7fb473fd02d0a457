# realbug: jax-2502-custom-jvp-tangent-shape (fixed)
# source: https://github.com/jax-ml/jax/issues/2502
import jax
import jax.scipy.special as jss
from jax import numpy as jnp


@jax.custom_jvp
def log_normalizer(q):
    return jnp.logaddexp(q[0], 0.0)


def nat_to_exp(q):
    return jss.expit(q)


@log_normalizer.defjvp
def ln_jvp(primals, tangents):
    (x,) = primals
    (x_dot,) = tangents
    y = log_normalizer(x)
    y_dot = jnp.sum(nat_to_exp(x) * x_dot)
    return y, y_dot


def cross_entropy_loss(p, q):
    p_dot_q = jnp.sum(p * q)
    ln = log_normalizer(q)
    return -p_dot_q + ln - jnp.zeros(())


p = jnp.array([0.4])
q = jnp.array([0.0])
print(jax.grad(cross_entropy_loss, 1)(p, q))
