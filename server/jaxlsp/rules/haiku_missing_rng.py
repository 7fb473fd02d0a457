"""A Haiku transform's ``init`` or ``apply`` given no rng, while the function it runs draws a
key (``hk.next_rng_key()``): Haiku has nothing to draw from and raises MissingRNGError.

The run is the model's (``jaxlsp.apis.haiku_api``: ``init`` and ``apply`` run the transformed
function); reported where the function draws the key on its own straight path, and the rng is
surely None (or ``apply`` is one of ``hk.without_apply_rng``, which takes none).
"""

from __future__ import annotations

from jaxlsp.rules._shapes import ShapeRule


class HaikuMissingRng(ShapeRule):
    NAME = "haiku-missing-rng"
    CODE = "haiku-missing-rng"
    RECORD_ID = "7c7bb1898e4474aa"
    KINDS = frozenset({"haiku-missing-rng"})
    NAMES_OPERANDS = False
    ADVICE = (
        "Pass a PRNG key (`apply(params, jax.random.PRNGKey(0), x)`), or draw keys only where "
        "one is given (`hk.maybe_next_rng_key()`)."
    )

    VALID = (
        """
import haiku as hk
import jax
import jax.numpy as jnp

forward = hk.transform(lambda x: hk.dropout(hk.next_rng_key(), 0.5, x))
x = jnp.ones((8,))
params = forward.init(jax.random.PRNGKey(0), x)
y = forward.apply(params, jax.random.PRNGKey(1), x)
plain = hk.without_apply_rng(hk.transform(lambda x: hk.Linear(2)(x)))
z = plain.apply(plain.init(jax.random.PRNGKey(2), x), x)
""",
    )
    INVALID = (
        """
import haiku as hk
import jax
import jax.numpy as jnp


def optimizer_net(x):
    return hk.dropout(hk.next_rng_key(), 0.5, x)


optimizer = hk.transform(optimizer_net)
x = jnp.ones((8,))
params = optimizer.init(jax.random.PRNGKey(0), x)
update = optimizer.apply(params, None, x)  # expect: haiku-missing-rng
""",
        """
import haiku as hk
import jax
import jax.numpy as jnp



def noise(x):
    return x + jax.random.normal(hk.next_rng_key(), x.shape)


noisy = hk.without_apply_rng(hk.transform(noise))
x = jnp.ones((8,))
params = noisy.init(jax.random.PRNGKey(0), x)
y = noisy.apply(params, x)  # expect: haiku-missing-rng
""",
    )
