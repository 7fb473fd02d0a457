# corpus: rule=scan-body-not-pair label=positive styles=module,helper batch=c
"""Encode a sequence with the package's recurrent network."""

import jax
import jax.numpy as jnp
from rnn import init_rnn, run_rnn

params = init_rnn(jax.random.key(0), n_in=3, hidden=5)
final, states = run_rnn(params, jnp.ones((7, 3)), hidden=5)
print(final.shape, states.shape)
