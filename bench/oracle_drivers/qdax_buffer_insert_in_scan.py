"""qdax 0.5.0 ``qdax/core/neuroevolution/buffers/buffer.py:498``: ``if num_transitions >
max_replay_size`` in ``ReplayBuffer.insert``, flagged as a Python ``if`` on a tracer when the
buffer is carried through ``lax.scan`` (``td3_pbt.py:506``).  ``num_transitions`` is a shape
entry and ``max_replay_size`` is ``self.buffer_size``, a ``pytree_node=False`` field: both stay
Python ints in the scan.  qdax's tests do not collect on the pinned JAX (no ``brax.v1``), so the
driver inserts batches into a buffer carried through ``lax.scan``."""

import jax
import jax.numpy as jnp
from qdax.core.neuroevolution.buffers.buffer import ReplayBuffer, Transition

dummy = Transition.init_dummy(observation_dim=3, action_dim=2)
batch = jax.tree.map(lambda x: jnp.stack([x] * 4), dummy)


def step(buffer: ReplayBuffer, _: None) -> tuple[ReplayBuffer, None]:
    return buffer.insert(batch), None


try:
    buffer, _ = jax.lax.scan(step, ReplayBuffer.init(buffer_size=10, transition=dummy), None, 3)
except jax.errors.TracerBoolConversionError as error:  # the finding's claim
    print(f"verdict: true: {type(error).__name__}: {str(error).splitlines()[0][:200]}")
else:
    print(f"verdict: false: three inserts in lax.scan, buffer size {int(buffer.current_size)}")
