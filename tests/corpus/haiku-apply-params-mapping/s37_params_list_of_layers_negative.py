"""Parameters of an ensemble kept as a list, each member applied with its own."""

# corpus: label=negative styles=direct batch=s37
import haiku as hk
import jax
import jax.numpy as jnp

member = hk.without_apply_rng(hk.transform(lambda x: hk.Linear(2)(x)))
x = jnp.ones((1, 3))
ensemble = [member.init(jax.random.PRNGKey(i), x) for i in range(3)]
outputs = [member.apply(params, x) for params in ensemble]
