"""Haiku's parameter store and rng as the model keeps them (stop 41): ``init`` and ``apply``
run the transformed function; ``apply`` of an ``hk.Linear`` on inputs of another size than
``init``'s raises, and so does a function that draws a key (``hk.next_rng_key()``) run with no
rng. Close negatives: the same size, another pair's params, a layer made in a branch, a loop or
a helper (Haiku's names may shift), an unknown size, a handler; a key given, a draw behind an
undecided guard, ``hk.maybe_next_rng_key``; an ``hk.Linear`` under ``init`` on integers (its
default initializer reads finfo of the input's dtype), but not with a ``w_init`` or under
``apply``. Each program's label is checked on the pinned JAX by ``test_haiku_store_on_jax``.
"""

from __future__ import annotations

import textwrap

import pytest

from jaxlsp.infer.workspace import Workspace
from tests._engine import fresh_engine

CODE = "haiku-parameter-shape-mismatch"
RNG = "haiku-missing-rng"
FINFO = "finfo-integer-dtype"
_HEAD = """
import haiku as hk
import jax
import jax.numpy as jnp
"""

#: (name, program, the codes of the error findings it must get: none for a program that runs).
CASES: list[tuple[str, str, set[str]]] = [
    (
        "other_size",
        _HEAD
        + """
def func(x):
    return hk.Linear(30)(x)

q = hk.without_apply_rng(hk.transform(func))
params = q.init(jax.random.PRNGKey(0), jnp.ones((1, 420)))
q.apply(params, jnp.ones((1, 940)))
""",
        {CODE},
    ),
    (
        "same_size_other_batch_silent",
        _HEAD
        + """
def func(x):
    return hk.Linear(30)(x)

q = hk.without_apply_rng(hk.transform(func))
params = q.init(jax.random.PRNGKey(0), jnp.ones((1, 420)))
q.apply(params, jnp.ones((7, 3, 420)))
""",
        set(),
    ),
    (
        "with_state_second_layer",
        _HEAD
        + """
def forward(x, scale):
    h = jax.nn.relu(hk.Linear(16)(x))
    return hk.Linear(2)(h * scale)

f = hk.transform_with_state(forward)
params, state = f.init(jax.random.PRNGKey(0), jnp.ones((4, 3)), 2.0)
out, state = f.apply(params, state, None, jnp.ones((4, 5)), 2.0)
""",
        {CODE},
    ),
    (
        "second_layer_unchanged_silent",
        _HEAD
        + """
def forward(x):
    h = hk.Linear(16)(x)
    return hk.Linear(2)(h)

f = hk.transform(forward)
params = f.init(jax.random.PRNGKey(0), jnp.ones((4, 3)))
out = f.apply(params, None, jnp.ones((9, 3)))
""",
        set(),
    ),
    (
        "other_pair_params_silent",
        _HEAD
        + """
small = hk.without_apply_rng(hk.transform(lambda x: hk.Linear(2)(x)))
large = hk.without_apply_rng(hk.transform(lambda x: hk.Linear(2)(x)))
params = large.init(jax.random.PRNGKey(0), jnp.ones((1, 8)))
small.init(jax.random.PRNGKey(0), jnp.ones((1, 3)))
large.apply(params, jnp.ones((1, 8)))
""",
        set(),
    ),
    (
        # the layer made before may or may not be made: Haiku's names may shift, so the run
        # remembers no layer (the same sizes here: it runs)
        "layer_in_branch_silent",
        _HEAD
        + """
def forward(x, project):
    if project:
        x = hk.Linear(5)(x)
    return hk.Linear(2)(x)

f = hk.without_apply_rng(hk.transform(forward))
params = f.init(jax.random.PRNGKey(0), jnp.ones((1, 3)), True)
f.apply(params, jnp.ones((1, 3)), True)
""",
        set(),
    ),
    (
        "layers_in_loop_silent",
        _HEAD
        + """
def forward(x):
    for size in (4, 2):
        x = hk.Linear(size)(x)
    return x

f = hk.without_apply_rng(hk.transform(forward))
params = f.init(jax.random.PRNGKey(0), jnp.ones((1, 3)))
f.apply(params, jnp.ones((1, 3)))
""",
        set(),
    ),
    (
        "layer_made_in_helper_silent",
        _HEAD
        + """
def layer(size):
    return hk.Linear(size)

def forward(x):
    return layer(2)(x)

f = hk.without_apply_rng(hk.transform(forward))
params = f.init(jax.random.PRNGKey(0), jnp.ones((1, 3)))
f.apply(params, jnp.ones((1, 3)))
""",
        set(),
    ),
    (
        "unknown_size_silent",
        _HEAD
        + """
import numpy as np

def forward(x):
    return hk.Linear(2)(x)

data = np.load
f = hk.without_apply_rng(hk.transform(forward))
params = f.init(jax.random.PRNGKey(0), jnp.ones((1, 3)))

def evaluate(batch):
    return f.apply(params, batch)
""",
        set(),
    ),
    (
        "handled_silent",
        _HEAD
        + """
f = hk.without_apply_rng(hk.transform(lambda x: hk.Linear(2)(x)))
params = f.init(jax.random.PRNGKey(0), jnp.ones((1, 3)))
try:
    f.apply(params, jnp.ones((1, 4)))
except ValueError:
    pass
""",
        set(),
    ),
    (
        "params_remade_silent",
        _HEAD
        + """
f = hk.without_apply_rng(hk.transform(lambda x: hk.Linear(2)(x)))
params = f.init(jax.random.PRNGKey(0), jnp.ones((1, 3)))
params = f.init(jax.random.PRNGKey(0), jnp.ones((1, 4)))
f.apply(params, jnp.ones((1, 4)))
""",
        set(),
    ),
    (
        "draw_apply_none",
        _HEAD
        + """
def net(x):
    return hk.dropout(hk.next_rng_key(), 0.5, x)

f = hk.transform(net)
x = jnp.ones((8,))
params = f.init(jax.random.PRNGKey(0), x)
f.apply(params, None, x)
""",
        {RNG},
    ),
    (
        "draw_apply_key_silent",
        _HEAD
        + """
def net(x):
    return hk.dropout(hk.next_rng_key(), 0.5, x)

f = hk.transform(net)
x = jnp.ones((8,))
params = f.init(jax.random.PRNGKey(0), x)
f.apply(params, jax.random.PRNGKey(1), x)
""",
        set(),
    ),
    (
        "draw_init_none",
        _HEAD
        + """
def net(x):
    keys = hk.next_rng_keys(2)
    return x + jax.random.normal(keys[0], x.shape)

f = hk.transform_with_state(net)
f.init(None, jnp.ones((3,)))
""",
        {RNG},
    ),
    (
        "draw_without_apply_rng",
        _HEAD
        + """
def net(x):
    return x * jax.random.bernoulli(hk.next_rng_key(), 0.9, x.shape)

f = hk.without_apply_rng(hk.transform(net))
x = jnp.ones((4,))
f.apply(f.init(jax.random.PRNGKey(0), x), x)
""",
        {RNG},
    ),
    (
        "maybe_draw_silent",
        _HEAD
        + """
def net(x):
    key = hk.maybe_next_rng_key()
    return x if key is None else hk.dropout(key, 0.5, x)

f = hk.transform(net)
x = jnp.ones((4,))
f.apply(f.init(None, x), None, x)
""",
        set(),
    ),
    (
        "draw_behind_guard_silent",
        _HEAD
        + """
def net(x):
    if jnp.sum(x) > 100:
        x = hk.dropout(hk.next_rng_key(), 0.5, x)
    return x

f = hk.transform(net)
x = jnp.ones((4,))
f.apply(f.init(jax.random.PRNGKey(0), x), None, x)
""",
        set(),
    ),
    (
        # the draw is one arm of an undecided conditional expression: it may not run
        "draw_in_conditional_arm_silent",
        _HEAD
        + """
def net(x):
    key = hk.next_rng_key() if hk.running_init() else None
    return x if key is None else x + jax.random.normal(key, x.shape)

f = hk.transform(net)
x = jnp.ones((4,))
f.apply(f.init(jax.random.PRNGKey(0), x), None, x)
""",
        set(),
    ),
    (
        "draw_handled_silent",
        _HEAD
        + """
def net(x):
    return hk.dropout(hk.next_rng_key(), 0.5, x)

f = hk.transform(net)
x = jnp.ones((4,))
params = f.init(jax.random.PRNGKey(0), x)
try:
    f.apply(params, None, x)
except ValueError:
    pass
""",
        set(),
    ),
    (
        "linear_int_input_init",
        _HEAD
        + """
def net_fn(edges):
    return hk.Linear(8)(edges)

net = hk.without_apply_rng(hk.transform(net_fn))
net.init(jax.random.PRNGKey(42), jnp.ones((6, 1), dtype=jnp.int32))
""",
        {FINFO},
    ),
    (
        "linear_int_input_w_init_silent",
        _HEAD
        + """
def net_fn(edges):
    return hk.Linear(8, w_init=hk.initializers.Constant(0.5))(edges)

net = hk.without_apply_rng(hk.transform(net_fn))
net.init(jax.random.PRNGKey(42), jnp.ones((6, 1), dtype=jnp.int32))
""",
        set(),
    ),
    (
        "linear_int_input_apply_silent",
        _HEAD
        + """
net = hk.without_apply_rng(hk.transform(lambda x: hk.Linear(8)(x)))
params = net.init(jax.random.PRNGKey(42), jnp.ones((6, 1)))
net.apply(params, jnp.ones((6, 1), dtype=jnp.int32))
""",
        set(),
    ),
]


def _error_codes(source: str) -> set[str]:
    analysis = fresh_engine(Workspace([])).analyze(textwrap.dedent(source))
    return {f.code for f in analysis.findings if f.severity == "error"}


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_error_findings(name: str, source: str, expected: set[str]) -> None:
    assert _error_codes(source) == expected, name
